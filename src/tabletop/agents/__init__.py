"""Agents that play games through the core API."""

from tabletop.agents.random_agent import RandomAgent

__all__ = ["RandomAgent"]

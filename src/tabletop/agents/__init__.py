"""Agents that play games through the core API: ``random``, ``heuristic`` and ``mcts``."""

from tabletop.agents.random_agent import RandomAgent
from tabletop.agents.registry import UnknownAgentError, from_spec, list_agents, make

__all__ = ["RandomAgent", "UnknownAgentError", "from_spec", "list_agents", "make"]

"""The error every check of the conformance suite raises."""

from __future__ import annotations


class ConformanceError(AssertionError):
    """A game broke the core contract; the message says where."""

"""Actions: small immutable values with a stable text notation.

Decisions and chance outcomes are both actions. Each game defines its own
action classes (frozen dataclasses deriving from :class:`Action`) whose
``str()`` is the notation that :meth:`State.parse_action` reads back.
Games intern their actions (build each one once), so comparing and hashing
them in the hot path is cheap.
"""

from __future__ import annotations


class Action:
    """Base class of all actions. Subclasses must be immutable and hashable,
    and ``str(action)`` must be the action's notation."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self}>"

"""Pig's actions: the decisions ``roll`` and ``hold``, and the die's faces as chance outcomes ``die N``."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core import Action, Distribution


@dataclass(frozen=True, slots=True)
class Face(Action):
    """The die shows ``value`` (a chance outcome)."""

    value: int

    def __str__(self) -> str:
        return f"die {self.value}"


@dataclass(frozen=True, slots=True)
class Choice(Action):
    """A player's decision: ``roll`` again or ``hold``."""

    word: str

    def __str__(self) -> str:
        return self.word


FACES: tuple[Face, ...] = tuple(Face(value) for value in range(1, 7))
#: P-TURN-1: one six-sided die, each face 1/6
DIE = Distribution.uniform(FACES)
ROLL, HOLD = Choice("roll"), Choice("hold")

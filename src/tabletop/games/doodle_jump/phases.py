"""What happens next in a Doodle Jump position: the phases, and their words in the notation."""

from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    """The phase of a position. Chance acts in STACK_LEVELS, SETUP_TILES, OPENING_ROLL, ROLL and
    DRAW_REPLACEMENT; the seat to move decides in the others; END_OF_TURN is only ever a phase to
    resume (after a draw, a spring jump or a Shield choice, the turn ends)."""

    STACK_LEVELS = 0  # a random level for the next empty row of the ramp (D-SETUP-1)
    SETUP_TILES = 1  # a random tile for the setup (D-SETUP-2, R-D15)
    OPENING_ROLL = 2  # the next contender's opening roll (D-TURN-1)
    TURN_START = 3  # roll, or use a kept tile first (R-D8)
    ROLL = 4  # the unused dice are rolled (D-TURN-2)
    USE_ROLL = 5  # jump, use the symbol die, shoot, or use a kept tile (D-TURN-3)
    CONTINUE_OR_STOP = 6  # after a jump, a symbol use or a shot (D-CONT-1)
    DRAW_REPLACEMENT = 7  # a tile out of the box to replace one taken (D-TILE-6, D-EXPERT-1, D-EXPERT-8)
    SPRING_JUMP = 8  # after landing on a Trampoline or Springs: jump up, or stay (D-TILE-2)
    SHIELD_CHOICE = 9  # option choose_shield: spend the Shield, or fall (R-D7)
    OVER = 10  # someone reached the top (D-WIN-1)
    END_OF_TURN = 11  # the turn ends: only a phase to resume

    @property
    def word(self) -> str:
        """The phase's word in the position notation."""
        return WORDS[self]

    @classmethod
    def from_word(cls, word: str) -> Phase | None:
        """The phase a notation word names (``end`` is never a phase of its own), or None."""
        return BY_WORD.get(word)


# The members as module constants as well. The rules compare phases in their hot path, and in
# Python 3.11 reading an attribute of an Enum class (``Phase.ROLL``) costs about ten times as much
# as reading a module constant (the metaclass defines ``__getattr__``); the values are the same.
STACK_LEVELS = Phase.STACK_LEVELS
SETUP_TILES = Phase.SETUP_TILES
OPENING_ROLL = Phase.OPENING_ROLL
TURN_START = Phase.TURN_START
ROLL = Phase.ROLL
USE_ROLL = Phase.USE_ROLL
CONTINUE_OR_STOP = Phase.CONTINUE_OR_STOP
DRAW_REPLACEMENT = Phase.DRAW_REPLACEMENT
SPRING_JUMP = Phase.SPRING_JUMP
SHIELD_CHOICE = Phase.SHIELD_CHOICE
OVER = Phase.OVER
END_OF_TURN = Phase.END_OF_TURN

WORDS = ("levels", "tiles", "open", "start", "roll", "decide", "cont", "draw", "spring", "shield", "over", "end")
BY_WORD = {word: Phase(i) for i, word in enumerate(WORDS) if word != "end"}

CHANCE_PHASES = frozenset((STACK_LEVELS, SETUP_TILES, OPENING_ROLL, ROLL, DRAW_REPLACEMENT))
SETUP_PHASES = (STACK_LEVELS, SETUP_TILES, OPENING_ROLL)

#: Opening-roll marks per seat: not (or no longer) contending, still to roll; a rolled value is >= 1.
OUT_OF_OPENING = -2
TO_ROLL = -1

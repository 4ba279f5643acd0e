"""Doodle Jump's actions, built once per game configuration (interned).

Every action's ``str()`` is its notation:

========================  ====================================================
``level C``               chance: level C goes on the next free place of the ramp
``draw tramp``            chance: a tile of kind ``tramp`` comes out of the box
``open 5``                chance: the next contender's opening roll shows 5
``roll 1 3 4 4 6 / shift``  chance: the numbered dice (sorted) and the symbol die
``roll``                  start rolling (only asked when a kept tile could be used first)
``jump B9 = 1+4+4``       jump onto pad 9 of level B with dice 1, 4 and 4
``jump B9 = 4+4+s1``      ... ``s1``/``s2`` is the symbol die showing one or two dots
``shift B left``          symbol die: slide level B one slot left
``remove B``              symbol die: take level B out and put it on top
``again``                 symbol die: re-roll every unused die
``shoot E9 = 2``          shoot the Monster or UFO on pad E9, two levels up, with a 2
``shoot E9 = s2``         ... with the symbol die showing two dots
``use jet C7``            use a kept tile's jump (Jetpack) onto pad C7
``use ufo shift B left``  use a kept UFO or Monster as a shift, remove or try again
``spring C7`` / ``stay``  after landing on a Trampoline or Springs: jump up, or not
``continue`` / ``stop``   after a jump or symbol use: roll the remaining dice, or end the turn
``shield`` / ``fall``     after a failed roll, with option choose_shield: spend a Shield or not
========================  ====================================================
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement, product
from math import factorial

from tabletop.core.actions import Action
from tabletop.core.chance import Distribution
from tabletop.games.doodle_jump.data import Rules


@dataclass(frozen=True, eq=False, repr=False, slots=True)
class PlaceLevel(Action):
    level: int
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, eq=False, repr=False, slots=True)
class DrawTile(Action):
    kind: int
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, eq=False, repr=False, slots=True)
class OpeningRoll(Action):
    value: int
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, eq=False, repr=False, slots=True)
class Roll(Action):
    """A roll: the numbered dice sorted, and the symbol die's face ("" if it was not rolled)."""

    numbers: tuple[int, ...]
    symbol: str
    text: str

    def __str__(self) -> str:
        return self.text

    @property
    def faces(self) -> str:
        """The faces shown, without the word: ``1 3 4 4 6 / shift``."""
        return self.text[5:]


@dataclass(frozen=True, eq=False, repr=False, slots=True)
class Jump(Action):
    """A dice jump: numbered dice used (sorted) and the symbol die's dots used (0: not used)."""

    pad: int
    dice: tuple[int, ...]
    dots: int
    text: str

    def __str__(self) -> str:
        return self.text

    @property
    def used(self) -> str:
        """The dice used, as written after the ``=``: ``1+4+4``."""
        return self.text.split("= ")[1]


@dataclass(frozen=True, eq=False, repr=False, slots=True)
class Shoot(Action):
    """A shot at the Monster or UFO on ``pad``, ``die`` levels up, with a numbered die or the symbol's dots."""

    pad: int
    die: int
    by_symbol: bool
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, eq=False, repr=False, slots=True)
class LevelMove(Action):
    """A symbol-die or UFO/Monster effect: shift (direction -1/+1), remove (0), or again (level -1).

    ``tile`` is the kept tile kind spent for it, or -1 for the symbol die.
    """

    tile: int
    level: int
    direction: int
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, eq=False, repr=False, slots=True)
class TileJump(Action):
    """A tile's jump: a kept tile (``tile`` kind) or a landed-on spring (``tile`` -1) to ``pad``."""

    tile: int
    pad: int
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, eq=False, repr=False, slots=True)
class Word(Action):
    """A one-word decision: roll, continue, stop, stay, shield, fall."""

    text: str

    def __str__(self) -> str:
        return self.text


START_ROLL = Word("roll")
CONTINUE = Word("continue")
STOP = Word("stop")
STAY = Word("stay")
SPEND_SHIELD = Word("shield")
TAKE_FALL = Word("fall")
WORDS = (START_ROLL, CONTINUE, STOP, STAY, SPEND_SHIELD, TAKE_FALL)

#: One entry of the combinations table: the numbered dice used and the symbol dots used.
Combo = tuple[tuple[int, ...], int]


def _roll_text(numbers: tuple[int, ...], symbol: str) -> str:
    body = " ".join(str(n) for n in numbers)
    if symbol:
        return f"roll {body} / {symbol}" if body else f"roll / {symbol}"
    return f"roll {body}"


def _dice_text(dice: tuple[int, ...], dots: int) -> str:
    parts = [str(d) for d in dice]
    if dots:
        parts.append(f"s{dots}")
    return "+".join(parts)


#: actions compare by identity, and a game (with its table) is shared by the threads that rebuild rooms or think
#: for bots: what a table meets for the first time is built under this lock, once, then read without it (one lock
#: for every table, so tables still pickle; it is taken only on a miss)
_BUILDING = threading.RLock()


class ActionTable:
    """Every action of one game configuration, built once, plus the roll distributions."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.kinds = len(rules.tile_kinds)
        names = rules.level_names
        self.levels = tuple(PlaceLevel(i, f"level {n}") for i, n in enumerate(names))
        self.draws = tuple(DrawTile(k, f"draw {kind}") for k, kind in enumerate(rules.tile_kinds))
        self.openings = tuple(OpeningRoll(v, f"open {v}") for v in rules.die_faces)
        self.opening_distribution = Distribution.uniform(self.openings)
        self.shifts = {
            (tile, level, d): LevelMove(tile, level, d, self._prefix(tile) + f"shift {names[level]} {word}")
            for tile in self._movers()
            for level in range(len(names))
            for d, word in ((-1, "left"), (1, "right"))
        }
        self.removes = {
            (tile, level): LevelMove(tile, level, 0, self._prefix(tile) + f"remove {names[level]}")
            for tile in self._movers()
            for level in range(len(names))
        }
        self.agains = {tile: LevelMove(tile, -1, 0, self._prefix(tile) + "again") for tile in self._movers()}
        # the same actions by level, for listing them in the ramp's order
        self.shifts_by_level = {
            tile: tuple((self.shifts[tile, lv, -1], self.shifts[tile, lv, 1]) for lv in range(len(names)))
            for tile in self._movers()
        }
        self.removes_by_level = {
            tile: tuple(self.removes[tile, lv] for lv in range(len(names))) for tile in self._movers()
        }
        self.springs = tuple(TileJump(-1, p, f"spring {n}") for p, n in enumerate(rules.pad_names))
        self.tile_jumps = {
            (k, p): TileJump(k, p, f"use {kind} {name}")
            for k, kind in enumerate(rules.tile_kinds)
            if rules.tile_effects[k] in ("shoes", "flight")
            for p, name in enumerate(rules.pad_names)
        }
        dots = sorted({int(face) for face in rules.symbol_faces if face.isdigit()})
        self.shots = {
            (p, v, by_symbol): Shoot(p, v, by_symbol, f"shoot {name} = {'s' if by_symbol else ''}{v}")
            for p, name in enumerate(rules.pad_names)
            for by_symbol, values in ((False, sorted(set(rules.die_faces))), (True, dots))
            for v in values
        }
        self._jumps: dict[tuple[int, Combo], Jump] = {}
        # per roll, with the symbol die's dots usable or not: the jumps onto each pad
        self._roll_jumps: tuple[dict[Roll, tuple[tuple[Jump, ...], ...]], ...] = ({}, {})
        self._dice_jumps: dict[tuple[tuple[int, ...], int], tuple[tuple[Jump, ...], ...]] = {}
        self._rolls: dict[tuple[int, bool], Distribution] = {}
        self._roll_index: dict[str, Roll] = {}

    def _movers(self) -> list[int]:
        return [-1] + [k for k, e in enumerate(self.rules.tile_effects) if e in ("ufo", "monster")]

    def _prefix(self, tile: int) -> str:
        return "" if tile < 0 else f"use {self.rules.tile_kinds[tile]} "

    def jump(self, pad: int, combo: Combo) -> Jump:
        key = (pad, combo)
        action = self._jumps.get(key)
        if action is None:
            with _BUILDING:
                action = self._jumps.get(key)
                if action is None:
                    dice, dots = combo
                    text = f"jump {self.rules.pad_names[pad]} = {_dice_text(dice, dots)}"
                    action = self._jumps[key] = Jump(pad, dice, dots, text)
        return action

    def roll_jumps(self, roll: Roll, symbol: bool) -> tuple[tuple[Jump, ...], ...]:
        """For each pad, the dice jumps onto it that ``roll`` allows (D-JUMP-2, R-D3): the dice picked
        sum to the pad's number; the symbol die's dots count only while ``symbol`` (it is unused).

        Worked out once per roll from :func:`combos_by_sum`, in its order (fewest dice first).
        """
        by_roll = self._roll_jumps[symbol]
        by_pad = by_roll.get(roll)
        if by_pad is None:
            face = roll.symbol if symbol else ""
            with _BUILDING:
                by_pad = by_roll.get(roll)
                if by_pad is None:
                    by_pad = by_roll[roll] = self._jumps_by_pad(roll.numbers, int(face) if face.isdigit() else 0)
        return by_pad

    def _jumps_by_pad(self, numbers: tuple[int, ...], dots: int) -> tuple[tuple[Jump, ...], ...]:
        key = (numbers, dots)
        by_pad = self._dice_jumps.get(key)
        if by_pad is None:
            with _BUILDING:
                by_pad = self._dice_jumps.get(key)
                if by_pad is None:
                    sums = combos_by_sum(numbers, dots)
                    by_pad = self._dice_jumps[key] = tuple(
                        tuple(self.jump(pad, combo) for combo in sums.get(number, ()))
                        for pad, number in enumerate(self.rules.pad_number)
                    )
        return by_pad

    def roll_distribution(self, numbered: int, symbol: bool) -> Distribution:
        """All outcomes of rolling ``numbered`` dice (and the symbol die), as sorted multisets."""
        key = (numbered, symbol)
        dist = self._rolls.get(key)
        if dist is None:
            with _BUILDING:
                dist = self._rolls.get(key)
                if dist is None:
                    dist = self._rolls[key] = self._build_rolls(numbered, symbol)
        return dist

    def roll_by_text(self, text: str) -> Roll | None:
        return self._roll_index.get(text)

    def _build_rolls(self, numbered: int, symbol: bool) -> Distribution:
        faces = sorted(set(self.rules.die_faces))
        face_weight = {f: self.rules.die_faces.count(f) for f in faces}
        sides = len(self.rules.die_faces)
        symbol_kinds: list[tuple[str, int]] = []
        if symbol:
            for face in dict.fromkeys(self.rules.symbol_faces):
                symbol_kinds.append((face, self.rules.symbol_faces.count(face)))
        else:
            symbol_kinds.append(("", 1))
        symbol_total = sum(w for _, w in symbol_kinds)
        outcomes: list[Action] = []
        probs: list[Fraction] = []
        for numbers in combinations_with_replacement(faces, numbered):
            ways = factorial(numbered)
            weight = 1
            for f in faces:
                c = numbers.count(f)
                ways //= factorial(c)
                weight *= face_weight[f] ** c
            p_numbers = Fraction(ways * weight, sides**numbered)
            for face, w in symbol_kinds:
                text = _roll_text(numbers, face)
                roll = Roll(numbers, face, text)
                self._roll_index[text] = roll
                outcomes.append(roll)
                probs.append(p_numbers * Fraction(w, symbol_total))
        return Distribution(outcomes, probs)


@lru_cache(maxsize=4096)
def combos_by_sum(numbers: tuple[int, ...], dots: int) -> dict[int, tuple[Combo, ...]]:
    """Every distinct way to pick dice from a roll, grouped by their sum.

    ``numbers`` is the sorted roll of numbered dice and ``dots`` the symbol
    die's dots (0 when it shows no dots or is used). Equivalent picks (the
    same multiset of values) appear once, fewest dice first.
    """
    values = sorted(set(numbers))
    counts = [numbers.count(v) for v in values]
    found: dict[int, list[Combo]] = {}
    for picks in product(*(range(c + 1) for c in counts)):
        dice = tuple(v for v, k in zip(values, picks, strict=True) for _ in range(k))
        total = sum(dice)
        for extra in (0, dots) if dots else (0,):
            if not dice and not extra:
                continue
            found.setdefault(total + extra, []).append((dice, extra))
    return {s: tuple(sorted(combos, key=lambda c: (len(c[0]) + (c[1] > 0), c[0], c[1]))) for s, combos in found.items()}

"""The ramp's geometry: where pads are, which pads a Doodler can reach, where a fall ends.

All functions read plain lists (the ramp ``order`` of level ids bottom to
top, each level's ``offset``, the tile on each ``board`` pad and each
Doodler's pad ``pos``) so the state's hot path stays cheap.

Reach depends only on a pad, its level's shift, the level above and that level's
shift, so it is worked out once per game from the data file's reach rules
(:func:`reach_on_level`, :func:`reach_up`, the readable definitions) into tables;
the rules read the tables. ``tests/games/doodle_jump/test_doodle_jump_board.py``
checks every table entry against the definitions.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.games.doodle_jump.data import Rules

OFF_BOARD = -1
NO_TILE = -1

#: Of one pad: the pads reached, per shift of its level, per level above, per shift of that level.
Reach = tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]


def pad_at(rules: Rules, slot_pad: tuple[tuple[int, ...], ...], level: int, column: int, offset: int) -> int:
    """The pad of ``level`` at absolute ``column`` when the level is shifted by ``offset``, or -1."""
    slot = column - offset
    if 0 <= slot < rules.columns:
        return slot_pad[level][slot]
    return -1


def reach_on_level(rules: Rules, slot_pad: tuple[tuple[int, ...], ...], pad: int) -> tuple[int, ...]:
    """D-JUMP-1, D-TILE-4: the pads of ``pad``'s own level within ``same_level_reach`` columns.

    A level's shift moves all its pads alike, so the answer does not depend on it.
    """
    level, slot = rules.pad_level[pad], rules.pad_slot[pad]
    return tuple(q for d in rules.same_reach if (q := pad_at(rules, slot_pad, level, slot + d, 0)) >= 0)


def reach_up(
    rules: Rules, slot_pad: tuple[tuple[int, ...], ...], pad: int, offset: int, above: int, above_offset: int
) -> tuple[int, ...]:
    """D-JUMP-1: the pads of level ``above`` (shifted by ``above_offset``) within ``next_level_reach``
    columns of ``pad`` (its level shifted by ``offset``)."""
    column = rules.pad_slot[pad] + offset
    return tuple(q for d in rules.up_reach if (q := pad_at(rules, slot_pad, above, column + d, above_offset)) >= 0)


@dataclass(frozen=True)
class Geometry:
    """Lookup tables built once per configuration."""

    rules: Rules
    slot_pad: tuple[tuple[int, ...], ...]  # per level: pad id at each slot, or -1
    on_level: tuple[tuple[int, ...], ...]  # per pad: reach_on_level
    up: tuple[Reach, ...]  # [pad][offset + max_offset][above] -> per above_offset + max_offset: reach_up
    same_or_up: tuple[Reach, ...]  # as ``up``, with ``on_level`` first: a dice jump's targets

    @classmethod
    def build(cls, rules: Rules) -> Geometry:
        table = []
        for level_pads in rules.level_pads:
            row = [-1] * rules.columns
            for p in level_pads:
                row[rules.pad_slot[p]] = p
            table.append(tuple(row))
        slot_pad = tuple(table)
        shifts = range(-rules.max_offset, rules.max_offset + 1)
        pads = range(len(rules.pad_level))
        levels = range(rules.levels)
        on_level = tuple(reach_on_level(rules, slot_pad, p) for p in pads)
        up = tuple(
            tuple(
                tuple(tuple(reach_up(rules, slot_pad, p, off, above, a_off) for a_off in shifts) for above in levels)
                for off in shifts
            )
            for p in pads
        )
        same_or_up = tuple(
            tuple(tuple(tuple(on_level[p] + targets for targets in by_shift) for by_shift in by_level)
                  for by_level in up[p])
            for p in pads
        )  # fmt: skip
        return cls(rules, slot_pad, on_level, up, same_or_up)

    def pad_at(self, level: int, column: int, offset: int) -> int:
        """The pad of ``level`` at absolute ``column`` (after its ``offset``), or -1."""
        return pad_at(self.rules, self.slot_pad, level, column, offset)

    def column(self, pad: int, offset: list[int]) -> int:
        """The absolute column of ``pad``."""
        return self.rules.pad_slot[pad] + offset[self.rules.pad_level[pad]]

    def same_level(self, pad: int, offset: list[int]) -> tuple[int, ...]:
        """Pads reachable on the level of ``pad`` (D-JUMP-1, D-TILE-4)."""
        return self.on_level[pad]

    def level_up(self, pad: int, order: list[int], rows: list[int], offset: list[int]) -> tuple[int, ...]:
        """Pads reachable on the next level up from ``pad`` (off the board: every bottom pad)."""
        r = self.rules
        if pad < 0:
            return r.level_pads[order[0]]
        level = r.pad_level[pad]
        row = rows[level] + 1
        if row >= len(order):
            return ()
        above = order[row]
        m = r.max_offset
        return self.up[pad][offset[level] + m][above][offset[above] + m]

    def reachable(self, pad: int, order: list[int], rows: list[int], offset: list[int]) -> tuple[int, ...]:
        """Every pad a dice jump from ``pad`` may land on (D-JUMP-1): its own level first, then the level up."""
        r = self.rules
        if pad < 0:
            return r.level_pads[order[0]]
        level = r.pad_level[pad]
        row = rows[level] + 1
        if row >= len(order):
            return self.on_level[pad]
        above = order[row]
        m = r.max_offset
        return self.same_or_up[pad][offset[level] + m][above][offset[above] + m]

    def fall_target(
        self, pad: int, order: list[int], rows: list[int], offset: list[int], board: list[int], pos: list[int]
    ) -> int:
        """Where a Doodler falling from ``pad`` lands: the first empty pad straight below, or off the board.

        Empty means no Doodler and no tile (D-FALL-1); a falling Doodler never
        knocks another off, it passes by (D-PUSH-2).
        """
        r = self.rules
        column = r.pad_slot[pad] + offset[r.pad_level[pad]]
        for row in range(rows[r.pad_level[pad]] - 1, -1, -1):
            level = order[row]
            q = self.pad_at(level, column, offset[level])
            if q >= 0 and board[q] < 0 and q not in pos:
                return q
        return OFF_BOARD

    def directly_beneath(self, start: int, target: int, rows: list[int], offset: list[int]) -> bool:
        """True when ``start`` is straight below ``target`` on the next level down (D-EXPERT-6)."""
        if start < 0:
            return False
        r = self.rules
        return rows[r.pad_level[start]] + 1 == rows[r.pad_level[target]] and self.column(start, offset) == self.column(
            target, offset
        )

    def level_is_empty(self, level: int, board: list[int], pos: list[int]) -> bool:
        """No Doodler and no tile on any pad of ``level`` (D-TILE-6)."""
        return not any(board[p] >= 0 or p in pos for p in self.rules.level_pads[level])

    def empty_levels(self, order: list[int], board: list[int], pos: list[int]) -> list[int]:
        """The levels with no Doodler and no tile (:meth:`level_is_empty`), bottom first (D-TILE-6)."""
        level_of = self.rules.pad_level
        busy = {level_of[p] for p in pos if p >= 0}
        busy.update([level_of[p] for p, kind in enumerate(board) if kind >= 0])
        return [level for level in order if level not in busy]

    def level_has_doodler(self, level: int, pos: list[int]) -> bool:
        level_of = self.rules.pad_level
        return any(p >= 0 and level_of[p] == level for p in pos)

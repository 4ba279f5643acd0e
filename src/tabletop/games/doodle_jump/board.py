"""The ramp's geometry: where pads are, which pads a Doodler can reach, where a fall ends.

All functions read plain lists (the ramp ``order`` of level ids bottom to
top, each level's ``offset``, the tile on each ``board`` pad and each
Doodler's pad ``pos``) so the state's hot path stays cheap.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.games.doodle_jump.data import Rules

OFF_BOARD = -1
NO_TILE = -1


@dataclass(frozen=True)
class Geometry:
    """Lookup tables built once per configuration."""

    rules: Rules
    slot_pad: tuple[tuple[int, ...], ...]  # per level: pad id at each slot, or -1

    @classmethod
    def build(cls, rules: Rules) -> Geometry:
        table = []
        for pads in rules.level_pads:
            row = [-1] * rules.columns
            for p in pads:
                row[rules.pad_slot[p]] = p
            table.append(tuple(row))
        return cls(rules, tuple(table))

    def pad_at(self, level: int, column: int, offset: int) -> int:
        """The pad of ``level`` at absolute ``column`` (after its ``offset``), or -1."""
        slot = column - offset
        if 0 <= slot < self.rules.columns:
            return self.slot_pad[level][slot]
        return -1

    def column(self, pad: int, offset: list[int]) -> int:
        """The absolute column of ``pad``."""
        return self.rules.pad_slot[pad] + offset[self.rules.pad_level[pad]]

    def same_level(self, pad: int, offset: list[int]) -> list[int]:
        """Pads reachable on the level of ``pad`` (D-JUMP-1, D-TILE-4)."""
        level = self.rules.pad_level[pad]
        off = offset[level]
        column = self.rules.pad_slot[pad] + off
        found = []
        for d in self.rules.same_reach:
            q = self.pad_at(level, column + d, off)
            if q >= 0:
                found.append(q)
        return found

    def level_up(self, pad: int, order: list[int], rows: list[int], offset: list[int]) -> list[int]:
        """Pads reachable on the next level up from ``pad`` (off the board: every bottom pad)."""
        r = self.rules
        if pad < 0:
            return list(r.level_pads[order[0]])
        row = rows[r.pad_level[pad]] + 1
        if row >= len(order):
            return []
        above = order[row]
        off = offset[above]
        column = r.pad_slot[pad] + offset[r.pad_level[pad]]
        found = []
        for d in r.up_reach:
            q = self.pad_at(above, column + d, off)
            if q >= 0:
                found.append(q)
        return found

    def reachable(self, pad: int, order: list[int], rows: list[int], offset: list[int]) -> list[int]:
        """Every pad a dice jump from ``pad`` may land on (D-JUMP-1)."""
        if pad < 0:
            return list(self.rules.level_pads[order[0]])
        return self.same_level(pad, offset) + self.level_up(pad, order, rows, offset)

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

    def level_has_doodler(self, level: int, pos: list[int]) -> bool:
        level_of = self.rules.pad_level
        return any(p >= 0 and level_of[p] == level for p in pos)

"""What the player to move may do: the uses of a roll and of kept tiles.

A roll allows jumps (D-JUMP-1, D-JUMP-2), a symbol use (D-SYMBOL-1..4, R-D3, R-D10) and, in
the expert game, shots (D-EXPERT-4); no such option means the roll fails (D-TURN-3). Kept
tiles may be used at any decision of their holder's turn (R-D8).
"""

from __future__ import annotations

from tabletop.core.actions import Action
from tabletop.games.doodle_jump.phases import USE_ROLL
from tabletop.games.doodle_jump.position import DoodleJumpPosition

#: Tile effects a shot can hit and a jump can win (D-EXPERT-4, D-EXPERT-5).
TARGETS = ("ufo", "monster")
#: The symbol die's own use (``tile`` -1 in the action table), as opposed to a kept UFO's or Monster's.
SYMBOL_DIE = -1


class Choices(DoodleJumpPosition):
    """The options of the player to move; nothing here changes the position."""

    __slots__ = ()

    def roll_options(self) -> list[Action]:
        """The jumps, symbol uses and shots the current roll allows (empty: the roll fails)."""
        roll = self.roll
        if roll is None:
            return []
        table = self.table
        here = self.pos[self.seat]
        jumps = table.roll_jumps(roll, self.symbol)
        options: list[Action] = []
        for pad in self.geo.reachable(here, self.order, self.rows, self.offset):
            options += jumps[pad]
        symbol = roll.symbol if self.symbol else ""
        if here >= 0 and self.config.has_targets:
            options.extend(self._shots(here, roll.numbers, int(symbol) if symbol.isdigit() else 0))
        if symbol == "shift":
            options.extend(self._shifts(SYMBOL_DIE))
        elif symbol == "remove":
            options.extend(self._removes(SYMBOL_DIE))
        elif symbol == "again" and self.numbered:
            options.append(table.agains[SYMBOL_DIE])
        return options

    def _shots(self, here: int, numbers: tuple[int, ...], dots: int) -> list[Action]:
        """D-EXPERT-4: a die (numbered, or the symbol's dots: R-D3) showing how many levels up a target is."""
        r = self.rules
        effects = r.tile_effects
        level = r.pad_level[here]
        column = r.pad_slot[here] + self.offset[level]
        shots: list[Action] = []
        for row in range(self.rows[level] + 1, r.levels):
            distance = row - self.rows[level]
            by_die = distance in numbers
            if not by_die and distance != dots:
                continue
            above = self.order[row]
            target = self.geo.pad_at(above, column, self.offset[above])
            if target >= 0 and self.board[target] >= 0 and effects[self.board[target]] in TARGETS:
                if by_die:
                    shots.append(self.table.shots[target, distance, False])
                if distance == dots:
                    shots.append(self.table.shots[target, distance, True])
        return shots

    def _shifts(self, tile: int) -> list[Action]:
        """D-SYMBOL-2: any level one slot left or right, at most ``max_offset`` over the edge."""
        limit = self.rules.max_offset
        by_level = self.table.shifts_by_level[tile]
        offset = self.offset
        found: list[Action] = []
        for level in self.order:
            off = offset[level]
            left, right = by_level[level]
            if off > -limit:
                found.append(left)
            if off < limit:
                found.append(right)
        return found

    def _removes(self, tile: int) -> list[Action]:
        """D-SYMBOL-3, R-D10: a level with no Doodler to the top, never the top level itself."""
        removes = self.table.removes_by_level[tile]
        level_of = self.rules.pad_level
        occupied = {level_of[p] for p in self.pos if p >= 0}
        return [removes[level] for level in self.order[:-1] if level not in occupied]

    def tile_uses(self) -> list[Action]:
        """What the player to move can do with kept tiles right now (R-D8)."""
        kinds = self.table.kinds
        base = self.seat * kinds
        cards = self.cards
        if not any(cards[base : base + kinds]):
            return []
        r = self.rules
        here = self.pos[self.seat]
        uses: list[Action] = []
        for k in range(kinds):
            if not cards[base + k]:
                continue
            effect = r.tile_effects[k]
            if effect == "shoes" and here >= 0:
                uses.extend(self.table.tile_jumps[k, p] for p in self.geo.same_level(here, self.offset))
            elif effect == "flight":
                targets = self.geo.level_up(here, self.order, self.rows, self.offset)
                uses.extend(self.table.tile_jumps[k, p] for p in targets)
            elif effect in TARGETS:
                uses.extend(self._shifts(k))
                uses.extend(self._removes(k))
                if self.phase == USE_ROLL and (self.numbered or self.symbol):
                    uses.append(self.table.agains[k])
        return uses

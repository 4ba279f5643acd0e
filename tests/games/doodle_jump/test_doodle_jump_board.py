"""The reach and dice-jump tables against their readable definitions, entry by entry.

The rules read reach from :class:`~tabletop.games.doodle_jump.board.Geometry`'s tables and dice jumps
from :meth:`~tabletop.games.doodle_jump.actions.ActionTable.roll_jumps`; both are worked out once per
game from the definitions checked here against them, for every pad, shift, level above and roll.
"""

from __future__ import annotations

import itertools

import pytest

import tabletop
from tabletop.games.doodle_jump import DoodleJumpGame
from tabletop.games.doodle_jump.actions import Roll, combos_by_sum
from tabletop.games.doodle_jump.board import reach_on_level, reach_up


def _game(players: int = 4) -> DoodleJumpGame:
    game = tabletop.make("doodle-jump", players=players, tiles="power")
    assert isinstance(game, DoodleJumpGame)
    return game


def test_d_jump_1_reach_tables_match_the_column_arithmetic() -> None:
    """D-JUMP-1, D-TILE-4: every (pad, shift, level above, its shift) entry equals the definition."""
    geo = _game().geometry
    r = geo.rules
    shifts = range(-r.max_offset, r.max_offset + 1)
    checked = 0
    for pad in range(len(r.pad_level)):
        assert geo.on_level[pad] == reach_on_level(r, geo.slot_pad, pad)
        for offset, above, above_offset in itertools.product(shifts, range(r.levels), shifts):
            up = reach_up(r, geo.slot_pad, pad, offset, above, above_offset)
            row = geo.up[pad][offset + r.max_offset][above][above_offset + r.max_offset]
            assert row == up
            same_or_up = geo.same_or_up[pad][offset + r.max_offset][above][above_offset + r.max_offset]
            assert same_or_up == geo.on_level[pad] + up
            checked += 1
    assert checked == len(r.pad_level) * len(shifts) ** 2 * r.levels


def test_d_jump_1_reach_up_by_hand() -> None:
    """D-JUMP-1 on the data file's levels A (3 . 7 . 5) and B (. 4 . 9 6): A7 sits in column 2 and reaches
    columns 1-3 of B; with B shifted right by one, B's slots 0-2 sit in columns 1-3."""
    geo = _game().geometry
    r = geo.rules
    names = {name: pad for pad, name in enumerate(r.pad_names)}
    a, b = r.level_names.index("A"), r.level_names.index("B")
    a7 = names["A7"]
    assert {r.pad_names[p] for p in reach_up(r, geo.slot_pad, a7, 0, b, 0)} == {"B4", "B9"}
    assert {r.pad_names[p] for p in reach_up(r, geo.slot_pad, a7, 0, b, 1)} == {"B4"}
    assert {r.pad_names[p] for p in reach_up(r, geo.slot_pad, a7, -1, b, 0)} == {"B4"}
    assert {r.pad_names[p] for p in reach_on_level(r, geo.slot_pad, a7)} == set()  # A3, A5 are two away
    assert a != b


@pytest.mark.parametrize("players", [2, 4])
def test_d_jump_2_roll_jumps_match_the_dice_combinations(players: int) -> None:
    """D-JUMP-2, R-D3: for every roll of every dice count, the jumps listed per pad are the picks whose sum
    is the pad's number, with the symbol die's dots only while it is unused, fewest dice first."""
    game = _game(players)
    table, r = game.table, game.rules
    for numbered, symbol_die in itertools.product(range(r.numbered_dice + 1), (True, False)):
        for roll in table.roll_distribution(numbered, symbol_die).outcomes:
            assert isinstance(roll, Roll)
            for usable in (True, False):
                face = roll.symbol if usable else ""
                sums = combos_by_sum(roll.numbers, int(face) if face.isdigit() else 0)
                by_pad = table.roll_jumps(roll, usable)
                for pad, number in enumerate(r.pad_number):
                    assert by_pad[pad] == tuple(table.jump(pad, combo) for combo in sums.get(number, ()))

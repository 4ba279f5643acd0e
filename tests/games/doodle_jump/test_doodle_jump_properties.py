"""Invariants over random action sequences (hypothesis): R-D9, tiles, levels, illegal actions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core.actions import Action
from tabletop.core.errors import IllegalActionError
from tabletop.games.doodle_jump import DoodleJumpState
from tabletop.games.doodle_jump.position import DoodleJumpPosition

VARIANTS = [(4, "power", False), (2, "expert", True), (3, "none", False), (4, "expert", False)]


def check_invariants(state: DoodleJumpState) -> None:
    view = state.to_dict()
    pads = [p for p in view["doodlers"] if p is not None]
    assert len(pads) == len(set(pads)), "R-D9: two Doodlers on one pad"
    assert not set(pads) & set(view["tiles"]), "a Doodler stands on a tile"
    places = state.tile_places()
    total = sum(state.rules.tile_counts)
    assert min(places.values()) >= 0 and sum(places.values()) == total, places
    for k in range(len(state.rules.tile_kinds)):  # each kind too
        held = state.box[k] + state.board.count(k) + sum(state.cards[k :: len(state.rules.tile_kinds)])
        assert 0 <= held <= state.rules.tile_counts[k]
    ramp = view["ramp"]
    assert len(ramp) == 8
    placed = [row for row in ramp if row is not None]
    assert len({row["level"] for row in placed}) == len(placed)
    assert all(-1 <= row["offset"] <= 1 for row in placed)


@pytest.mark.parametrize(("players", "tiles", "choose_shield"), VARIANTS)
@settings(max_examples=25, deadline=None)
@given(choices=st.lists(st.integers(min_value=0, max_value=10**6), min_size=50, max_size=400))
def test_invariants_hold_after_every_move_r_d9(
    dj, players: int, tiles: str, choose_shield: bool, choices: list[int]
) -> None:
    """R-D9 and friends: no shared pad, every tile in exactly one place, 8 levels with offsets -1..+1."""
    state = dj.make(players=players, tiles=tiles, choose_shield=choose_shield).new_initial_state()
    for choice in choices:
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[choice % len(legal)])
        check_invariants(state)


@settings(max_examples=25, deadline=None)
@given(choices=st.lists(st.integers(min_value=0, max_value=10**6), min_size=20, max_size=300))
def test_illegal_actions_change_nothing(dj, choices: list[int]) -> None:
    """An action that is not legal raises IllegalActionError and leaves the position and history as they were."""
    state = dj.make(players=3, tiles="expert").new_initial_state()
    seen: list[Action] = []
    for choice in choices:
        if state.is_terminal():
            break
        legal = state.legal_actions()
        strangers = [a for a in seen[-60:] if a not in legal]
        if strangers:
            before, history = state.to_text(), state.history()
            stranger = strangers[choice % len(strangers)]
            with pytest.raises(IllegalActionError):
                state.apply_action(stranger)
            with pytest.raises(IllegalActionError):
                state.apply_action(str(stranger) + " x")
            assert state.to_text() == before and state.history() == history
        seen.extend(legal[:5])
        state.apply_action(legal[choice % len(legal)])


def test_fields_are_declared_once_set_by_the_constructor_and_copied_by_clone(dj) -> None:
    """The slots and the fast copy come from the one list of annotated fields; the constructor sets every one."""
    fields = DoodleJumpPosition.__annotations__
    assert DoodleJumpPosition.__slots__ == tuple(fields)
    layers = DoodleJumpState.__mro__[: DoodleJumpState.__mro__.index(DoodleJumpPosition)]
    assert all(layer.__slots__ == () for layer in layers)  # the layers above add methods, never fields
    state = dj.play(dj.make(players=3, tiles="expert").new_initial_state(), "level C")
    assert not hasattr(state, "__dict__")
    clone = state.clone()
    for name, kind in fields.items():
        original, copy = getattr(state, name), getattr(clone, name)  # a slot the constructor left unset raises
        assert copy == original, name
        assert (copy is not original) == kind.startswith("list["), name  # lists copied, the rest immutable or shared

"""How a Donkey Kong position stands: each seat's chance of winning, and a fast playout policy.

The chances are a :class:`~tabletop.core.evaluation.WinModel` over each seat's figures: its
points (face-down cards, and the finish bonus it is sure of once its pawn is on the Finish),
its face-up cards (points and count: each scores when played at a contact), those face-up
points again once the game ends this turn (they can no longer be played), the expected
turns its pawn needs to the Finish (the heuristic's table), the contacts it can expect from
the obstacles rolling towards it before its next turn, and whether the turn is its own. The
weights in ``data/evaluation.toml`` are fitted to the outcomes of heuristic games
(``benchmarks/calibration/fit_evaluation.py``).

:func:`rollout` is the playout policy of the searches: the heuristic's card rule at contacts
and, for the route, a one-look score of where each route ends (red dots by exact count,
obstacles met as points or penalties, the way to the Finish when racing) without the
heuristic's play-out of the rest of the turn.
"""

from __future__ import annotations

import random
from functools import cache

from tabletop.core.actions import Action
from tabletop.core.data import packaged
from tabletop.core.evaluation import WinModel
from tabletop.core.state import State
from tabletop.games.donkey_kong.actions import Route
from tabletop.games.donkey_kong.heuristic import HAND_WEIGHT, card_rule, racing, tables
from tabletop.games.donkey_kong.position import BARREL, FIREBALL, OVER
from tabletop.games.donkey_kong.state import DonkeyKongState

__all__ = ["FEATURES", "LADDER", "NOBODY_FEATURES", "evaluate", "figures", "rollout"]

#: Each seat's figures, in the order of the weights.
FEATURES = ("points", "points_late", "hand_points", "hand_cards", "turns_to_finish", "contacts", "to_move")
#: The figures of the whole position: none (someone always wins).
NOBODY_FEATURES: tuple[str, ...] = ()

#: The difficulty levels in this game: agent specs (see tabletop.agents.ladder), calibrated by
#: ``benchmarks/calibration/ladder.py donkey-kong`` so that each level scores at least 100 Elo above the one
#: below (figures in docs/agents.md). The heuristic's noise sets the lower levels; search is the top.
LADDER = {
    "beginner": "random",
    "easy": "heuristic:noise=0.65",
    "medium": "heuristic:noise=0.3",
    "hard": "heuristic",
    "expert": "mcts:seconds=1.5",
}

#: points are counted in hundreds, so the weights read as "per 100 points"
POINTS = 100.0


@cache
def model() -> WinModel:
    """The fitted weights (``data/evaluation.toml``)."""
    return WinModel.load(packaged("tabletop.games.donkey_kong", "data/evaluation.toml"), FEATURES)


def figures(state: State) -> tuple[list[list[float]], list[float]]:
    """Each seat's figures (:data:`FEATURES`), and none of the whole position (someone always wins)."""
    assert isinstance(state, DonkeyKongState)
    rules = state.rules
    table = tables(rules)
    t, points = rules.types, rules.card_points
    index = table.chain_index
    barrels: list[int] = []
    fires: list[int] = []
    for s, kind in enumerate(state.obstacles):
        if kind is BARREL:
            barrels.append(index[s])
        elif kind is FIREBALL:
            fires.append(index[s])
    reach = table.reach[min(state.players - 1, 3)]
    far = len(reach)
    # the game ends when the first pawn reaches the Finish: a lead counts the more, the sooner that is
    to_finish = [table.turns_to_finish[at] for at in state.pawns]
    late = 1.0 / (1.0 + min(to_finish))
    rows = []
    for seat in range(state.players):
        hand = state.hands[seat * t : seat * t + t]
        down = state.played[seat * t : seat * t + t]
        score = sum(c * p for c, p in zip(down, points, strict=True))
        if seat == state.finisher:
            score += rules.finish_bonus
        held = sum(hand)
        hand_points = sum(c * p for c, p in zip(hand, points, strict=True)) / POINTS
        at = state.pawns[seat]
        contacts = 0.0
        if table.on_chain[at]:
            i = index[at]
            contacts = sum(reach[i - b] for b in barrels if 0 < i - b < far)
            contacts += sum(reach[f - i] for f in fires if 0 < f - i < far)
        rows.append([score / POINTS, late * score / POINTS, hand_points, float(held),
                     to_finish[seat], contacts, 1.0 if seat == state.turn_seat else 0.0])
    return rows, []


def evaluate(state: State) -> list[float]:
    """Each seat's chance of winning (shared among the top scores once the game is over)."""
    assert isinstance(state, DonkeyKongState)
    if state.stage is OVER:
        winners = state.winners()
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(state.players)]
    return model().predict(*figures(state))


def rollout(state: State, rng: random.Random) -> Action:
    """A fast policy for playouts: the card rule at contacts; else the route whose end scores best at a glance."""
    assert isinstance(state, DonkeyKongState)
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    table = tables(state.rules)
    if state.in_contact:
        return card_rule(state, table)
    rules = state.rules
    me = state.turn_seat
    t, points = rules.types, rules.card_points
    hand = state.hands[me * t : me * t + t]
    held = sum(hand)
    per_card = sum(c * p for c, p in zip(hand, points, strict=True)) / held if held else 0.0
    deck = state.deck
    cards = sum(deck)
    deck_mean = sum(c * p for c, p in zip(deck, points, strict=True)) / cards if cards else 0.0
    down = state.played[me * t : me * t + t]
    loss = sum(c * p for c, p in zip(down, points, strict=True)) / sum(down) if any(down) else 0.0
    # a contact scores a face-up card, else costs a face-down one: counted while cards last
    contact = (1.0 - HAND_WEIGHT) * per_card if held else -loss
    race = racing(state, me, table)
    finish, red, to_finish = rules.board.finish, rules.board.red_dot, table.turns_to_finish
    die = state.white_die
    obstacles = state.obstacles
    best = legal[0]
    best_value = -1e18
    for action in legal:
        assert isinstance(action, Route)
        path = action.path
        end = path[-1]
        if end == finish:
            value = 1e9 if race else 0.0
        else:
            met = sum(1 for s in path if obstacles[s])
            value = contact * min(met, held if held else met)
            if red[end] and len(path) == die and cards:
                value += HAND_WEIGHT * deck_mean
            value -= (250.0 if race else 10.0) * to_finish[end]
        if value > best_value:
            best, best_value = action, value
    return best

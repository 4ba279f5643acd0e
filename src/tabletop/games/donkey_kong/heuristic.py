"""A Donkey Kong heuristic: collect cards, play them on obstacles, and race for the Finish when it wins.

Points come only from face-up cards played at contacts, so a contact is worth a card's
points when we hold face-up cards and costs a face-down card (lost, or stolen by the
player whose turn it is) when we hold none. Each legal action is judged by playing out
the rest of the turn on a clone with the dice already rolled (later card plays, ours and
everyone else's, by the simple card rule below; a card drawn, lost or stolen counts at its
expected value over the pile it comes from), then scoring where the turn ends for every
seat: points played, face-up cards at 60% of their points, and the obstacles due to reach
the pawn before our next turn (a gain with face-up cards, a loss without); for us also a
board field: the red dots (cards) within reach while collecting, or the expected turns to
the Finish while racing. We race when our points, half our face-up cards and the 500 bonus
beat the leader's points, half their face-up cards and 60 points per turn we still need to
climb; a Finish reached in the simulated turn is scored as the won or lost game it is. The
simple card rule, used inside the simulation, plays the most points, a Jump when two or
more cards are left (the obstacle is worth meeting again), a Hammer when at most one is.
The policy reads only the public position, is deterministic (``rng`` is not used) and
never changes the given state.
"""

from __future__ import annotations

import random

from tabletop.core.actions import Action
from tabletop.core.state import CHANCE, TERMINAL, State
from tabletop.games.donkey_kong.actions import CardOutcome, PlayCard, Route
from tabletop.games.donkey_kong.position import BARREL, FIREBALL, OVER, WHITE_ROLL
from tabletop.games.donkey_kong.rules import Rules
from tabletop.games.donkey_kong.state import DonkeyKongState

#: a face-up card is worth this share of its points: it scores only if played before the end
HAND_WEIGHT = 0.6
#: how much a red-dot draw still to come (discounted by the turns to it) is worth, per point of card
DOT_WEIGHT = 1.0
#: the discount per turn of a red dot further away
DOT_DISCOUNT = 0.5
#: points per expected turn to the Finish while racing, and while collecting
RACE_PER_TURN = 250.0
DRIFT_PER_TURN = 10.0
#: points an opponent is expected to gain per turn of theirs while we climb
OPPONENT_RATE = 60.0
#: the share of face-up cards a player is expected to play before the game ends
PLAYED_SHARE = 0.5
#: a Jump is preferred with at least this many cards left after it, a Hammer with at most one
SPARE_CARDS = 2
FINISH_WIN = 1_000_000.0


_Moves = dict[int, list[tuple[float, tuple[Route, ...], int]]]


class _Tables:
    """Board fields, computed once per rules file: turns to the Finish and red dots to come."""

    def __init__(self, rules: Rules) -> None:
        board = rules.board
        faces = rules.white_faces
        counts = [rules.model.dice.white.faces.count(f) for f in faces]
        total = sum(counts)
        spaces = [s for s in range(board.size) if s != board.oil]
        moves: _Moves = {
            s: [(c / total, board.routes(s, f), f) for f, c in zip(faces, counts, strict=True)] for s in spaces
        }
        self.turns_to_finish = self._turns_to_finish(board.finish, spaces, moves, board.size)
        self.dot_potential = self._red_dots_to_come(board.red_dot, board.finish, spaces, moves, board.size)
        red_faces = [0 if f == "rests" else int(f) for f in rules.model.dice.red.faces]
        #: reach[m][k]: the chance that m red rolls move an obstacle k spaces or more
        self.reach: list[list[float]] = [[1.0]]
        sums = {0: 1.0}
        for _ in range(3):
            nxt: dict[int, float] = {}
            for s, p in sums.items():
                for f in red_faces:
                    nxt[s + f] = nxt.get(s + f, 0.0) + p / len(red_faces)
            sums = nxt
            top = max(sums)
            self.reach.append([sum(p for s, p in sums.items() if s >= k) for k in range(top + 1)])
        self.chain_index = board.chain_index
        #: pawns here are met by obstacles rolling along the chain (not on ladders, nor off the obstacles' way)
        self.on_chain = [i >= 0 for i in board.chain_index]
        self.points = rules.card_points
        self.hammer = rules.card_is_hammer
        self.types = rules.types

    @staticmethod
    def _turns_to_finish(finish: int, spaces: list[int], moves: _Moves, size: int) -> list[float]:
        """Expected turns to the Finish, racing: T(s) = 1 + E_die[min over routes T(end)]."""
        turns = [0.0] * size
        for _ in range(500):
            new = [0.0] * size
            for s in spaces:
                if s != finish:
                    new[s] = 1.0 + sum(p * min(turns[r.path[-1]] for r in routes) for p, routes, _ in moves[s])
            settled = max(abs(a - b) for a, b in zip(new, turns, strict=True)) < 1e-6
            turns = new
            if settled:
                break
        return turns

    @staticmethod
    def _red_dots_to_come(red: list[bool], finish: int, spaces: list[int], moves: _Moves, size: int) -> list[float]:
        """Red-dot draws to come, each discounted by DOT_DISCOUNT per turn: D(s) = E_die[max over routes]."""
        dots = [0.0] * size
        for _ in range(60):
            new = [0.0] * size
            for s in spaces:
                if s == finish:
                    continue
                for p, routes, face in moves[s]:
                    new[s] += p * max(
                        (red[r.path[-1]] and len(r.path) == face) + DOT_DISCOUNT * dots[r.path[-1]] for r in routes
                    )
            dots = new
        return dots


_TABLES: dict[int, tuple[Rules, _Tables]] = {}


def tables(rules: Rules) -> _Tables:
    """The board fields of ``rules`` (computed once per rules file)."""
    found = _TABLES.get(id(rules))
    if found is None or found[0] is not rules:
        found = _TABLES[id(rules)] = (rules, _Tables(rules))
    return found[1]


def choose(state: State, rng: random.Random) -> Action:
    """The heuristic's decision: a route, or the card to play at a contact."""
    assert isinstance(state, DonkeyKongState)
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    me = state.current_player()
    fields = tables(state.rules)
    race = racing(state, me, fields)
    best = legal[0]
    best_value = -float("inf")
    for action in legal:
        value = _value_after(state, action, me, race, fields)
        if value > best_value:
            best, best_value = action, value
    return best


def card_rule(state: DonkeyKongState, fields: _Tables | None = None) -> Action:
    """The simple card rule: the most points; a Jump with cards to spare, a Hammer when few are left."""
    fields = fields or tables(state.rules)
    seat = state.in_contact[0]
    t = fields.types
    left = sum(state.hands[seat * t : seat * t + t]) - 1
    best: Action | None = None
    best_value = -1.0
    for action in state.legal_actions():
        assert isinstance(action, PlayCard)
        card = action.card
        value = fields.points[card] + (
            (left <= 1) if fields.hammer[card] else (left >= SPARE_CARDS)
        ) * 0.5
        if value > best_value:
            best, best_value = action, value
    assert best is not None
    return best


def _value_after(state: DonkeyKongState, action: Action, me: int, racing: bool, tables: _Tables) -> float:
    """Play ``action`` and the rest of the turn on a clone; the value of where it ends for ``me``."""
    sim = state.clone()
    adjust = [0.0] * sim.players
    sim.apply_action(action)
    _finish_turn(sim, adjust, tables)
    return _evaluate(sim, me, racing, adjust, tables)


def _finish_turn(sim: DonkeyKongState, adjust: list[float], tables: _Tables) -> None:
    """Run ``sim`` to the next turn's roll or the end; cards drawn or lost count at their expected value."""
    while True:
        player = sim.current_player()
        if player == TERMINAL:
            return
        if player != CHANCE:
            sim.apply_action(card_rule(sim, tables))
            continue
        if sim.stage <= WHITE_ROLL:
            return
        _expected_card(sim, adjust, tables)


def _expected_card(sim: DonkeyKongState, adjust: list[float], tables: _Tables) -> None:
    """Apply a card chance node's first outcome, correcting ``adjust`` to its expected value."""
    t, points = tables.types, tables.points
    cur = sim.turn_seat
    outcome = sim.legal_actions()[0]
    assert isinstance(outcome, CardOutcome)
    got = points[outcome.card]
    if sim.in_contact:
        seat = sim.in_contact[0]
        pile = sim.played[seat * t : seat * t + t]
        if any(pile):
            mean = sum(c * p for c, p in zip(pile, points, strict=True)) / sum(pile)
            adjust[seat] += got - mean  # lost (own turn) or stolen
            if seat != cur:
                adjust[cur] += HAND_WEIGHT * (mean - got)
            sim.apply_action(outcome)
            return
    deck = sim.deck
    mean = sum(c * p for c, p in zip(deck, points, strict=True)) / sum(deck)
    adjust[cur] += HAND_WEIGHT * (mean - got)
    sim.apply_action(outcome)


def _evaluate(sim: DonkeyKongState, me: int, racing: bool, adjust: list[float], tables: _Tables) -> float:
    if sim.stage is OVER:
        scores = [s + a for s, a in zip(sim.scores(), adjust, strict=True)]
        rival = max(s for seat, s in enumerate(scores) if seat != me)
        margin = scores[me] - rival
        return margin + (FINISH_WIN if margin > 0 else 0.0 if margin == 0 else -FINISH_WIN)
    t, points, n = tables.types, tables.points, sim.players
    index = tables.chain_index
    barrels: list[int] = []
    fires: list[int] = []
    for s, kind in enumerate(sim.obstacles):
        if kind is BARREL:
            barrels.append(index[s])
        elif kind is FIREBALL:
            fires.append(index[s])
    reach = tables.reach[min(n - 1, 3)]
    far = len(reach)
    deck = sim.deck
    deck_cards = sum(deck)
    deck_mean = sum(c * p for c, p in zip(deck, points, strict=True)) / deck_cards if deck_cards else 0.0
    mine = 0.0
    rival = -float("inf")
    for seat in range(n):
        hand = sim.hands[seat * t : seat * t + t]
        down = sim.played[seat * t : seat * t + t]
        held = sum(hand)
        hand_points = sum(c * p for c, p in zip(hand, points, strict=True))
        value = sum(c * p for c, p in zip(down, points, strict=True)) + HAND_WEIGHT * hand_points + adjust[seat]
        at = sim.pawns[seat]
        if tables.on_chain[at]:
            i = index[at]
            contacts = sum(reach[i - b] for b in barrels if 0 < i - b < far)
            contacts += sum(reach[f - i] for f in fires if 0 < f - i < far)
            if held:
                value += contacts * (1.0 - HAND_WEIGHT) * hand_points / held
            elif any(down):
                down_mean = sum(c * p for c, p in zip(down, points, strict=True)) / sum(down)
                value -= contacts * (1.0 + HAND_WEIGHT) * down_mean
            else:
                value -= contacts * HAND_WEIGHT * deck_mean
        if seat == me:
            if racing:
                value -= RACE_PER_TURN * tables.turns_to_finish[at]
            else:
                value += DOT_WEIGHT * HAND_WEIGHT * deck_mean * tables.dot_potential[at]
                value -= DRIFT_PER_TURN * tables.turns_to_finish[at]
            mine = value
        else:
            rival = max(rival, value)
    return mine - rival


def racing(state: DonkeyKongState, me: int, tables: _Tables) -> bool:
    """Whether finishing first, at the expected pace, would leave us ahead of every rival."""
    t, points = tables.types, tables.points
    bonus = state.rules.finish_bonus

    def hand_points(seat: int) -> float:
        return sum(c * p for c, p in zip(state.hands[seat * t : seat * t + t], points, strict=True))

    turns = tables.turns_to_finish[state.pawns[me]]
    ours = state.score(me) + bonus + PLAYED_SHARE * hand_points(me)
    theirs = max(
        state.score(seat) + PLAYED_SHARE * hand_points(seat) + OPPONENT_RATE * turns
        for seat in range(state.players)
        if seat != me
    )
    return ours > theirs

"""Donkey Kong at the web table: the end-of-game score table, and the odds a learner may ask for.

The score table replays the game and puts each change of a seat's score down to its cause:
cards played (K-CARD-2), the 500-point finish bonus (K-END-1), cards lost to another player's
steal (K-CARD-6) and cards returned to the deck (K-CARD-5); the columns add up to the score.
The hint is exact: before a seat rolls, it goes through every white and red outcome (their
exact probabilities) and every route each allows, playing the turn on (no further chance is
needed to know whether an obstacle reaches the pawn), and adds up the rolls on which every
route meets an obstacle. Seats are named as in the engine's log ("seat 0").
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tabletop.core.chance import percent
from tabletop.core.i18n import N_, _, ngettext
from tabletop.core.state import State
from tabletop.core.words import ordinal, places, plural
from tabletop.games.donkey_kong.actions import LOSE, STEAL, Route
from tabletop.games.donkey_kong.position import RED_ROLL, WHITE_ROLL
from tabletop.games.donkey_kong.state import DonkeyKongState

#: how far a simulated turn may run before the hint gives up on it (a turn is a few dozen steps)
TURN_STEPS = 400




#: what the end screen's columns mean, for people who never read the rules
NOTES = (
    N_("Cards played: each Jump or Hammer played on a barrel or fireball that reached the pawn scores its points."),
    N_("Cards sent back: an obstacle reached the pawn on its own turn with no card in hand, so one of its scored "
       "cards went back to the deck, points and all."),
    N_("Steals: an obstacle reached a pawn on another player's turn with no card in hand, so that player took one "
       "of its scored cards into their hand (to score it when they play it)."),
)


def _signed(points: int) -> str:
    return f"+{points:,}" if points > 0 else f"−{-points:,}" if points < 0 else "0"


def summary(state: State) -> dict[str, Any] | None:
    """Who reached the Finish, and each seat's score by cause, in plain words (the causes add up to the score)."""
    if not isinstance(state, DonkeyKongState) or not state.is_terminal():
        return None
    players = state.game.num_players
    played, cards, bonus, stolen, returned, steals = ([0] * players for _ in range(6))
    replay = state.game.new_initial_state()
    for action in state.history():
        before = replay.scores()
        held = [sum(replay.played_of(seat)) for seat in range(players)]
        size = replay.log_size()
        replay.apply_action(action)
        after = replay.scores()
        text = str(action)
        for seat in range(players):
            delta = after[seat] - before[seat]
            if replay.is_terminal() and seat == replay.finisher:  # the last action: the game ends
                delta -= replay.rules.finish_bonus  # K-END-1: the bonus comes with the end of the game
                bonus[seat] += replay.rules.finish_bonus
            if text.startswith(LOSE) and delta < 0:
                returned[seat] -= delta
            elif text.startswith(STEAL) and delta < 0:
                stolen[seat] -= delta
            elif delta > 0:  # face-down cards: played on an obstacle (chosen, or the only one held)
                played[seat] += delta
                cards[seat] += sum(replay.played_of(seat)) - held[seat]
        if text.startswith(STEAL):  # K-CARD-6: the stealer takes the card into their hand
            for line in replay.log(size):
                if " steals " in line and line.startswith("seat "):
                    steals[int(line.split()[1])] += 1
    scores = state.scores()
    finisher = None if state.finisher < 0 else state.finisher
    order = sorted(range(players), key=lambda s: (-scores[s], s))
    place = places(scores)
    rows = [[f"seat {s}", ordinal(place[s]), f"{scores[s]:,}",
             f"{_signed(played[s])} ({plural(cards[s], 'card', 'cards')})", _signed(bonus[s]), _signed(-stolen[s]),
             _signed(-returned[s]), plural(steals[s], "card", "cards")] for s in order]
    winners = state.winners()
    if finisher is not None:
        reason = (_("{who} reached the Finish and earned the {bonus}-point bonus; then the highest score wins.")
                  if len(winners) == 1 else
                  _("{who} reached the Finish and earned the {bonus}-point bonus; then a tie on points shares the "
                    "win.")).format(who=f"seat {finisher}", bonus=state.rules.finish_bonus)
    else:
        reason = _("The game ended; the highest score wins.")
    return {
        "reason": reason,
        "table": {
            "caption": _("How the scores were made"),
            # the place and the score first: on a phone the table scrolls sideways, and they must be in sight
            "columns": [_("Player"), _("Place"), _("Score"), _("Cards played"), _("Finish bonus"), _("Lost to steals"),
                        _("Cards sent back"), _("Cards they stole")],
            "rows": rows,
            "notes": [_(note) for note in NOTES],
        },
    }


def _turn_meets(state: DonkeyKongState, seat: int, turn: int) -> bool:
    """Play the turn on from a route just taken: does an obstacle reach ``seat``'s pawn before it ends?"""
    for _step in range(TURN_STEPS):
        if seat in state.in_contact:
            return True
        if state.is_terminal() or state.turn_number() != turn:
            return False
        if state.is_chance_node():
            state.apply_action(state.chance_distribution().outcomes[0])
        else:
            state.apply_action(state.legal_actions()[0])
    return False


def route_meets(state: DonkeyKongState, route: Route, seat: int) -> bool:
    """Whether taking ``route`` lets an obstacle reach the pawn this turn."""
    after = state.clone()
    turn = after.turn_number()
    after.apply_action(route)
    return _turn_meets(after, seat, turn)


def unavoidable_chance(state: DonkeyKongState, seat: int) -> Fraction:
    """At the white roll of ``seat``'s turn: the chance that every route of the roll meets an obstacle."""
    total = Fraction(0)
    for white, p_white in state.chance_distribution().pairs():
        after_white = state.clone()
        after_white.apply_action(white)
        for red, p_red in after_white.chance_distribution().pairs():
            rolled = after_white.clone()
            rolled.apply_action(red)
            routes = [a for a in rolled.legal_actions() if isinstance(a, Route)] if not rolled.is_chance_node() else []
            if routes and all(route_meets(rolled, r, seat) for r in routes):
                total += p_white * p_red
    return total


def hint(state: State, seat: int) -> str | None:
    """Before the roll: the chance an obstacle reaches you whatever route you take; at the routes: which do."""
    if not isinstance(state, DonkeyKongState) or state.is_terminal() or state.turn_seat != seat:
        return None
    if state.is_chance_node() and state.stage is WHITE_ROLL:
        return _("The chance that an obstacle reaches you this turn even on your safest route: {chance}.").format(
            chance=percent(unavoidable_chance(state, seat)))
    if state.is_chance_node() and state.stage is RED_ROLL:
        return None
    if state.current_player() == seat:
        routes = [a for a in state.legal_actions() if isinstance(a, Route)]
        if routes:
            meets = sum(1 for r in routes if route_meets(state, r, seat))
            if meets == 0:
                return _("No route of this roll lets an obstacle reach you this turn.")
            return ngettext("{meets} of your {n} route lets an obstacle reach you this turn.",
                            "{meets} of your {n} routes let an obstacle reach you this turn.", len(routes)).format(
                meets=meets, n=len(routes))
    return None

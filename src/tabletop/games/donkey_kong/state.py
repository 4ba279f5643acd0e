"""The Donkey Kong state: decisions, chance outcomes and results.

A position's fields are listed once in :mod:`~tabletop.games.donkey_kong.position`; what
happens by itself between two actions is in :mod:`~tabletop.games.donkey_kong.movement`.
Here are the State hooks: the legal routes and card plays, the chance nodes (dice, the deal,
draws, lost and stolen cards, all over counts: the deck's order is never stored), what each
action does, and the scores.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tabletop.core.actions import Action
from tabletop.core.chance import Distribution
from tabletop.core.state import CHANCE, TERMINAL
from tabletop.games.donkey_kong.actions import DEAL as DEAL_VERB
from tabletop.games.donkey_kong.actions import DRAW, LOSE, STEAL, CardOutcome, PlayCard, Roll, Route
from tabletop.games.donkey_kong.movement import Movement
from tabletop.games.donkey_kong.position import (
    BARREL,
    DEAL,
    FIREBALL,
    NO_OBSTACLE,
    OBSTACLE_WORDS,
    OPENING_ROLL,
    OVER,
    RED_ROLL,
    ROUTE,
    WALK,
    WHITE_ROLL,
)

if TYPE_CHECKING:
    from tabletop.games.donkey_kong.game import DonkeyKongGame

#: R-K23: rounds of the opening roll at most; a tie in the last one goes to the tied seat first in turn order
OPENING_ROUNDS = 20


def one_per_outcome(routes: Sequence[Route], obstacles: Sequence[object]) -> tuple[Route, ...]:
    """R-K10: the first of the routes to each distinct outcome: where the pawn stops and which obstacles it meets,
    in order (``obstacles``: what rests on each space)."""
    seen: set[tuple[int, ...]] = set()
    chosen: list[Route] = []
    for route in routes:
        path = route.path
        key = (path[-1], *[s for s in path if obstacles[s]])
        if key not in seen:
            seen.add(key)
            chosen.append(route)
    return tuple(chosen)


class DonkeyKongState(Movement):
    """A position: pawns, obstacles, cards, and where the current turn stands."""

    __slots__ = ()

    def __init__(self, game: DonkeyKongGame) -> None:
        super().__init__(game)
        if self.rules.hand_size == 0:
            self._after_deal()
        self.to_act = self._compute_player()

    # -- the State hooks -------------------------------------------------------------
    def current_player(self) -> int:
        return self.to_act

    def is_chance_node(self) -> bool:  # asked at every step of a playout: no call to current_player()
        return self.to_act == CHANCE

    def is_terminal(self) -> bool:
        return self.to_act == TERMINAL

    def chance_roller(self) -> int | None:
        stage = self.stage
        return self.turn_seat if self.to_act == CHANCE and (stage is WHITE_ROLL or stage is RED_ROLL) else None

    def turn_number(self) -> int:
        return self.turn

    def _legal_actions(self) -> tuple[Action, ...]:
        if self.in_contact:
            return self.rules.play_actions(self.hand_of(self.in_contact[0]))
        return self._route_choices()

    def _route_choices(self) -> tuple[Route, ...]:
        """One route per distinct outcome: where the pawn stops and which obstacles it meets, in order (R-K10)."""
        routes, ends_shared = self.rules.board.routes_and_sharing(self.pawns[self.turn_seat], self.white_die)
        if not ends_shared:
            return routes  # no two routes end on the same space: each is an outcome of its own
        return one_per_outcome(routes, self.obstacles)

    def _chance_distribution(self) -> Distribution:
        rules = self.rules
        if self.in_contact:
            seat = self.in_contact[0]
            played = self.played_of(seat)
            if any(played):
                return rules.card_distribution(LOSE if seat == self.turn_seat else STEAL, played)
            return rules.card_distribution(DRAW, tuple(self.deck))
        stage = self.stage
        if stage is DEAL:
            return rules.card_distribution(DEAL_VERB, tuple(self.deck))
        if stage is WHITE_ROLL or stage is OPENING_ROLL:
            return rules.white_dist
        if stage is RED_ROLL:
            return rules.red_dist
        return rules.card_distribution(DRAW, tuple(self.deck))  # the red-dot draw

    def _apply(self, action: Action) -> None:
        if self.in_contact:
            if type(action) is PlayCard:
                self._play_card(action.card)
            else:
                assert isinstance(action, CardOutcome)
                self._penalty(action)
        elif type(action) is Route:
            self._choose_route(action)
        elif type(action) is Roll:
            self._roll(action.face)
            return
        else:
            assert isinstance(action, CardOutcome)
            self._take_card(action.card)
        self._run()

    # -- the setup and the dice ----------------------------------------------------------
    def _roll(self, face: int) -> None:
        """The white die, then the red one (K-TURN-2); nothing happens by itself after them, so the movement
        is not run: chance rolls the red die next, then the seat chooses its route."""
        stage = self.stage
        if stage is WHITE_ROLL:
            self.white_die = face
            self.stage = RED_ROLL
            self._log("seat {} rolls white {}", self.turn_seat, face)
        elif stage is RED_ROLL:
            self.red_die = face
            self.stage = ROUTE
            self.to_act = self.turn_seat
            self._log("seat {} rolls red {}", self.turn_seat, face or "Donkey Kong Rests")
        else:
            self._opening_roll(face)
            self._run()

    def _opening_roll(self, face: int) -> None:
        """K-TURN-1: everyone rolls the white die; the highest starts; tied highest roll again."""
        rolls = self.opening_rolls
        seat = rolls.index(0)
        rolls[seat] = face
        self._log("seat {} rolls {} for the first turn", seat, face)
        if 0 in rolls:
            return
        top = max(rolls)
        tied = [s for s, roll in enumerate(rolls) if roll == top]
        if len(tied) > 1 and self.opening_round >= OPENING_ROUNDS:  # R-K23: the tied seat first in turn order
            self._log("round {} of the opening roll ties again: seat {} plays first", self.opening_round, tied[0])
            tied = tied[:1]
        if len(tied) == 1:
            self.opening_rolls = []
            self.opening_round = 1
            self._start_turn(tied[0])
        else:
            self.opening_round += 1
            self.opening_rolls = [0 if roll == top else -1 for roll in rolls]
            self._log("seats {} tie and roll again", tied)

    def _take_card(self, card: int) -> None:
        """A card from the deck, face up: dealt at the setup, or the red-dot draw (K-CARD-1)."""
        rules = self.rules
        self.deck[card] -= 1
        if self.stage is DEAL:
            seat = self._seat_to_deal()
            self.hands[seat * rules.types + card] += 1
            self._log("seat {} is dealt {}", seat, rules.card_codes[card])
            if self._seat_to_deal() < 0:
                self._after_deal()
        else:
            self.hands[self.turn_seat * rules.types + card] += 1
            self.red_dot_draw = False
            self._log("seat {} draws {} on a red dot", self.turn_seat, rules.card_codes[card])

    def _seat_to_deal(self) -> int:
        """R-K20: the first seat short of its face-up cards (-1 once all are dealt)."""
        size = self.rules.hand_size
        for seat in range(self.players):
            if sum(self.hand_of(seat)) < size:
                return seat
        return -1

    def _after_deal(self) -> None:
        first = self.game.first_player
        if first is None:
            self.stage = OPENING_ROLL
            self.opening_rolls = [0] * self.players
        else:
            self._start_turn(first)

    # -- the pawn and the cards ------------------------------------------------------------
    def _choose_route(self, route: Route) -> None:
        """K-PAWN-1/2: the pawn makes its whole move; then it draws on a red dot, then answers each contact (R-K22)."""
        board = self.rules.board
        path = route.path
        seat, end = self.turn_seat, path[-1]
        self.pawns[seat] = end
        self._log("seat {} moves to {}", seat, board.names[end])
        if end == board.finish:
            self.finisher = seat  # K-END-1: the turn still finishes
            self._log("seat {} reaches the Finish", seat)
        obstacles = self.obstacles
        self.obstacles_met = list(filter(obstacles.__getitem__, path))  # K-CARD-2: moved into or through, in order
        self.red_dot_draw = len(path) == self.white_die and board.red_dot[end]  # K-CARD-1: exact count only
        self.stage = WALK

    def _play_card(self, card: int) -> None:
        """K-CARD-2..4: the card goes face down; a Hammer destroys the obstacle, a Jump lets it be."""
        rules = self.rules
        seat = self.in_contact[0]
        i = seat * rules.types + card
        self.hands[i] -= 1
        self.played[i] += 1
        hammer = rules.card_is_hammer[card]
        if self.stage is WALK:
            at = self.obstacles_met[0]
            kind = self.obstacles[at]
            if hammer:
                self.obstacles[at] = NO_OBSTACLE
                self._destroyed(kind)
            self._log("seat {} plays {} on the {} at {}", seat, rules.card_codes[card], OBSTACLE_WORDS[kind],
                      rules.board.names[at])
            self._contact_answered()
            return
        kind = self.mover_kind
        self._log("seat {} plays {} on the {} at {}", seat, rules.card_codes[card], OBSTACLE_WORDS[kind],
                  rules.board.names[self.mover_at])
        if hammer:
            self.mover_kind = NO_OBSTACLE
            self._destroyed(kind)
            self.in_contact.clear()  # R-K11: once one hammers it, the others are safe
            return
        if self.landed_exactly:  # K-CARD-3 (R-K12): jumped after landing by exact count: one space further
            self.mover_steps_left = 1
            self.landed_exactly = False
        self.in_contact.pop(0)

    def _penalty(self, action: CardOutcome) -> None:
        """K-CARD-5/6/7: no face-up card at a contact."""
        t = self.rules.types
        seat = self._contact_answered()
        me = self.turn_seat
        if action.verb == LOSE:
            self.played[seat * t + action.card] -= 1
            self.deck[action.card] += 1  # R-K8: a returned card is shuffled into the deck
            self._log("seat {} returns {} to the deck", seat, action.code)
        elif action.verb == STEAL:
            self.played[seat * t + action.card] -= 1
            self.hands[me * t + action.card] += 1
            self._log("seat {} steals {} from seat {}", me, action.code, seat)
        else:
            self.deck[action.card] -= 1
            self.hands[me * t + action.card] += 1
            self._log("seat {} draws {} as seat {} has no cards", me, action.code, seat)

    # -- results -------------------------------------------------------------------------
    def winners(self) -> tuple[int, ...]:
        if self.stage is not OVER or self.finisher < 0:  # R-K24: at the turn limit nobody wins
            return ()
        scores = self.scores()
        top = max(scores)
        return tuple(seat for seat, score in enumerate(scores) if score == top)  # R-K9

    def returns(self) -> list[float]:
        """Scores scaled to [-1, 1]: +1 for the top score, -1 for the lowest; all 0 if everyone ties."""
        if self.stage is not OVER or self.finisher < 0:  # R-K24: at the turn limit nobody wins
            return [0.0] * self.players
        scores = self.scores()
        low, high = min(scores), max(scores)
        if high == low:
            return [0.0] * self.players
        return [2.0 * (s - low) / (high - low) - 1.0 for s in scores]

    def standings(self) -> list[float]:
        """Who leads: each seat's score so far (K-END-2: its face-down cards' points, and the finish bonus
        once the game is over)."""
        return [float(score) for score in self.scores()]

    def metrics(self) -> dict[str, float]:
        figures: dict[str, float] = {f"score[{seat}]": float(s) for seat, s in enumerate(self.scores())}
        figures["turns"] = float(self.turn)
        if self.stage is OVER:
            figures["rate:finisher_not_top"] = 0.0 if self.finisher in self.winners() else 1.0
        return figures

    # -- text ----------------------------------------------------------------------------
    def to_text(self) -> str:
        from tabletop.games.donkey_kong.notation import write_position

        return write_position(self)

    def to_dict(self) -> dict[str, Any]:
        names = self.rules.board.names
        return {
            "text": self.to_text(),
            "stage": self.stage_name(),
            "turn": self.turn,
            "seat": self.turn_seat,
            "pawns": [names[p] for p in self.pawns],
            "barrels": [names[s] for s in self.spaces_of(BARREL)],
            "fireballs": [names[s] for s in self.spaces_of(FIREBALL)],
            "barrels_in_arm": self.barrels_in_arm,
            "fireballs_at_oil_can": self.fireballs_at_oil_can,
            "scores": self.scores(),
            "finisher": None if self.finisher < 0 else self.finisher,
        }

    def __str__(self) -> str:
        names = self.rules.board.names
        codes = self.rules.card_codes
        lines = [f"Donkey Kong, turn {self.turn}, seat {self.turn_seat} to play ({self.stage_name()})"]
        for seat in range(self.players):
            up = " ".join(f"{codes[t]}x{c}" for t, c in enumerate(self.hand_of(seat)) if c) or "-"
            lines.append(f"  seat {seat}: at {names[self.pawns[seat]]}, score {self.score(seat)}, face up {up}")
        barrels = ", ".join(names[s] for s in self.spaces_of(BARREL)) or "-"
        fires = ", ".join(names[s] for s in self.spaces_of(FIREBALL)) or "-"
        lines.append(f"  barrels: {barrels} (arm {self.barrels_in_arm}); fireballs: {fires}"
                     f" (Oil Can {self.fireballs_at_oil_can})")
        return "\n".join(lines)

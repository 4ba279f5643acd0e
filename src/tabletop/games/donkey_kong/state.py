"""A Donkey Kong position and the rules that move it on.

The state is plain lists and ints. A turn runs through stages (K-TURN-2):
``white`` and ``red`` (the dice, chance), ``route`` (the pawn's move, a decision),
``walk`` (the pawn has moved: its red-dot draw, then its contacts with the obstacles
it met, in order: R-K22), ``fire`` and ``barrel``
(every obstacle moves, one *mover* at a time, in the K-OBS-8 order kept in a
queue), ``release``/``drop`` (Donkey Kong releases a barrel) and the next turn.

Whenever a pawn and an obstacle meet, the seats in contact wait in ``hits``; the
movement pauses there until each has played a card (a decision of that seat, even on
another player's turn: R-K7) or the penalty has been drawn (chance). :meth:`_run`
then resumes the movement exactly where it stopped; everything it does needs no
input, so a state always rests at a decision, a chance node or the end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.actions import Action
from tabletop.core.chance import Distribution
from tabletop.core.state import CHANCE, TERMINAL, State
from tabletop.games.donkey_kong.actions import DEAL, DRAW, LOSE, STEAL, CardOutcome, PlayCard, Roll, Route

if TYPE_CHECKING:
    from tabletop.games.donkey_kong.game import DonkeyKongGame
    from tabletop.games.donkey_kong.rules import Rules

# stages of the game and of a turn
DEALING, OPENING, WHITE, RED, ROUTE, WALK, FIRE, BARREL, RELEASE, DROP, OVER = range(11)
STAGE_NAMES = ("deal", "open", "white", "red", "route", "walk", "fire", "barrel", "release", "drop", "over")

# what lies on a space: obstacles of one kind never share a space, and a fireball
# destroys any barrel it meets, so one number per space is enough
EMPTY, BARREL_HERE, FIRE_HERE = 0, 1, 2
KIND_NAMES = ("", "barrel", "fireball")


class DonkeyKongState(State):
    """A position: pawns, obstacles, cards, and where the current turn stands."""

    __slots__ = (
        "arm",
        "cur",
        "deck",
        "dot",
        "exact",
        "finisher",
        "hand",
        "hits",
        "met",
        "mkind",
        "mleft",
        "mpos",
        "mslid",
        "n",
        "obs",
        "oil",
        "opening",
        "pawn",
        "played",
        "player",
        "queue",
        "red",
        "rules",
        "stage",
        "turn",
        "white",
    )

    game: DonkeyKongGame

    def __init__(self, game: DonkeyKongGame) -> None:
        super().__init__(game)
        rules = game.rules
        board = rules.board
        n = game.num_players
        self.rules: Rules = rules
        self.n = n
        self.pawn = [board.start] * n  # K-SETUP-1: every pawn on START
        self.obs = [EMPTY] * board.size
        for s in board.black_dots:  # K-SETUP-1: barrels on the black dots, the rest in the arm
            self.obs[s] = BARREL_HERE
        self.arm = rules.barrels - len(board.black_dots)
        self.oil = rules.fireballs  # K-SETUP-1: every fireball waits at the Oil Can
        self.hand = [0] * (n * rules.types)
        self.played = [0] * (n * rules.types)
        self.deck = list(rules.card_counts)
        self.stage = DEALING
        self.cur = 0
        self.turn = 0
        self.white = 0
        self.red = -1
        self.finisher = -1
        self.met: list[int] = []
        self.queue: list[int] = []
        self.mkind = EMPTY
        self.mpos = 0
        self.mleft = 0
        self.mslid = False
        self.hits: list[int] = []
        self.exact = False
        self.dot = False
        self.opening: list[int] = []
        self.player = CHANCE
        if rules.hand_size == 0:
            self._after_deal()
        self.player = self._compute_player()

    # -- small queries -------------------------------------------------------------
    def hand_of(self, seat: int) -> tuple[int, ...]:
        """Face-up card counts of ``seat``, one per card type."""
        t = self.rules.types
        return tuple(self.hand[seat * t : seat * t + t])

    def played_of(self, seat: int) -> tuple[int, ...]:
        """Face-down (played) card counts of ``seat``, one per card type."""
        t = self.rules.types
        return tuple(self.played[seat * t : seat * t + t])

    def score(self, seat: int) -> int:
        """K-END-2: points of the face-down cards, plus the finish bonus once the game is over."""
        t = self.rules.types
        points = self.rules.card_points
        total = sum(c * p for c, p in zip(self.played[seat * t : seat * t + t], points, strict=False))
        if self.stage == OVER and seat == self.finisher:
            total += self.rules.finish_bonus
        return total

    def scores(self) -> list[int]:
        return [self.score(seat) for seat in range(self.n)]

    def barrels_on_board(self) -> int:
        return self.obs.count(BARREL_HERE) + (self.mkind == BARREL_HERE)

    def fireballs_on_board(self) -> int:
        return self.obs.count(FIRE_HERE) + (self.mkind == FIRE_HERE)

    def stage_name(self) -> str:
        return STAGE_NAMES[self.stage]

    def contact_space(self) -> int:
        """The space of the contact waiting to be answered (-1 if none): the mover's, or the first obstacle met."""
        if not self.hits:
            return -1
        return self.mpos if self.mkind else self.met[0]

    def _has_cards(self, cards: list[int], seat: int) -> bool:
        t = self.rules.types
        return any(cards[seat * t : seat * t + t])

    def _compute_player(self) -> int:
        if self.stage == OVER:
            return TERMINAL
        if self.hits:
            seat = self.hits[0]
            return seat if self._has_cards(self.hand, seat) else CHANCE
        if self.stage == ROUTE:
            return self.cur
        return CHANCE

    # -- the State hooks -------------------------------------------------------------
    def current_player(self) -> int:
        return self.player

    def chance_roller(self) -> int | None:
        return self.cur if self.player == CHANCE and self.stage in (WHITE, RED) else None

    def turn_number(self) -> int:
        return self.turn

    def _legal_actions(self) -> tuple[Action, ...]:
        if self.hits:
            return self.rules.play_actions(self.hand_of(self.hits[0]))
        return self._route_choices()

    def _route_choices(self) -> tuple[Route, ...]:
        """One route per distinct outcome: where the pawn stops and which obstacles it meets, in order."""
        routes = self.rules.board.routes(self.pawn[self.cur], self.white)
        obs = self.obs
        seen: set[tuple[int, ...]] = set()
        chosen: list[Route] = []
        for route in routes:
            path = route.path
            key = (path[-1], *[s for s in path if obs[s]])
            if key not in seen:
                seen.add(key)
                chosen.append(route)
        return tuple(chosen)

    def _chance_distribution(self) -> Distribution:
        rules = self.rules
        if self.hits:
            seat = self.hits[0]
            played = self.played_of(seat)
            if any(played):
                return rules.card_distribution(LOSE if seat == self.cur else STEAL, played)
            return rules.card_distribution(DRAW, tuple(self.deck))
        stage = self.stage
        if stage == DEALING:
            return rules.card_distribution(DEAL, tuple(self.deck))
        if stage in (WHITE, OPENING):
            return rules.white_dist
        if stage == RED:
            return rules.red_dist
        return rules.card_distribution(DRAW, tuple(self.deck))  # the red-dot draw

    def _apply(self, action: Action) -> None:
        if self.hits:
            if type(action) is PlayCard:
                self._play_card(action.card)
            else:
                assert isinstance(action, CardOutcome)
                self._penalty(action)
        elif type(action) is Route:
            self._choose_route(action)
        elif type(action) is Roll:
            self._roll(action.face)
        else:
            assert isinstance(action, CardOutcome)
            self._take_card(action.card)
        self._run()

    # -- decisions and outcomes ------------------------------------------------------
    def _roll(self, face: int) -> None:
        stage = self.stage
        if stage == WHITE:
            self.white = face
            self.stage = RED
            self._log("seat {} rolls white {}", self.cur, face)
        elif stage == RED:
            self.red = face
            self.stage = ROUTE
            self._log("seat {} rolls red {}", self.cur, face or "Donkey Kong Rests")
        else:
            self._opening_roll(face)

    def _opening_roll(self, face: int) -> None:
        """K-TURN-1: everyone rolls the white die; the highest starts; tied highest roll again."""
        opening = self.opening
        seat = opening.index(0)
        opening[seat] = face
        self._log("seat {} rolls {} for the first turn", seat, face)
        if 0 in opening:
            return
        top = max(opening)
        tied = [s for s, roll in enumerate(opening) if roll == top]
        if len(tied) == 1:
            self.opening = []
            self._start_turn(tied[0])
        else:
            self.opening = [0 if roll == top else -1 for roll in opening]
            self._log("seats {} tie and roll again", tied)

    def _take_card(self, card: int) -> None:
        """A card from the deck, face up: dealt at the setup, or the red-dot draw (K-CARD-1)."""
        self.deck[card] -= 1
        if self.stage == DEALING:
            seat = self._seat_to_deal()
            self.hand[seat * self.rules.types + card] += 1
            self._log("seat {} is dealt {}", seat, self.rules.card_codes[card])
            if self._seat_to_deal() < 0:
                self._after_deal()
        else:
            self.hand[self.cur * self.rules.types + card] += 1
            self.dot = False
            self._log("seat {} draws {} on a red dot", self.cur, self.rules.card_codes[card])

    def _seat_to_deal(self) -> int:
        size = self.rules.hand_size
        for seat in range(self.n):
            if sum(self.hand_of(seat)) < size:
                return seat
        return -1

    def _after_deal(self) -> None:
        first = self.game.first_player
        if first is None:
            self.stage = OPENING
            self.opening = [0] * self.n
        else:
            self._start_turn(first)

    def _start_turn(self, seat: int) -> None:
        self.cur = seat
        self.turn += 1
        self.stage = WHITE
        self.white = 0
        self.red = -1

    def _choose_route(self, route: Route) -> None:
        """K-PAWN-1/2: the pawn makes its whole move; then it draws on a red dot, then answers each contact (R-K22)."""
        board = self.rules.board
        path = route.path
        dest = path[-1]
        self.pawn[self.cur] = dest
        self._log("seat {} moves to {}", self.cur, board.names[dest])
        if dest == board.finish:
            self.finisher = self.cur  # K-END-1: the turn still finishes
            self._log("seat {} reaches the Finish", self.cur)
        obs = self.obs
        self.met = [s for s in path if obs[s]]  # K-CARD-2: every obstacle moved into or through, in order
        self.dot = len(path) == self.white and board.red_dot[dest]  # K-CARD-1: exact count only
        self.stage = WALK

    def _play_card(self, card: int) -> None:
        """K-CARD-2..4: the card goes face down; a Hammer destroys the obstacle, a Jump lets it be."""
        rules = self.rules
        seat = self.hits[0]
        i = seat * rules.types + card
        self.hand[i] -= 1
        self.played[i] += 1
        hammer = rules.card_is_hammer[card]
        if self.stage == WALK:
            at = self.met[0]
            kind = self.obs[at]
            if hammer:
                self.obs[at] = EMPTY
                self._destroyed(kind)
            where = rules.board.names[at]
            self._log("seat {} plays {} on the {} at {}", seat, rules.card_codes[card], KIND_NAMES[kind], where)
            self._contact_answered()
            return
        kind = self.mkind
        where = rules.board.names[self.mpos]
        self._log("seat {} plays {} on the {} at {}", seat, rules.card_codes[card], KIND_NAMES[kind], where)
        if hammer:
            self.mkind = EMPTY
            self._destroyed(kind)
            self.hits.clear()
            return
        if self.exact:  # K-CARD-3: jumped after landing by exact count: one space further
            self.mleft = 1
            self.exact = False
        self.hits.pop(0)

    def _contact_answered(self) -> int:
        """The first seat in contact is done; a walking pawn's contact also leaves the obstacles it met."""
        if self.stage == WALK:
            self.met.pop(0)
        return self.hits.pop(0)

    def _destroyed(self, kind: int) -> None:
        """K-CARD-4: a barrel goes back into the arm, a fireball back to the Oil Can."""
        if kind == BARREL_HERE:
            self.arm += 1
        else:
            self.oil += 1

    def _penalty(self, action: CardOutcome) -> None:
        """K-CARD-5/6/7: no face-up card at a contact."""
        rules = self.rules
        seat = self._contact_answered()
        t = rules.types
        if action.verb == LOSE:
            self.played[seat * t + action.card] -= 1
            self.deck[action.card] += 1  # R-K8: a returned card is shuffled into the deck
            self._log("seat {} returns {} to the deck", seat, action.code)
        elif action.verb == STEAL:
            self.played[seat * t + action.card] -= 1
            self.hand[self.cur * t + action.card] += 1
            self._log("seat {} steals {} from seat {}", self.cur, action.code, seat)
        else:
            self.deck[action.card] -= 1
            self.hand[self.cur * t + action.card] += 1
            self._log("seat {} draws {} as seat {} has no cards", self.cur, action.code, seat)

    # -- the engine: everything that needs no input -----------------------------------
    def _needs_input(self, seat: int) -> bool:
        return (
            self._has_cards(self.hand, seat)
            or self._has_cards(self.played, seat)
            or (seat != self.cur and any(self.deck))
        )

    def _run(self) -> None:
        while True:
            hits = self.hits
            if hits:
                if self._needs_input(hits[0]):
                    break
                self._contact_answered()  # K-CARD-7 (and R-K8: an empty deck gives nothing)
                continue
            stage = self.stage
            if stage == WALK:
                if self.dot:  # R-K22: the red-dot card first, then the contacts
                    if any(self.deck):
                        break
                    self.dot = False  # R-K8: an empty deck gives nothing
                    continue
                if self.met:  # the contact with the first obstacle met still to answer
                    self.hits = [self.cur]
                    self.exact = False
                    continue
                self._begin_fireballs()
                continue
            if stage in (FIRE, BARREL, DROP):
                if self.mkind:
                    self._tick()
                    continue
                if stage == DROP:
                    self._end_turn()
                    break
                if self.queue:
                    s = self.queue.pop(0)
                    kind = FIRE_HERE if stage == FIRE else BARREL_HERE
                    if self.obs[s] == kind:  # it may have been destroyed meanwhile
                        self.obs[s] = EMPTY
                        self.mkind, self.mpos, self.mleft, self.mslid = kind, s, self.red, False
                    continue
                if stage == FIRE:
                    self._begin_barrels()
                else:
                    self.stage = RELEASE
                continue
            if stage == RELEASE:
                self._release_barrel()
                continue
            break
        self.player = self._compute_player()

    def _begin_fireballs(self) -> None:
        """K-OBS-1/8: on a rest roll nothing moves; else fireballs move, highest first (R-K5)."""
        if self.red == 0:
            self.stage = RELEASE
            return
        self.stage = FIRE
        index = self.rules.board.chain_index
        self.queue = sorted((s for s, o in enumerate(self.obs) if o == FIRE_HERE), key=index.__getitem__)

    def _begin_barrels(self) -> None:
        """K-OBS-8: then barrels, lowest (furthest along) first (R-K5)."""
        self.stage = BARREL
        index = self.rules.board.chain_index
        barrels = (s for s, o in enumerate(self.obs) if o == BARREL_HERE)
        self.queue = sorted(barrels, key=index.__getitem__, reverse=True)

    def _release_barrel(self) -> None:
        """K-OBS-10 (R-K6): Donkey Kong drops a barrel on the drop space, even on a rest roll."""
        self.stage = DROP
        if self.arm:
            self.arm -= 1
            board = self.rules.board
            self.mkind, self.mleft, self.mslid = BARREL_HERE, 0, True
            self._log("Donkey Kong releases a barrel")
            self._arrive(board.drop)

    def _end_turn(self) -> None:
        if self.finisher >= 0:
            self.stage = OVER  # K-END-1: the bonus counts from now on
            self._log("the game is over")
            return
        self._start_turn((self.cur + 1) % self.n)  # K-TURN-1: play passes to the left

    def _tick(self) -> None:
        """One step of the mover: a space along its way, a ladder space, or settling where it landed."""
        board = self.rules.board
        kind, pos = self.mkind, self.mpos
        if kind == FIRE_HERE and pos == board.dk_front:  # K-OBS-9
            self.mkind = EMPTY
            self.oil += 1
            self._log("a fireball reaches Donkey Kong and returns to the Oil Can")
            return
        if board.ladder_of[pos] >= 0:  # sliding: rungs cost nothing (R-K4)
            self._arrive((board.rung_up if kind == FIRE_HERE else board.rung_down)[pos])
            return
        if self.mleft > 0:  # K-OBS-1/2/3: along the girder, off its edge down or up the broken line
            # Spaces with nothing on them are passed in one go; the obstacle stops at the first
            # space where something may happen (an obstacle, a pawn, the Oil Can or Donkey Kong).
            nxt = board.next_fire if kind == FIRE_HERE else board.next_barrel
            obs, pawn, special = self.obs, self.pawn, board.special
            left = self.mleft
            while True:
                left -= 1
                pos = nxt[pos]
                if not left or obs[pos] or special[pos] or pos in pawn:
                    break
            self.mleft = left
            self.mslid = False
            self._arrive(pos)
            return
        if not self.mslid:  # landed by exact count
            line = (board.slide_up if kind == FIRE_HERE else board.slide_down)[pos]
            if line and (kind == FIRE_HERE or not self._pawn_on(line[:-1])):  # K-OBS-4/5
                self.mslid = True
                self._arrive(line[0])
                return
        if self.obs[pos] == kind:  # K-OBS-6: on to the next open space
            self.mleft = 1
            return
        self.obs[pos] = kind
        self.mkind = EMPTY

    def _pawn_on(self, spaces: tuple[int, ...]) -> bool:
        return any(p in spaces for p in self.pawn)

    def _arrive(self, s: int) -> None:
        """The mover enters space ``s``: the Oil Can, another obstacle, pawns."""
        self.mpos = s
        board = self.rules.board
        obs = self.obs
        if self.mkind == BARREL_HERE:
            if s == board.oil:  # K-OBS-9: into the arm; a fireball is released with the rest of the count
                self.arm += 1
                self.mkind = EMPTY
                if self.oil:
                    self.oil -= 1
                    self.mkind, self.mslid = FIRE_HERE, False
                    self._log("a barrel reaches the Oil Can and a fireball is released")
                return
            if obs[s] == FIRE_HERE:  # K-OBS-7
                self.arm += 1
                self.mkind = EMPTY
                self._log("a barrel meets a fireball at {} and is destroyed", board.names[s])
                return
        elif obs[s] == BARREL_HERE:  # K-OBS-7
            obs[s] = EMPTY
            self.arm += 1
            self._log("a fireball destroys a barrel at {}", board.names[s])
        if s in self.pawn:  # K-CARD-2: every pawn here, from the player whose turn it is leftwards
            n, cur, pawn = self.n, self.cur, self.pawn
            self.hits = [(cur + k) % n for k in range(n) if pawn[(cur + k) % n] == s]
            self.exact = self.mleft == 0 and board.ladder_of[s] < 0

    # -- results -------------------------------------------------------------------------
    def winners(self) -> tuple[int, ...]:
        if self.stage != OVER:
            return ()
        scores = self.scores()
        top = max(scores)
        return tuple(seat for seat, score in enumerate(scores) if score == top)  # R-K9

    def returns(self) -> list[float]:
        """Scores scaled to [-1, 1]: +1 for the top score, -1 for the lowest; all 0 if everyone ties."""
        if self.stage != OVER:
            return [0.0] * self.n
        scores = self.scores()
        low, high = min(scores), max(scores)
        if high == low:
            return [0.0] * self.n
        return [2.0 * (s - low) / (high - low) - 1.0 for s in scores]

    def metrics(self) -> dict[str, float]:
        figures: dict[str, float] = {f"score[{seat}]": float(s) for seat, s in enumerate(self.scores())}
        figures["turns"] = float(self.turn)
        if self.stage == OVER:
            figures["rate:finisher_not_top"] = 0.0 if self.finisher in self.winners() else 1.0
        return figures

    # -- copying and text --------------------------------------------------------------------
    def _copy_into(self, other: State) -> None:
        assert isinstance(other, DonkeyKongState)
        other.rules = self.rules
        other.n = self.n
        other.pawn = self.pawn.copy()
        other.obs = self.obs.copy()
        other.hand = self.hand.copy()
        other.played = self.played.copy()
        other.deck = self.deck.copy()
        other.arm = self.arm
        other.oil = self.oil
        other.stage = self.stage
        other.cur = self.cur
        other.turn = self.turn
        other.white = self.white
        other.red = self.red
        other.finisher = self.finisher
        other.met = self.met.copy()
        other.queue = self.queue.copy()
        other.mkind = self.mkind
        other.mpos = self.mpos
        other.mleft = self.mleft
        other.mslid = self.mslid
        other.hits = self.hits.copy()
        other.exact = self.exact
        other.dot = self.dot
        other.opening = self.opening.copy()
        other.player = self.player

    def to_text(self) -> str:
        from tabletop.games.donkey_kong.notation import write_position

        return write_position(self)

    def to_dict(self) -> dict[str, Any]:
        board = self.rules.board
        return {
            "text": self.to_text(),
            "stage": self.stage_name(),
            "turn": self.turn,
            "seat": self.cur,
            "pawns": [board.names[p] for p in self.pawn],
            "barrels": [board.names[s] for s, o in enumerate(self.obs) if o == BARREL_HERE],
            "fireballs": [board.names[s] for s, o in enumerate(self.obs) if o == FIRE_HERE],
            "barrels_in_arm": self.arm,
            "fireballs_at_oil_can": self.oil,
            "scores": self.scores(),
            "finisher": None if self.finisher < 0 else self.finisher,
        }

    def __str__(self) -> str:
        board = self.rules.board
        codes = self.rules.card_codes
        lines = [f"Donkey Kong, turn {self.turn}, seat {self.cur} to play ({self.stage_name()})"]
        for seat in range(self.n):
            up = " ".join(f"{codes[t]}x{c}" for t, c in enumerate(self.hand_of(seat)) if c) or "-"
            lines.append(f"  seat {seat}: at {board.names[self.pawn[seat]]}, score {self.score(seat)}, face up {up}")
        barrels = ", ".join(board.names[s] for s, o in enumerate(self.obs) if o == BARREL_HERE) or "-"
        fires = ", ".join(board.names[s] for s, o in enumerate(self.obs) if o == FIRE_HERE) or "-"
        lines.append(f"  barrels: {barrels} (arm {self.arm}); fireballs: {fires} (Oil Can {self.oil})")
        return "\n".join(lines)

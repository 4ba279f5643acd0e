"""The fast twin of :mod:`~tabletop.games.jumanji.state`: a whole game by random players, on plain ints and lists.

The analysis plays Jumanji by the million with random players (``tabletop compare``,
``benchmarks/speed/workbench.py million``). :class:`RandomPlayout` plays such a game in one
function: the position is a few local integers and lists, a turn is straight-line code
instead of a phase machine, nothing is logged, no action object is made, no legality is
checked. It is the same game, not a model of it:

* the same random streams, drawn in the same order, taken from the driver
  (:class:`~tabletop.core.play.Streams`): the game's chance stream for every chance node, one
  ``random()`` each, turned into the outcome by the rules of :mod:`tabletop.core.chance`
  (:func:`~tabletop.core.chance.uniform_index` for the number die, the draw pile and the
  tie-break; the rescue roll's :meth:`Distribution.pick <tabletop.core.chance.Distribution.pick>`);
  and each seat's own stream for its rhino decision, chosen as
  :func:`~tabletop.core.play.random_decision` chooses (``uniform_index`` again);
* the same rules, clause by clause (the comments name them), on the same outcome orders,
  with every number from the game: its data file's board, deck, dice and grid, and its
  options (players, first player, Challenge cards, rescue rolls, turn limit);
* the same figures: the counts of a traced game and ``JumanjiState.metrics()``.

So for every seed it plays exactly the game that ``core.play.run`` plays with random agents.
The proof is differential: with ``trace`` it reports every action as a
:class:`~tabletop.core.twins.TraceStep` (the position before it, as a ``JumanjiState``, and the
legal actions or chance outcomes there), ``JumanjiGame.twins()`` pairs it with the readable
rules, and the differential harness (:mod:`tabletop.testing.differential`:
``tests/games/jumanji/test_jumanji_playout.py``, and ``benchmarks/equivalence/equivalence.py
--game jumanji`` over 10^5 games) requires the same position, options and action at every step
as the readable rules played with the seed, and the same summary.

It does not cover boards with shared spaces (crossings, ruling R-J11): there
:meth:`JumanjiGame.random_playout` gives ``None`` and the readable rules play.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import getitem
from typing import TYPE_CHECKING, cast

from tabletop.core.chance import uniform_index
from tabletop.core.play import PlayoutSummary, Streams
from tabletop.core.state import State
from tabletop.core.twins import Trace, TraceStep
from tabletop.games.jumanji import state as st
from tabletop.games.jumanji.actions import DRAWS, FAILED, FIRST, NO_RHINO, RHINO, ROLLS, SAVED, Rescue, Roll
from tabletop.games.jumanji.data import BLANK, JUNGLE, START, WAIT
from tabletop.games.jumanji.state import JumanjiState

if TYPE_CHECKING:
    from tabletop.games.jumanji.game import JumanjiGame


DANGER = (BLANK, JUNGLE)  # the spaces whose directions are a danger card


class RandomPlayout:
    """Plays whole games of one :class:`JumanjiGame` with a random player in every seat.

    ``playout(seed)`` is the game's :class:`~tabletop.core.play.PlayoutSummary`;
    ``playout.play(seed, trace)`` also reports every step to ``trace``.
    """

    def __init__(self, game: JumanjiGame) -> None:
        board = game.board
        if board.shared:
            raise ValueError("the fast playout does not cover boards with shared spaces (R-J11)")
        if [cast(Rescue, outcome).saved for outcome in game.rescue.outcomes] != [True, False]:
            raise ValueError("the fast playout reads a rescue roll's outcome 0 as saved, 1 as failed")
        self.game = game
        self.n = game.num_players
        self.first_player = game.first_player
        self.challenge_cards = game.challenge_cards
        self.turn_limit = game.turn_limit
        initial = game.new_initial_state()
        if type(initial).chance_stream is not State.chance_stream:
            raise ValueError("the fast playout draws every chance node from the one default stream")
        self.chance_name = initial.chance_stream()
        # the number die: a uniform distribution (uniform_index picks its outcome)
        self.faces = tuple(cast(Roll, roll).n for roll in game.d8.outcomes)
        self.stop_faces = board.stop_faces
        #: a rescue roll: its outcome's index, 0 saved or 1 failed, for the uniform number drawn
        self.rescue_pick = game.rescue.picker()
        self.kinds = board.kinds[: self.n]
        self.centre = board.centre[: self.n]
        self.numbers = board.card_numbers
        self.deck = tuple(range(len(board.card_numbers)))
        self.places = board.grid_places
        # who rolls to rescue, in order, on a Blank and a Jungle space of each seat: the others from the left
        # (J-BLANK-1), or everyone from the current player (J-JUNGLE-1); the pawns move in the same order (R-J7)
        n = self.n
        self.rescuers = tuple(
            (tuple((cur + k) % n for k in range(1, n)), tuple((cur + k) % n for k in range(n))) for cur in range(n)
        )
        # standings (JumanjiState.standings): shares[seat][place] is place / centre, the same division
        self.shares = tuple(tuple(place / centre for place in range(centre + 1)) for centre in self.centre)
        #: on a board whose paths are equally long every seat's standing is one scale of its place
        self.one_scale = len(set(self.centre)) == 1

    def __call__(self, seed: int) -> PlayoutSummary:
        return self.play(seed)

    def play(self, seed: int, trace: Trace | None = None) -> PlayoutSummary:
        """Play the game of ``seed``; with ``trace``, report each action as a :class:`~tabletop.core.twins.TraceStep`.

        One function on purpose: the position lives in local variables, the fastest a
        Python function can reach. The sections follow the phases of ``JumanjiState``;
        the ``trace`` branches only report, they change nothing.
        """
        n = self.n
        faces = self.faces
        nfaces = len(faces)
        kinds = self.kinds
        centre = self.centre
        numbers = self.numbers
        places = self.places
        rescue_pick = self.rescue_pick
        stop_faces = self.stop_faces
        turn_limit = self.turn_limit
        rescuers = self.rescuers
        streams = Streams(seed)  # the driver's streams: each made when first used, as in a traced game
        rand = streams.stream(self.chance_name).random
        seat_rand: list[Callable[[], float] | None] = [None] * n  # each seat's stream, once it decides

        pos = [0] * n  # J-SETUP-1
        rhino = -1
        grid: list[int] = []
        pile = list(self.deck)  # kept in increasing order, as the state's draw pile
        discard: list[int] = []
        cur = self.first_player  # J-TURN-1
        turn = 1
        attempts = failures = rolls = misses = waits = ties = 0
        decisions = choices = choice_turns = legal_sum = 0
        winner = -1
        end = st.LIMIT
        at_turns = [tuple(pos)]  # every pawn's place at the start of each turn: the standings
        at_turn = at_turns.append

        for left in range(self.challenge_cards, 0, -1):  # J-SETUP-2, R-J18
            index = uniform_index(rand(), len(pile))
            if trace is not None:
                here = self._position(st.SETUP, pos, rhino, grid, discard, pile, cur, turn, (0, 0, 0, 0), 0, actor=left)
                trace(TraceStep(here, tuple(DRAWS[c] for c in pile), DRAWS[pile[index]]))
            grid.append(pile.pop(index))

        while True:
            # -- the turn's roll (J-TURN-2, J-RHINO-3) ----------------------------------------------
            roll = faces[uniform_index(rand(), nfaces)]
            if trace is not None:
                here = self._position(st.ROLL, pos, rhino, grid, discard, pile, cur, turn,
                                      (attempts, failures, rolls, misses), waits)
                trace(TraceStep(here, tuple(ROLLS[f] for f in faces), ROLLS[roll]))
            if rhino != cur or not roll & 1:
                if rhino == cur:
                    rhino = -1  # an even roll sends the rhino home, and the pawn moves
                target = pos[cur] + roll
                if target < centre[cur]:  # J-TURN-2
                    pos[cur] = target
                elif target == centre[cur]:  # J-WIN-1
                    pos[cur] = target
                    winner = cur
                    end = st.WON
                    break
                # else J-WIN-2, R-J15: too many, the pawn stays
            kind = kinds[cur][pos[cur]]

            # -- the space's directions (J-TURN-3, J-TURN-4) ----------------------------------------
            if kind in DANGER:  # J-BLANK-1, J-JUNGLE-1: danger cards until one is settled
                jungle = kind == JUNGLE
                seats = rescuers[cur][jungle]
                while True:
                    index = uniform_index(rand(), len(pile))
                    if trace is not None:
                        here = self._position(st.DRAW, pos, rhino, grid, discard, pile, cur, turn,
                                              (attempts, failures, rolls, misses), waits, jungle=jungle)
                        trace(TraceStep(here, tuple(DRAWS[c] for c in pile), DRAWS[pile[index]]))
                    card = pile.pop(index)
                    if not pile:  # R-J5: the discard pile becomes the draw pile
                        pile.extend(sorted(discard))
                        discard.clear()
                    attempts += 1
                    failed = False
                    for actor in seats:  # J-RESCUE-1, R-J14: every rescuer rolls
                        missed = rescue_pick(rand())
                        if trace is not None:
                            here = self._position(st.RESCUE, pos, rhino, grid, discard, pile, cur, turn,
                                                  (attempts, failures, rolls, misses), waits,
                                                  jungle=jungle, card=card, actor=actor, failed=failed)
                            trace(TraceStep(here, (SAVED, FAILED), FAILED if missed else SAVED))
                        rolls += 1
                        if missed:
                            misses += 1
                            failed = True
                    if not failed:
                        break
                    failures += 1
                    grid.append(card)  # J-BLANK-3, J-JUNGLE-3, R-J2
                    if not jungle or len(grid) >= places:
                        break
                    # J-JUNGLE-3: the card failed, draw again and all roll again
                if failed:
                    if len(grid) >= places:  # J-GRID-1, R-J10
                        end = st.LOST
                        break
                    target = pos[cur] - numbers[card]  # J-BLANK-3: back, never past START
                    pos[cur] = target if target > 0 else 0
                else:
                    discard.append(card)
                    number = numbers[card]
                    reached = []
                    for seat in seats:  # J-BLANK-2, J-JUNGLE-2, R-J7: one by one clockwise
                        if rhino == seat:  # R-J3: a blocked pawn cannot move forward
                            continue
                        target = pos[seat] + number
                        if target < centre[seat]:
                            pos[seat] = target
                        elif target == centre[seat]:
                            pos[seat] = target
                            reached.append(seat)
                    if reached:
                        winner = reached[0]
                        if len(reached) > 1:  # R-J8: who called JUMANJI first
                            reached.sort()
                            winner = reached[uniform_index(rand(), len(reached))]
                            ties = 1
                            if trace is not None:
                                here = self._position(st.TIE, pos, rhino, grid, discard, pile, cur, turn,
                                                      (attempts, failures, rolls, misses), waits, tied=reached)
                                trace(TraceStep(here, tuple(FIRST[s] for s in reached), FIRST[winner]))
                        end = st.WON
                        break
            elif kind == WAIT:  # J-WAIT-1: the player to the left rolls; J-WAIT-2, R-J9
                actor = (cur + 1) % n
                while True:
                    roll = faces[uniform_index(rand(), nfaces)]
                    if trace is not None:
                        here = self._position(st.WAITING, pos, rhino, grid, discard, pile, cur, turn,
                                              (attempts, failures, rolls, misses), waits, actor=actor)
                        trace(TraceStep(here, tuple(ROLLS[f] for f in faces), ROLLS[roll]))
                    waits += 1
                    if roll in stop_faces:
                        break
                    pos[cur] -= 1  # J-WAIT-2: sucked back one space (the pawn is past START here)
                    if pos[cur] == 0:  # J-WAIT-3
                        break
                    actor = (actor + 1) % n
                    if actor == cur:  # you never roll yourself
                        actor = (actor + 1) % n
            elif kind != START:  # a Rhino space: J-RHINO-1, R-J4, R-J12, R-J16, R-J19
                free = [seat for seat in range(n) if seat != rhino and pos[seat] + 1 < centre[seat]]
                legal = len(free) + 1  # "no rhino" first, then each seat's pawn in seat order
                draw = seat_rand[cur]
                if draw is None:
                    draw = seat_rand[cur] = streams.seat(cur).random
                pick = uniform_index(draw(), legal)  # random_decision
                if trace is not None:
                    here = self._position(st.RHINO_CHOICE, pos, rhino, grid, discard, pile, cur, turn,
                                          (attempts, failures, rolls, misses), waits)
                    options = (NO_RHINO, *(RHINO[seat] for seat in free))
                    trace(TraceStep(here, options, options[pick]))
                decisions += 1
                legal_sum += legal
                if legal > 1:
                    choices += 1
                    choice_turns += 1  # a turn holds at most one rhino decision
                if pick:
                    rhino = free[pick - 1]

            # -- the turn ends (J-TURN-1, R-J21) ----------------------------------------------------
            if turn >= turn_limit:
                break
            cur = (cur + 1) % n
            turn += 1
            at_turn(tuple(pos))

        at_turn(tuple(pos))
        if trace is not None:
            here = self._position(end, pos, rhino, grid, discard, pile, cur, turn,
                                  (attempts, failures, rolls, misses), waits, winner=winner)
            trace(TraceStep(here, (), None))
        chance = self.challenge_cards + turn + attempts + rolls + waits + ties  # every turn begins with a roll
        figures = {  # JumanjiState.metrics()
            "rate:all_lose": 1.0 if end == st.LOST else 0.0,
            "turns": float(turn),
            "grid_cards": float(len(grid)),
            "rescues_attempted": float(attempts),
            "rescues_failed": float(failures),
            "rescue_rolls": float(rolls),
            "rescue_rolls_failed": float(misses),
            "wait_rolls": float(waits),
        }
        return PlayoutSummary(
            winners=(winner,) if end == st.WON else (),
            first=self.first_player,  # the first chance node with a roller is the first turn's roll
            turns=turn,
            actions=chance + decisions,
            decisions=decisions,
            choices=choices,
            choice_turns=choice_turns,
            legal_sum=legal_sum,
            chance=chance,
            figures=figures,
            standings=None if self.one_scale else [list(map(getitem, self.shares, at)) for at in at_turns],
            places=at_turns if self.one_scale else None,
            scale=self.shares[0],
        )

    def _position(
        self,
        phase: int,
        pos: list[int],
        rhino: int,
        grid: list[int],
        discard: list[int],
        pile: list[int],
        cur: int,
        turn: int,
        tally: tuple[int, int, int, int],
        waits: int,
        *,
        jungle: bool = False,
        card: int = -1,
        actor: int = 0,
        failed: bool = False,
        tied: list[int] | None = None,
        winner: int = -1,
    ) -> JumanjiState:
        """The playout's position as a ``JumanjiState`` (for a trace; copies every list)."""
        state = JumanjiState(self.game)
        state.phase = phase
        state.pos = pos.copy()
        state.rhino = rhino
        state.grid = grid.copy()
        state.discard = discard.copy()
        state.pile = pile.copy()
        state.cur = cur
        state.turn = turn
        state.tally = list(tally)
        state.waits = waits
        state.kind = st.JUNGLE_KIND if jungle else st.BLANK_KIND
        state.card = card
        state.actor = actor
        state.failed = failed
        state.tied = tuple(tied or ())
        state.winner = winner
        return state

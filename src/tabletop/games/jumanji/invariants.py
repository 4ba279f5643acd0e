"""What every Jumanji position satisfies: the checks a position read from text must pass.

``state_from_text`` accepts only positions the rules can reach and continue from, so a
text that breaks one of these is refused with a :class:`NotationError` naming the field:

* pieces: pawns on their own paths, never two on one space (J-MOVE-1), a pawn on the
  centre only when the game is over (J-WIN-3), the rhino never on the centre (R-J4);
* cards: each of the deck's cards in exactly one place (grid, discard pile, in play or the
  draw pile), and the draw pile never empty (R-J5 turns the discard pile into the new draw
  pile the moment the last card is drawn, and the deck is larger than the grid, so a
  position with an empty draw pile never arises; ruling R-J20);
* the grid: at least the Challenge cards dealt onto it, fewer cards than its places unless
  the jungle has won (J-GRID-1), and the cards sent there by failed rescues counted;
* the phase: each needs the current pawn on the right kind of space and the right actor;
* counters: the seat is the one whose turn it is (``first_player`` + turn − 1, clockwise,
  J-TURN-1); the tallies agree with each other and with the grid and discard pile; and
  together they count no more actions than a game can take (``max_game_length``, see
  :func:`actions_taken`), so any game continued within that length writes positions that
  read back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.errors import NotationError
from tabletop.games.jumanji import state as st
from tabletop.games.jumanji.data import BLANK, JUNGLE, RHINO

if TYPE_CHECKING:
    from tabletop.games.jumanji.state import JumanjiState


def _refuse(field: str, problem: str) -> NotationError:
    return NotationError(f"jumanji notation: {field}: {problem}")


def check(s: JumanjiState) -> None:
    """Raise :class:`NotationError` unless ``s`` is a position a game of ``s.game`` can reach."""
    _pieces(s)
    _cards(s)
    _phase(s)
    _counters(s)


def _pieces(s: JumanjiState) -> None:
    board = s.game.board
    at_centre = tuple(i for i in range(s.n) if s.pos[i] == board.centre[i])
    if s.phase == st.WON and s.winner not in at_centre:
        raise _refuse("phase", "the winner's pawn must be on the centre")
    if s.phase == st.TIE and s.tied != at_centre:
        raise _refuse("phase", "the tied seats must be exactly the pawns on the centre")
    if s.phase not in (st.WON, st.TIE) and at_centre:
        raise _refuse("pawns", "a pawn on the centre ends the game (J-WIN-3)")
    if s.rhino >= 0 and s.pos[s.rhino] + 1 >= board.centre[s.rhino]:
        raise _refuse("rhino", "the rhino can never stand on the centre (R-J4)")
    if board.shared:
        spaces = [board.space_ids[i][s.pos[i]] for i in range(s.n) if i not in at_centre]
        if len(set(spaces)) != len(spaces):
            raise _refuse("pawns", "two pawns share a space (J-MOVE-1)")


def _cards(s: JumanjiState) -> None:
    game = s.game
    places = game.board.grid_places
    if not s.pile:
        raise _refuse(
            "discard",
            f"no card is left in the draw pile, yet {len(s.discard)} are in the discard pile: R-J5 makes the "
            "discard pile the new draw pile as soon as the last card is drawn, so the draw pile is never empty (R-J20)",
        )
    if s.phase == st.LOST:
        if len(s.grid) != places:
            raise _refuse("grid", f"the jungle wins only with all {places} grid places full")
    elif len(s.grid) >= places:
        raise _refuse("grid", f"a full grid ({places} places) means the game is lost (J-GRID-1)")
    if s.phase == st.SETUP:
        if len(s.grid) + s.actor != game.challenge_cards:
            raise _refuse(
                "phase",
                f"this Challenge Game deals {game.challenge_cards} cards onto the grid, not {len(s.grid)} + {s.actor}",
            )
    elif len(s.grid) < game.challenge_cards:
        raise _refuse("grid", f"this Challenge Game dealt {game.challenge_cards} cards onto the grid before the start")


def _phase(s: JumanjiState) -> None:
    board = s.game.board
    here = board.kinds[s.cur][s.pos[s.cur]]
    if s.phase == st.RHINO_CHOICE and here != RHINO:
        raise _refuse("phase", "the rhino decision needs the current pawn on a Rhino space")
    if s.phase in (st.DRAW, st.RESCUE) and here != (JUNGLE if s.kind == st.JUNGLE_KIND else BLANK):
        raise _refuse("phase", "a draw or rescue needs the current pawn on a space of that kind")
    if s.phase == st.WAITING and s.pos[s.cur] == 0:
        raise _refuse("phase", "a pawn on START is never sucked back (J-WAIT-3)")
    if s.phase == st.RESCUE and _rolled_for_card(s) == 0 and s.failed:
        raise _refuse("phase", "nobody has rolled for this card yet, so nobody has failed it")
    if s.phase == st.TIE and not s.discard:
        raise _refuse("discard", "pawns reach the centre together only on a rescued card, which is then discarded")
    if s.phase == st.SETUP and (
        any(s.pos) or s.rhino >= 0 or s.discard or s.turn != 1 or any(s.tally) or s.cur != s.game.first_player
    ):
        raise _refuse("phase", "Challenge cards are dealt before anything else happens (J-SETUP-2)")


def _rolled_for_card(s: JumanjiState) -> int:
    """How many rescuers have rolled for the card in play (R-J14: in order, from the first rescuer)."""
    first = s.cur if s.kind == st.JUNGLE_KIND else (s.cur + 1) % s.n
    return (s.actor - first) % s.n


def _counters(s: JumanjiState) -> None:
    game = s.game
    n = s.n
    if s.cur != (game.first_player + s.turn - 1) % n:
        raise _refuse(
            "seat",
            f"turn {s.turn} of a game that seat {game.first_player} began is seat "
            f"{(game.first_player + s.turn - 1) % n}'s (J-TURN-1), not seat {s.cur}'s",
        )
    attempts, failures, rolls, misses = s.tally
    setup = s.phase == st.SETUP
    if not setup and failures != len(s.grid) - game.challenge_cards:
        raise _refuse(
            "tally",
            f"{failures} failed rescues, but {len(s.grid) - game.challenge_cards} cards on the grid came from them",
        )
    rescuing = s.phase == st.RESCUE
    if rescuing and attempts < 1:
        raise _refuse("tally", "the card in play is a danger card faced")
    done = attempts - 1 if rescuing else attempts  # cards whose rescue is over
    rolled = _rolled_for_card(s) if rescuing else 0
    failed_now = 1 if rescuing and s.failed else 0
    # a turn ends with its one rescued card, unless pawns reached the centre on it
    turns_with_a_rescue = s.turn - (0 if s.phase in (st.TIE, st.WON) else 1)
    problems = [
        (failures <= done, "more failed rescues than danger cards faced"),
        (len(s.discard) <= done - failures, "more cards in the discard pile than rescues that succeeded"),
        (done - failures <= turns_with_a_rescue, "more rescued cards than turns that ended with one"),
        ((n - 1) * done + rolled <= rolls <= n * done + rolled, "rescue rolls that do not fit the cards faced"),
        (failures + failed_now <= misses, "fewer rolls out of time than failed rescues"),
        (misses <= n * failures + (rolled if failed_now else 0), "rolls out of time that no failed rescue had"),
    ]
    for holds, problem in problems:
        if not holds:
            raise _refuse("tally", f"{problem} ({','.join(map(str, s.tally))} at turn {s.turn})")
    if actions_taken(s) > game.max_game_length():
        raise _refuse(
            "turn",
            f"turn {s.turn} with {attempts} cards and {rolls} rescue rolls takes more actions "
            f"than a game of at most {game.max_game_length()}",
        )


def actions_taken(s: JumanjiState) -> int:
    """The fewest actions that lead to ``s``: a roll for every turn begun, a draw for every card
    faced, one action for every rescue roll. No action adds more than one to it, so a position
    within the declared game length, continued within it, stays within it."""
    rolled_this_turn = 0 if s.phase in (st.ROLL, st.SETUP) else 1
    return s.turn - 1 + rolled_this_turn + s.tally[0] + s.tally[2]

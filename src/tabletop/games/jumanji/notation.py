"""Jumanji position notation: one line of ``key=value`` fields, always in this order.

``pawns=3,0,12,5 rhino=2 grid=4,17 discard=1,9 card=- seat=2 turn=7 phase=roll tally=4,2,13,3``

* ``pawns``: each seat's place on its own colour path: 0 is START, 1..L the path's
  spaces, L+1 the gameboard centre.
* ``rhino``: the seat whose pawn the rhino blocks (it stands on the space just ahead
  of that pawn), or ``-`` when it is on its home base.
* ``grid``: the danger cards on the Doomsday Grid, in placing order (``-``: none).
* ``discard``: the face-up discard pile, in increasing order (``-``: none). The draw
  pile is every other card; its order is hidden and never written.
* ``card``: the danger card in play (only during a rescue), else ``-``.
* ``seat``: whose turn it is; ``turn``: the turn number (1 for the first turn).
* ``phase``: what happens next: ``setup:K`` (K Challenge cards still to deal onto the
  grid), ``roll``, ``draw:blank`` / ``draw:jungle``, ``rescue:KIND:S:ok`` or
  ``rescue:KIND:S:fail`` (seat S rolls next; ``fail`` once someone has failed),
  ``wait:S`` (seat S rolls for a Wait for 5 or 8), ``rhino`` (the current seat
  decides), ``tie:A,B`` (who called JUMANJI first), ``won:S``, ``lost`` (the jungle won).
* ``tally``: danger cards faced, cards sent to the grid by failed rescues,
  rescue rolls, rescue rolls that ran out of time (figures for statistics).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.errors import NotationError
from tabletop.core.notation import parse_int
from tabletop.games.jumanji import state as st
from tabletop.games.jumanji.invariants import check

if TYPE_CHECKING:
    from tabletop.games.jumanji.game import JumanjiGame
    from tabletop.games.jumanji.state import JumanjiState

KEYS = ("pawns", "rhino", "grid", "discard", "card", "seat", "turn", "phase", "tally")
_KIND_NAME = {st.BLANK_KIND: "blank", st.JUNGLE_KIND: "jungle"}
_KIND = {v: k for k, v in _KIND_NAME.items()}


def _cards(cards: list[int] | tuple[int, ...]) -> str:
    return ",".join(str(c + 1) for c in cards) if cards else "-"


def write(s: JumanjiState) -> str:
    """The notation of a position."""
    phase = s.phase
    if phase == st.ROLL:
        what = "roll"
    elif phase == st.DRAW:
        what = f"draw:{_KIND_NAME[s.kind]}"
    elif phase == st.RESCUE:
        what = f"rescue:{_KIND_NAME[s.kind]}:{s.actor}:{'fail' if s.failed else 'ok'}"
    elif phase == st.WAITING:
        what = f"wait:{s.actor}"
    elif phase == st.RHINO_CHOICE:
        what = "rhino"
    elif phase == st.SETUP:
        what = f"setup:{s.actor}"
    elif phase == st.TIE:
        what = "tie:" + ",".join(map(str, s.tied))
    elif phase == st.WON:
        what = f"won:{s.winner}"
    else:
        what = "lost"
    return (
        f"pawns={','.join(map(str, s.pos))} rhino={s.rhino if s.rhino >= 0 else '-'} "
        f"grid={_cards(s.grid)} discard={_cards(sorted(s.discard))} "
        f"card={s.card + 1 if s.card >= 0 else '-'} seat={s.cur} turn={s.turn} "
        f"phase={what} tally={','.join(map(str, s.tally))}"
    )


def _int(text: str, field: str, low: int, high: int) -> int:
    if len(text) > 1 and text[0] == "0":
        raise NotationError(f"jumanji notation: {field} is written without leading zeros, not {text[:24]!r}")
    return parse_int(text, f"jumanji notation: {field}", low, high)


def _card_list(text: str, field: str, deck: int) -> list[int]:
    if text == "-":
        return []
    parts = text.split(",")
    if len(parts) > deck:
        raise NotationError(f"jumanji notation: {field} lists {len(parts)} cards; the deck has {deck}")
    return [_int(part, f"a card in {field}", 1, deck) - 1 for part in parts]


def read(game: JumanjiGame, text: str) -> JumanjiState:
    """Parse a position; raises :class:`NotationError` naming the field that is wrong.

    Only positions a game can reach are accepted (see :mod:`tabletop.games.jumanji.invariants`).
    """
    from tabletop.games.jumanji.state import JumanjiState

    fields = text.split()
    keys = tuple(f.partition("=")[0] for f in fields)
    if keys != KEYS or any("=" not in f for f in fields):
        raise NotationError(f"jumanji notation: expected the fields {' '.join(k + '=' for k in KEYS)} in that order")
    value = {f.partition("=")[0]: f.partition("=")[2] for f in fields}
    board = game.board
    n = game.num_players
    deck = len(board.card_numbers)
    limit = game.max_game_length()
    s = JumanjiState(game)

    pawns = value["pawns"].split(",")
    if len(pawns) != n:
        raise NotationError(f"jumanji notation: pawns lists {len(pawns)} pawns for {n} players")
    s.pos = [_int(p, f"seat {i}'s pawn", 0, board.centre[i]) for i, p in enumerate(pawns)]
    s.cur = _int(value["seat"], "seat", 0, n - 1)
    s.turn = _int(value["turn"], "turn", 1, limit + 1)
    tally = value["tally"].split(",")
    if len(tally) != 4:
        raise NotationError("jumanji notation: tally needs 4 numbers (faced, failed, rolls, missed)")
    s.tally = [_int(t, "a tally", 0, limit) for t in tally]

    s.grid = _card_list(value["grid"], "grid", deck)
    s.discard = _card_list(value["discard"], "discard", deck)
    if s.discard != sorted(s.discard):
        raise NotationError("jumanji notation: the discard pile must be written in increasing order")
    s.card = -1 if value["card"] == "-" else _int(value["card"], "card", 1, deck) - 1
    used = [*s.grid, *s.discard, *([s.card] if s.card >= 0 else [])]
    if len(set(used)) != len(used):
        raise NotationError("jumanji notation: a danger card is in two places at once")
    s.pile = sorted(set(range(deck)) - set(used))

    _read_phase(s, value["phase"])
    rhino = value["rhino"]
    if rhino != "-":
        s.rhino = _int(rhino, "rhino", 0, n - 1)
    check(s)
    return s


def _read_phase(s: JumanjiState, text: str) -> None:
    n = s.n
    name, _, rest = text.partition(":")
    parts = rest.split(":") if rest else []
    if name == "roll" and not parts:
        s.phase = st.ROLL
    elif name == "rhino" and not parts:
        s.phase = st.RHINO_CHOICE
    elif name == "lost" and not parts:
        s.phase = st.LOST
    elif name == "draw" and len(parts) == 1 and parts[0] in _KIND:
        s.phase, s.kind = st.DRAW, _KIND[parts[0]]
    elif name == "rescue" and len(parts) == 3 and parts[0] in _KIND and parts[2] in ("ok", "fail"):
        s.phase, s.kind = st.RESCUE, _KIND[parts[0]]
        s.actor = _int(parts[1], "the rescuer", 0, n - 1)
        s.failed = parts[2] == "fail"
        if s.kind == st.BLANK_KIND and s.actor == s.cur:
            raise NotationError("jumanji notation: on a Blank space you do not roll to rescue yourself (J-BLANK-1)")
        if s.card < 0:
            raise NotationError("jumanji notation: a rescue needs a card in play")
    elif name == "wait" and len(parts) == 1:
        s.phase = st.WAITING
        s.actor = _int(parts[0], "the Wait roller", 0, n - 1)
        if s.actor == s.cur:
            raise NotationError("jumanji notation: you never roll for your own Wait for 5 or 8 (J-WAIT-2)")
    elif name == "setup" and len(parts) == 1:
        s.phase = st.SETUP
        s.actor = _int(parts[0], "setup cards", 1, s.game.board.grid_places)
    elif name == "tie" and len(parts) == 1:
        s.phase = st.TIE
        seats = [_int(p, "a tied seat", 0, n - 1) for p in parts[0].split(",")]
        if len(seats) < 2 or seats != sorted(set(seats)):
            raise NotationError("jumanji notation: tie needs two or more different seats in increasing order")
        s.tied = tuple(seats)
    elif name == "won" and len(parts) == 1:
        s.phase = st.WON
        s.winner = _int(parts[0], "the winner", 0, n - 1)
    else:
        raise NotationError(f"jumanji notation: unknown phase {text[:40]!r}")
    if s.card >= 0 and s.phase != st.RESCUE:
        raise NotationError("jumanji notation: a card is in play only during a rescue")

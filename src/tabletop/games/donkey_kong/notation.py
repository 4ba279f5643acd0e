"""Position notation: one line of ``key=value`` fields, in a fixed order.

See ``docs/notation-donkey-kong.md`` for the fields and examples. Always present::

    donkey-kong players=2 turn=1 seat=0 stage=route dice=4,5 pawns=START,START
        barrels=A8,B5,C3,D8,E6,F8 fireballs=- arm=6 oil=4
        up=J100.H300.H400/J200.J200.J300 down=-/- finisher=-

Present only when they matter: ``open=`` (opening rolls), ``met=`` (the obstacles the
pawn met on its move, contacts still to answer), ``queue=`` (obstacles still to move this phase),
``mover=`` (the obstacle moving now: kind, space, count left, ``slid`` after a
ladder), ``hits=`` (seats in contact, waiting, ``landed`` when by exact count) and
``dot`` (a red-dot draw is due).

Reading is strict: each field is parsed and bounded here, then
:func:`~tabletop.games.donkey_kong.invariants.check_position` checks that the fields
fit together into a position the rules can go on from, and the text must be written
exactly as :func:`write_position` writes it (cards and spaces in their order, no
leading zeros), so that every accepted text is its own ``to_text()``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.errors import NotationError
from tabletop.core.notation import parse_int
from tabletop.games.donkey_kong.actions import RESTS
from tabletop.games.donkey_kong.invariants import PositionError, check_position
from tabletop.games.donkey_kong.position import Obstacle, Stage
from tabletop.games.donkey_kong.state import OPENING_ROUNDS, DonkeyKongState

if TYPE_CHECKING:
    from tabletop.games.donkey_kong.game import DonkeyKongGame

HEADER = "donkey-kong"
_ORDER = (
    "players",
    "turn",
    "seat",
    "stage",
    "dice",
    "pawns",
    "barrels",
    "fireballs",
    "arm",
    "oil",
    "up",
    "down",
    "finisher",
    "open",
    "met",
    "queue",
    "mover",
    "hits",
    "dot",
)
_REQUIRED = _ORDER[:13]
_KIND_LETTER = {Obstacle.BARREL: "B", Obstacle.FIREBALL: "F"}


def _cards(state: DonkeyKongState, counts: tuple[int, ...]) -> str:
    codes = state.rules.card_codes
    return ".".join(code for code, c in zip(codes, counts, strict=False) for _ in range(c)) or "-"


def _spaces(state: DonkeyKongState, spaces: list[int], sep: str = ",") -> str:
    names = state.rules.board.names
    return sep.join(names[s] for s in spaces) or "-"


def write_position(state: DonkeyKongState) -> str:
    names = state.rules.board.names
    if state.white_die == 0:
        dice = "-"
    elif state.red_die < 0:
        dice = str(state.white_die)
    else:
        dice = f"{state.white_die},{'rests' if state.red_die == RESTS else state.red_die}"
    fields = [
        HEADER,
        f"players={state.players}",
        f"turn={state.turn}",
        f"seat={state.turn_seat}",
        f"stage={state.stage.text}",
        f"dice={dice}",
        f"pawns={_spaces(state, state.pawns)}",
        f"barrels={_spaces(state, state.spaces_of(Obstacle.BARREL))}",
        f"fireballs={_spaces(state, state.spaces_of(Obstacle.FIREBALL))}",
        f"arm={state.barrels_in_arm}",
        f"oil={state.fireballs_at_oil_can}",
        "up=" + "/".join(_cards(state, state.hand_of(seat)) for seat in range(state.players)),
        "down=" + "/".join(_cards(state, state.played_of(seat)) for seat in range(state.players)),
        f"finisher={state.finisher if state.finisher >= 0 else '-'}",
    ]
    if state.opening_rolls:
        rounds = f"@{state.opening_round}" if state.opening_round > 1 else ""
        fields.append("open=" + ",".join({0: "?", -1: "-"}.get(r, str(r)) for r in state.opening_rolls) + rounds)
    if state.obstacles_met:
        fields.append("met=" + _spaces(state, state.obstacles_met))
    if state.move_queue:
        fields.append("queue=" + _spaces(state, state.move_queue))
    if state.mover_kind:
        slid = ":slid" if state.mover_slid else ""
        fields.append(f"mover={_KIND_LETTER[state.mover_kind]}:{names[state.mover_at]}:{state.mover_steps_left}{slid}")
    if state.in_contact:
        landed = ":landed" if state.landed_exactly else ""
        fields.append("hits=" + ",".join(str(s) for s in state.in_contact) + landed)
    if state.red_dot_draw:
        fields.append("dot")
    return " ".join(fields)


class _Reader:
    """Parses one position text, naming the first problem found."""

    def __init__(self, game: DonkeyKongGame, text: str) -> None:
        self.game = game
        self.text = text
        self.rules = game.rules
        self.board = game.rules.board

    def fail(self, problem: str) -> NotationError:
        shown = self.text if len(self.text) <= 400 else self.text[:400] + "..."
        return NotationError(f"bad donkey-kong position ({problem}): {shown!r}")

    def integer(self, value: str, what: str, low: int, high: int) -> int:
        try:
            return parse_int(value, what, low, high)
        except NotationError as exc:
            raise self.fail(str(exc)) from None

    def space(self, name: str, what: str) -> int:
        s = self.board.index.get(name)
        if s is None:
            shown = name if len(name) <= 12 else name[:12] + "..."
            raise self.fail(f"{what}: {shown!r} is not a space of this board")
        return s

    def spaces(self, value: str, what: str) -> list[int]:
        if value == "-":
            return []
        found = [self.space(name, what) for name in value.split(",")]
        if len(set(found)) != len(found):
            twice = next(s for s in found if found.count(s) > 1)
            raise self.fail(f"{what}: {self.board.names[twice]} is named twice")
        return found

    def cards(self, value: str, what: str) -> list[int]:
        counts = [0] * self.rules.types
        if value != "-":
            for code in value.split("."):
                t = self.rules.card_index.get(code)
                if t is None:
                    shown = code if len(code) <= 12 else code[:12] + "..."
                    raise self.fail(f"{what}: unknown card {shown!r}")
                counts[t] += 1
        return counts

    def fields(self) -> dict[str, str]:
        parts = self.text.split()
        if not parts or parts[0] != HEADER:
            raise self.fail(f"it must start with {HEADER!r}")
        fields: dict[str, str] = {}
        for part in parts[1:]:
            key, eq, value = part.partition("=")
            if key not in _ORDER:
                shown = key if len(key) <= 12 else key[:12] + "..."
                raise self.fail(f"unknown field {shown!r}")
            if key in fields:
                raise self.fail(f"field {key!r} appears twice")
            if (key == "dot") == bool(eq):
                raise self.fail(f"field {key!r} is written wrongly")
            fields[key] = value
        missing = [k for k in _REQUIRED if k not in fields]
        if missing:
            raise self.fail(f"missing field {missing[0]!r}")
        return fields

    def read(self) -> DonkeyKongState:
        f = self.fields()
        game, rules, board = self.game, self.rules, self.board
        n = self.integer(f["players"], "players", 2, 4)
        if n != game.num_players:
            raise self.fail(f"players: it is for {n} players but the game has {game.num_players}")
        state = game.new_initial_state()
        state.turn = self.integer(f["turn"], "turn", 0, game.turn_limit)
        state.turn_seat = self.integer(f["seat"], "seat", 0, n - 1)
        stage = Stage.from_text(f["stage"])
        if stage is None:
            shown = f["stage"] if len(f["stage"]) <= 12 else f["stage"][:12] + "..."
            raise self.fail(f"unknown stage {shown!r}")
        state.stage = stage
        self.dice(state, f["dice"])
        state.pawns = self.pawn_spaces(f["pawns"])
        if len(state.pawns) != n:
            raise self.fail(f"pawns: {n} players need {n} pawns, not {len(state.pawns)}")
        state.obstacles = [Obstacle.NONE] * board.size
        for kind, key in ((Obstacle.BARREL, "barrels"), (Obstacle.FIREBALL, "fireballs")):
            for s in self.spaces(f[key], key):
                if state.obstacles[s] != Obstacle.NONE:
                    raise self.fail(f"{key}: a barrel and a fireball never share a space, as on {board.names[s]}")
                state.obstacles[s] = kind
        state.barrels_in_arm = self.integer(f["arm"], "arm", 0, rules.barrels)
        state.fireballs_at_oil_can = self.integer(f["oil"], "oil", 0, rules.fireballs)
        ups, downs = f["up"].split("/"), f["down"].split("/")
        if len(ups) != n or len(downs) != n:
            raise self.fail("up and down need one card list per player, separated by '/'")
        state.hands = [c for seat in range(n) for c in self.cards(ups[seat], "up")]
        state.played = [c for seat in range(n) for c in self.cards(downs[seat], "down")]
        t = rules.types
        for card in range(t):
            held = sum(state.hands[card::t]) + sum(state.played[card::t])
            if held > rules.card_counts[card]:
                raise self.fail(
                    f"up/down: more {rules.card_codes[card]} cards than the {rules.card_counts[card]} in the game"
                )
            state.deck[card] = rules.card_counts[card] - held
        fin = f["finisher"]
        state.finisher = -1 if fin == "-" else self.integer(fin, "finisher", 0, n - 1)
        state.opening_rolls, state.opening_round = self.opening(f.get("open"), n)
        state.obstacles_met = self.spaces(f.get("met", "-"), "met")
        state.move_queue = self.spaces(f.get("queue", "-"), "queue")
        self.mover(state, f.get("mover"))
        self.hits(state, f.get("hits"), n)
        state.red_dot_draw = "dot" in f
        try:
            check_position(state)
        except PositionError as exc:
            raise self.fail(str(exc)) from None
        self.settled(state)
        self.canonical(state, f)
        return state

    def pawn_spaces(self, value: str) -> list[int]:
        """Pawns: spaces that may repeat (R-K3), each a space a pawn can stand on."""
        pawns = [self.space(name, "pawns") for name in value.split(",")] if value != "-" else []
        for s in pawns:
            if not self.board.pawn_reachable[s]:
                raise self.fail(f"pawns: no pawn can stand on {self.board.names[s]}")
        return pawns

    def dice(self, state: DonkeyKongState, value: str) -> None:
        rules = self.rules
        if value == "-":
            state.white_die, state.red_die = 0, -1
            return
        parts = value.split(",")
        if len(parts) > 2:
            raise self.fail(f"dice: the white die and the red die, not {len(parts)} dice")
        state.white_die = self.integer(parts[0], "white die", 1, max(rules.white_faces))
        if state.white_die not in rules.white_faces:
            raise self.fail(f"dice: the white die has no face {state.white_die}")
        if len(parts) == 1:
            state.red_die = -1
            return
        red = parts[1]
        top = max(rules.red_faces)
        state.red_die = RESTS if red == "rests" else self.integer(red, "red die", 1, max(top, 1))
        if state.red_die not in rules.red_faces:
            raise self.fail(f"dice: the red die has no face {red}")

    def opening(self, value: str | None, n: int) -> tuple[list[int], int]:
        """The opening rolls and their round (R-K23: ``@k`` after the rolls from the second round on)."""
        if value is None:
            return [], 1
        value, at, round_text = value.partition("@")
        opening_round = self.integer(round_text, "opening round", 2, OPENING_ROUNDS) if at else 1
        rolls = value.split(",")
        if len(rolls) != n:
            raise self.fail("open: one entry per player")
        top = max(self.rules.white_faces)
        out = []
        for r in rolls:
            roll = 0 if r == "?" else -1 if r == "-" else self.integer(r, "opening roll", 1, top)
            if roll > 0 and roll not in self.rules.white_faces:
                raise self.fail(f"open: the white die has no face {roll}")
            out.append(roll)
        return out, opening_round

    def mover(self, state: DonkeyKongState, value: str | None) -> None:
        if value is None:
            return
        parts = value.split(":")
        if len(parts) not in (3, 4) or parts[0] not in ("B", "F") or (len(parts) == 4 and parts[3] != "slid"):
            shown = value if len(value) <= 24 else value[:24] + "..."
            raise self.fail(f"mover must be like B:C4:2 or F:L3.1:0:slid, not {shown!r}")
        state.mover_kind = Obstacle.BARREL if parts[0] == "B" else Obstacle.FIREBALL
        state.mover_at = self.space(parts[1], "mover")
        state.mover_steps_left = self.integer(parts[2], "mover count", 0, max(max(self.rules.red_faces), 1))
        state.mover_slid = len(parts) == 4

    def hits(self, state: DonkeyKongState, value: str | None, n: int) -> None:
        if value is None:
            return
        seats, _, flag = value.partition(":")
        if flag not in ("", "landed"):
            shown = flag if len(flag) <= 12 else flag[:12] + "..."
            raise self.fail(f"hits ends with ':landed' or nothing, not {shown!r}")
        state.in_contact = [self.integer(s, "hit seat", 0, n - 1) for s in seats.split(",")]
        if len(set(state.in_contact)) != len(state.in_contact):
            raise self.fail("hits: a seat is named twice")
        state.landed_exactly = flag == "landed"

    def settled(self, state: DonkeyKongState) -> None:
        """The position must rest where the rules wait: a decision, a chance outcome or the end."""
        state.to_act = state._compute_player()
        moved_on = state.clone()
        moved_on._run()
        if moved_on.to_text() != state.to_text():
            raise self.fail(
                f"stage={state.stage.text}: this position does not wait for a decision or a chance outcome"
                " (the rules would go on by themselves)"
            )

    def canonical(self, state: DonkeyKongState, fields: dict[str, str]) -> None:
        """Every field as the writer writes it: one text per position."""
        written: dict[str, str] = {}
        for part in state.to_text().split()[1:]:
            key, _, value = part.partition("=")
            written[key] = value
        for key, value in fields.items():
            if written.get(key) != value:
                own = written.get(key)
                if own is None:
                    raise self.fail(f"{key}: this field is not written for this position")
                raise self.fail(f"{key}: write {own!r}, the notation's own form of this value")
        keys = [part.partition("=")[0] for part in self.text.split()[1:]]
        if keys != [k for k in _ORDER if k in fields]:
            raise self.fail("fields must come in the order " + " ".join(_ORDER))


def read_position(game: DonkeyKongGame, text: str) -> DonkeyKongState:
    """The position written by :func:`write_position` (raises ``NotationError``)."""
    return _Reader(game, text).read()


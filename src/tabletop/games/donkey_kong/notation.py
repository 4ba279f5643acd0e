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
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.errors import NotationError
from tabletop.games.donkey_kong.actions import RESTS
from tabletop.games.donkey_kong.state import (
    BARREL_HERE,
    DEALING,
    DROP,
    EMPTY,
    FIRE,
    FIRE_HERE,
    OPENING,
    RED,
    RELEASE,
    ROUTE,
    STAGE_NAMES,
    WALK,
    WHITE,
    DonkeyKongState,
)

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
_KIND_LETTER = {BARREL_HERE: "B", FIRE_HERE: "F"}


def _cards(state: DonkeyKongState, counts: tuple[int, ...]) -> str:
    codes = state.rules.card_codes
    return ".".join(code for code, c in zip(codes, counts, strict=False) for _ in range(c)) or "-"


def _spaces(state: DonkeyKongState, spaces: list[int], sep: str = ",") -> str:
    names = state.rules.board.names
    return sep.join(names[s] for s in spaces) or "-"


def write_position(state: DonkeyKongState) -> str:
    names = state.rules.board.names
    if state.white == 0:
        dice = "-"
    elif state.red < 0:
        dice = str(state.white)
    else:
        dice = f"{state.white},{'rests' if state.red == RESTS else state.red}"
    fields = [
        HEADER,
        f"players={state.n}",
        f"turn={state.turn}",
        f"seat={state.cur}",
        f"stage={STAGE_NAMES[state.stage]}",
        f"dice={dice}",
        f"pawns={_spaces(state, state.pawn)}",
        f"barrels={_spaces(state, [s for s, o in enumerate(state.obs) if o == BARREL_HERE])}",
        f"fireballs={_spaces(state, [s for s, o in enumerate(state.obs) if o == FIRE_HERE])}",
        f"arm={state.arm}",
        f"oil={state.oil}",
        "up=" + "/".join(_cards(state, state.hand_of(seat)) for seat in range(state.n)),
        "down=" + "/".join(_cards(state, state.played_of(seat)) for seat in range(state.n)),
        f"finisher={state.finisher if state.finisher >= 0 else '-'}",
    ]
    if state.opening:
        fields.append("open=" + ",".join({0: "?", -1: "-"}.get(r, str(r)) for r in state.opening))
    if state.met:
        fields.append("met=" + _spaces(state, state.met))
    if state.queue:
        fields.append("queue=" + _spaces(state, state.queue))
    if state.mkind:
        slid = ":slid" if state.mslid else ""
        fields.append(f"mover={_KIND_LETTER[state.mkind]}:{names[state.mpos]}:{state.mleft}{slid}")
    if state.hits:
        fields.append("hits=" + ",".join(str(s) for s in state.hits) + (":landed" if state.exact else ""))
    if state.dot:
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
        return NotationError(f"bad donkey-kong position ({problem}): {self.text!r}")

    def integer(self, value: str, what: str, low: int, high: int) -> int:
        if not value.isdigit() or not low <= int(value) <= high:
            raise self.fail(f"{what} must be a number from {low} to {high}, not {value!r}")
        return int(value)

    def space(self, name: str, what: str) -> int:
        s = self.board.index.get(name)
        if s is None:
            raise self.fail(f"{what}: {name!r} is not a space of this board")
        return s

    def spaces(self, value: str, what: str, sep: str = ",") -> list[int]:
        if value == "-":
            return []
        return [self.space(name, what) for name in value.split(sep)]

    def cards(self, value: str, what: str) -> list[int]:
        counts = [0] * self.rules.types
        if value != "-":
            for code in value.split("."):
                t = self.rules.card_index.get(code)
                if t is None:
                    raise self.fail(f"{what}: unknown card {code!r}")
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
                raise self.fail(f"unknown field {key!r}")
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
            raise self.fail(f"it is for {n} players but the game has {game.num_players}")
        state = game.new_initial_state()
        state.turn = self.integer(f["turn"], "turn", 0, 10**9)
        state.cur = self.integer(f["seat"], "seat", 0, n - 1)
        if f["stage"] not in STAGE_NAMES:
            raise self.fail(f"unknown stage {f['stage']!r}")
        stage = state.stage = STAGE_NAMES.index(f["stage"])
        self.dice(state, f["dice"])
        state.pawn = self.spaces(f["pawns"], "pawns")
        if len(state.pawn) != n or board.oil in state.pawn:
            raise self.fail("pawns must name one space (not the Oil Can) per player")
        state.obs = [EMPTY] * board.size
        for kind, key in ((BARREL_HERE, "barrels"), (FIRE_HERE, "fireballs")):
            for s in self.spaces(f[key], key):
                if state.obs[s] != EMPTY:
                    raise self.fail(f"two obstacles on {board.names[s]}")
                if board.chain_index[s] < 0:
                    raise self.fail(f"{key}: {board.names[s]} is not on the obstacles' way")
                state.obs[s] = kind
        if state.obs[board.oil] == BARREL_HERE:
            raise self.fail("a barrel cannot rest in the Oil Can")
        state.arm = self.integer(f["arm"], "arm", 0, rules.barrels)
        state.oil = self.integer(f["oil"], "oil", 0, rules.fireballs)
        ups, downs = f["up"].split("/"), f["down"].split("/")
        if len(ups) != n or len(downs) != n:
            raise self.fail("up and down need one card list per player, separated by '/'")
        state.hand = [c for seat in range(n) for c in self.cards(ups[seat], "up")]
        state.played = [c for seat in range(n) for c in self.cards(downs[seat], "down")]
        t = rules.types
        for card in range(t):
            held = sum(state.hand[card::t]) + sum(state.played[card::t])
            if held > rules.card_counts[card]:
                raise self.fail(f"more {rules.card_codes[card]} cards than the {rules.card_counts[card]} in the game")
            state.deck[card] = rules.card_counts[card] - held
        fin = f["finisher"]
        state.finisher = -1 if fin == "-" else self.integer(fin, "finisher", 0, n - 1)
        state.opening = self.opening(f.get("open"), n, stage)
        state.met = self.spaces(f.get("met", "-"), "met")
        state.queue = self.spaces(f.get("queue", "-"), "queue")
        self.mover(state, f.get("mover"))
        self.hits(state, f.get("hits"), n)
        state.dot = "dot" in f
        self.check(state, stage, f)
        return state

    def dice(self, state: DonkeyKongState, value: str) -> None:
        white, _, red = value.partition(",")
        state.white = 0 if white == "-" else self.integer(white, "white die", 1, max(self.rules.white_faces))
        if white != "-" and state.white not in self.rules.white_faces:
            raise self.fail(f"the white die has no face {white}")
        if not red:
            state.red = -1
        else:
            state.red = RESTS if red == "rests" else self.integer(red, "red die", 1, 99)
            if state.red not in self.rules.red_faces:
                raise self.fail(f"the red die has no face {red}")

    def opening(self, value: str | None, n: int, stage: int) -> list[int]:
        if value is None:
            if stage == OPENING:
                raise self.fail("the opening stage needs the field 'open'")
            return []
        if stage != OPENING:
            raise self.fail("the field 'open' belongs to the opening stage only")
        rolls = value.split(",")
        if len(rolls) != n:
            raise self.fail("open needs one entry per player")
        out = []
        for r in rolls:
            top = max(self.rules.white_faces)
            out.append(0 if r == "?" else -1 if r == "-" else self.integer(r, "opening roll", 1, top))
        if 0 not in out:
            raise self.fail("the opening has nobody left to roll")
        return out

    def mover(self, state: DonkeyKongState, value: str | None) -> None:
        if value is None:
            return
        parts = value.split(":")
        if len(parts) not in (3, 4) or parts[0] not in ("B", "F") or (len(parts) == 4 and parts[3] != "slid"):
            raise self.fail(f"mover must be like B:C4:2 or F:L3.1:0:slid, not {value!r}")
        state.mkind = BARREL_HERE if parts[0] == "B" else FIRE_HERE
        state.mpos = self.space(parts[1], "mover")
        state.mleft = self.integer(parts[2], "mover count", 0, 99)
        state.mslid = len(parts) == 4

    def hits(self, state: DonkeyKongState, value: str | None, n: int) -> None:
        if value is None:
            return
        seats, _, flag = value.partition(":")
        if flag not in ("", "landed"):
            raise self.fail(f"hits ends with ':landed' or nothing, not {flag!r}")
        state.hits = [self.integer(s, "hit seat", 0, n - 1) for s in seats.split(",")]
        state.exact = flag == "landed"

    def check(self, state: DonkeyKongState, stage: int, f: dict[str, str]) -> None:
        rules = self.rules
        if state.barrels_on_board() + state.arm != rules.barrels:
            raise self.fail(f"barrels on the board and in the arm must add up to {rules.barrels}")
        if state.fireballs_on_board() + state.oil != rules.fireballs:
            raise self.fail(f"fireballs on the board and at the Oil Can must add up to {rules.fireballs}")
        if state.met and stage != WALK:
            raise self.fail("met belongs to the walk stage only")
        if state.mkind and not FIRE <= stage <= DROP:
            raise self.fail("a mover belongs to the obstacle stages only")
        if state.queue and stage not in (FIRE, FIRE + 1):
            raise self.fail("a queue belongs to the fire and barrel stages only")
        if state.hits and not (state.mkind or stage == WALK):
            raise self.fail("hits need a moving pawn or obstacle")
        if state.hits and not state.mkind:
            if state.hits != [state.cur] or not state.met or not state.obs[state.met[0]]:
                raise self.fail("a walking pawn's contact is its own, with the first obstacle it met")
        elif state.hits and (
            any(state.pawn[seat] != state.mpos for seat in state.hits) or len(set(state.hits)) != len(state.hits)
        ):
            raise self.fail("every seat in hits must have its pawn, once, where the contact is")
        # a queued obstacle may have been destroyed meanwhile (it is then skipped), so only the spaces are checked
        if len(set(state.queue)) != len(state.queue) or any(self.board.chain_index[s] < 0 for s in state.queue):
            raise self.fail("queue must name distinct spaces of the obstacles' way")
        if stage in (WHITE, RED, ROUTE, WALK, FIRE, FIRE + 1, RELEASE, DROP) and state.turn < 1:
            raise self.fail("a turn is under way, so turn must be 1 or more")
        needs_white = stage not in (DEALING, OPENING, WHITE)
        needs_red = stage not in (DEALING, OPENING, WHITE, RED)
        if needs_white != (state.white != 0) or needs_red != (state.red >= 0):
            raise self.fail(f"the dice field does not fit the stage {STAGE_NAMES[stage]}")
        state.player = state._compute_player()
        settled = state.clone()
        settled._run()
        if settled.to_text() != state.to_text():
            raise self.fail("this position does not wait for a decision or a chance outcome")


def read_position(game: DonkeyKongGame, text: str) -> DonkeyKongState:
    """The position written by :func:`write_position` (raises ``NotationError``)."""
    return _Reader(game, text).read()

"""Helpers for Donkey Kong scenario tests: positions are written in the game's notation."""

from __future__ import annotations

from pathlib import Path

import tabletop
from tabletop.games.donkey_kong import DonkeyKongGame, DonkeyKongState

BARRELS = 12
FIREBALLS = 4
_REQUIRED = ("players", "turn", "seat", "stage", "dice", "pawns", "barrels", "fireballs", "arm", "oil", "up", "down",
             "finisher")
_OPTIONAL = ("open", "met", "queue", "mover", "hits")


def make_game(players: int = 2, first_player: int | None = 0, data: str | None = None) -> DonkeyKongGame:
    game = tabletop.make("donkey-kong", players=players, first_player=first_player, data=data)
    assert isinstance(game, DonkeyKongGame)
    return game


def position(**fields: str | int | bool) -> str:
    """A position text from a few fields; the rest default to a 2-player route stage.

    ``turn`` defaults to a turn of the given seat (in a game seat 0 starts) once every seat has
    moved at least once; ``arm`` and ``oil`` to what the barrels and fireballs on the board leave over.
    """
    players = int(str(fields.get("players", 2)))
    seat = int(str(fields.get("seat", 0)))
    values: dict[str, str] = {
        "players": str(players),
        "turn": str(2 * players + seat + 1),
        "seat": str(seat),
        "stage": "route",
        "dice": "1,3",
        "pawns": ",".join(["A3"] * players),
        "barrels": "-",
        "fireballs": "-",
        "up": "/".join(["-"] * players),
        "down": "/".join(["-"] * players),
        "finisher": "-",
    }
    values.update({k: str(v) for k, v in fields.items() if k != "dot"})

    def count(key: str) -> int:
        return 0 if values[key] == "-" else len(values[key].split(","))

    mover = values.get("mover", "")
    values.setdefault("arm", str(BARRELS - count("barrels") - mover.startswith("B")))
    values.setdefault("oil", str(FIREBALLS - count("fireballs") - mover.startswith("F")))
    parts = ["donkey-kong"] + [f"{k}={values[k]}" for k in _REQUIRED]
    parts += [f"{k}={values[k]}" for k in _OPTIONAL if k in values]
    if fields.get("dot"):
        parts.append("dot")
    return " ".join(parts)


def state_of(text: str, game: DonkeyKongGame | None = None) -> DonkeyKongState:
    if game is None:
        players = int(text.split("players=")[1].split()[0])
        game = make_game(players)
    state = game.state_from_text(text)
    assert isinstance(state, DonkeyKongState)
    return state


def apply(state: DonkeyKongState, *actions: str) -> DonkeyKongState:
    for action in actions:
        state.apply_action(action)
    return state


def field(state: DonkeyKongState, key: str) -> str | None:
    """One field of the state's notation (None when absent; 'dot' gives 'dot')."""
    for part in state.to_text().split()[1:]:
        k, _, v = part.partition("=")
        if k == key:
            return v or k
    return None


def spaces(state: DonkeyKongState, key: str) -> set[str]:
    value = field(state, key)
    return set() if value in (None, "-") else set(str(value).split(","))


def route_to(state: DonkeyKongState, destination: str) -> str:
    """The text of the single legal route ending at ``destination``."""
    found = [str(a) for a in state.legal_actions() if str(a).split(">")[-1].removeprefix("move ") == destination]
    assert len(found) == 1, (destination, [str(a) for a in state.legal_actions()])
    return found[0]


#: a tiny board of a user's own (data tests, fuzzing): two girders of four spaces and a top
TINY = """
title = "tiny test board"
[setup]
hand_size = 1
barrels = 3
barrels_on_board = 1
fireballs = 1
finish_bonus = 50
[dice.white]
faces = [1, 2]
[dice.red]
faces = [1, "rests"]
[[cards]]
kind = "jump"
points = 10
count = 4
[[cards]]
kind = "hammer"
points = 20
count = 4
[board]
start = { joins = ["A2"] }
finish = "T1"
oil_can_beside = "A1"
barrel_drop = "B1"
donkey_kong_front = "B1"
[[board.girders]]
name = "A"
spaces = 4
barrels_roll = "left"
red_dots = [3]
black_dots = [4]
[[board.girders]]
name = "B"
spaces = 4
barrels_roll = "right"
[[board.girders]]
name = "T"
spaces = 1
barrels_roll = "none"
[[board.edges]]
upper = "B4"
lower = "A4"
[[board.ladders]]
name = "L1"
bottom = "A3"
top = "B3"
rungs = 1
[[board.ladders]]
name = "L2"
bottom = "B2"
top = "T1"
rungs = 0
"""


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "board.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)

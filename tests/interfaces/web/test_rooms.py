"""The room's seams: the read-only room its readers get, the one version counter, the one replay.

``duel`` (tests/interfaces/web/conftest.py): two seats pick left or right in turn, no chance.
"""

from __future__ import annotations

import ast
import dataclasses
import random
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError

import tabletop
from tabletop.core.events import Event, plain
from tabletop.core.game import Game
from tabletop.core.registry import installed_games
from tabletop.core.state import State
from tabletop.interfaces.web import driver as driver_module
from tabletop.interfaces.web.actionlog import ActionLog, replay
from tabletop.interfaces.web.app import create_app
from tabletop.interfaces.web.readonly import ReadOnlyRoom
from tabletop.interfaces.web.rooms import Room, Settings
from tabletop.interfaces.web.store import StoredGame
from web_api import create, token_of, view, wait_until

INSTANT = Settings(bot_delay=0.0, chance_delay=0.0, live_seconds=0.2, live_act_seconds=0.01, bot_act_interval=0.02,
                   bot_press_delay=(0.0, 0.01))
HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
WEB = Path(tabletop.__file__).resolve().parent / "interfaces" / "web"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}", INSTANT)) as c:
        yield c


def room_of(client: TestClient, game_id: str) -> Room:
    room: Room = client.app.state.hub.rooms[game_id]  # type: ignore[attr-defined]
    return room


def act(client: TestClient, game_id: str, token: str, action: str) -> None:
    answer = client.post(f"/api/games/{game_id}/act", json={"token": token, "action": action})
    assert answer.status_code == 200, answer.text


# -- the read-only room -------------------------------------------------------------------------------
def public_properties() -> list[str]:
    """Every attribute a reader may read (properties, and the slots of what never changes)."""
    slots = [name for name in ReadOnlyRoom.__slots__ if not name.startswith("_")]
    return [*slots, *(name for name, value in vars(ReadOnlyRoom).items() if isinstance(value, property))]


def test_the_read_only_room_cannot_change_the_room(client: TestClient) -> None:
    created = create(client, "duel", HUMANS)
    game_id, ann = created["id"], token_of(created, 0)
    act(client, game_id, ann, "left")
    room = room_of(client, game_id)
    seen = room.readonly
    assert {"id", "game", "clock", "state", "seats", "actors", "log_lines", "version", "status", "live", "turns",
            "bots"} <= set(public_properties())
    for name in public_properties():
        with pytest.raises(AttributeError):
            setattr(seen, name, getattr(seen, name))
    with pytest.raises(AttributeError):
        seen.lock = None  # type: ignore[attr-defined]  # nothing of its own either
    with pytest.raises(AttributeError):
        del seen.game
    with pytest.raises(dataclasses.FrozenInstanceError):
        seen.seats[0].name = "Eve"  # type: ignore[misc]
    with pytest.raises(TypeError):
        seen.actors[0] = 1  # type: ignore[index]
    with pytest.raises(TypeError):
        seen.log_lines[0] = Event("nothing happened", {})  # type: ignore[index]
    with pytest.raises(TypeError):
        seen.notes[0] = "a forged note"  # type: ignore[index]
    assert not hasattr(seen.actors, "append") and not hasattr(seen.log_lines, "extend")
    seen.options["rounds"] = 99  # a copy
    assert room.options["rounds"] == 3 and seen.options["rounds"] == 3
    assert [s.name for s in room.seats] == ["Ann", "Bob"] and list(room.actors) == [0]
    # it is a window on the room, not a snapshot: it follows the game
    act(client, game_id, token_of(created, 1), "right")
    assert list(seen.actors) == [0, 1] and seen.state is room.state and seen.version == 2


def test_the_readers_of_a_room_do_not_import_it() -> None:
    """views, turns, live races, hints and the connections read a ReadOnlyRoom; only the hub makes rooms, and
    a rematch (tables) names the room's type for its one request (settle_rematch) without importing it."""
    for module in ("views", "turns", "live", "hints", "connections", "readonly", "tables", "actionlog", "seating",
                   "driver"):
        tree = ast.parse((WEB / f"{module}.py").read_text())
        runtime = [node for node in tree.body if isinstance(node, ast.ImportFrom)]
        assert all(node.module != "tabletop.interfaces.web.rooms" for node in runtime), module


# -- one counter -------------------------------------------------------------------------------------
def test_the_version_counts_each_committed_change_once_and_nothing_else(client: TestClient) -> None:
    created = create(client, "duel", HUMANS, options={"rounds": 2})
    game_id, ann, bob = created["id"], token_of(created, 0), token_of(created, 1)
    room = room_of(client, game_id)
    seen = room.readonly
    assert seen.version == 0
    with client.websocket_connect(f"/ws/{game_id}") as spectator:
        first = spectator.receive_json()
        # changes that are not moves reach the viewers, and leave the counter alone
        assert client.post(f"/api/games/{game_id}/name", json={"token": ann, "name": "Annie"}).status_code == 200
        renamed = spectator.receive_json()
        assert renamed["seats"][0]["name"] == "Annie" and renamed["n"] == first["n"] == 0
        assert client.post(f"/api/games/{game_id}/prefs", json={"token": bob, "hints": True}).status_code == 200
        assert spectator.receive_json()["seats"][1]["hints"] is True
        assert seen.version == 0
        versions = []
        for token, action in [(ann, "left"), (bob, "right"), (ann, "right")]:
            act(client, game_id, token, action)
            versions.append(seen.version)
        assert versions == [1, 2, 3]
        assert client.post(f"/api/games/{game_id}/undo", json={"token": ann}).status_code == 200
        assert seen.version == 4 and len(seen.actors) == 2  # taking back is a change too
        refused = client.post(f"/api/games/{game_id}/undo", json={"token": ann})
        assert refused.status_code == 409 and seen.version == 4  # a refusal changes nothing
        act(client, game_id, ann, "left")
        act(client, game_id, bob, "left")
        assert seen.state.is_terminal() and seen.version == 6 == len(seen.actors) + 2
        assert wait_until(lambda: spectator.receive_json()["terminal"])


def test_the_server_s_own_moves_count_once_each(client: TestClient) -> None:
    bots = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    created = create(client, "race", bots)
    room = room_of(client, created["id"])
    wait_until(lambda: room.readonly.state.is_terminal(), timeout=10)
    assert room.readonly.version == len(room.actors) > 0 and room.readonly.status == "finished"



def test_a_move_the_database_refuses_for_a_moment_is_stored_later_and_the_game_goes_on(
        client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """The soak (issue 22): a commit failed ('database is locked') and "the driver of game X stopped": a game of
    bots waited for ever. The driver tries the move again; nothing told anyone is lost, nothing is stored twice."""
    monkeypatch.setattr(driver_module, "STORE_RETRY_SECONDS", 0.01)
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    append_many = store.append_many
    refusals = [0]

    def locked_at_first(appends: list[Any]) -> None:
        if refusals[0] < 6:  # the writer's shared transaction, then one by one: three tries of the driver
            refusals[0] += 1
            raise OperationalError("INSERT INTO actions ...", None, sqlite3.OperationalError("database is locked"))
        append_many(appends)

    monkeypatch.setattr(store, "append_many", locked_at_first)
    bots = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    created = create(client, "race", bots)
    room = room_of(client, created["id"])
    wait_until(lambda: room.readonly.state.is_terminal(), timeout=10)
    assert refusals[0] == 6 and "trying again" in caplog.text and "stopped" not in caplog.text
    stored = store.load(created["id"])
    assert stored.actions == [str(a) for a in room.readonly.state.history()] and stored.status == "finished"

def test_a_move_stored_but_whose_reply_was_lost_counts_once_and_the_game_goes_on(
        client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """A database server's connection can drop after a commit went through: the writer hears an error, the game
    tries again, and the insert meets the action stored the first time. It counts as stored (the same action under
    the same number); before, the duplicate stopped the game's driver."""
    monkeypatch.setattr(driver_module, "STORE_RETRY_SECONDS", 0.01)
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    append_many = store.append_many
    lost = [0]

    def reply_lost(appends: list[Any]) -> None:
        append_many(appends)  # committed ...
        if lost[0] < 3:  # ... but the reply never came back
            lost[0] += 1
            raise OperationalError("COMMIT", None, ConnectionResetError("server closed the connection unexpectedly"))

    monkeypatch.setattr(store, "append_many", reply_lost)
    bots = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    created = create(client, "race", bots)
    room = room_of(client, created["id"])
    wait_until(lambda: room.readonly.state.is_terminal(), timeout=10)
    assert lost[0] == 3 and "was stored already" in caplog.text and "stopped" not in caplog.text
    stored = store.load(created["id"])
    assert stored.actions == [str(a) for a in room.readonly.state.history()] and stored.status == "finished"
    assert room.readonly.version == len(stored.actions)


# -- one replay ----------------------------------------------------------------------------------------
def replay_as_before(game: Game, actions: list[Any], notes: dict[int, str], step: int) -> tuple[State, list[str]]:
    """The replay page's rebuilding before the split (views.replay_view), kept as the oracle."""
    state = game.new_initial_state()
    log: list[str] = []
    for number, action in enumerate(actions[:step]):
        size = state.log_size()
        state.apply_action(action)
        log.extend(state.log(size))
        if number in notes:
            log.append(notes[number])
    return state, log


def played(game: Game, seed: int, limit: int = 400) -> list[str]:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and len(state.history()) < limit:
        legal = state.legal_actions()
        state.apply_action(state.chance_distribution().sample(rng) if state.is_chance_node()
                           else legal[rng.randrange(len(legal))])
    return [str(a) for a in state.history()]


class NoWriter:
    async def append(self, _action: object) -> None:
        return None


@pytest.mark.parametrize("name", installed_games())
def test_the_one_replay_gives_every_position_as_before(name: str) -> None:
    game = tabletop.make(name)
    actions = played(game, seed=5)
    notes = {3: "seat 0's turn clock ran out: the server played for them", len(actions) - 1: "the last word"}
    stored = StoredGame(id="g", game=name, options=game.options, seed=1, seats=[], status="running",
                        created=None, actions=actions, actors=[0] * len(actions), notes=notes)  # type: ignore[arg-type]
    log = ActionLog(stored, game, NoWriter(), None)  # type: ignore[arg-type]
    for step in [*range(0, len(actions) + 1, max(1, len(actions) // 25)), len(actions), len(actions) + 7, -3]:
        state, lines = log.replay(step)
        expected_state, expected_lines = replay_as_before(game, actions, notes, max(0, step))
        assert state.to_text() == expected_state.to_text() and state == expected_state, step
        assert [str(event) for event in lines] == expected_lines, step  # the events say what the English said
        assert lines == list(log.lines)[:len(lines)]  # a replay's log is the start of the game's log
    assert log.state == replay(game, actions, notes)[0] and list(log.lines) == replay(game, actions, notes)[1]


def test_the_log_a_room_grows_move_by_move_is_the_one_replay_gives(client: TestClient) -> None:
    """The room adds each committed action's words to its log; replaying the stored actions gives the same
    log (with the server's notes where they were), after an undo too."""
    created = create(client, "duel", HUMANS, options={"rounds": 3})
    game_id, ann, bob = created["id"], token_of(created, 0), token_of(created, 1)
    room = room_of(client, game_id)
    seen = room.readonly

    def agrees() -> None:
        state, lines = seen.replay(len(seen.actors))
        assert state == seen.state and lines == list(seen.log_lines)
        step = client.get(f"/api/games/{game_id}/replay", params={"step": len(seen.actors)}).json()
        assert [plain(e) for e in step["log"]] == [str(e) for e in lines]
        assert step["text"] == view(client, game_id)["text"]

    agrees()
    for token, action in [(ann, "left"), (bob, "right"), (ann, "left")]:
        act(client, game_id, token, action)
        agrees()
    assert client.post(f"/api/games/{game_id}/undo", json={"token": ann}).status_code == 200
    agrees()


def test_docs_web_md_lists_every_module_of_the_web_server() -> None:
    """docs/web.md's table of modules names each module of ``interfaces/web`` (and nothing that is gone)."""
    text = (Path(__file__).resolve().parents[3] / "docs" / "web.md").read_text()
    listed = set(re.findall(r"^\| `([a-z_]+\.py)` \|", text, flags=re.MULTILINE))
    modules = {path.name for path in WEB.glob("*.py") if path.name != "__init__.py"}
    assert listed == modules

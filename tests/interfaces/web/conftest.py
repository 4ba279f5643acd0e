"""Fixtures for the web tests: a real server on a free loopback port, and headless Chromium.

The server runs in a thread (uvicorn) on 127.0.0.1 with a fresh SQLite file;
restarting it keeps the file, like stopping and starting ``tabletop serve``.
Chromium is Debian's (``/usr/bin/chromium``, installed by ``make test``), driven by
Playwright for Python; Playwright never downloads a browser here.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi.testclient import TestClient

from tabletop.interfaces.web.app import create_app
from tabletop.interfaces.web.limits import Limits
from tabletop.interfaces.web.rooms import Settings
from web_api import INSTANT, PEOPLE, postgresql_schema

CHROMIUM = os.environ.get("TABLETOP_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts"

#: fast pacing for tests (the real server waits about a second per bot move)
FAST = Settings(bot_delay=0.05, chance_delay=0.02, live_seconds=2.0, live_act_seconds=0.1, bot_act_interval=0.15,
                bot_press_delay=(0.2, 0.5))


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class LiveServer:
    """``tabletop serve`` in a thread: start, stop, start again on the same database."""

    def __init__(self, database: str, settings: Settings, limits: Limits | None = None) -> None:
        self.database = database
        self.settings = settings
        # the test games are registered in this process only: analyses run in its threads, not in workers
        self.limits = limits or Limits(analysis_workers=0)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self.app: Any = None

    def start(self) -> LiveServer:
        self.app = create_app(self.database, self.settings, limits=self.limits)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning",
                                ws="websockets-sansio", ws_per_message_deflate=False)
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        if self._server is not None and self._thread is not None:
            self._server.should_exit = True
            self._thread.join(timeout=10)
            self._server = None

    def restart(self) -> None:
        self.stop()
        self.start()


@pytest.fixture(params=["sqlite", "postgresql"])
def any_database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database: an SQLite file, then a PostgreSQL schema of its own."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'games.db'}"
        return
    with postgresql_schema() as url:
        yield url


@pytest.fixture
def database(tmp_path: Path) -> str:
    """A fresh SQLite file's URL (the test's own)."""
    return f"sqlite:///{tmp_path / 'games.db'}"


@pytest.fixture
def open_client(database: str) -> Iterator[Callable[..., TestClient]]:
    """``open_client(settings=INSTANT, **create_app's keywords)``: the app in this process (Starlette's TestClient,
    started: its lifespan has run) on the test's database; every client opened is closed after the test."""
    opened: list[TestClient] = []

    def open_(settings: Settings = INSTANT, **options: Any) -> TestClient:
        client = TestClient(create_app(database, settings, **options))
        client.__enter__()
        opened.append(client)
        return client

    yield open_
    for client in reversed(opened):
        client.__exit__(None, None, None)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(f"sqlite:///{tmp_path / 'games.db'}", FAST).start()
    yield live
    live.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium package (make test does)")
    with sync_playwright() as p:
        # launch() gives every run a fresh, temporary user data dir
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    tab = context.new_page()
    tab.set_default_timeout(15_000)
    tab.errors = []  # what the page's scripts threw and did not catch, or logged as errors: each is a bug
    tab.on("pageerror", lambda error: tab.errors.append(f"uncaught: {error}"))
    tab.on("console", lambda message: message.type == "error" and tab.errors.append(f"console: {message.text}"))
    yield tab
    context.close()


def screenshot(page: Any, name: str, full_page: bool = True) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


@pytest.fixture
def shoot() -> Any:
    """Save a screenshot of a page under test-artifacts/ (``shoot(page, "name")``)."""
    return screenshot


@pytest.fixture(scope="session")
def axe_source() -> str:
    """axe-core's ``axe.min.js`` (the npm package, which ``make test`` installs under .venv/node)."""
    from table_pages import AXE

    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: `make test` installs the axe-core npm package under .venv/node")
    return AXE.read_text(encoding="utf-8")


@pytest.fixture
def start_server(tmp_path: Path) -> Iterator[Any]:
    """Start a server with other settings: ``start_server(Settings(...))``, or limits too (``limits=Limits(...)``,
    ``database=``: one another started server uses)."""
    started: list[LiveServer] = []

    def start(settings: Settings, limits: Limits | None = None, database: str | None = None) -> LiveServer:
        url = database or f"sqlite:///{tmp_path / f'games{len(started)}.db'}"
        live = LiveServer(url, settings, limits).start()
        started.append(live)
        return live

    yield start
    for live in started:
        live.stop()


# -- Jumanji positions reached by seeded play, stored as a game of people ---------------------
def game_prefix(game_name: str, players: int, wanted: Any) -> list[str]:
    """The actions of the first seeded random game that reaches a position ``wanted`` accepts."""
    import random

    from tabletop.core.registry import make

    game = make(game_name, players=players)
    for seed in range(2000):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if wanted(state):
                return [str(a) for a in state.history()]
            legal = state.legal_actions()
            state.apply_action(state.chance_distribution().sample(rng) if state.is_chance_node()
                               else legal[int(rng.random() * len(legal))])
    raise AssertionError("no seeded game reached the wanted position")


def jumanji_prefix(players: int, wanted: Any) -> list[str]:
    """The actions of the first seeded random Jumanji game that reaches a position ``wanted`` accepts."""
    return game_prefix("jumanji", players, wanted)


def store_people_game(database: str, game_name: str, players: int, actions: list[str],
                      seed: int = 99) -> tuple[str, list[str]]:
    """A game of people stored with these actions (as if played); returns its id and each seat's token."""
    from tabletop.core.registry import make
    from tabletop.interfaces.web.store import Seat, Store, hash_token

    store = Store(database)
    tokens = [f"token-of-seat-{s}" for s in range(players)]
    seats = [Seat(kind="human", name=PEOPLE[s], token_hash=hash_token(t), joined=True) for s, t in enumerate(tokens)]
    game = make(game_name, players=players)
    game_id = store.create_game(game_name, game.options, seed, seats)
    state = game.new_initial_state()
    for number, text in enumerate(actions):
        mover = state.current_player()
        state.apply_action(text)
        store.append(game_id, number, text, mover)
    store.close()
    return game_id, tokens


def rescue_seed(players: int, actions: list[str], misses: int, hit: bool = False) -> int:
    """A seed whose server makes the first ``misses`` Rescue die rolls of the rescue after ``actions`` miss the
    card's symbol (and the wild face), and with ``hit`` the next roll show it: the rolls of a rescuer who rolls
    alone, as the web server draws them."""
    from tabletop.core.play import Streams
    from tabletop.core.registry import make
    from tabletop.games.jumanji.live import RescueRace
    from tabletop.interfaces.web.rooms import resume_seed

    state = make("jumanji", players=players).new_initial_state()
    for text in actions:
        state.apply_action(text)
    race = RescueRace(state)
    hits = {race.symbol, race.wild}
    for seed in range(1000):
        rng = Streams(resume_seed(seed, len(actions))).stream("live")
        faces = [race.faces[min(int(rng.random() * len(race.faces)), len(race.faces) - 1)]
                 for _ in range(misses + hit)]
        if not hits & set(faces[:misses]) and (not hit or faces[-1] in hits):
            return seed
    raise AssertionError(f"no seed misses the symbol {misses} times")


@pytest.fixture
def stored_game() -> Any:
    """``stored_game(database, game, players, wanted)``: a game of people stored at a wanted position (seeded
    random play reaches it); returns its id, each seat's token and its actions."""

    def make_one(database: str, game_name: str, players: int, wanted: Any) -> tuple[str, list[str], list[str]]:
        actions = game_prefix(game_name, players, wanted)
        game_id, tokens = store_people_game(database, game_name, players, actions)
        return game_id, tokens, actions

    return make_one


@pytest.fixture
def stored_position() -> Any:
    """``stored_position(database, players, wanted, misses=0, hit=False)``: a Jumanji game of people at a wanted
    position; with ``misses``, stored with a seed whose first rescue rolls miss that many times (a rescue that
    lasts), and with ``hit``, whose next roll shows the symbol."""

    def make_one(database: str, players: int, wanted: Any, misses: int = 0,
                 hit: bool = False) -> tuple[str, list[str], list[str]]:
        actions = jumanji_prefix(players, wanted)
        seed = rescue_seed(players, actions, misses, hit) if misses or hit else 99
        game_id, tokens = store_people_game(database, "jumanji", players, actions, seed)
        return game_id, tokens, actions

    return make_one


@pytest.fixture
def stored_before_draw() -> Any:
    """``stored_before_draw(database, players, wanted)``: a Jumanji game of people stored one chance outcome before a
    wanted position, with a seed whose server, resuming there, draws that outcome: the page is drawn before the
    position comes. Returns the game's id and each seat's token."""
    from tabletop.core.play import Streams
    from tabletop.core.registry import make
    from tabletop.interfaces.web.driver import resume_seed

    def make_one(database: str, players: int, wanted: Any) -> tuple[str, list[str]]:
        *before, drawn = jumanji_prefix(players, wanted)
        state = make("jumanji", players=players).new_initial_state()
        for text in before:
            state.apply_action(text)
        assert state.is_chance_node(), f"{drawn} is not drawn by chance"
        seed = next((seed for seed in range(5000)
                     if str(Streams(resume_seed(seed, len(before))).chance(state.clone())) == drawn), None)
        assert seed is not None, f"no seed draws {drawn}"
        return store_people_game(database, "jumanji", players, before, seed)

    return make_one


# -- a tiny game without chance, for undo across players ------------------------------------
from dataclasses import dataclass  # noqa: E402

from tabletop.core import TERMINAL, Action, Distribution, Game, GameInfo, Option, State  # noqa: E402
from tabletop.core.registry import register  # noqa: E402


@dataclass(frozen=True, slots=True)
class Pick(Action):
    side: str

    def __str__(self) -> str:
        return self.side


LEFT, RIGHT = Pick("left"), Pick("right")


class DuelState(State):
    """Two seats pick left or right in turn, ``rounds`` picks each; the most lefts wins."""

    __slots__ = ("picks",)

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.picks: list[str] = []

    def current_player(self) -> int:
        return TERMINAL if len(self.picks) >= 2 * int(self.game.options["rounds"]) else len(self.picks) % 2

    def _legal_actions(self) -> tuple[Action, ...]:
        return (LEFT, RIGHT)

    def _chance_distribution(self) -> Distribution:
        raise AssertionError("duel has no chance nodes")

    def _apply(self, action: Action) -> None:
        self._log("seat {} picks {}", len(self.picks) % 2, action)
        self.picks.append(str(action))

    def _lefts(self, seat: int) -> int:
        return sum(1 for i, p in enumerate(self.picks) if i % 2 == seat and p == "left")

    def winners(self) -> tuple[int, ...]:
        if not self.is_terminal():
            return ()
        a, b = self._lefts(0), self._lefts(1)
        return (0,) if a > b else (1,) if b > a else ()

    def returns(self) -> list[float]:
        w = self.winners()
        return [1.0 if s in w else (-1.0 if w else 0.0) for s in range(2)]

    def turn_number(self) -> int:
        return len(self.picks) + 1

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, DuelState)
        other.picks = self.picks.copy()

    def to_text(self) -> str:
        return ",".join(self.picks) or "-"

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.to_text(), "picks": list(self.picks)}

    def __str__(self) -> str:
        return f"picks: {self.to_text()}"


class DuelGame(Game):
    info = GameInfo(
        name="duel",
        title="Left or right (test game)",
        min_players=2,
        max_players=2,
        options=(
            Option("players", int, 2, "number of players", minimum=2, maximum=2),
            Option("rounds", int, 3, "picks per seat", minimum=1, maximum=20),
        ),
        min_return=-1.0,
        max_return=1.0,
    )

    def new_initial_state(self) -> DuelState:
        return DuelState(self)

    def _read_position(self, text: str) -> DuelState:
        state = DuelState(self)
        state.picks = [] if text == "-" else text.split(",")
        return state


register("duel", DuelGame)

"""The board editor: its page (``/editor/{game}``) and the API it calls, every board checked as a file is.

The page (``static/editor.html`` and ``static/editor/*.js``, with the game's own ``editor.js`` beside its
``board.js``) holds the board as data, writes it as TOML and asks the server:

- ``GET /api/editor/{game}``: the packaged file (its text and its data) and the game's player counts;
- ``POST /api/editor/{game}/check`` with a board's TOML as the body: what
  :func:`tabletop.analysis.boards.check_board` finds without playing (the game's checks at load, every
  place reachable), the board's data, and a view of its first position for the game's ``board.js``;
- ``POST /api/editor/{game}/profile?players=N&games=M`` with the TOML: the same, then random games (at
  most :attr:`Limits.profile_games` and :attr:`Limits.profile_seconds`, one profile at a time for the
  whole server, in a worker process of its own).

A board is never a path: it arrives as the request's body, at most :attr:`Limits.board_bytes`, and is
read by the game's own loader from a private scratch file removed after the check.
"""

from __future__ import annotations

import asyncio
import json
import math
import multiprocessing
import re
import tomllib
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, Response

from tabletop.analysis.boards import BoardCheck, check_board, default_players
from tabletop.core.datafile import BOARD_PREFIX, data_option, packaged_text
from tabletop.core.errors import TabletopError
from tabletop.core.game import Game
from tabletop.core.i18n import _
from tabletop.core.play import Streams
from tabletop.core.registry import data_part, game_class, list_games, web_board
from tabletop.interfaces.web.boards import board_module, board_style, static_board
from tabletop.interfaces.web.errors import Refused
from tabletop.interfaces.web.language import html_page
from tabletop.interfaces.web.limits import AddressLimiter, Limits
from tabletop.interfaces.web.options import Boards, board_option
from tabletop.interfaces.web.views import position_view

#: the page's own module of each game, beside its ``board.js``, and its styles (optional)
EDITOR_MODULE = "editor.js"
EDITOR_STYLE = "editor.css"
#: a board's name: the SHA-256 of its text, in hex
DIGEST = re.compile(r"[0-9a-f]{64}")
#: views of kept boards as played, kept for the lobby's previews
PREVIEWS = 64
#: chance outcomes applied at most to show a board's first position (the setup: deals, stacks, opening rolls)
SETUP_STEPS = 1000


def editable(game: str) -> bool:
    """Whether ``game`` has a data file and a board the editor can draw."""
    try:
        board = web_board(game) if game in list_games() and data_part(game) is not None else None
    except TabletopError:  # an installed game that does not load
        return False
    return board is not None and (Path(board.ASSETS) / EDITOR_MODULE).is_file()


def editor_module(game: str) -> str | None:
    """The address of the game's editor module (``None``: the game has no editor)."""
    return f"/boards/{game}/{EDITOR_MODULE}" if editable(game) else None


def editor_style(game: str) -> str | None:
    """The address of the styles of the game's editor module, if it has some."""
    board = web_board(game) if editable(game) else None
    if board is None or not (Path(board.ASSETS) / EDITOR_STYLE).is_file():
        return None
    return f"/boards/{game}/{EDITOR_STYLE}"


def json_data(text: str) -> dict[str, Any] | None:
    """A board's TOML as JSON-ready data, or ``None`` if it is not TOML or holds a number JSON cannot carry."""
    try:
        data = tomllib.loads(text)
        json.dumps(data, allow_nan=False)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError, TypeError):
        return None
    return data if _finite(data) else None


def _finite(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, dict):
        return all(_finite(v) for v in value.values())
    if isinstance(value, list):
        return all(_finite(v) for v in value)
    return not isinstance(value, (bytes, bytearray)) and not hasattr(value, "isoformat")


def preview(game: Game) -> dict[str, Any]:
    """What the game's ``board.js`` needs to draw a board as played: a spectator's view of the position
    after the setup (the chance outcomes nobody rolls, from seed 0: deals, stacks, an opening roll-off)."""
    state = game.new_initial_state()
    streams = Streams(0)
    for _step in range(SETUP_STEPS):
        if state.is_terminal() or state.current_player() >= 0 or state.chance_roller() is not None:
            break
        state.apply_action(streams.chance(state))
    info = game.info
    return {
        "id": "preview", "game": info.name, "title": info.title, "players": game.num_players,
        "board_module": board_module(info.name), "board_style": board_style(info.name),
        "seats": [{"seat": s, "kind": "bot", "name": _("Player {n}").format(n=s + 1), "bot": None, "joined": True}
                  for s in range(game.num_players)],
        "you": None, "mine": [], "n": 0, "actions": [], "legal": [], "log": [], "live": None,
        **position_view(game, state, None),
        "mover": state.current_player(), "turn": state.turn_number(), "terminal": state.is_terminal(),
        "winners": list(state.winners()), "board": static_board(game),
    }


def checked(found: BoardCheck, text: str) -> dict[str, Any]:
    """What the editor is told about a board: the findings, its data, and its first position if it is fine."""
    answer = found.to_dict()
    answer["data"] = json_data(text)
    answer["preview"] = preview(found.game_made) if found.game_made is not None and found.ok else None
    return answer


def _profile_job(game: str, text: str, players: int, games: int, seed: int, seconds: float) -> dict[str, Any]:
    """A profile, in a worker process (a function of its arguments alone)."""
    return check_board(game, text, players=players, playouts=games, seed=seed, seconds=seconds).to_dict()


class Profiles:
    """Board profiles: one at a time for the whole server, in a worker process (threads with no bot workers)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._lock = asyncio.Lock()
        self._executor: Executor | None = None

    def _pool(self) -> Executor:
        if self._executor is None:
            if self.limits.bot_workers == 0:
                self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tabletop-profile")
            else:
                self._executor = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
        return self._executor

    async def run(self, game: str, text: str, players: int, games: int, seed: int) -> dict[str, Any]:
        try:
            await asyncio.wait_for(self._lock.acquire(), timeout=self.limits.profile_seconds)
        except TimeoutError:
            raise Refused(_("another board is being profiled; try again in a moment"), 503,
                          retry_after=self.limits.profile_seconds) from None
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._pool(), _profile_job, game, text, players, games, seed,
                                              self.limits.profile_seconds)
        finally:
            self._lock.release()

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


async def board_text(request: Request, limits: Limits) -> str:
    """The request's body as a board's text: UTF-8, at most the server's board size."""
    raw = await request.body()
    if len(raw) > limits.board_bytes:
        raise Refused(_("a board is at most {limit} kB, this one is {size} bytes").format(
            limit=limits.board_bytes // 1024, size=f"{len(raw):,}"), 413)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Refused(_("a board is UTF-8 text (byte {n} is not)").format(n=exc.start + 1), 422) from None


def add_editor(app: FastAPI, limits: Limits, boards: Boards) -> Profiles:
    """The editor's page and API on ``app``, and the boards kept in the database (``boards``) for the lobby;
    the profiles' worker to close when the server stops."""
    profiles = Profiles(limits)
    previews: OrderedDict[str, dict[str, Any]] = OrderedDict()
    checks = AddressLimiter(limits.board_checks_per_second, limits.board_checks_burst, limits.addresses)
    profile_quota = AddressLimiter(limits.profiles_per_minute / 60.0, max(1.0, limits.profiles_per_minute / 2),
                                   limits.addresses)

    def known(game: str) -> None:
        if not editable(game):
            games = [g for g in list_games() if editable(g)]
            raise Refused(_("there is no board editor for {game}; editors: {games}").format(
                game=repr(game[:64]), games=", ".join(games)), 404)

    def quota(limiter: AddressLimiter, request: Request, refusal: str) -> None:
        wait = limiter.take(_address(request))
        if wait:
            raise Refused(refusal.format(seconds=f"{wait:.0f}"), 429, retry_after=wait)

    @app.get("/editor/{game}", include_in_schema=False)
    async def editor_page(game: str) -> HTMLResponse:
        known(game)
        return html_page("editor.html")

    @app.get("/api/editor/{game}")
    async def api_editor(game: str) -> dict[str, Any]:
        known(game)
        info = game_class(game).info
        text = packaged_text(game)
        return {
            "game": game, "title": _(info.title), "toml": text, "data": json_data(text),
            "option": data_option(game), "editor_module": editor_module(game), "editor_style": editor_style(game),
            "board_module": board_module(game),
            "board_style": board_style(game), "players": {"min": info.min_players, "max": info.max_players,
                                                          "default": default_players(game)},
            "limits": {"board_bytes": limits.board_bytes, "profile_games": limits.profile_games,
                       "profile_seconds": limits.profile_seconds},
        }

    @app.post("/api/editor/{game}/check")
    async def api_check(game: str, request: Request) -> dict[str, Any]:
        known(game)
        quota(checks, request, _("too many board checks from your address; try again in {seconds} s"))
        text = await board_text(request, limits)
        return await asyncio.to_thread(lambda: checked(check_board(game, text, playouts=0), text))

    @app.post("/api/editor/{game}/profile")
    async def api_profile(game: str, request: Request, players: int | None = None, games: int = 2000,
                          seed: int = 0) -> Response:
        known(game)
        info = game_class(game).info
        count = players if players is not None else default_players(game)
        if not info.min_players <= count <= info.max_players:
            raise Refused(_("{game} is for {low} to {high} players, not {n}").format(
                game=game, low=info.min_players, high=info.max_players, n=count), 422)
        if not 1 <= games <= limits.profile_games:
            raise Refused(_("a profile plays from 1 to {most} games on this server, not {n}").format(
                most=limits.profile_games, n=games), 422)
        if not 0 <= seed < 2**63:
            raise Refused(_("the seed is a number from 0 to 2**63 - 1"), 422)
        text = await board_text(request, limits)
        quota(profile_quota, request,
              _("too many board profiles from your address; try again in {seconds} s"))
        found = await profiles.run(game, text, count, games, seed)
        return Response(json.dumps(found), media_type="application/json")

    @app.get("/api/boards/{digest}")
    async def api_board(digest: str) -> dict[str, Any]:
        """A board kept in the database (a game on it was created): its game, its text and a view of it as played."""
        if not DIGEST.fullmatch(digest):
            raise Refused(_("a board is named by the SHA-256 of its text: 64 hexadecimal digits"), 422)
        found = previews.get(digest)
        if found is None:
            stored = await asyncio.to_thread(boards.stored, digest)
            if stored is None:
                raise Refused(_("there is no board {digest} on this server").format(digest=digest[:12]), 404)
            game, text = stored
            try:
                made = await asyncio.to_thread(boards.make, game, {board_option(game): BOARD_PREFIX + digest})
            except TabletopError as exc:  # a board kept by an older version that no longer loads
                raise Refused(_("the board {digest} does not load: {problem}").format(digest=digest[:12], problem=exc),
                              409) from None
            found = previews[digest] = {"digest": digest, "game": game, "toml": text,
                                        "preview": await asyncio.to_thread(preview, made)}
            while len(previews) > PREVIEWS:
                previews.popitem(last=False)
        previews.move_to_end(digest)
        return found

    return profiles

"""Boards arriving over HTTP: each damaged data file of the ``data`` kind is also sent to a web server in this
process as a board of one's own, as the board editor sends one (``POST /api/editor/GAME/check``) and as a host
creating a game on it does (``POST /api/games`` with the text as ``board``).

The server must keep its contract for any bytes: a board over 64 kB is refused with 413 before it is read,
bytes that are not UTF-8 with 422, anything else answered 200 with the checks' findings: the game's refusal
exactly when the game's own loader refuses the text, never naming the server's private file, the board's data
when it is TOML that JSON can carry, and the view of the board as played exactly when the board is fine. A new
game on the board is created (201) exactly when the board is fine, with the board kept by its digest and
carried by the game's record; otherwise refused with 422 saying why. Anything else (a 500, another status, an
answer out of shape) is a failure.
"""

from __future__ import annotations

import json
import signal
from pathlib import Path
from typing import Any

from fuzzing.kinds import Input, Outcome, crash

_CLIENT: Any = None
#: what the server names a board sent as content in its messages (never its private scratch file)
SHOWN = "your board"


def client(workdir: Path) -> Any:
    """The web server of this worker process, in-process (started once), with no rate limits in the way."""
    global _CLIENT
    if _CLIENT is None:
        from fastapi.testclient import TestClient

        from tabletop.interfaces.web.app import create_app
        from tabletop.interfaces.web.limits import Limits

        limits = Limits(bot_workers=0, board_checks_per_second=1e9, board_checks_burst=1e9,
                        games_per_minute=1e9, games_burst=1e9, rooms=10**6, idle_seconds=1.0)
        # the server starts (and migrates its database) outside the input's time limit: it is not the input's work
        left = signal.setitimer(signal.ITIMER_REAL, 0)[0]
        try:
            started = TestClient(create_app(f"sqlite:///{workdir / 'fuzz-web.db'}", limits=limits))
            started.__enter__()
            _CLIENT = started
        finally:
            if left:
                signal.setitimer(signal.ITIMER_REAL, left)
    return _CLIENT


def check_board_over_http(game: str, item: Input, workdir: Path) -> Outcome | None:
    """``None`` if the server answered the board ``item.payload`` (bytes) as its contract says."""
    from tabletop.analysis.boards import check_board
    from tabletop.core.datafile import MAX_BOARD_BYTES

    payload: bytes = item.payload
    try:
        response = client(workdir).post(f"/api/editor/{game}/check", content=payload,
                                        headers={"Content-Type": "text/plain; charset=utf-8"})
    except Exception as exc:
        return crash("POST a board", exc)
    try:
        text = payload.decode("utf-8")
    except UnicodeDecodeError:
        text = None
    expected = 413 if len(payload) > MAX_BOARD_BYTES else 422 if text is None else 200
    if response.status_code != expected:
        return Outcome("failed", f"a board sent over HTTP: status {response.status_code}, expected {expected}",
                       response.text[:300])
    if expected != 200:
        return None
    answer = response.json()
    assert text is not None
    direct = check_board(game, text, playouts=0)
    if (answer["refusal"] is None) != (direct.refusal is None) or answer["ok"] != direct.ok:
        return Outcome("failed", "a board sent over HTTP is judged otherwise than the same text loaded directly",
                       f"{answer['refusal']!r} vs {direct.refusal!r}"[:300])
    if "tabletop-boards-" in response.text or "check-" in (answer["refusal"] or ""):
        return Outcome("failed", "an answer names the server's private file", (answer["refusal"] or "")[:300])
    if answer["refusal"] is not None and SHOWN not in answer["refusal"] and "64 kB" not in answer["refusal"]:
        return Outcome("failed", "a refusal does not name the board as the user knows it", answer["refusal"][:300])
    if (answer["preview"] is not None) != answer["ok"]:
        return Outcome("failed", "a board's view as played is given for a board with problems, or withheld for a "
                       "fine one", str(answer["problems"])[:300])
    if answer["data"] is not None and not isinstance(answer["data"], dict):
        return Outcome("failed", "a board's data is not a table", str(answer["data"])[:300])
    return created_on(game, text, direct.ok, workdir)


def created_on(game: str, text: str, fine: bool, workdir: Path) -> Outcome | None:
    """A new game of two people on the board: created exactly when the board is fine (with 2 players as well as
    the default: the check above used the default), its record carrying the board by its digest."""
    from tabletop.analysis.boards import check_board
    from tabletop.core.data import data_digest

    web = client(workdir)
    body = json.dumps({"game": game, "seats": [{"kind": "human"}, {"kind": "human"}], "board": text,
                       "start": "joined"})  # a waiting room: nothing is played in the background
    try:
        response = web.post("/api/games", content=body, headers={"Content-Type": "application/json"})
    except Exception as exc:
        return crash("POST a game on a board", exc)
    fine = fine and check_board(game, text, players=2, playouts=0).ok
    limits = web.app.state.services.limits
    limit = limits.body_bytes + 2 * limits.board_bytes
    expected = 413 if len(body.encode()) > limit else 201 if fine else 422
    if response.status_code != expected:
        return Outcome("failed", f"a game on a board sent over HTTP: status {response.status_code}, expected "
                       f"{expected}", response.text[:300])
    if expected == 413:
        return None
    if not fine:
        detail = response.json().get("detail", "")
        if "tabletop-boards-" in detail or "check-" in detail or SHOWN not in detail:
            return Outcome("failed", "a refused game's message does not name the board as the user knows it",
                           detail[:300])
        return None
    record = web.get(f"/api/games/{response.json()['id']}/record").json()
    digest = data_digest(text)
    if record["options"].get("data") != f"board:{digest}" or record.get("boards") != {digest: text}:
        return Outcome("failed", "a game's record does not carry its board by its digest", str(record)[:300])
    return None

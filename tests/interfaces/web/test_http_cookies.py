"""Cookies over plain http (issue 24): Secure by default; ``tabletop serve --http-cookies`` drops the flag.

A browser keeps a Secure cookie only from a page it counts as secure: HTTPS, and http://localhost in
Chromium and Firefox, but not Safari on localhost nor any browser at http://<an address on the network>
(friends' phones at a table in the same room). There the guest cookie would be dropped, so chat and
sign-in would not hold; ``--http-cookies`` is the documented way (docs/web.md) to serve them anyway.
The app is built as ``tabletop serve`` builds it (the CLI, with uvicorn replaced by a stub that
keeps the app), then asked over plain http.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from tabletop.interfaces.cli.app import app as cli
from tabletop.interfaces.web import guard


def served(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, *flags: str) -> tuple[Any, str]:
    """The app ``tabletop serve FLAGS`` would run, and what the command printed."""
    kept: dict[str, Any] = {}
    tmp_path.mkdir(exist_ok=True)

    class NotRun:
        def run(self) -> None:
            kept["ran"] = True

    def server(app: Any, host: str, port: int, limits: Any, **_options: Any) -> NotRun:
        kept["app"] = app
        return NotRun()

    monkeypatch.setattr(guard, "server", server)
    result = CliRunner().invoke(cli, ["serve", "--database", f"sqlite:///{tmp_path / 'games.db'}", *flags])
    assert result.exit_code == 0 and kept.get("ran"), result.output
    return kept["app"], result.output


def cookie_headers(response: Any) -> list[str]:
    return [value for name, value in response.headers.multi_items() if name.lower() == "set-cookie"]


def test_cookies_are_secure_unless_the_server_is_told_it_speaks_plain_http(monkeypatch: pytest.MonkeyPatch,
                                                                           tmp_path: Path) -> None:
    app, _printed = served(monkeypatch, tmp_path / "secure")
    with TestClient(app, base_url="http://testserver") as client:
        (guest,) = cookie_headers(client.get("/"))
        assert guest.startswith("tabletop_guest=") and "; Secure" in guest and "HttpOnly" in guest
        signed = client.post("/api/signup", json={"name": "Ann", "password": "correct horse"})
        assert signed.status_code == 201 and all("; Secure" in c for c in cookie_headers(signed))
        # over plain http a client keeps the Secure session to itself: Ann is not signed in on the next page
        assert client.get("/api/me").json()["signed_in"] is False

    app, printed = served(monkeypatch, tmp_path / "plain", "--http-cookies", "--host", "0.0.0.0")
    assert "unencrypted" in printed  # on a network address the operator is told what it costs
    with TestClient(app, base_url="http://testserver") as client:
        (guest,) = cookie_headers(client.get("/"))
        assert guest.startswith("tabletop_guest=") and "Secure" not in guest and "HttpOnly" in guest
        signed = client.post("/api/signup", json={"name": "Bob", "password": "correct horse"})
        assert signed.status_code == 201 and not any("Secure" in c for c in cookie_headers(signed))
        assert all("HttpOnly" in c for c in cookie_headers(signed))
        me = client.get("/api/me").json()
        assert me["signed_in"] is True and me["name"] == "Bob"

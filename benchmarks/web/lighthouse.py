"""Lighthouse scores of the web table: the lobby, each game's page mid-game (a person against a bot) and a
replay page, with Lighthouse's mobile and desktop presets, run against a real server with Debian's Chromium.

    .venv/bin/python benchmarks/web/lighthouse.py            # every page, both presets
    .venv/bin/python benchmarks/web/lighthouse.py --runs 3   # three runs of every page (the worst of each at the end)
    .venv/bin/python benchmarks/web/lighthouse.py --only lobby
    .venv/bin/python benchmarks/web/lighthouse.py --only doodle-jump,donkey-kong --preset mobile --runs 3
    .venv/bin/python benchmarks/web/lighthouse.py --only jumanji --runs 3 --src /tmp/before/src   # before and after

``--src DIR`` also measures another checkout's code (its ``src``, the pages before a change) in the same run: each
page is measured on both servers one after the other, so a busy machine weighs on both alike.

Needs npm (``npx lighthouse@12.2``) and /usr/bin/chromium (or CHROME_PATH). Prints one line per page and
preset: performance, accessibility, best practices, SEO, the cumulative layout shift, and what the performance score
is made of (first and largest contentful paint and total blocking time, Lighthouse's simulated milliseconds).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import uvicorn

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/, for the harness

from harness.server import free_port
from harness.web import Serve

from tabletop.core.registry import installed_games
from tabletop.interfaces.web.app import create_app
from tabletop.interfaces.web.catalog import heuristic_available
from tabletop.interfaces.web.rooms import Settings

LIGHTHOUSE = "lighthouse@12.2"
CHROMIUM = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")


def serve(database: str, port: int) -> uvicorn.Server:
    app = create_app(database, Settings())
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the server did not start")
        time.sleep(0.05)
    return server


def pages(base: str, only: str | None = None) -> dict[str, str]:
    """Each page to measure: the lobby, a game of each kind with a person (waiting to decide) and a bot, a replay
    (``only``: a page's name, or several separated by commas: the games those pages need)."""
    found = {"lobby": f"{base}/"}
    wanted = None if only is None else only.split(",")
    games = [game for game in installed_games() if wanted is None or game in wanted] or installed_games()[:1]
    with httpx.Client(base_url=base, timeout=30) as client:
        for game in games:
            bot = "heuristic" if heuristic_available(game) else "random"
            created = client.post("/api/games", json={"game": game, "seats": [
                {"kind": "human", "name": "Alan", "auto_roll": True}, {"kind": "bot", "bot": bot, "name": "Bot"}]})
            created.raise_for_status()
            body: dict[str, Any] = created.json()
            found[game] = base + body["seats"][0]["link"]
            time.sleep(3)  # a few moves: the page opens mid-game
            found.setdefault("replay", base + body["replay"])
    return found


def lighthouse(url: str, preset: str, out: Path) -> dict[str, Any]:
    command = ["npx", "--yes", LIGHTHOUSE, url, "--output=json", f"--output-path={out}", "--quiet",
               "--chrome-flags=--headless=new --no-sandbox", f"--only-categories={','.join(CATEGORIES)}"]
    if preset == "desktop":
        command.append("--preset=desktop")
    subprocess.run(command, check=True, env={**os.environ, "CHROME_PATH": CHROMIUM})
    report: dict[str, Any] = json.loads(out.read_text())
    return report


def measure(name: str, url: str, preset: str, out: Path) -> list[int]:
    """One Lighthouse run of one page: print its line (and its failing audits), return its four scores."""
    report = lighthouse(url, preset, out)
    scores = [round(100 * (report["categories"][c]["score"] or 0)) for c in CATEGORIES]
    audits = report["audits"]
    cls = audits["cumulative-layout-shift"]["numericValue"]
    fcp, lcp, tbt = (audits[a]["numericValue"] for a in ("first-contentful-paint", "largest-contentful-paint",
                                                         "total-blocking-time"))
    print(f"{name:20} {preset:8} {scores[0]:5} {scores[1]:5} {scores[2]:5} {scores[3]:5} {cls:7.3f} {fcp:6.0f} "
          f"{lcp:6.0f} {tbt:6.0f}", flush=True)
    failing = [a["id"] for a in report["audits"].values()
               if a.get("scoreDisplayMode") == "binary" and (a.get("score") or 0) < 1]
    if failing:
        print(f"{'':24}failing: {', '.join(sorted(failing))}", flush=True)
    return scores


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="measure only this page (lobby, replay or a game's name; several: a,b)")
    parser.add_argument("--preset", choices=("mobile", "desktop"), help="only this preset (default: both)")
    parser.add_argument("--port", type=int, default=0, help="the server's port on 127.0.0.1 (default: a free one)")
    parser.add_argument("--keep", type=Path, help="keep each page's Lighthouse report (JSON) in this folder")
    parser.add_argument("--runs", type=int, default=1, help="measure every page this many times (fresh games each run)")
    parser.add_argument("--src", help="also measure another checkout's src (the pages before a change), side by side")
    args = parser.parse_args()
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
    worst: dict[tuple[str, str, str], list[int]] = {}
    with tempfile.TemporaryDirectory() as folder, ExitStack() as stack:
        if args.src:  # both checkouts' servers as child processes, started alike
            bases = {"this": stack.enter_context(Serve()).url, "src": stack.enter_context(Serve(src=args.src)).url}
        else:
            port = args.port or free_port()
            server = serve(f"sqlite:///{folder}/games.db", port)
            stack.callback(setattr, server, "should_exit", True)
            bases = {"this": f"http://127.0.0.1:{port}"}
        for run in range(1, args.runs + 1):
            targets = {code: pages(base, args.only) for code, base in bases.items()}
            print(f"run {run}, {time.strftime('%H:%M:%S')}, load average {os.getloadavg()[0]:.1f}"
                  + (f" (this: this checkout; src: {args.src})" if args.src else ""))
            print(f"{'page':20} {'preset':8} {'perf':>5} {'a11y':>5} {'best':>5} {'seo':>5} {'CLS':>7} {'FCP':>6} "
                  f"{'LCP':>6} {'TBT':>6}")
            for name in targets["this"]:
                if args.only and name not in args.only.split(","):
                    continue
                for preset in (args.preset,) if args.preset else ("mobile", "desktop"):
                    for code, found in targets.items():
                        label = f"{name} ({code})" if args.src else name
                        suffix = f"-{code}" if args.src else ""
                        out = (args.keep or Path(folder)) / f"{name}-{preset}-{run}{suffix}.json"
                        scores = measure(label, found[name], preset, out)
                        before = worst.get((label, preset, code), scores)
                        worst[label, preset, code] = [min(a, b) for a, b in zip(before, scores, strict=True)]
        if args.runs > 1:
            print(f"the worst of {args.runs} runs")
            for (label, preset, _), scores in worst.items():
                print(f"{label:20} {preset:8} {scores[0]:5} {scores[1]:5} {scores[2]:5} {scores[3]:5}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

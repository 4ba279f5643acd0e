"""Where a page's main thread goes as it first loads, in Debian's Chromium at Lighthouse's mobile CPU slowdown (4x):
the long tasks, their blocking time, the main thread's time by kind of work, the functions with the most self
time and the largest contentful paints (the last is the LCP, and its element), for the lobby, a game's page
mid-game (a person against a bot, as ``lighthouse.py`` opens it) or a replay.

    .venv/bin/python benchmarks/web/profile.py jumanji                      # one load of Jumanji's page
    .venv/bin/python benchmarks/web/profile.py jumanji --runs 3 --src /tmp/before/src   # another checkout too

Lighthouse's score says *that* a page is slow on a phone; this says *where*. Figures are wall-clock times of one
busy machine: compare two checkouts only in one run (``--src``), and read the CPU column (the main thread's own
CPU time, which other processes inflate much less than the wall time).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import defaultdict
from contextlib import ExitStack
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/, for the harness

from harness.web import Serve
from playwright.sync_api import sync_playwright
from web.lighthouse import pages

CHROMIUM = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
#: Lighthouse's mobile preset: a Moto G Power's screen, and a CPU four times slower than this one
PHONE = {"viewport": {"width": 412, "height": 823}, "device_scale_factor": 1.75, "is_mobile": True, "has_touch": True}
SLOWDOWN = 4
#: the kinds of the main thread's work, by trace event (as Lighthouse's "main-thread work breakdown" groups them)
KINDS = {
    "script": ("EvaluateScript", "v8.compile", "v8.compileModule", "FunctionCall", "TimerFire", "EventDispatch",
               "FireAnimationFrame", "v8.evaluateModule", "RunMicrotasks", "V8.GCScavenger", "MajorGC", "MinorGC",
               "XHRReadyStateChange", "v8.run"),
    "style": ("UpdateLayoutTree", "RecalculateStyles", "ParseAuthorStyleSheet"),
    "layout": ("Layout", "UpdateLayerTree"),
    "paint": ("Paint", "PrePaint", "Layerize", "UpdateLayer", "CompositeLayers", "PaintImage", "Decode Image",
              "ImageDecodeTask", "Commit"),
    "parse": ("ParseHTML",),
}
KIND_OF = {name: kind for kind, names in KINDS.items() for name in names}
TASKS = ("RunTask", "ThreadControllerImpl::RunTask", "ThreadPool_RunTask")


def main_thread(events: list[dict[str, Any]]) -> tuple[int, int]:
    """The renderer's main thread that worked the most (the page's, not about:blank's)."""
    named = {(e["pid"], e["tid"]) for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"
             and e.get("args", {}).get("name") == "CrRendererMain"}
    busy: dict[tuple[int, int], float] = defaultdict(float)
    for e in events:
        if (e.get("pid"), e.get("tid")) in named and e.get("name") in TASKS and e.get("ph") == "X":
            busy[e["pid"], e["tid"]] += e.get("dur", 0)
    return max(busy, key=lambda k: busy[k])


#: the events that say what a task ran: a script, a timer, a frame's callbacks, an event, the page's HTML
STARTERS = ("EvaluateScript", "v8.evaluateModule", "TimerFire", "FireAnimationFrame", "EventDispatch", "FunctionCall",
            "ParseHTML", "XHRReadyStateChange", "RunMicrotasks")


def what_ran(task: dict[str, Any], events: list[dict[str, Any]]) -> str:
    """A long task in a few words: what started it (the first script, timer, frame or event in it) and its time by
    kind of work (ms), e.g. "FunctionCall game.js:310 (script 40, style 12, layout 9)"."""
    end = task["ts"] + task["dur"]
    inside = [e for e in events if task["ts"] <= e["ts"] < end and e is not task]
    first = next((e for e in inside if e["name"] in STARTERS), None)
    label = "rendering" if first is None else first["name"]
    if first is not None:
        data = first.get("args", {}).get("data", {})
        url = data.get("url") or data.get("scriptName") or (data.get("stackTrace") or [{}])[0].get("url", "")
        if url:
            label += f" {url.rsplit('/', 1)[-1].split('?')[0] or url[:30]}"
            if data.get("functionName"):
                label += f" {data['functionName']}"
            if data.get("lineNumber") is not None:
                label += f":{data['lineNumber'] + 1}"
        elif data.get("type"):
            label += f" {data['type']}"
    kinds: dict[str, float] = defaultdict(float)
    for e in inside:  # the outermost of each kind: a script's nested calls are not counted twice
        kind = KIND_OF.get(e["name"])
        if kind and not any(o is not e and KIND_OF.get(o["name"]) == kind and o["ts"] <= e["ts"]
                            and e["ts"] + e["dur"] <= o["ts"] + o["dur"] for o in inside):
            kinds[kind] += e["dur"] / 1000
    spent = ", ".join(f"{kind} {ms:.0f}" for kind, ms in sorted(kinds.items(), key=lambda kv: -kv[1]) if ms >= 1)
    return f"{label} ({spent})"


def read_trace(events: list[dict[str, Any]]) -> dict[str, Any]:
    """Long tasks (wall ms), blocking time, CPU ms, and self time by kind of work on the page's main thread."""
    pid, tid = main_thread(events)
    mine = sorted((e for e in events if e.get("pid") == pid and e.get("tid") == tid and e.get("ph") == "X"
                   and "dur" in e), key=lambda e: (e["ts"], -e["dur"]))
    tasks: list[dict[str, Any]] = []  # the outermost tasks (a task's runner nests another task event in it)
    for e in mine:
        if e["name"] in TASKS and not (tasks and e["ts"] < tasks[-1]["ts"] + tasks[-1]["dur"]):
            tasks.append(e)
    navigation = [e["ts"] for e in events if e.get("name") == "navigationStart" and e.get("pid") == pid]
    start = navigation[0] if navigation else tasks[0]["ts"]
    long = [(round((e["ts"] - start) / 1000), round(e["dur"] / 1000), what_ran(e, mine)) for e in tasks
            if e["dur"] > 50_000]
    selftime: dict[str, float] = defaultdict(float)
    stack: list[list[Any]] = []  # [event, time taken by its children]
    for e in [*mine, {"ts": float("inf"), "dur": 0, "name": ""}]:
        while stack and stack[-1][0]["ts"] + stack[-1][0]["dur"] <= e["ts"]:
            done, children = stack.pop()
            selftime[KIND_OF.get(done["name"], "other" if done["name"] not in TASKS else "task")] += (
                done["dur"] - children) / 1000
            if stack:
                stack[-1][1] += done["dur"]
        if e["name"]:
            stack.append([e, 0.0])
    return {"long": long, "blocking": sum(d - 50 for _, d, _ in long), "wall": sum(e["dur"] for e in tasks) / 1000,
            "cpu": sum(e.get("tdur", 0) for e in tasks) / 1000, "kinds": dict(selftime)}


def read_profile(profile: dict[str, Any], top: int) -> list[tuple[float, str]]:
    """The functions with the most self time (ms) in a V8 CPU profile, named "function file:line"."""
    nodes = {node["id"]: node["callFrame"] for node in profile["nodes"]}
    spent: dict[str, float] = defaultdict(float)
    for node, delta in zip(profile["samples"], profile["timeDeltas"], strict=True):
        frame = nodes[node]
        if frame["functionName"] in ("(idle)", "(program)"):
            continue
        where = frame["url"].rsplit("/", 2)[-2:] if frame["url"] else []
        spent[f"{frame['functionName'] or '(anonymous)'} {'/'.join(where)}:{frame['lineNumber'] + 1}"] += delta / 1000
    return sorted(((ms, name) for name, ms in spent.items()), reverse=True)[:top]


#: the page's largest contentful paints as they come (the last one is its LCP): when, how big, and what
LCP_RECORDER = """window.__lcp = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) {
  const node = e.element;
  const what = node ? node.tagName.toLowerCase() + (node.id ? `#${node.id}` : "")
    + (node.getAttribute("class") ? `.${node.getAttribute("class").split(" ")[0]}` : "") : e.url;
  window.__lcp.push({at: e.startTime, size: e.size, what});
} }).observe({type: "largest-contentful-paint", buffered: true});"""


def measure(browser: Any, url: str, seconds: float, top: int) -> dict[str, Any]:
    context = browser.new_context(**PHONE)
    context.add_init_script(LCP_RECORDER)
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
        cdp.send("Profiler.enable")
        cdp.send("Profiler.setSamplingInterval", {"interval": 250})
        cdp.send("Profiler.start")
        browser.start_tracing(page=page, categories=[
            "devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel", "v8", "blink.user_timing",
            "loading"])
        page.goto(url, wait_until="load")
        page.wait_for_timeout(seconds * 1000)
        profile = cdp.send("Profiler.stop")["profile"]
        trace = json.loads(browser.stop_tracing())
        events = trace["traceEvents"] if isinstance(trace, dict) else trace
        fcp = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null")
        lcp = page.evaluate("window.__lcp")
        return {**read_trace(events), "functions": read_profile(profile, top), "fcp": fcp, "lcp": lcp}
    finally:
        context.close()


def report(label: str, found: dict[str, Any]) -> None:
    kinds = ", ".join(f"{kind} {ms:.0f}" for kind, ms in sorted(found["kinds"].items(), key=lambda kv: -kv[1]))
    print(f"{label}: FCP {found['fcp'] or 0:.0f} ms; main thread {found['wall']:.0f} ms wall, "
          f"{found['cpu']:.0f} ms CPU; "
          f"{len(found['long'])} long tasks, blocking {found['blocking']} ms", flush=True)
    paints = ", ".join(f"{e['at']:.0f}: {e['what']}, {e['size']:.0f}" for e in found["lcp"]) or "none"
    print(f"  largest contentful paints (at ms: element, px²): {paints}")
    print(f"  long tasks (at ms: ms, what ran): {'none' if not found['long'] else ''}")
    for at, duration, what in found["long"][:20]:
        print(f"    {at:6}: {duration:4}  {what}")
    print(f"  self time by kind (ms): {kinds}")
    for ms, name in found["functions"]:
        print(f"  {ms:8.1f} ms  {name}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("page", help="lobby, replay or a game's name (its page mid-game)")
    parser.add_argument("--seconds", type=float, default=10.0, help="how long to record after the page's load event")
    parser.add_argument("--runs", type=int, default=1, help="loads of the page (fresh games each run)")
    parser.add_argument("--top", type=int, default=15, help="how many functions to list")
    parser.add_argument("--src", help="also measure another checkout's src (the code before a change), A B A B")
    args = parser.parse_args()
    contenders = {"this checkout": None, **({args.src: args.src} if args.src else {})}
    with sync_playwright() as playwright, ExitStack() as stack:
        servers = {name: stack.enter_context(Serve(src=src)) for name, src in contenders.items()}
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        stack.callback(browser.close)
        for run in range(1, args.runs + 1):
            for name, server in servers.items():
                url = pages(server.url, only=args.page)[args.page]
                print(f"run {run}, {name}, {time.strftime('%H:%M:%S')}, load average {os.getloadavg()[0]:.1f}")
                report(f"{args.page} ({name})", measure(browser, url, args.seconds, args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())

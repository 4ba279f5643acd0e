"""Where a request's time goes inside ``tabletop serve``: each request's parts, written as JSON lines.

Installed by :mod:`harness.memprobe` when ``TABLETOP_PROBE_PARTS`` names a file (``load.py --parts``), it
wraps the server's request path (its private functions: a probe of this code, not an API) and writes, for
each answered ``act`` and ``press``, milliseconds from the moment its message was read and parsed:

- ``lock``: until the room's lock was held and the action checked (another move of the room under way);
- ``apply``: the action applied to a copy of the position (its own CPU);
- ``store``: waiting for the writer to commit the transaction holding it (the writer's turn in the event
  loop, a checkpoint of the write-ahead log under way, the transaction itself);
- ``after``: the position kept, the room's viewers told, the answer made;
- ``pump``: from the answer to its frame starting to leave (the viewer's pump taking its turn, the
  view built);
- ``send``: the frame handed to the socket.

The writer's transactions and checkpoints are written too (``write``: start, wall ms, the loop thread's CPU ms,
rows; ``checkpoint``: start, wall ms, whether it held the writes back), so a slow request can be laid beside
what ran meanwhile. What
is not here is the wait before the server reads a message (the loop's lateness, which ``memprobe``'s
``lag`` measures) and the load client's own (``Totals.lag``).
"""

from __future__ import annotations

import asyncio
import atexit
import json
import threading
import time
from pathlib import Path
from typing import Any

_clock = time.perf_counter


def install(out: str, every: float = 5.0) -> None:
    """Wrap the request path of the server about to start; append what it saw to ``out`` every ``every`` s."""
    from tabletop.interfaces.web import actionlog, connections, sockets, writer

    current: dict[asyncio.Task[Any], dict[str, Any]] = {}  # the request a task is answering
    by_reply: dict[int, dict[str, Any]] = {}  # id of an answer -> its request
    done: list[dict[str, Any]] = []
    writes: list[list[Any]] = []

    def mark(name: str) -> None:
        request = current.get(asyncio.current_task())  # type: ignore[arg-type]
        if request is not None:
            request[name] = _clock()

    answer = sockets._answer

    async def timed_answer(hub: Any, room: Any, hand: Any, request: Any) -> dict[str, Any]:
        task = asyncio.current_task()
        assert task is not None
        seen = current[task] = {"t0": _clock(), "at": time.time(), "kind": type(request).__name__}
        try:
            reply = await answer(hub, room, hand, request)
        finally:
            current.pop(task, None)
        seen["answered"] = _clock()
        by_reply[id(reply)] = seen
        return reply

    sockets._answer = timed_answer
    commit = actionlog.ActionLog.commit

    async def timed_commit(self: Any, action: Any, actor: int, note: str | None = None) -> Any:
        mark("locked")
        try:
            return await commit(self, action, actor, note)
        finally:
            mark("kept")

    actionlog.ActionLog.commit = timed_commit  # type: ignore[method-assign]
    append = writer.Writer.append

    async def timed_append(self: Any, action: Any) -> None:
        mark("applied")
        try:
            await append(self, action)
        finally:
            mark("stored")

    writer.Writer.append = timed_append  # type: ignore[method-assign]
    write = writer.Writer._write

    async def timed_write(self: Any, appends: list[Any]) -> None:
        began, cpu = _clock(), time.thread_time()
        try:
            await write(self, appends)
        finally:
            writes.append(["write", round(time.time() - (_clock() - began), 3), round((_clock() - began) * 1e3, 2),
                           round((time.thread_time() - cpu) * 1e3, 2), len(appends)])

    writer.Writer._write = timed_write  # type: ignore[method-assign]
    checkpoint = writer.Writer._checkpoint

    async def timed_checkpoint(self: Any, *args: Any, **kwargs: Any) -> None:
        began, before = _clock(), self.checkpoints
        await checkpoint(self, *args, **kwargs)
        if self.checkpoints != before:
            took = _clock() - began
            held = bool(kwargs.get("hold", args[0] if args else True))  # (older code: every one held the writes)
            writes.append(["checkpoint", round(time.time() - took, 3), round(took * 1e3, 2), held])

    writer.Writer._checkpoint = timed_checkpoint  # type: ignore[method-assign]
    reply = connections.Connection.reply

    def noted_reply(self: Any, message: dict[str, Any]) -> None:
        reply(self, message)
        seen = by_reply.pop(id(message), None)
        if seen is not None:
            self.__dict__.setdefault("_parts", []).append(seen)

    connections.Connection.reply = noted_reply  # type: ignore[method-assign]

    class TimedConnection(connections.Connection):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            send = self.send

            async def timed_send(frame: str) -> None:
                began = _clock()
                await send(frame)
                waiting = self.__dict__.get("_parts")
                if waiting:  # the answers queued before this frame began to leave went in it
                    self.__dict__["_parts"] = [s for s in waiting if s["answered"] > began]
                    for seen in waiting:
                        if seen["answered"] <= began:
                            seen["sending"], seen["sent"] = began, _clock()
                            done.append(seen)

            self.send = timed_send

    sockets.Connection = TimedConnection  # type: ignore[attr-defined]

    def write_out() -> None:
        taken, done[:] = list(done), []
        logged, writes[:] = list(writes), []
        with open(out, "a") as f:
            for seen in taken:
                f.write(json.dumps(_parts(seen) | {"at": round(seen["at"], 3), "kind": seen["kind"]}) + "\n")
            for line in logged:
                f.write(json.dumps(line) + "\n")

    def flush() -> None:
        while True:
            time.sleep(every)
            write_out()

    atexit.register(write_out)  # what the last seconds saw, when the server stops
    threading.Thread(target=flush, name="ackparts", daemon=True).start()


def _parts(seen: dict[str, Any]) -> dict[str, float]:
    """A request's parts in ms (see the module's docstring); an act that was refused or a press has fewer."""
    marks = ["t0", "locked", "applied", "stored", "kept"] if "stored" in seen else ["t0"]
    names = ["lock", "apply", "store", "after"] if "stored" in seen else []
    points = [seen[m] for m in marks] + [seen["answered"], seen["sending"], seen["sent"]]
    names += ["answer" if len(names) == 0 else "rest", "pump", "send"]
    parts = {name: round((b - a) * 1e3, 3) for name, a, b in zip(names, points[:-1], points[1:], strict=True)}
    parts["total"] = round((seen["sent"] - seen["t0"]) * 1e3, 3)
    return parts


def summary(out: Path, measured_from: float) -> list[str]:
    """The parts' p50, p99 and their mean among the slowest 1%, per kind of request (lines to print)."""
    try:
        lines = [json.loads(line) for line in out.read_text().splitlines() if line]
    except FileNotFoundError:
        return []
    requests = [x for x in lines if isinstance(x, dict) and x["at"] >= measured_from]
    every = [x for x in lines if isinstance(x, list) and x[0] == "checkpoint" and x[1] >= measured_from]
    checkpoints = [x[:3] for x in every if len(x) < 4 or x[3]]  # those that held the writes back
    printed = []
    for kind in ("Act", "Press"):
        ones = [x for x in requests if x["kind"] == kind and ("store" in x or kind != "Act")]
        if not ones:
            continue
        totals = sorted(x["total"] for x in ones)
        cut = totals[min(len(totals) - 1, int(0.99 * len(totals)))]
        slow = [x for x in ones if x["total"] >= cut]
        names = [k for k in ones[0] if k not in ("at", "kind")]
        cells = []
        for name in names:
            values = sorted(x.get(name, 0.0) for x in ones)
            p99 = values[min(len(values) - 1, int(0.99 * len(values)))]
            mean_slow = sum(x.get(name, 0.0) for x in slow) / len(slow)
            cells.append(f"{name} {values[len(values) // 2]:.1f}/{p99:.1f}/{mean_slow:.1f}")
        printed.append(f"server's time for {len(ones)} {kind.lower()} requests from the message read to its answer "
                       f"sent (ms, p50/p99/mean of the slowest 1%): " + ", ".join(cells))
        if checkpoints:
            during_slow, during_all = _overlapping(slow, checkpoints), _overlapping(ones, checkpoints)
            printed.append(f"  {kind.lower()} requests under way during a checkpoint: {during_slow:.0%} of the "
                           f"slowest 1%, {during_all:.0%} of all")
    for held, spans in ((True, checkpoints), (False, [x for x in every if len(x) >= 4 and not x[3]])):
        if spans:
            walls = sorted(x[2] for x in spans)
            printed.append(f"checkpoints of the write-ahead log "
                           f"({'writes wait meanwhile' if held else 'beside the writes'}): {len(walls)}, p50 "
                           f"{walls[len(walls) // 2]:.1f} ms, longest {walls[-1]:.1f} ms")
    return printed


def _overlapping(requests: list[dict[str, Any]], checkpoints: list[list[Any]]) -> float:
    """The share of ``requests`` under way while a checkpoint of the log ran."""
    spans = [(start, start + wall / 1e3) for _, start, wall in checkpoints]
    during = sum(1 for x in requests
                 if any(a < x["at"] + x["total"] / 1e3 and x["at"] < b for a, b in spans))
    return during / max(1, len(requests))

"""Who holds the objects that outlive their use: the survivors of a kind, and the chain of objects holding them.

Started by :mod:`harness.memprobe` when the server's environment has ``TABLETOP_PROBE_HOLDERS=<kinds>``
(a comma-separated list of kind prefixes as the probe names kinds: ``generator``, ``coroutine:Room.``,
``GuardedWebSocket``): at each of the probe's lines it notes when each object of those kinds was first
seen, and writes to ``holders.txt`` beside the probe's output the objects alive for longer than
``TABLETOP_PROBE_HOLDERS_AGE`` seconds (120 by default), grouped by kind and by where they stopped (a
generator's or coroutine's line, or "finished"), with, for the three largest groups, the chain of their
holders: each step lists what refers to the object above it (its type, the key or attribute it is
under, a frame's function and line), and follows the first referrer that is not a frame of the probe.
A chain that ends with nothing referring is held from C (an extension's structure the collector cannot
see), or only by the collector's own lists.

A diagnosis, not a measure: it holds the interpreter for a few ``gc.get_referrers`` scans per line, and
it unfreezes what ``tabletop serve`` froze at start-up (:func:`gc.freeze`; the collector then walks it
again), since neither ``gc.get_objects`` nor ``gc.get_referrers`` sees the frozen objects: a module's
registry or cache made at import would hold the survivors unseen.
"""

from __future__ import annotations

import asyncio
import gc
import sys
import time
import types
import weakref
from collections import Counter
from pathlib import Path
from typing import Any


def kind(o: object) -> str:
    """An object's type, and a generator's or coroutine's function (a registry of them left behind shows by name)."""
    if isinstance(o, types.GeneratorType):
        return f"generator:{o.gi_code.co_qualname}"
    if isinstance(o, types.CoroutineType):
        return f"coroutine:{o.cr_code.co_qualname}"
    if isinstance(o, types.AsyncGeneratorType):
        return f"async_generator:{o.ag_code.co_qualname}"
    return type(o).__qualname__


def where(o: object) -> str:
    """Where a generator or coroutine stopped: its function's file and line, or ``finished`` (a task: its coroutine)."""
    if isinstance(o, asyncio.Task):
        coroutine = o.get_coro()
        return f"running {kind(coroutine)} {where(coroutine)}" if not o.done() else "done"
    frame = getattr(o, "gi_frame", None) or getattr(o, "cr_frame", None) or getattr(o, "ag_frame", None)
    if frame is None:
        resumable = isinstance(o, types.GeneratorType | types.CoroutineType | types.AsyncGeneratorType)
        return "finished" if resumable else ""
    return f"at {frame.f_code.co_filename.rsplit('site-packages/', 1)[-1]}:{frame.f_lineno}"


def describe(holder: object, held: object) -> str:
    """A referrer in a few words: its kind and how it holds ``held``."""
    name = kind(holder)
    if isinstance(holder, dict):
        keys = [k for k, v in holder.items() if v is held][:3] + [f"<key {k!r}>"[:80] for k in holder if k is held][:1]
        return f"dict[{len(holder)}] under {', '.join(repr(k)[:60] for k in keys) or '?'}"
    if isinstance(holder, list | tuple | set | frozenset):
        return f"{name}[{len(holder)}]"
    if isinstance(holder, types.FrameType):
        return f"frame {holder.f_code.co_qualname} at {holder.f_code.co_filename.rsplit('/', 1)[-1]}:{holder.f_lineno}"
    if isinstance(holder, types.FunctionType):
        return f"function {holder.__qualname__}"
    if isinstance(holder, types.MethodType):
        return f"bound method {getattr(holder.__func__, '__qualname__', '?')}"
    if isinstance(holder, types.CellType):
        return "cell"
    attributes = [a for a in dir(type(holder)) if a in getattr(type(holder), "__slots__", ())]
    found = [a for a in attributes if getattr(holder, a, None) is held]
    return f"{name}{' .' + found[0] if found else ''} {where(holder)}".rstrip()


class Holders:
    """The survivors of ``prefixes`` kinds older than ``age`` seconds, and their holders (see the module's doc)."""

    def __init__(self, out: Path, prefixes: list[str], age: float, depth: int = 8) -> None:
        self.out = out
        self.prefixes = tuple(prefixes)
        self.age = age
        self.depth = depth
        self.first: dict[int, tuple[float, weakref.ref[Any] | None]] = {}
        self.totals: Counter[str] = Counter()  # by kind, at the line before

    def note(self) -> None:
        if gc.get_freeze_count():
            gc.unfreeze()
        now = time.monotonic()
        watched = [o for o in gc.get_objects() if kind(o).startswith(self.prefixes)]
        first: dict[int, tuple[float, weakref.ref[Any] | None]] = {}
        old: list[Any] = []
        for o in watched:
            seen = self.first.get(id(o))
            if seen is not None and (seen[1] is None or seen[1]() is o):
                first[id(o)] = seen
            else:
                try:
                    first[id(o)] = (now, weakref.ref(o))
                except TypeError:  # no weak references: an id reused by another object reads as this one
                    first[id(o)] = (now, None)
            if now - first[id(o)][0] >= self.age:
                old.append(o)
        self.first = first
        groups: Counter[tuple[str, str]] = Counter((kind(o), where(o)) for o in old)
        totals = Counter(kind(o) for o in watched)
        with self.out.open("a") as f:
            f.write(f"--- {time.strftime('%H:%M:%S')}: {len(watched)} objects of {', '.join(self.prefixes)}, "
                    f"{len(old)} alive for {self.age:g} s or more\n")
            f.write("  by kind (and since the line before): " + ", ".join(
                f"{name} {count} ({count - self.totals.get(name, 0):+d})" for name, count in totals.most_common(14))
                + "\n")
            self.totals = totals
            for (name, place), count in groups.most_common(12):
                f.write(f"{count:6d}  {name} {place}\n")
            for (name, place), _count in groups.most_common(3):
                example = next(o for o in reversed(old) if kind(o) == name and where(o) == place)
                f.write(f"  held: {name} {place}\n")
                for line in self.chain(example, watched, old):
                    f.write(f"    {line}\n")
        del watched, old

    def chain(self, start: object, *lists: list[Any]) -> list[str]:
        """Who refers to ``start``, and to that, up to :attr:`depth` steps (the first referrer followed).

        (No comprehension or generator expression here names the object followed: it would hold it in a
        cell of this frame, and that cell would read as its holder.)
        """
        mine = {id(lst) for lst in lists} | {id(sys._getframe())}
        lines: list[str] = []
        seen = {id(start)}
        current = start
        for step in range(self.depth):
            referrers = []
            for r in gc.get_referrers(current):
                if id(r) in mine or (isinstance(r, types.FrameType) and r.f_code.co_filename == __file__):
                    continue
                referrers.append(r)
            mine.add(id(referrers))
            if not referrers:
                lines.append(f"{'  ' * step}(nothing the collector sees refers to it)")
                break
            described = []
            for r in referrers[:6]:
                described.append(describe(r, current))
            lines.append(f"{'  ' * step}<- " + " | ".join(described)
                         + (f" (+{len(referrers) - 6})" if len(referrers) > 6 else ""))
            following = referrers[0]
            for r in referrers:
                if id(r) not in seen and not isinstance(r, types.FrameType):
                    following = r
                    break
            if id(following) in seen:
                break
            seen.add(id(following))
            current = following
        return lines

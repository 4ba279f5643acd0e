"""Shrinking a failing input to a small one that fails the same way (delta debugging)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any, TypeVar

from fuzzing.mutate import TOKEN, dumps

T = TypeVar("T")


class Budget:
    """At most ``tries`` checks and ``seconds`` of shrinking."""

    def __init__(self, tries: int, seconds: float) -> None:
        self.tries = tries
        self.deadline = time.monotonic() + seconds

    def spend(self) -> bool:
        self.tries -= 1
        return self.tries >= 0 and time.monotonic() < self.deadline


def ddmin(units: list[T], fails: Callable[[list[T]], bool], budget: Budget) -> list[T]:
    """The smallest sub-list found (by removing chunks) that still fails."""
    parts = 2
    while len(units) >= 2:
        size = -(-len(units) // parts)
        for start in range(0, len(units), size):
            candidate = units[:start] + units[start + size :]
            if not budget.spend():
                return units
            if fails(candidate):
                units = candidate
                parts = max(parts - 1, 2)
                break
        else:
            if parts >= len(units):
                return units
            parts = min(len(units), parts * 2)
    return units


def shrink_text(text: str, fails: Callable[[str], bool], budget: Budget) -> str:
    pieces = ddmin(TOKEN.findall(text), lambda units: fails("".join(units)), budget)
    return "".join(ddmin(list("".join(pieces)), lambda units: fails("".join(units)), budget))


def shrink_bytes(raw: bytes, fails: Callable[[bytes], bool], budget: Budget) -> bytes:
    """A JSON object is shrunk item by item first (lists, then keys), then line by line."""
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        data = None
    if isinstance(data, dict):
        raw = dumps(_shrink_json(data, lambda d: fails(dumps(d).encode()), budget)).encode()
    lines = ddmin(raw.split(b"\n"), lambda units: fails(b"\n".join(units)), budget)
    return b"\n".join(lines)


def _with(fails: Callable[[dict[str, Any]], bool], data: dict[str, Any], key: str) -> Callable[[list[Any]], bool]:
    """Whether ``data`` with ``items`` at ``key`` still fails."""
    return lambda items: fails({**data, key: items})


def _shrink_json(data: dict[str, Any], fails: Callable[[dict[str, Any]], bool], budget: Budget) -> dict[str, Any]:
    for key in list(data):
        value = data[key]
        if isinstance(value, list) and len(value) > 1:
            data[key] = ddmin(value, _with(fails, data, key), budget)
    for key in list(data):
        smaller = {k: v for k, v in data.items() if k != key}
        if budget.spend() and fails(smaller):
            data = smaller
    return data


def shrink_options(options: dict[str, Any], fails: Callable[[dict[str, Any]], bool], budget: Budget) -> dict[str, Any]:
    keys = ddmin(list(options), lambda ks: fails({k: options[k] for k in ks}), budget)
    return {k: options[k] for k in keys}


def shrink(payload: Any, fails: Callable[[Any], bool], budget: Budget) -> Any:
    if isinstance(payload, str):
        return shrink_text(payload, fails, budget)
    if isinstance(payload, bytes):
        return shrink_bytes(payload, fails, budget)
    if isinstance(payload, dict):
        return shrink_options(payload, fails, budget)
    return payload


class _Huge:
    def __init__(self, number: int) -> None:
        self.bits = number.bit_length()

    def __repr__(self) -> str:
        return f"<an integer of about {self.bits * 3 // 10} digits>"


def _printable(payload: Any) -> Any:
    if isinstance(payload, int) and not isinstance(payload, bool) and payload.bit_length() > 10_000:
        return _Huge(payload)
    if isinstance(payload, list):
        return [_printable(item) for item in payload]
    if isinstance(payload, dict):
        return {key: _printable(value) for key, value in payload.items()}
    return payload


def shown(payload: Any, limit: int = 400) -> str:
    """A printable form of an input, cut to ``limit`` characters."""
    text = repr(_printable(payload))
    return text if len(text) <= limit else text[: limit - 20] + f"... ({len(text)} chars)"

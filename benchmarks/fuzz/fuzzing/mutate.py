"""Mutators: small random changes to texts, numbers, JSON trees and TOML files.

Every mutator takes a ``random.Random`` and returns a new value; nothing here knows a
game. Texts are cut into tokens (runs of digits, runs of letters, single other
characters) so that a mutation changes one field, one number or one separator at a
time, which is what finds the positions that parse but cannot be played.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Sequence
from typing import Any

TOKEN = re.compile(r"\d+|[A-Za-z_]+|[^\dA-Za-z_]")
STRANGE_CHARS = ["\t", "\n", "\x00", "é", "٣", "²", "\u200b", "０", "\x7f", "\r"]
PUNCTUATION = list(" =,:/;|-_.+*?#")


def tokens(text: str) -> list[str]:
    return TOKEN.findall(text)


def interesting_number(rng: random.Random, current: int | None = None) -> str:
    """A number a reader must cope with: neighbours, boundaries, huge, negative, odd digits."""
    choice = rng.randrange(16)
    if current is not None and choice < 4:
        return str(max(current + rng.choice((-2, -1, 1, 2)), 0))
    if choice < 6:
        return str(rng.randrange(11))
    if choice < 8:
        return str(rng.randrange(10 ** rng.randrange(1, 13)))
    if choice == 8:
        return rng.choice(["1000000000", "1000000001", "2147483648", "9223372036854775808", "10" * 10])
    if choice == 9:
        return "9" * rng.choice((20, 400, 5000))
    if choice == 10:
        return "-" + str(rng.randrange(1, 100))
    if choice == 11:
        return "0" + str(rng.randrange(100))
    if choice == 12:
        return rng.choice(["٣", "²", "０", "1_0", "1e3", "0x1", " 1", "1.5"])
    if choice == 13:
        return ""
    return str(rng.randrange(1000))


def _token_mutation(rng: random.Random, parts: list[str], donors: Sequence[str]) -> list[str]:
    if not parts:
        return [rng.choice(PUNCTUATION)]
    i = rng.randrange(len(parts))
    token = parts[i]
    choice = rng.randrange(10)
    if token.isascii() and token.isdigit() and choice < 5:
        parts[i] = interesting_number(rng, int(token) if len(token) < 30 else None)
    elif choice < 6:  # a token of the same kind from this or another text
        donor = tokens(rng.choice(donors)) if donors else parts
        same = [t for t in donor if (t.isdigit(), t.isalpha()) == (token.isdigit(), token.isalpha())] or donor
        parts[i] = rng.choice(same)
    elif choice == 6:
        del parts[i]
    elif choice == 7:
        parts.insert(i, parts[i])
    elif choice == 8 and i + 1 < len(parts):
        parts[i], parts[i + 1] = parts[i + 1], parts[i]
    else:
        parts[i] = rng.choice([*PUNCTUATION, "-", "none", "x", token.upper(), token[:-1]])
    return parts


def _char_mutation(rng: random.Random, text: str) -> str:
    if not text:
        return rng.choice(PUNCTUATION + STRANGE_CHARS)
    i = rng.randrange(len(text) + 1)
    choice = rng.randrange(6)
    if choice == 0:
        return text[:i] + text[i + 1 :]
    if choice == 1:
        return text[:i] + rng.choice([*STRANGE_CHARS, chr(rng.randrange(32, 127))]) + text[i:]
    if choice == 2:
        return text[:i] + chr(rng.randrange(32, 127)) + text[i + 1 :]
    if choice == 3:
        j = rng.randrange(len(text) + 1)
        a, b = sorted((i, j))
        return text[:b] + text[a:b] + text[b:]
    if choice == 4:
        return text[:i]
    return text[i:]


def _field_crossover(rng: random.Random, text: str, donors: Sequence[str]) -> str:
    """Replace one whitespace-separated field by the field at the same place in another text."""
    if not donors:
        return text
    mine, theirs = text.split(" "), rng.choice(donors).split(" ")
    i = rng.randrange(len(mine))
    if i < len(theirs):
        mine[i] = theirs[i]
    return " ".join(mine)


_NUMBER_LIST = re.compile(r"[0-9]+(?:[,.][0-9]+)*")


def _list_mutation(rng: random.Random, text: str) -> str:
    """Rewrite one run of numbers (``3,9,12``): longer, shorter, a range, repeats, sorted or not."""
    runs = list(_NUMBER_LIST.finditer(text))
    if not runs:
        return text
    run = rng.choice(runs)
    sep = "." if "." in run.group() else ","
    numbers = [int(n) for n in re.split("[,.]", run.group()) if len(n) < 30]
    top = min(max([*numbers, 1]), 200) + rng.choice((0, 1, 5, 30))
    choice = rng.randrange(6)
    if choice == 0:  # a range: the whole deck but a few, say
        low = rng.randrange(top + 1)
        numbers = list(range(low, rng.randrange(low, top + 2) + 1))
    elif choice == 1:
        numbers = numbers + [rng.randrange(top + 1) for _ in range(rng.randrange(1, 30))]
    elif choice == 2 and numbers:
        numbers = rng.sample(numbers, rng.randrange(len(numbers)))
    elif choice == 3 and numbers:
        numbers.append(rng.choice(numbers))
    elif choice == 4:
        rng.shuffle(numbers)
    else:
        numbers = sorted(set(numbers + [rng.randrange(top + 1) for _ in range(rng.randrange(1, 10))]))
    new = sep.join(map(str, numbers)) or "-"
    return text[: run.start()] + new + text[run.end() :]


def mutate_text(rng: random.Random, text: str, donors: Sequence[str] = ()) -> str:
    """One to three small changes: mostly to one token, sometimes characters, a list or a whole field."""
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        choice = rng.randrange(12)
        if choice < 6:
            text = "".join(_token_mutation(rng, tokens(text), donors))
        elif choice < 8:
            text = _char_mutation(rng, text)
        elif choice < 10:
            text = _list_mutation(rng, text)
        else:
            text = _field_crossover(rng, text, donors)
    return text


def odd_value(rng: random.Random) -> Any:
    """A JSON-able (or not) value of a random type."""
    choice = rng.randrange(14)
    values: list[Callable[[], Any]] = [
        lambda: None,
        lambda: rng.choice((True, False)),
        lambda: rng.randrange(-3, 10),
        lambda: 10 ** rng.randrange(9, 40),
        lambda: 10**5000 - 1,
        lambda: rng.choice((0.5, -1.0, 1e308, float("nan"), float("inf"))),
        lambda: "",
        lambda: rng.choice(("x", "none", "1", "-", "jumble", "\x00", "é")),
        lambda: "y" * rng.choice((100, 100_000)),
        lambda: [],
        lambda: [rng.randrange(5)],
        lambda: {},
        lambda: {"a": 1},
        lambda: [[[[[]]]]],
    ]
    return values[choice]()


def mutate_json_tree(rng: random.Random, data: Any, texts: Callable[[str], str]) -> Any:
    """Change one node of a JSON tree: a value's type or content, a key, a list's items."""
    if isinstance(data, dict) and data:
        key = rng.choice(list(data))
        choice = rng.randrange(8)
        if choice == 0:
            del data[key]
        elif choice == 1:
            data[key + rng.choice(("x", "_", "s"))] = data.pop(key)
        elif choice == 2:
            data[rng.choice(("extra", "Format", "seed2"))] = odd_value(rng)
        elif choice == 3:
            data[key] = odd_value(rng)
        else:
            data[key] = mutate_json_tree(rng, data[key], texts)
        return data
    if isinstance(data, list) and data:
        i = rng.randrange(len(data))
        choice = rng.randrange(8)
        if choice == 0:
            del data[i]
        elif choice == 1:
            data.insert(i, data[i])
        elif choice == 2:
            j = rng.randrange(len(data))
            data[i], data[j] = data[j], data[i]
        elif choice == 3:
            del data[i:]
        elif choice == 4:
            data[i] = odd_value(rng)
        else:
            data[i] = mutate_json_tree(rng, data[i], texts)
        return data
    if isinstance(data, str):
        return texts(data)
    if isinstance(data, bool) or data is None:
        return odd_value(rng)
    if isinstance(data, int):
        if rng.random() < 0.3:
            return odd_value(rng)
        text = interesting_number(rng, data if data.bit_length() < 100 else None)
        if text.isascii() and text.lstrip("-").isdigit():
            return int(text) if len(text) < 4000 else 10 ** len(text) - 1
        return text
    return odd_value(rng)


def mutate_bytes(rng: random.Random, raw: bytes) -> bytes:
    """Byte-level damage: truncation, garbage, NUL bytes, invalid UTF-8."""
    i = rng.randrange(len(raw) + 1)
    choice = rng.randrange(6)
    if choice == 0:
        return raw[:i]
    if choice == 1:
        return raw[:i] + b"\x00" + raw[i:]
    if choice == 2:
        return raw[:i] + bytes(rng.randrange(256) for _ in range(rng.randrange(1, 8))) + raw[i:]
    if choice == 3:
        return raw[:i] + b"\xff\xfe\xc3" + raw[i:]
    if choice == 4:
        return raw[:i] + raw[i:][::-1][:50] + raw[i:]
    return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))


_TOML_VALUE = re.compile(r"^(\s*[A-Za-z_][\w-]*\s*=\s*)(.*)$", re.MULTILINE)


def mutate_toml(rng: random.Random, text: str) -> bytes:
    """A damaged copy of a TOML data file: values, keys, types, lines, truncation, huge numbers, garbage."""
    choice = rng.randrange(12)
    lines = text.split("\n")
    if choice < 4:
        values = list(_TOML_VALUE.finditer(text))
        if values:
            m = rng.choice(values)
            if choice == 0:
                new = rng.choice(
                    ['"x"', "[1, 2]", "{a = 1}", "true", "1.5", "-3", "0", "9" * 5000, "[]", '""', "inf", "nan"]
                )
            elif choice == 1:
                new = "".join(_token_mutation(rng, tokens(m.group(2)), []))
            elif choice == 2:
                new = m.group(2) + rng.choice((", 1", "]", "[", '"', " # x", "\\"))
            else:
                key = m.group(1)
                text = text[: m.start()] + key.replace("=", rng.choice(("x =", "_ =", "= =", ""))) + text[m.end(1) :]
                return text.encode()
            text = text[: m.start(2)] + new + text[m.end(2) :]
        return text.encode()
    if choice == 4 and lines:
        del lines[rng.randrange(len(lines))]
    elif choice == 5 and lines:
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
    elif choice == 6 and len(lines) > 1:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif choice == 7:
        return mutate_bytes(rng, text.encode())
    elif choice == 8:
        return text.encode()[: rng.randrange(len(text) + 1)]
    elif choice == 9:
        return mutate_text(rng, text).encode()
    elif choice == 10 and lines:
        i = rng.randrange(len(lines))
        lines[i] = lines[i].replace("[[", "[").replace("]]", "]") if "[[" in lines[i] else "[" + lines[i] + "]"
    else:
        return (text + "\n" + rng.choice(("[extra]\nkey = 1", "title = 'again'", "x = [" * 300))).encode()
    return "\n".join(lines).encode()


def dumps(data: Any) -> str:
    """JSON text for a mutated tree (NaN and Infinity written as JavaScript does; huge ints allowed).

    Python refuses to print an integer of more than 4300 digits, so those are written by hand.
    """
    huge: list[int] = []

    def swap(node: Any) -> Any:
        if isinstance(node, bool):
            return node
        if isinstance(node, int) and node.bit_length() > 14_000:
            huge.append(node)
            return f"@@huge{len(huge) - 1}@@"
        if isinstance(node, list):
            return [swap(item) for item in node]
        if isinstance(node, dict):
            return {key: swap(value) for key, value in node.items()}
        return node

    text = json.dumps(swap(data), indent=1)
    for i, number in enumerate(huge):
        digits = "9" * (number.bit_length() * 3 // 10)  # the same size; the digits do not matter
        text = text.replace(f'"@@huge{i}@@"', digits)
    return text

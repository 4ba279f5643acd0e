"""A data file's fields in words, from its JSON Schema: ``tabletop data schema GAME --markdown`` and docs/boards/.

One row per field, in the file's order: its dotted name (``[]`` for each entry of a list), what it may
hold, its value in the packaged file and what it means, with the provisional values marked.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from typing import Any

from tabletop.core.datafile import packaged_text, schema

#: the longest packaged value shown in full
SHOWN = 40
#: fields that say where values come from, never provisional themselves
ABOUT = frozenset({"note", "notes", "source", "status", "provisional", "levels_source", "rescue_rolls_note"})


@dataclass(frozen=True)
class Field:
    name: str
    kind: str
    packaged: str
    meaning: str
    provisional: bool


def _ref(node: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any] | None:
    ref = node.get("$ref")
    if isinstance(ref, str):
        found: dict[str, Any] = defs[ref.rsplit("/", 1)[1]]
        return found
    return None


def _range(low: Any, high: Any, unit: str = "") -> str:
    if low is not None and high is not None:
        return f"{low}" if low == high else f"{low} to {high}"
    if low is not None:
        return f"at least {low}"
    return f"at most {high}" if high is not None else ""


def kind(node: dict[str, Any], defs: dict[str, Any]) -> str:
    """What a value of this schema may be, in words."""
    if _ref(node, defs) is not None:
        return "table"
    if "anyOf" in node:
        options = [o for o in node["anyOf"] if o.get("type") != "null"]
        text = " or ".join(kind(o, defs) for o in options)
        return text + (" (optional)" if len(options) < len(node["anyOf"]) else "")
    if "enum" in node:
        return "one of " + ", ".join(f'"{v}"' if isinstance(v, str) else str(v) for v in node["enum"])
    if "const" in node:
        return f'"{node["const"]}"' if isinstance(node["const"], str) else str(node["const"])
    what = node.get("type")
    if what == "integer" or what == "number":
        bounds = _range(node.get("minimum"), node.get("maximum"))
        return ("integer" if what == "integer" else "number") + (f" {bounds}" if bounds else "")
    if what == "boolean":
        return "true or false"
    if what == "string":
        size = _range(node.get("minLength"), node.get("maxLength"))
        extra = [f"{size} characters"] if size else []
        if "pattern" in node:
            extra.append(f"matching `{node['pattern']}`")
        return "text" + (f" ({', '.join(extra)})" if extra else "")
    if what == "array":
        size = _range(node.get("minItems"), node.get("maxItems"))
        if "prefixItems" in node:
            inner = "[" + ", ".join(kind(item, defs) for item in node["prefixItems"]) + "]"
            return inner if "items" not in node else f"list of {inner}"
        items = node.get("items", {})
        inner = "tables" if _ref(items, defs) is not None else kind(items, defs)
        return f"list of {inner}" + (f" ({size})" if size else "")
    return "any value"


def _value(data: Any, name: str) -> Any:
    node = data
    for step in name.replace("[]", ".0").split("."):
        if isinstance(node, list):
            node = node[int(step)] if step.isdigit() and int(step) < len(node) else None
        elif isinstance(node, dict):
            node = node.get(step)
        else:
            return None
    return node


def _shown(value: Any) -> str:
    if value is None or isinstance(value, (dict,)) or (isinstance(value, list) and value and isinstance(
            value[0], dict)):
        return ""
    text = ("true" if value else "false") if isinstance(value, bool) else (
        f'"{value}"' if isinstance(value, str) else str(value).replace("'", '"'))
    text = " ".join(text.split())
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


def fields(game: str) -> list[Field]:
    """Every field of ``game``'s data file, in the file's order."""
    found = schema(game)
    defs = found.get("$defs", {})
    packaged = tomllib.loads(packaged_text(game))
    marked = [re.sub(r"\.(\d+)", "[]", entry["path"]) for entry in found["x-provisional"]]
    rows: list[Field] = []

    def walk(node: dict[str, Any], prefix: str) -> None:
        for name, spec in node.get("properties", {}).items():
            path = f"{prefix}{name}"
            target = _ref(spec, defs) or next((_ref(o, defs) for o in spec.get("anyOf", []) if _ref(o, defs)), None)
            items = _ref(spec.get("items", {}), defs) if spec.get("type") == "array" else None
            meaning = " ".join(str(spec.get("description", "")).split())
            provisional = name not in ABOUT and (meaning.startswith("PROVISIONAL") or any(
                path == m or path.startswith(m + ".") or path.startswith(m + "[]") for m in marked))
            rows.append(Field(path, kind(spec, defs), _shown(_value(packaged, path)), meaning, provisional))
            if target is not None:
                walk(target, f"{path}.")
            elif items is not None:
                walk(items, f"{path}[].")

    walk(found, "")
    return rows


def markdown(game: str) -> str:
    """The fields of ``game``'s data file as a Markdown table."""
    lines = ["| field | what it holds | packaged value | provisional | meaning |", "|---|---|---|---|---|"]
    for f in fields(game):
        cells = [f"`{f.name}`", f.kind, f"`{f.packaged}`" if f.packaged else "", "yes" if f.provisional else "",
                 f.meaning]
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join(lines) + "\n"

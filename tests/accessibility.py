"""axe-core in a Playwright page: every violation of any impact (the npm package's ``axe.min.js``, which
``make test`` installs under .venv/node)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
AXE = Path(os.environ.get("TABLETOP_AXE", ROOT / ".venv/node/node_modules/axe-core/axe.min.js"))


#: axe-core's run, with the rules Lighthouse's accessibility audit adds to axe's defaults that apply here
#: (label-content-name-mismatch, WCAG 2.5.3 "label in name", is experimental in axe and off unless asked for)
AXE_RUN = """async () => (await axe.run(document, {resultTypes: ["violations"],
    rules: {"label-content-name-mismatch": {enabled: true}}})).violations
  .map(v => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(", ")}`)"""


def axe_script() -> str:
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: `make test` installs the axe-core npm package under .venv/node")
    return AXE.read_text(encoding="utf-8")


def violations(page: Any) -> list[str]:
    """Every axe-core violation on the page now, as "rule (impact): first elements"."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_script())
    found = page.evaluate(AXE_RUN)
    return list(found)

"""The HTML report opens in Debian's headless Chromium (Playwright) with every plot drawn and no console error."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop.agents import RandomAgent
from tabletop.analysis.compare import run_variants
from tabletop.analysis.html import write_html
from tabletop.analysis.report import load_report
from tabletop.analysis.runner import RunSpec, Variant

CHROMIUM = os.environ.get("TABLETOP_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def test_the_report_renders_with_its_plots_and_no_console_error(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium package (make test does)")
    variants = tuple(
        Variant(name, tabletop.make("race", players=3, goal=goal), (RandomAgent(),) * 3)
        for name, goal in (("goal 8", 8), ("goal 12", 12))
    )
    run_variants(RunSpec(variants, seed=4), games=400, out=tmp_path / "results")
    page_path = tmp_path / "report.html"
    write_html(load_report(tmp_path / "results"), page_path)
    problems: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            page: Any = browser.new_page(viewport={"width": 1000, "height": 900})
            page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: problems.append(str(e)))
            page.on("requestfailed", lambda r: problems.append(f"request failed: {r.url}"))
            page.goto(page_path.as_uri())
            images = page.eval_on_selector_all("img", "els => els.map(e => [e.alt, e.complete && e.naturalWidth])")
            assert [alt for alt, _ in images] == [
                "Win rate per seat", "Game length", "Survival", "Lead changes", "Variants against the baseline"
            ]
            assert all(width and width > 300 for _, width in images), images
            body = page.inner_text("body")
            assert "Each variant minus goal 8" in body and "goal 12 against goal 8: turns per game rises" in body
            assert body.index("Headline") < body.index("seat 0 wins")
            assert "balance" in body and "first-mover advantage" in body and "stopped at the requested" in body
            assert page.locator("table").count() == 2
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "report.png"), full_page=True)
        finally:
            browser.close()
    assert problems == []

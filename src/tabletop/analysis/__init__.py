"""Simulation, comparison, statistics, metrics and reports.

From Python, the designer's workbench is three functions (imported when first used, so
``import tabletop.analysis`` stays light):

- :func:`compare_variants` plays variants on common random numbers and returns a
  :class:`Comparison` (headline, tables as Arrow, plots as matplotlib figures);
- :func:`load_results` reads a results directory back as a :class:`Comparison`;
- :func:`tune` finds the value of a parameter whose figure comes closest to a target.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tabletop.analysis.api import Comparison, compare_variants, load_results
    from tabletop.analysis.tuning import Tuning, tune

__all__ = ["Comparison", "Tuning", "compare_variants", "load_results", "tune"]

_WHERE = {"Comparison": "api", "compare_variants": "api", "load_results": "api", "Tuning": "tuning", "tune": "tuning"}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(f"tabletop.analysis.{_WHERE[name]}"), name)
    raise AttributeError(f"module 'tabletop.analysis' has no attribute {name!r}")

"""What every command prints to and how it stops: the consoles, and one way to fail with exit status 2."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TypeVar

import typer
from rich.console import Console
from rich.markup import escape

from tabletop.core.errors import TabletopError

T = TypeVar("T")

console = Console()
errors = Console(stderr=True, soft_wrap=True)


def fail(message: str) -> typer.Exit:
    """Print ``message`` as an error and exit with status 2 (the message is text, never markup)."""
    errors.print(f"[red]error:[/red] {escape(message)}")
    raise typer.Exit(code=2)


def need(module: str, what: str, extra: str) -> None:
    """Exit with the extra to install if ``module`` (which ``what`` needs) is not installed."""
    try:
        importlib.import_module(module)
    except ImportError:
        raise fail(f"{what} needs {module}, which comes with tabletop's {extra!r} extra: "
                   f"pip install 'tabletop[{extra}]'") from None


def or_exit(build: Callable[[], T]) -> T:
    """``build()``, or exit with its error if it raises a :class:`TabletopError`."""
    try:
        return build()
    except TabletopError as exc:
        raise fail(str(exc)) from None

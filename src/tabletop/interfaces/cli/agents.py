"""``tabletop agents``: every agent that can play, where it comes from, and its options."""

from __future__ import annotations

import inspect

from rich.markup import escape
from rich.table import Table

from tabletop.agents.registry import LEVELS, agent_kind, list_agents
from tabletop.core.errors import TabletopError
from tabletop.interfaces.cli.console import console, errors


def agents_command() -> None:
    """List the agents (bots) and their options, as `--bots`, `--agents` and `--bot-seat` take them.

    An agent is named by a spec: its name and any options, e.g. mcts:iterations=800:rollout=random.
    Agents come from installed packages (entry points in the group tabletop.agents), as games do.

    [b]Example[/b]: tabletop agents
    """
    levels = []
    for name in list_agents():
        try:
            kind = agent_kind(name)
        except TabletopError as exc:  # an installed agent that does not load: say so, list the others
            errors.print(f"[red]{escape(name)}: {escape(str(exc))}[/red]")
            continue
        if name in LEVELS and not kind.options:
            levels.append(name)
            continue
        about = (inspect.getdoc(kind.factory) or "").split("\n")[0]
        table = Table(title=f"[b]{name}[/b]  (from {kind.source})", caption=escape(about), title_justify="left",
                      caption_justify="left")
        table.add_column("option")
        table.add_column("default")
        table.add_column("allowed")
        table.add_column("meaning")
        for option in kind.options:
            table.add_row(option.name, repr(option.default), option.describe_allowed(), option.help)
        if not kind.options:
            table.add_row("(none)", "", "", "")
        console.print(table)
    if levels:
        ordered = [level for level in LEVELS if level in levels]
        console.print(f"[b]Levels[/b] (no options; each game picks the agent that plays it): {', '.join(ordered)}")

"""What the lobby offers: each game's facts, options and bot levels, and which bots a client may ask for."""

from __future__ import annotations

from typing import Any

from tabletop.agents.ladder import ladder, ladder_note
from tabletop.agents.registry import AGENTS
from tabletop.core.errors import TabletopError
from tabletop.core.i18n import N_, _
from tabletop.core.registry import game_class, has_part, list_games
from tabletop.interfaces.web.bots import check_budget
from tabletop.interfaces.web.editor import editable
from tabletop.interfaces.web.errors import Refused
from tabletop.interfaces.web.limits import Limits

#: the level the lobby offers first
USUAL_LEVEL = "medium"


def heuristic_available(game: str) -> bool:
    return has_part(game, "heuristic")


def bot_choices(game: str) -> list[dict[str, Any]]:
    """The bot strengths offered for a game: the difficulty ladder, weakest first (``usual``: the one
    the lobby offers first). The label is the level's name alone, which fits a phone's seat menu;
    ``agent`` names the agent that plays it in this game."""
    return [{"spec": level, "label": _(LEVEL_NAMES.get(level, level.capitalize())), "agent": spec,
             "usual": level == USUAL_LEVEL} for level, spec in ladder(game).items()]


#: the ladder's levels as the lobby names them
LEVEL_NAMES = {"beginner": N_("Beginner"), "easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard"),
               "expert": N_("Expert")}


def catalog() -> list[dict[str, Any]]:
    games = []
    for name in list_games():
        info = game_class(name).info
        games.append({
            "name": name,
            "title": info.title,
            "description": _(info.description) if info.description else info.description,
            "min_players": info.min_players,
            "max_players": info.max_players,
            "options": [
                {"name": o.name, "kind": o.kind if isinstance(o.kind, str) else o.kind.__name__,
                 "default": o.default, "help": _note(o.help), "choices": list(o.choices) if o.choices else None,
                 "minimum": o.minimum, "maximum": o.maximum, "nullable": o.nullable, "allowed": o.describe_allowed()}
                for o in info.options
                if o.name != "players" and o.kind != "path"
            ],
            "bots": bot_choices(name),
            "bots_note": _note(ladder_note(name)),
            "editor": f"/editor/{name}" if editable(name) else None,
        })
    return games


def _note(note: str | None) -> str | None:
    return _(note) if note else note


def check_bot(game: str, spec: str, limits: Limits) -> None:
    kind = AGENTS.get(spec.strip().split(":")[0].strip())
    if kind is not None and any(o.kind == "path" for o in kind.options):
        # a bot that loads a file (a trained policy) would open a path the client names
        raise Refused(f"bot {spec!r} loads a file, and this server opens no file a client names", 422)
    try:
        check_budget(spec, limits)
    except TabletopError as exc:
        raise Refused(f"bot {spec!r}: {exc}" if spec not in str(exc) else str(exc), 422) from None
    if ("heuristic" in spec.split(":")[0] or "rollout=heuristic" in spec) and not heuristic_available(game):
        raise Refused(f"there is no heuristic bot for {game} yet; choose random or mcts", 422)



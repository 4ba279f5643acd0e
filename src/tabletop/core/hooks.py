"""Every hook a game's parts may define, required or optional: the whole part contract in one place.

A game names its parts in :class:`~tabletop.core.parts.GameParts` (a terminal view, a web board,
a heuristic, live events, an evaluation, an encoding). Each part is a module or an object whose
names are *hooks*: the ones :data:`HOOKS` declares here, each with its part, its signature, what
it is for and who calls it. A few are required (a terminal view must ``render``); the rest are
optional, and a front end or agent that finds none does without.

Like pluggy's hook specifications (``pytest``'s plugin system), the specification is declared
once, apart from the implementations, and every implementation is checked against it when it is
registered (:func:`check_part`, run by the registry when the game loads): a required hook must be
there, a callable hook must take the specification's arguments, a value hook must be of its type,
and a name that is no hook of its part is refused, naming the close match (``chance_promt``: did
you mean ``chance_prompt``?). pluggy itself does not fit: its hooks call every plugin's
implementation and collect the results, where a game's hook is one implementation found by the
game's name; some of our hooks are values (``LADDER``, ``ASSETS``), not functions; and each
implementation would carry pluggy's marker, an import of pluggy (a new base dependency) in every
game's parts. The registry's typed accessor (:func:`tabletop.core.registry.hook`) gives each hook
with its type, so no caller reads a part's names by hand.

Which names of a part are checked: a module that declares ``__all__`` declares its hooks there,
so every name in it must be a hook of its part; in a module without ``__all__`` (or an object),
a public name is refused only when it is a near miss of a hook's name. A helper that happens to
look like a hook is kept out by ``__all__`` or a leading underscore.

>>> [h.name for h in hooks_of("terminal")]
['render', 'describe', 'chance_prompt']
>>> DESCRIBE
Hook('terminal', 'describe', '(state, action) -> str')
>>> near_miss("terminal", "chance_promt")
'chance_prompt'
"""

from __future__ import annotations

import difflib
import inspect
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    import random

    from pydantic import BaseModel
    from rich.console import RenderableType

    from tabletop.core.actions import Action
    from tabletop.core.game import Game
    from tabletop.core.live import LiveEvent
    from tabletop.core.observation import Viewer
    from tabletop.core.state import State

T = TypeVar("T")

#: the kinds of part, in the order of :class:`~tabletop.core.parts.GameParts`
KINDS = ("terminal", "web", "heuristic", "live", "evaluation", "encoding", "data")
#: what each kind of part is called in messages
TITLES = {
    "terminal": "a terminal view",
    "web": "a web board",
    "heuristic": "a heuristic",
    "live": "a live-events part",
    "evaluation": "an evaluation",
    "encoding": "an encoding",
    "data": "a data part",
}
#: the name of a hook that is the part itself (a heuristic is one function)
ITSELF = "__call__"


@dataclass(frozen=True)
class Hook(Generic[T]):
    """One hook: the part it belongs to, its name and signature, what it is for and who calls it.

    A callable hook takes ``parameters`` (positionally) and returns ``returns``; a hook whose
    ``parameters`` is ``None`` is a value, of one of the types in ``values``. ``T``, the hook's
    type, is what :func:`tabletop.core.registry.hook` returns.
    """

    part: str
    name: str
    parameters: tuple[str, ...] | None
    returns: str
    purpose: str
    callers: str
    required: bool = False
    values: tuple[type, ...] = ()

    @property
    def signature(self) -> str:
        """``(state, action) -> str`` for a function, ``: str`` for a value."""
        if self.parameters is None:
            return f": {self.returns}"
        return f"({', '.join(self.parameters)}) -> {self.returns}"

    def __repr__(self) -> str:
        return f"Hook({self.part!r}, {self.name!r}, {self.signature!r})"

    def problem(self, value: Any) -> str | None:
        """What is wrong with ``value`` as this hook, or ``None``."""
        if self.parameters is None:
            if not isinstance(value, self.values):
                wanted = " or ".join(t.__name__ for t in self.values)
                return f"{self.name} must be a {wanted}, not {type(value).__name__}"
            return None
        named = "the function" if self.name == ITSELF else self.name
        if not callable(value):
            return f"{named} must be a function {self.signature}, not {type(value).__name__}"
        try:
            parameters = inspect.signature(value)
        except (TypeError, ValueError):  # a builtin without a signature: it is taken at its word
            return None
        try:
            parameters.bind(*self.parameters)
        except TypeError:
            return f"{named}{parameters} does not take the arguments {self.signature}"
        return None


def _function(part: str, name: str, parameters: tuple[str, ...], returns: str, purpose: str, callers: str,
              required: bool = False) -> Any:
    return Hook(part, name, parameters, returns, purpose, callers, required)


def _value(part: str, name: str, kind: str, values: tuple[type, ...], purpose: str, callers: str,
           required: bool = False) -> Any:
    return Hook(part, name, None, kind, purpose, callers, required, values)


# -- terminal: a TerminalView -------------------------------------------------------------
RENDER: Hook[Callable[[State, Viewer], RenderableType]] = _function(
    "terminal", "render", ("state", "viewer"), "RenderableType",
    "the board as the viewer (a seat, or None: a spectator) may see it, drawn with Rich",
    "tabletop play and replay (tabletop.interfaces.terminal.render); the learning environments' ansi render",
    required=True)
DESCRIBE: Hook[Callable[[State, Action], str]] = _function(
    "terminal", "describe", ("state", "action"), "str",
    "a few words on what an action does, shown beside each choice",
    "tabletop play (tabletop.interfaces.terminal.describe); check_views")
CHANCE_PROMPT: Hook[Callable[[State], str]] = _function(
    "terminal", "chance_prompt", ("state",), "str",
    'what a person is about to roll or draw ("roll the number die")',
    "tabletop play, when people roll their own dice (tabletop.interfaces.terminal.chance_prompt); check_views")

# -- web: a WebBoard ----------------------------------------------------------------------
ASSETS: Hook[str | os.PathLike[str]] = _value(
    "web", "ASSETS", "Path", (str, os.PathLike),
    "the directory of the board's static files (board.js, and optionally board.css and how-to-play.html), "
    "served at /boards/<game>/",
    "the web server (tabletop.interfaces.web.boards)", required=True)
BOARD_LAYOUT: Hook[Callable[[Game], dict[str, Any]]] = _function(
    "web", "layout", ("game",), "dict",
    "the board's fixed parts (paths, levels, decks' contents), JSON-ready and public: the page's view.board",
    "the web server (tabletop.interfaces.web.boards.static_board); check_views", required=True)
SUMMARY: Hook[Callable[[State], dict[str, Any] | None]] = _function(
    "web", "summary", ("state",), "dict | None",
    "how a finished game ended, for the end screen: reason (in words) and, if it keeps score, "
    "table (columns and a row per seat)",
    "the web server's end screen (tabletop.interfaces.web.boards.summary_of)")
HINT: Hook[Callable[[State, int], str | None]] = _function(
    "web", "hint", ("state", "seat"), "str | None",
    "the odds a learner may ask to see now (exact, from the game's chance distributions), or None",
    "the web server's hint button (tabletop.interfaces.web.boards.hint_for)")

# -- heuristic: a Policy ------------------------------------------------------------------
CHOOSE: Hook[Callable[[State, random.Random], Action]] = _function(
    "heuristic", ITSELF, ("state", "rng"), "Action",
    "the game's hand-written policy: a legal action, the state unchanged (the part is this function)",
    "the heuristic agent, the ladder's lower levels, MCTS with rollout=heuristic (tabletop.agents)",
    required=True)

# -- live: LiveRules ----------------------------------------------------------------------
EVENT_FOR: Hook[Callable[[State], LiveEvent | None]] = _function(
    "live", "event_for", ("state",), "LiveEvent | None",
    "the race against time at this chance node, or None: it is sampled at once",
    "the web server's live driver (tabletop.interfaces.web)", required=True)

# -- evaluation: an Evaluation ------------------------------------------------------------
EVALUATE: Hook[Callable[[State], list[float]]] = _function(
    "evaluation", "evaluate", ("state",), "list[float]",
    "each seat's chance of winning from a position that is not over",
    "MCTS, scoring playouts cut after cutoff turns (tabletop.agents.playout)", required=True)
ROLLOUT: Hook[Callable[[State, random.Random], Action]] = _function(
    "evaluation", "rollout", ("state", "rng"), "Action",
    "a fast policy for playouts: cheaper than the heuristic, better than random",
    "MCTS with rollout=fast, its default (tabletop.agents.playout)")
LADDER: Hook[Mapping[str, str]] = _value(
    "evaluation", "LADDER", "Mapping[str, str]", (Mapping,),
    "the agent spec that plays each difficulty level (beginner ... expert) in this game",
    "the difficulty ladder (tabletop.agents.ladder): the lobby's bots, --bots LEVEL")
LADDER_NOTE: Hook[str] = _value(
    "evaluation", "LADDER_NOTE", "str", (str,),
    "what a player should know about this game's levels",
    "the lobby, beside the bot choices (tabletop.agents.ladder.ladder_note)")
FEATURES: Hook[Sequence[str]] = _value(
    "evaluation", "FEATURES", "tuple[str, ...]", (tuple, list),
    "the names of each seat's figures, in the order of the win model's weights",
    "benchmarks/calibration/fit_evaluation.py, which fits the weights")
NOBODY_FEATURES: Hook[Sequence[str]] = _value(
    "evaluation", "NOBODY_FEATURES", "tuple[str, ...]", (tuple, list),
    'the names of the figures of "nobody wins" (empty where someone always wins)',
    "benchmarks/calibration/fit_evaluation.py")
FIGURES: Hook[Callable[[State], tuple[list[list[float]], list[float]]]] = _function(
    "evaluation", "figures", ("state",), "(seat figures, nobody figures)",
    "each seat's FEATURES and the NOBODY_FEATURES of a position: the win model's inputs",
    "benchmarks/calibration/fit_evaluation.py")

# -- encoding: an EncodingPart ------------------------------------------------------------
ACTIONS: Hook[Callable[[Game], Sequence[str]]] = _function(
    "encoding", "actions", ("game",), "Sequence[str]",
    "the notation of every decision any seat can ever be offered, each once, in a fixed order: "
    "integer i is the i-th",
    "state.action_to_int and int_to_action (tabletop.core.encoding); the learning environments", required=True)
CHANCE_OUTCOMES: Hook[Callable[[Game], Sequence[str]]] = _function(
    "encoding", "chance_outcomes", ("game",), "Sequence[str]",
    "the notation of every chance outcome that can ever occur, each once, in a fixed order",
    "OpenSpiel's chance outcomes (tabletop.core.encoding, tabletop.rl.openspiel)", required=True)
VECTOR_LAYOUT: Hook[Callable[[Game], Sequence[tuple[str, int]]]] = _function(
    "encoding", "layout", ("game",), "Sequence[tuple[str, int]]",
    "the observation vector's fields, in order: a name and how many numbers it takes",
    "game.encoding (tabletop.core.encoding): the vector's size and named fields", required=True)
ENCODE: Hook[Callable[[State, Viewer, Any], None]] = _function(
    "encoding", "encode", ("state", "viewer", "out"), "None",
    "write what the viewer may see of the state into out (a float32 array of zeros, the layout's size)",
    "game.observer.vector (tabletop.core.encoding); the learning environments; check_encoding", required=True)

# -- data: a DataPart ----------------------------------------------------------------------
MODEL: Hook[type[BaseModel]] = _value(
    "data", "MODEL", "type[DataModel]", (type,),
    "the pydantic model of the whole data file (DataModels: the docstring under each field is its description)",
    "tabletop data schema and validate, the board editor (tabletop.core.datafile)", required=True)
DEFAULT_PATH: Hook[Callable[[], os.PathLike[str]]] = _function(
    "data", "default_path", (), "Path",
    "the data file shipped with the game",
    "tabletop data export, the board editor's starting point (tabletop.core.datafile)", required=True)
UNREACHABLE: Hook[Callable[[Game], Sequence[tuple[str, str]]]] = _function(
    "data", "unreachable", ("game",), "list[tuple[str, str]]",
    "the places of the game's board no pawn can ever reach, each as (its name, why)",
    "tabletop data validate, the board editor, a new web game on a board of one's own (tabletop.analysis.boards)")

#: every hook, by part
HOOKS: tuple[Hook[Any], ...] = (
    RENDER, DESCRIBE, CHANCE_PROMPT,
    ASSETS, BOARD_LAYOUT, SUMMARY, HINT,
    CHOOSE,
    EVENT_FOR,
    EVALUATE, ROLLOUT, LADDER, LADDER_NOTE, FEATURES, NOBODY_FEATURES, FIGURES,
    ACTIONS, CHANCE_OUTCOMES, VECTOR_LAYOUT, ENCODE,
    MODEL, DEFAULT_PATH, UNREACHABLE,
)

#: hooks that make sense only together: a part defining one defines the others
TOGETHER: tuple[tuple[Hook[Any], ...], ...] = ((FEATURES, NOBODY_FEATURES, FIGURES),)

#: what ``board.js`` in a web board's ASSETS exports for the page (read by the page, not by Python):
#: ``draw`` is required, the rest optional
BOARD_JS: dict[str, str] = {
    "draw": "draw(view, ctx) -> Element: the board (view.state: the observation, view.board: the layout)",
    "label": "label(action, view) -> string: a choice's words on its button",
    "shown": "shown(action, view) -> boolean: whether a choice gets a button (others are picked on the board)",
    "choices": "choices(view, ctx) -> Element | null: the game's own controls for the choices",
    "choicesCaption": "choicesCaption(view, ctx) -> string | null: words above the choices (what they answer)",
    "aside": "aside(view, ctx) -> Element | null: a panel beside the choices (cards in hand ...)",
    "prompt": "prompt(view) -> string | null: the line that says what is happening",
    "dice": "dice(view, ctx) -> Element | null: the dice tray",
    "seatExtra": "seatExtra(view, seat) -> string: a few words beside a seat's name",
    "colour": "colour(view, seat) -> string: a seat's colour",
    "legend": "legend(view, ctx) -> {swatch, text}[]: the board's key (what each colour, shape and mark means)",
    "describe": "describe(view, ctx) -> string[]: the board in words, for people who cannot see it",
    "live": "live(view, ctx, elapsed) -> Element: a live event (a race against time) while it runs",
    "liveStatus": "liveStatus(view, ctx, elapsed) -> string: the live event's status line",
    "liveKey": "liveKey(key, view) -> what | null: the act a key press means in a live event",
    "liveKeys": "liveKeys() -> Node[]: the keys a live event listens to, for the help line",
    "press": "press(what, view, ctx, seat): show an act at once, before the server answers",
    "busy": "busy() -> boolean: an animation is running (the page waits before the next view)",
}


#: what ``editor.js`` beside ``board.js`` exports for the board editor (/editor/<game>; read by the page, not by
#: Python): ``draw``, ``inspect`` and ``locate`` are required, the rest optional
EDITOR_JS: dict[str, str] = {
    "draw": "draw(data, ctx) -> Element: the board drawn from its data, each place an element with data-place",
    "inspect": "inspect(data, place, ctx) -> Element: the controls that change the selected place (ctx.change)",
    "locate": "locate(problem, data) -> string[]: the places where a problem of the check lies",
    "tools": "tools(data, ctx) -> Element | null: controls for the whole board",
    "key": "key(key, place, data, ctx) -> boolean: a keyboard shortcut on a place (true: handled)",
    "STRINGS": "STRINGS: every word the module shows, in one place",
}


def hooks_of(kind: str) -> tuple[Hook[Any], ...]:
    """The hooks of one kind of part, required ones first."""
    if kind not in KINDS:
        raise ValueError(f"unknown kind of part {kind!r}; kinds: {', '.join(KINDS)}")
    return tuple(h for h in HOOKS if h.part == kind)


def required_names(kind: str) -> tuple[str, ...]:
    """The names a part of ``kind`` must define."""
    return tuple(h.name for h in hooks_of(kind) if h.required)


def near_miss(kind: str, name: str) -> str | None:
    """The hook of ``kind`` that ``name`` is likely a misspelling of (``None``: none is close, or it is one)."""
    names = {h.name.lower(): h.name for h in hooks_of(kind) if h.name != ITSELF}
    if name in names.values():
        return None
    found = difflib.get_close_matches(name.lower(), list(names), n=1, cutoff=0.8)
    return names[found[0]] if found else None


def _declared(found: object) -> tuple[list[str], bool]:
    """The names ``found`` offers as hooks, and whether it declared them (``__all__``)."""
    if isinstance(found, ModuleType):
        listed = vars(found).get("__all__")
        if listed is not None:
            return [str(n) for n in listed], True
        names = [n for n, v in vars(found).items() if not n.startswith("_") and not isinstance(v, ModuleType)]
        return names, False
    return [n for n in dir(found) if not n.startswith("_")], False


def _elsewhere(kind: str, name: str) -> str:
    other = [TITLES[h.part] for h in HOOKS if h.name == name and h.part != kind]
    return f" ({name} is a hook of {' and of '.join(other)})" if other else ""


def check_part(kind: str, found: object) -> tuple[dict[str, Any], list[str]]:
    """The hooks ``found`` defines as a part of ``kind`` (by name), and every problem with them.

    A problem is a required hook missing, a hook of the wrong shape, a name in ``__all__`` that
    is no hook of the part, or a public name that is a near miss of one.
    """
    specs = hooks_of(kind)
    problems: list[str] = []
    hooks: dict[str, Any] = {}
    if specs[0].name == ITSELF:  # the part is the hook itself: a heuristic is a function
        spec = specs[0]
        if isinstance(found, ModuleType):
            return {}, [f"{TITLES[kind]} is a function {spec.signature} ('module:function'), not a module"]
        problem = spec.problem(found)
        return ({} if problem else {ITSELF: found}), ([problem] if problem else [])
    known = {h.name for h in specs}
    names, declared = _declared(found)
    for name in names:
        if name in known:
            continue
        guess = near_miss(kind, name)
        if declared or guess is not None:
            hint = f"; did you mean {guess!r}?" if guess else ""
            problems.append(f"{name!r} is no hook of {TITLES[kind]}{_elsewhere(kind, name)}{hint} "
                            f"(hooks: {', '.join(h.name for h in specs)})")
    for spec in specs:
        if not hasattr(found, spec.name):
            if spec.required:
                problems.append(f"it lacks {spec.name}, which {TITLES[kind]} must define")
            continue
        value = getattr(found, spec.name)
        problem = spec.problem(value)
        if problem is not None:
            problems.append(problem)
        else:
            hooks[spec.name] = value
    for group in TOGETHER:
        there = [h.name for h in group if h.part == kind and h.name in hooks]
        if there and len(there) < len([h for h in group if h.part == kind]):
            missing = [h.name for h in group if h.name not in hooks]
            problems.append(f"it defines {', '.join(there)} but not {', '.join(missing)}: they go together")
    return hooks, problems

"""The conformance suite: checks every registered game obeys the core contract.

>>> import tabletop
>>> from tabletop.testing import check_game, check_views
>>> game = tabletop.make(tabletop.list_games()[0])
>>> check_game(game, playouts=2, seed=1).playouts
2
>>> check_views(game, playouts=1).viewers == game.num_players + 1
True

:func:`check_game` plays seeded random playouts. At every step it checks: the
state's text and dict round-trip, clones are independent, legal actions are
non-empty, stable and parse back from their notation, chance probabilities are
exact, positive and sum to 1, an illegal action raises and changes nothing; at
the end, termination within the declared maximum length, returns within the
declared bounds, and an exact replay of the history.

:func:`check_views` checks what each front end shows, for every seat and the
spectator (:mod:`tabletop.testing.views`): see its docstring. :func:`option_combinations`
lists the option values worth checking a game with. :mod:`tabletop.testing.differential` proves
a game's fast engine equal to its readable twin (``Game.twins()``), seed after seed.
"""

from __future__ import annotations

import itertools
import json
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tabletop.core.errors import IllegalActionError, InvalidOptionError
from tabletop.core.game import Game
from tabletop.core.state import CHANCE, TERMINAL, State
from tabletop.testing.errors import ConformanceError
from tabletop.testing.views import ViewReport, check_views

__all__ = [
    "ConformanceError",
    "ConformanceReport",
    "ViewReport",
    "check_game",
    "check_state",
    "check_views",
    "option_combinations",
]


@dataclass
class ConformanceReport:
    playouts: int
    steps: int
    decisions: int
    chance_nodes: int
    max_length: int


def _fail(game: Game, seed: int, step: int, state: State, problem: str) -> ConformanceError:
    return ConformanceError(
        f"{game!r}, playout seed {seed}, step {step}: {problem}\n  position: {state.to_text()}"
    )


def check_state(game: Game, state: State, seed: int = 0, step: int = 0) -> None:
    """Check the per-step contract on one state (raises :class:`ConformanceError`)."""
    text = state.to_text()
    again = game.state_from_text(text)
    if again != state or again.to_text() != text:
        raise _fail(game, seed, step, state, f"text round-trip differs: {again.to_text()!r}")
    data = state.to_dict()
    data = json.loads(json.dumps(data))
    if game.state_from_dict(data) != state:
        raise _fail(game, seed, step, state, "dict round-trip differs")
    player = state.current_player()
    if player == TERMINAL:
        if state.legal_actions():
            raise _fail(game, seed, step, state, "a terminal state has legal actions")
        returns = state.returns()
        if len(returns) != game.num_players:
            raise _fail(game, seed, step, state, f"returns() has {len(returns)} values for {game.num_players} seats")
        lo, hi = game.info.min_return, game.info.max_return
        if any(not lo <= r <= hi for r in returns):
            raise _fail(game, seed, step, state, f"returns {returns} outside the declared [{lo}, {hi}]")
        return
    legal = state.legal_actions()
    if not legal:
        raise _fail(game, seed, step, state, "no legal action at a non-terminal state")
    if state.legal_actions() != legal or state.clone().legal_actions() != legal:
        raise _fail(game, seed, step, state, "legal_actions() order is not stable")
    if len(set(legal)) != len(legal) or len({str(a) for a in legal}) != len(legal):
        raise _fail(game, seed, step, state, "legal actions (or their notations) repeat")
    for action in legal:
        if state.parse_action(str(action)) != action:
            raise _fail(game, seed, step, state, f"{str(action)!r} does not parse back to itself")
    if player == CHANCE:
        pairs = state.chance_outcomes()
        total = sum((p for _, p in pairs), Fraction(0))
        if total != 1 or any(not isinstance(p, Fraction) or p <= 0 for _, p in pairs):
            raise _fail(game, seed, step, state, f"chance probabilities sum to {total} or are not positive Fractions")
        if tuple(a for a, _ in pairs) != legal:
            raise _fail(game, seed, step, state, "chance outcomes differ from legal_actions() at a chance node")
    elif not 0 <= player < game.num_players:
        raise _fail(game, seed, step, state, f"current_player() {player} is not a seat")
    # an illegal action raises and changes nothing
    before = state.to_text()
    try:
        state.apply_action("definitely-not-an-action")
    except IllegalActionError:
        pass
    else:
        raise _fail(game, seed, step, state, "an unknown action text was accepted")
    if state.to_text() != before:
        raise _fail(game, seed, step, state, "a refused action changed the state")
    # clones are independent
    clone = state.clone()
    clone.apply_action(legal[-1])
    if state.to_text() != before or len(state.history()) == len(clone.history()):
        raise _fail(game, seed, step, state, "applying an action to a clone changed the original")


def check_game(game: Game, playouts: int = 10, seed: int = 0, every_step: bool = True) -> ConformanceReport:
    """Run seeded random playouts of ``game`` and check the core contract throughout."""
    steps = decisions = chance_nodes = longest = 0
    limit = game.max_game_length()
    for n in range(playouts):
        playout_seed = seed * 1_000_003 + n
        rng = random.Random(playout_seed)
        state = game.new_initial_state()
        start = state.clone()
        step = 0
        while True:
            if every_step:
                check_state(game, state, playout_seed, step)
            if state.is_terminal():
                break
            if state.is_chance_node():
                chance_nodes += 1
                action = state.chance_distribution().sample(rng)
            else:
                decisions += 1
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
            step += 1
            if step > limit:
                raise _fail(game, playout_seed, step, state, f"no end within the declared maximum of {limit} actions")
        if not every_step:
            check_state(game, state, playout_seed, step)
        replayed = start
        for action in state.history():
            replayed.apply_action(str(action))
        if replayed != state or replayed.returns() != state.returns() or replayed.winners() != state.winners():
            raise _fail(game, playout_seed, step, state, "replaying the history gives a different result")
        steps += step
        longest = max(longest, step)
    return ConformanceReport(playouts, steps, decisions, chance_nodes, longest)


def option_combinations(game: type[Game]) -> list[dict[str, Any]]:
    """Every combination of each option's telling values that makes a valid game.

    The telling values of an option are its default, every choice, both booleans,
    ``None`` where allowed, and an integer's least and greatest values; a file path
    keeps its default. Combinations the game refuses (a first player beyond the
    seats ...) are left out.
    """
    values: list[list[Any]] = []
    for option in game.info.options:
        telling = [option.default]
        if option.choices is not None:
            telling += list(option.choices)
        elif option.kind is bool:
            telling += [False, True]
        elif option.kind is int:
            telling += [v for v in (option.minimum, option.maximum) if v is not None]
        if option.nullable:
            telling.append(None)
        values.append(list(dict.fromkeys(telling)))
    names = [o.name for o in game.info.options]
    found = []
    for combination in itertools.product(*values):
        options = dict(zip(names, combination, strict=True))
        try:
            game(**options)
        except InvalidOptionError:
            continue
        found.append(options)
    return found

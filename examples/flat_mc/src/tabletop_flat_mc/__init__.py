"""Flat Monte Carlo, a tabletop agent packaged on its own: an example of adding an agent from outside tabletop.

For each legal action it plays ``playouts`` games on at random from the position that action
reaches, and chooses the action whose games went best for the seat to move (the mean of its
returns; ties go to the first action in the game's order). It is the oldest baseline of game
search: no tree, no evaluation, only the game's rules through tabletop's core API, so it plays
every game tabletop has, including games installed after it.

It reads only what its seat may see: each playout starts from a position the game's observer
draws for the seat (``game.observer.resample``), so in a game with hidden facts it plays on
states its seat cannot tell from the real one.

tabletop finds it by the entry point in ``pyproject.toml`` (group ``tabletop.agents``); its
options are declared once, in :attr:`FlatMonteCarlo.options`, and tabletop checks them::

    tabletop agents                                        # lists flat-mc and its options
    tabletop tournament pig --agents flat-mc:playouts=32,random -n 100
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from tabletop.agents.registry import option_values, spec_name
from tabletop.core import Action, Option, State

__all__ = ["FlatMonteCarlo"]


class FlatMonteCarlo:
    """Flat Monte Carlo: random playouts from each legal action, the best mean return wins."""

    #: every option, with its default: tabletop reads them here (the CLI lists them, specs are checked)
    options: ClassVar[tuple[Option, ...]] = (
        Option("playouts", int, 16, "random games played on from each legal action", minimum=1, maximum=10_000),
        Option("limit", int, 1000, "actions after which a playout is scored as it stands", minimum=1),
    )

    def __init__(self, **options: Any) -> None:
        values = option_values("flat-mc", self.options, options)
        self.playouts: int = values["playouts"]
        self.limit: int = values["limit"]
        self.name = spec_name("flat-mc", self.options, values)

    def reset(self, seat: int) -> None:
        """Nothing is kept between decisions."""

    def step(self, state: State, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player()
        observer = state.game.observer
        best, best_total = legal[0], float("-inf")
        for action in legal:
            total = 0.0
            for _ in range(self.playouts):
                playout = observer.resample(state, seat, rng)
                playout.apply_action(action)
                total += self._play_on(playout, rng)[seat]
            if total > best_total:
                best, best_total = action, total
        return best

    def _play_on(self, state: State, rng: random.Random) -> list[float]:
        """Play ``state`` on at random (chance by its exact distributions) and return its returns."""
        for _ in range(self.limit):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(state.chance_distribution().sample(rng))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
        return state.returns()

"""Real inputs to mutate: positions and records from random playouts of every option combination,
the option dicts themselves, and each game's shipped data files.

Everything is derived from the run's seed, so every worker process builds the same corpus.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import tabletop
from tabletop.agents import RandomAgent
from tabletop.core.errors import InvalidOptionError
from tabletop.core.game import Game
from tabletop.core.options import Option
from tabletop.core.play import run
from tabletop.core.record import Record
from tabletop.core.registry import game_class
from tabletop.core.state import State

#: Playouts per option combination (at least), playouts per game (at least), positions kept per playout.
PLAYOUTS = 2
MIN_PLAYOUTS = 60
POSITIONS_PER_PLAYOUT = 60


def option_values(option: Option, max_players: int) -> list[Any]:
    """The values of one option worth trying: all of a small range, else its ends and middle."""
    if option.kind == "path":
        return [None]
    if option.choices is not None:
        values = list(option.choices)
    elif option.kind is bool:
        values = [False, True]
    elif option.kind is int:
        low = int(option.minimum) if option.minimum is not None else 0
        high = int(option.maximum) if option.maximum is not None else max(low + 3, max_players - 1)
        values = list(range(low, high + 1)) if high - low <= 7 else [low, (low + high) // 2, high]
    else:
        values = [option.default]
    if option.nullable and None not in values:
        values.insert(0, None)
    return values


def option_combinations(name: str) -> list[dict[str, Any]]:
    """Every combination of the options' values that makes a game (the ``data`` option left out)."""
    info = game_class(name).info
    options = [o for o in info.options if o.kind != "path"]
    combos = []
    for values in itertools.product(*(option_values(o, info.max_players) for o in options)):
        chosen = {o.name: v for o, v in zip(options, values, strict=True)}
        try:
            tabletop.make(name, **chosen)
        except InvalidOptionError:
            continue
        combos.append(chosen)
    return combos


def data_files(name: str) -> list[Path]:
    """The data files shipped in a game's package (``<package>/data/*.toml``)."""
    module = game_class(name).__module__
    parts = module.split(".")
    for end in range(len(parts), 1, -1):
        try:
            folder = resources.files(".".join(parts[:end])).joinpath("data")
        except (ModuleNotFoundError, TypeError):  # TypeError: a module, not a package
            continue
        if folder.is_dir():
            return sorted(Path(str(p)) for p in folder.iterdir() if p.name.endswith(".toml"))
    return []


@dataclass
class Sample:
    """A real state: the option combination it belongs to, and the state itself."""

    combo: int
    state: State


@dataclass
class Corpus:
    """What one game's fuzzing starts from."""

    name: str
    combos: list[dict[str, Any]]
    games: list[Game]
    samples: list[Sample] = field(default_factory=list)
    records: list[tuple[int, str]] = field(default_factory=list)
    data: list[tuple[Path, str]] = field(default_factory=list)
    texts_by_combo: dict[int, list[str]] = field(default_factory=dict)
    live: list[int] = field(default_factory=list)  # samples that are not over

    def donors(self, combo: int) -> list[str]:
        return self.texts_by_combo.get(combo, [])


def build(name: str, seed: int) -> Corpus:
    combos = option_combinations(name)
    games = [tabletop.make(name, **c) for c in combos]
    corpus = Corpus(name, combos, games)
    playouts = max(PLAYOUTS, -(-MIN_PLAYOUTS // len(games)))
    for index, game in enumerate(games):
        texts = corpus.texts_by_combo.setdefault(index, [])
        for playout in range(playouts):
            game_seed = random.Random(f"fuzz-corpus:{seed}:{name}:{index}:{playout}").randrange(2**31)
            states: list[State] = []
            agents = [RandomAgent() for _ in range(game.num_players)]
            final = run(game, agents, game_seed, on_step=_keeping(states))
            picked = [game.new_initial_state(), *states]
            rng = random.Random(game_seed)
            if len(picked) > POSITIONS_PER_PLAYOUT:
                picked = [picked[0], picked[-1], *rng.sample(picked[1:-1], POSITIONS_PER_PLAYOUT - 2)]
            for state in picked:
                corpus.samples.append(Sample(index, state))
                texts.append(state.to_text())
            names = [a.name for a in agents]
            corpus.records.append((index, Record.of_state(final, game_seed, names).to_json()))
            # a game stopped part way (the record carries no result) ...
            cut = rng.randrange(len(final.history()) + 1)
            replayed = game.new_initial_state()
            for action in final.history()[:cut]:
                replayed.apply_action(action)
            corpus.records.append((index, Record.of_state(replayed, game_seed, names).to_json()))
            # ... and a game played from a position part way through another one
            if states:
                start = rng.choice(states)
                record = tabletop.play(game, [RandomAgent() for _ in agents], seed=game_seed, state=start)
                corpus.records.append((index, record.to_json()))
    corpus.live = [i for i, sample in enumerate(corpus.samples) if not sample.state.is_terminal()]
    corpus.data = [(path, path.read_text(encoding="utf-8")) for path in data_files(name)]
    return corpus


def _keeping(states: list[State]) -> Callable[[State], None]:
    """An ``on_step`` that keeps a copy of every position into ``states``."""
    return lambda state: states.append(state.clone())

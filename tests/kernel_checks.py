"""What every game's kernel test does (tests/games/*/test_*_kernel.py): one helper, the game's facts as arguments.

:class:`KernelChecks` holds a game's name and its kernel's modules; its methods are the checks each kernel
test runs on its own option sets and seeds: the harness on the game's pair and the compiled playout's row
against the traced game's row (:meth:`KernelChecks.compare`), a batch against the games one by one
(:meth:`KernelChecks.batch_is_one_by_one`), a planted mutation caught (:meth:`KernelChecks.catches`) and a
pickled game keeping its playout (:meth:`KernelChecks.survives_pickling`).
"""

from __future__ import annotations

import pickle
from collections.abc import Iterable, Sequence
from typing import Any

import tabletop
from tabletop.agents import RandomAgent
from tabletop.analysis.metrics import place_metrics, play_traced, row_of
from tabletop.core.batch import BatchPlayout
from tabletop.core.game import Game
from tabletop.core.play import PlayoutSummary
from tabletop.core.twins import Twins
from tabletop.testing.differential import Divergence, must_catch, play_both, uncompiled_copy


class KernelChecks:
    """The kernel checks of the game ``name``, whose kernel is the modules ``modules`` of its package (in
    import order, the playout last: the uncompiled copies of a mutation test)."""

    def __init__(self, name: str, kind: type[Game], modules: Sequence[str]) -> None:
        self.name, self.kind = name, kind
        self.package = kind.__module__.rpartition(".")[0]
        self.modules = [f"{self.package}.{module}" for module in modules]

    def make(self, **options: Any) -> Any:
        """The game with ``options`` (checked to be the game's own class)."""
        game = tabletop.make(self.name, **options)
        assert isinstance(game, self.kind)
        return game

    def playout(self, game: Game) -> BatchPlayout:
        playout = game.random_playout()
        assert isinstance(playout, BatchPlayout), f"{game.name} has no compiled playout here"
        return playout

    def twins(self, game: Game) -> Twins:
        twins = game.kernel_twins()
        assert twins is not None, f"{game.name} has no kernel twins here"
        return twins

    def compare(self, game: Game, seed: int) -> int:
        """The harness on the game's pair, then the compiled playout's row against the traced game's row;
        returns the actions compared."""
        actions = play_both(self.twins(game), seed)
        row = play_traced(game, [RandomAgent() for _ in range(game.num_players)], seed)[1]
        assert row_of(self.playout(game)(seed), seed, game.time_model()) == row, f"seed {seed}: the rows differ"
        return actions

    def batch_is_one_by_one(self, game: Game, seeds: Sequence[int]) -> list[PlayoutSummary]:
        """``batch`` plays the games ``__call__`` plays, and its lead changes and drama are place_metrics';
        returns the games one by one."""
        playout = self.playout(game)
        batch = playout.batch(seeds)
        games = []
        for k, seed in enumerate(seeds):
            one = playout(seed)
            assert batch.winners(k) == one.winners
            assert batch.figures[k] == one.figures
            assert one.places is not None
            assert batch.metrics(k) == place_metrics(one.places, one.scale, one.winners)
            games.append(one)
        return games

    def uncompiled(
        self, game: Game, start: str | None = None, module: str = "", original: str = "", planted: str = ""
    ) -> Twins:
        """The kernel's modules as plain Python (``original`` replaced by ``planted`` in ``module`` if given),
        their playout's pair against the rules, from the position ``start`` if given."""

        def mutate(name: str, source: str) -> str:
            if name != f"{self.package}.{module}":
                return source
            assert source.count(original) == 1, f"the mutation's text is not in {name} once"
            return source.replace(original, planted)

        copies = uncompiled_copy(self.modules, mutate if module else None)
        playout = copies[self.modules[-1]].RandomPlayout(game)
        twins: Twins = playout.twins(start)
        return twins

    def catches(
        self,
        game: Game,
        module: str,
        original: str,
        planted: str,
        seeds: Sequence[int],
        start: str | None = None,
        agreeing: int = 0,
    ) -> Divergence:
        """The mutation (``original`` planted as ``planted`` in ``module``) is caught within ``seeds``; first the
        unchanged copy must agree on ``agreeing`` seeds (from ``start`` too), so only the mutation can differ."""
        plain = self.uncompiled(game, start)
        for seed in seeds[:agreeing]:
            play_both(plain, seed)
        return must_catch(self.uncompiled(game, start, module, original, planted), seeds)

    def survives_pickling(self, game: Game, seeds: Iterable[int]) -> None:
        """Worker processes get the game pickled and build the kernel's tables again there."""
        copy = pickle.loads(pickle.dumps(game))
        playout, copied = game.random_playout(), copy.random_playout()
        assert playout is not None and copied is not None
        assert all(playout(seed) == copied(seed) for seed in seeds)

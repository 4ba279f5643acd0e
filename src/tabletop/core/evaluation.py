"""A game's evaluation: each seat's chance of winning from a position, for searches and analyses.

A search cannot play every playout to the end in a long game, so it stops a playout after a
few turns and asks the game how the position stands. A game gives that answer in its
``evaluation`` part (:class:`tabletop.core.parts.Evaluation`); most do it with a
:class:`WinModel`: each seat's *utility* is a weighted sum of a few figures of its own (its
height, its score, its distance to the goal ...), and the chances of winning are the
conditional-logit shares of those utilities,

    P(seat i wins) = exp(u_i) / (exp(u_nobody) + sum over seats j of exp(u_j)),

where ``u_nobody`` (``-inf`` unless the game can be lost by everyone) is a weighted sum of
figures of the whole position. With two seats this is the logistic function of the utilities'
difference. The weights are data, fitted to the outcomes of many games by maximum likelihood
(``benchmarks/calibration/fit_evaluation.py``) and kept in the game's ``data/evaluation.toml`` with their
provenance.

>>> model = WinModel(("height", "to_move"), (1.0, 0.5))
>>> [round(p, 3) for p in model.chances([[3.0, 1.0], [3.0, 0.0]])]
[0.622, 0.378]
>>> [round(p, 3) for p in model.chances([[0.0, 0.0], [0.0, 0.0]], nobody=0.0)]
[0.333, 0.333]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

from pydantic import Field

from tabletop.core.data import DataModel, load_toml
from tabletop.core.errors import DataFileError


class _Weights(DataModel):
    """``[weights]``: one number per figure of a seat; ``[nobody]``: the figures of the whole position."""

    source: str = Field(min_length=1)
    fitted: str = ""
    weights: dict[str, float]
    nobody: dict[str, float] = Field(default_factory=dict)


class WinModel:
    """Chances of winning as conditional-logit shares of linear utilities (see the module's docstring)."""

    __slots__ = ("features", "nobody_features", "nobody_weights", "source", "weights")

    def __init__(
        self,
        features: Sequence[str],
        weights: Sequence[float],
        nobody_features: Sequence[str] = (),
        nobody_weights: Sequence[float] = (),
        source: str = "",
    ) -> None:
        if len(features) != len(weights) or len(nobody_features) != len(nobody_weights):
            raise ValueError("a win model needs one weight per figure")
        self.features = tuple(features)
        self.weights = tuple(float(w) for w in weights)
        self.nobody_features = tuple(nobody_features)
        self.nobody_weights = tuple(float(w) for w in nobody_weights)
        self.source = source

    @classmethod
    def load(cls, path: str | Path, features: Sequence[str], nobody_features: Sequence[str] = ()) -> WinModel:
        """The weights of ``features`` (and of ``nobody_features``) read from a TOML file.

        The file must give exactly these figures; a missing or unknown one is a :class:`DataFileError`.
        """
        data = load_toml(path, _Weights)
        for table, wanted, given in (("weights", features, data.weights), ("nobody", nobody_features, data.nobody)):
            missing = [f for f in wanted if f not in given]
            unknown = [f for f in given if f not in wanted]
            if missing or unknown:
                raise DataFileError(
                    f"{path}: [{table}] must give exactly {', '.join(wanted) or 'nothing'}"
                    + (f"; missing {', '.join(missing)}" if missing else "")
                    + (f"; unknown {', '.join(unknown)}" if unknown else "")
                )
            bad = [f for f, w in given.items() if not math.isfinite(w)]
            if bad:
                raise DataFileError(f"{path}: [{table}] weights must be finite numbers: {', '.join(bad)}")
        return cls(
            features,
            [data.weights[f] for f in features],
            nobody_features,
            [data.nobody[f] for f in nobody_features],
            source=data.source,
        )

    def utility(self, figures: Sequence[float]) -> float:
        """A seat's utility: its figures weighted."""
        return sum(w * f for w, f in zip(self.weights, figures, strict=True))

    def nobody_utility(self, figures: Sequence[float]) -> float:
        """The utility of "nobody wins" from the position's figures."""
        return sum(w * f for w, f in zip(self.nobody_weights, figures, strict=True))

    def predict(self, seats: Sequence[Sequence[float]], nobody: Sequence[float] = ()) -> list[float]:
        """Each seat's chance of winning from each seat's figures and the position's (if the model has any)."""
        return self.chances(seats, self.nobody_utility(nobody) if self.nobody_features else None)

    def chances(self, seats: Sequence[Sequence[float]], nobody: float | None = None) -> list[float]:
        """Each seat's chance of winning, from each seat's figures (and the utility of nobody winning)."""
        utilities = [self.utility(f) for f in seats]
        top = max(utilities) if nobody is None else max(max(utilities), nobody)
        shares = [math.exp(u - top) for u in utilities]
        total = sum(shares) + (0.0 if nobody is None else math.exp(nobody - top))
        return [s / total for s in shares]

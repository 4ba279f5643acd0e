"""The ``policy`` agent: a policy trained with Stable-Baselines3's MaskablePPO (sb3-contrib), loaded from its file.

The model reads the seat's observation vector (``game.observer.vector``) and picks among
the legal actions' integers (``game.encoding``), exactly as it did while it learnt in the
Gymnasium environment (:mod:`tabletop.rl.gymnasium`), so a trained policy plays in
``tabletop play``, ``simulate`` and ``tournament`` like any agent::

    tabletop tournament GAME -p 2 -a policy:model=runs/ppo.zip,random

It needs the ``train`` extra (Stable-Baselines3, sb3-contrib and PyTorch).
"""

from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar

from tabletop.agents.learned import LearnedAgent
from tabletop.agents.registry import option_values, spec_name
from tabletop.core.actions import Action
from tabletop.core.errors import TabletopError
from tabletop.core.options import Option
from tabletop.core.state import State


class PolicyLoadError(TabletopError):
    """A policy file that cannot be read, or that was trained on another game's vectors."""


@lru_cache(maxsize=8)
def load_model(path: str) -> Any:
    """The MaskablePPO model saved at ``path`` (loaded once per process), on the CPU."""
    try:
        import torch
        from sb3_contrib import MaskablePPO
    except ImportError:
        raise PolicyLoadError(
            "the policy agent needs Stable-Baselines3 and sb3-contrib: pip install 'tabletop[train]' "
            "(PyTorch first, see the README)"
        ) from None
    if not Path(path).is_file():
        raise PolicyLoadError(f"no policy file at {path!r}")
    # one observation at a time needs no thread pool, and a pool started before a tournament forks its
    # workers would hang them
    torch.set_num_threads(1)
    try:
        return MaskablePPO.load(path, device="cpu")
    except Exception as exc:  # the library raises many kinds for a file it cannot read
        raise PolicyLoadError(f"{path!r} is not a MaskablePPO policy file: {exc}") from None


class PolicyAgent:
    """Plays the trained policy's choice among the legal actions (its most likely one, or a sample)."""

    options: ClassVar[tuple[Option, ...]] = (
        Option("model", "path", None, "a policy file trained with MaskablePPO (examples/train.py): its .zip "
               "(needs PyTorch) or its export for NumPy (.npz)",
               nullable=True, none_means="none: the agent refuses to start"),
        Option("deterministic", bool, True, "play the policy's most likely action (false: sample it)"),
    )

    def __init__(self, **options: Any) -> None:
        values = option_values("policy", self.options, options)
        if not values["model"]:
            raise PolicyLoadError("the policy agent needs its file: policy:model=PATH")
        self.path: str = values["model"]
        self.deterministic: bool = values["deterministic"]
        self.exported: LearnedAgent | None = None
        if self.path.endswith(".npz"):  # a policy exported by examples/train.py: NumPy plays it, no PyTorch
            if not self.deterministic:
                raise PolicyLoadError("an exported policy (.npz) plays its most likely action: deterministic=true")
            self.exported = LearnedAgent.exported(self.path)
            self.model: Any = None
        else:
            self.model = load_model(self.path)
        self.name = spec_name("policy", self.options, values, always=("model",))
        self.seat = 0

    def reset(self, seat: int) -> None:
        self.seat = seat

    def step(self, state: State, rng: random.Random) -> Action:
        if self.exported is not None:
            return self.exported.step(state, rng)
        game = state.game
        seat = state.current_player()
        vector = game.observer.vector(state, seat)
        expected = self.model.observation_space.shape
        if expected != vector.shape or self.model.action_space.n != game.num_distinct_actions():
            raise PolicyLoadError(
                f"the policy {self.path!r} was trained on vectors of shape {expected} and "
                f"{self.model.action_space.n} actions, not {game!r} ({vector.shape}, {game.num_distinct_actions()})"
            )
        mask = game.encoding.mask(state).astype(bool)
        if self.deterministic:
            chosen, _ = self.model.predict(vector, action_masks=mask, deterministic=True)
        else:
            # the agent's own stream decides, so a seeded game replays exactly
            import numpy as np

            dist = self.model.policy.get_distribution(self.model.policy.obs_to_tensor(vector)[0], action_masks=mask)
            probs = dist.distribution.probs.detach().cpu().numpy()[0].astype(np.float64)
            chosen = _sample(probs, rng)
        return state.int_to_action(int(chosen))


def _sample(probs: Any, rng: random.Random) -> int:
    u = rng.random() * float(probs.sum())
    for index, p in enumerate(probs):
        u -= float(p)
        if u < 0 and p > 0:
            return index
    return int(probs.nonzero()[0][-1])

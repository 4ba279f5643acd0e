"""The training example's smoke test (issue 27): a tiny policy learnt on the batched environment for a few
thousand steps, exported, and played by NumPy exactly as the trained model plays it."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

import tabletop
from tabletop.agents import from_spec
from tabletop.agents.learned import LearnedAgent, NumpyPolicy, PolicyFileError
from tabletop.core.compiled import COMPILED
from tabletop.core.play import play

pytest.importorskip("sb3_contrib")
pytestmark = pytest.mark.skipif(not COMPILED, reason="the batched environment needs Numba (the fast extra)")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train.py"


def _example() -> object:
    spec = importlib.util.spec_from_file_location("train_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_example"] = module
    spec.loader.exec_module(module)
    return module


def test_a_tiny_policy_learns_exports_and_plays_with_numpy(tmp_path: Path) -> None:
    import torch
    from sb3_contrib import MaskablePPO

    train = _example()
    torch.set_num_threads(1)
    venv = train.environments("doodle-jump", 2, 32, 0)  # type: ignore[attr-defined]
    model = MaskablePPO("MlpPolicy", venv, n_steps=32, batch_size=512, n_epochs=1, seed=0, device="cpu",
                        policy_kwargs={"net_arch": {"pi": [16, 16], "vf": [16, 16]}})  # fmt: skip
    model.learn(total_timesteps=3 * 32 * 32)
    path = tmp_path / "tiny.npz"
    train.export(model, path, {"game": "doodle-jump", "options": {"players": 2}})  # type: ignore[attr-defined]
    policy = NumpyPolicy(path)
    assert policy.note["layers"] == 3 and path.stat().st_size < 100_000

    game = tabletop.make("doodle-jump", players=2)
    observations = venv.reset()
    masks = venv.action_masks()
    for _ in range(20):  # the exported network picks what the model picks, position by position
        theirs, _ = model.predict(observations, action_masks=masks, deterministic=True)
        for k in range(len(observations)):
            logits = policy.logits(observations[k])
            legal = np.flatnonzero(masks[k])
            assert legal[int(np.argmax(logits[legal]))] == theirs[k]
        observations, _, _, _ = venv.step(theirs)
        masks = venv.action_masks()

    agent = from_spec(f"policy:model={path}")
    assert isinstance(getattr(agent, "exported", None), LearnedAgent)  # NumPy plays it, not the .zip's PyTorch
    record = play(game, [agent, from_spec("random")], seed=3)
    assert record.winners is not None
    with pytest.raises(PolicyFileError, match="trained on"):
        play(tabletop.make("doodle-jump", players=3), [agent, from_spec("random"), from_spec("random")], seed=1)

"""The ``learned`` agent: a trained policy network that plays with NumPy alone (no PyTorch).

A policy trained by ``examples/train.py`` (MaskablePPO over the batched environment,
``make train``) is exported as a small ``.npz`` file: the weights of the policy's layers (the
hidden ones with ``tanh``, then the action logits) and a JSON note of where it comes from
(the game and its options, the training command, steps, minutes, date, and its measured
results). The agent reads the seat's observation vector (``game.observer.vector``), computes
the logits with NumPy, masks the illegal actions and plays the most likely legal one: what
the trained model's ``predict(..., deterministic=True)`` plays (tests compare the two).

``learned`` plays the policy a game ships in its package (``data/policy.npz``, for the player count
it was trained on); it takes no file from its caller, so the web server offers it like any bot.
``policy:model=PATH.npz`` plays another exported file (a MaskablePPO ``.zip`` needs PyTorch).
"""

from __future__ import annotations

import json
import random
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar

from tabletop.core.actions import Action
from tabletop.core.errors import TabletopError
from tabletop.core.game import Game
from tabletop.core.options import Option
from tabletop.core.state import State

#: where a game keeps its shipped policy, in its package
SHIPPED = "data/policy.npz"


class PolicyFileError(TabletopError):
    """A policy file that cannot be read, or that was trained on another game's vectors."""


class NumpyPolicy:
    """A multilayer perceptron read from an exported ``.npz`` file (see the module's docstring)."""

    def __init__(self, path: str | Path) -> None:
        try:
            import numpy as np
        except ImportError:
            raise PolicyFileError("the learned agent needs NumPy: pip install 'tabletop[rl]'") from None
        try:
            with np.load(path, allow_pickle=False) as data:
                self.note: dict[str, Any] = json.loads(str(data["note"]))
                count = int(self.note["layers"])
                self.layers = [
                    (data[f"w{k}"].astype(np.float32), data[f"b{k}"].astype(np.float32)) for k in range(count)
                ]
        except (OSError, KeyError, ValueError) as exc:
            problem = f"{type(exc).__name__}: {exc}"
            raise PolicyFileError(f"{str(path)!r} is not an exported policy file ({problem})") from None
        self.path = str(path)
        self.inputs = self.layers[0][0].shape[0]
        self.outputs = self.layers[-1][0].shape[1]

    def logits(self, vector: Any) -> Any:
        """The action logits for one observation vector (float32, as the network was trained)."""
        import numpy as np

        x = vector.astype(np.float32)
        for weights, bias in self.layers[:-1]:
            x = np.tanh(x @ weights + bias)
        weights, bias = self.layers[-1]
        return x @ weights + bias

    def check(self, game: Game) -> None:
        """Refuse a game whose vectors or actions are not the ones this policy was trained on."""
        encoding = game.encoding
        if (self.inputs, self.outputs) != (encoding.size, encoding.num_distinct_actions) or self.note.get(
            "game"
        ) != game.name:
            raise PolicyFileError(
                f"the policy {self.path!r} was trained on {self.note.get('game')} with "
                f"{self.note.get('options', {})} ({self.inputs} numbers in, {self.outputs} actions out), not on "
                f"{game!r} ({encoding.size} in, {encoding.num_distinct_actions} out)"
            )


@lru_cache(maxsize=16)
def load(path: str) -> NumpyPolicy:
    """The policy at ``path``, read once per process."""
    if not Path(path).is_file():
        raise PolicyFileError(f"no policy file at {path!r}")
    return NumpyPolicy(path)


def shipped_path(game: Game) -> str | None:
    """The policy ``game`` ships in its package, if any."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        found = resources.files(package) / SHIPPED
    except (ModuleNotFoundError, TypeError):
        return None
    return str(found) if found.is_file() else None


class LearnedAgent:
    """Plays a trained policy's most likely legal action (see the module's docstring)."""

    #: it takes no option: it plays the policy its game ships (no file a caller names)
    options: ClassVar[tuple[Option, ...]] = ()

    def __init__(self, **options: Any) -> None:
        self.model: str | None = None  # the game's shipped policy
        self.name = "learned"
        self._policy: NumpyPolicy | None = None
        self._game: Game | None = None

    @classmethod
    def exported(cls, path: str) -> LearnedAgent:
        """The same agent playing the exported policy at ``path`` (``policy:model=PATH.npz``)."""
        agent = cls()
        agent.model = path
        agent.name = f"policy:model={path}"
        return agent

    def reset(self, seat: int) -> None:
        """A policy keeps no memory between decisions."""

    def policy_for(self, game: Game) -> NumpyPolicy:
        if self._policy is None or self._game != game:
            path = self.model or shipped_path(game)
            if path is None:
                raise PolicyFileError(f"{game.name} ships no learned policy ({SHIPPED} in its package)")
            policy = load(path)
            policy.check(game)
            self._policy, self._game = policy, game
        return self._policy

    def step(self, state: State, rng: random.Random) -> Action:
        import numpy as np

        game = state.game
        policy = self.policy_for(game)
        seat = state.current_player()
        logits = policy.logits(game.observer.vector(state, seat))
        legal = sorted(state.legal_action_ints())  # ties go to the lowest integer, as a masked argmax does
        best = legal[int(np.argmax(logits[legal]))]
        return state.int_to_action(best)

"""PettingZoo's observation of one agent, its vector made when it is first read.

``env.observe(agent)`` (and ``env.last()``) hands over ``{"observation": vector, "action_mask":
mask}``, a :class:`LazyObservation`. A player that picks its action from the mask alone (a
random or scripted player, an opponent, PettingZoo's own checkers stepping with
``action_space.sample(mask)``) never needs the vector, and in some games the vector costs more
than the engine's actions between two decisions; so the mask is made at once and the vector on
the first read of ``"observation"``, or of anything that shows it (``values()``, ``items()``,
``get``, ``==``, ``repr``, ``dict(obs)``, ``{**obs}``, a copy, pickling).

Whenever it is read, the vector is the one of the position at the time of ``observe``, bit for
bit: read before the environment moves on (as a learner reads it), it is the seat's vector of
the live position; read later (after ``step`` or ``reset``), the position of then is rebuilt
by replaying the game's actions up to then from a new game (exact: the rules are deterministic
given the actions, chance outcomes included), which costs a replay of the game so far.

>>> import tabletop
>>> game = tabletop.make("race", players=2)
>>> state = game.new_initial_state()
>>> seen = LazyObservation(state, 0, game.encoding.mask(state))
>>> state.apply_action(state.legal_actions()[0])  # the position moves on before the vector is read
>>> seen["observation"].tolist() == game.observer.vector(game.new_initial_state(), 0).tolist()
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from tabletop.core.state import State

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = ["LazyObservation", "position_at"]

#: the key whose value is made on first read
OBSERVATION = "observation"


class LazyObservation(dict[str, Any]):
    """``{"observation": seat's vector, "action_mask": mask}``; the vector made on first read."""

    __slots__ = ("_pending",)

    def __init__(self, state: State, seat: int, mask: NDArray[np.int8]) -> None:
        # the key is there from the start (``keys()``, ``len``, ``in`` need no vector); its value is made by _fill
        dict.__init__(self, observation=None, action_mask=mask)
        #: the live position, how many actions it had then, and the seat: until the vector is made
        self._pending: tuple[State, int, int] | None = (state, state.history_size(), seat)

    def _fill(self) -> None:
        pending = self._pending
        if pending is None:
            return
        state, size, seat = pending
        if state.history_size() != size:
            state = position_at(state, size)
        self._pending = None
        dict.__setitem__(self, OBSERVATION, state.game.observer.vector(state, seat))

    # -- the reads: the one of a learner first, as fast as a dict's own when the vector is not asked for
    def __getitem__(self, key: str) -> Any:
        if self._pending is not None and key == OBSERVATION:
            self._fill()
        return dict.__getitem__(self, key)

    def __iter__(self) -> Iterator[str]:
        # keys only (no vector); defined so that dict(obs), {**obs} and update(obs) read values through
        # __getitem__ instead of copying the dict's own storage
        return dict.__iter__(self)

    def __eq__(self, other: object) -> bool:
        self._fill()
        if isinstance(other, LazyObservation):
            other._fill()  # dict's comparison reads the other's storage directly
        return dict.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __reduce__(self) -> tuple[Callable[..., dict[str, Any]], tuple[dict[str, Any]]]:
        """Pickled (and copied by ``copy``) as a plain dict of the made vector and the mask."""
        self._fill()
        return dict, (dict(dict.items(self)),)


def _made_first(name: str) -> Callable[..., Any]:
    """``dict``'s method ``name``, with the vector made first (every read and change but ``[]``, keys, ``in``,
    ``len`` and ``==``, defined in the class)."""
    method = getattr(dict, name)

    def made_first(self: LazyObservation, *args: Any, **kwargs: Any) -> Any:
        if self._pending is not None:
            self._fill()
        return method(self, *args, **kwargs)

    made_first.__name__ = made_first.__qualname__ = name
    made_first.__doc__ = method.__doc__
    return made_first


for _name in ("get", "values", "items", "copy", "pop", "popitem", "setdefault", "update", "clear",
              "__setitem__", "__delitem__", "__repr__", "__or__", "__ror__", "__ior__"):
    setattr(LazyObservation, _name, _made_first(_name))


def position_at(state: State, size: int) -> State:
    """The position ``state`` was at after its first ``size`` actions, replayed from a new game of its game
    (the positions of the learning environments all start as ``game.new_initial_state()``)."""
    past = state.game.new_initial_state()
    for action in state.history()[:size]:
        past.apply_action(action)
    return past

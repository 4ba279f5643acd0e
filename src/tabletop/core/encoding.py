"""Numbers for learning: every action as an integer, every position as a flat vector.

Learning libraries (PettingZoo, Gymnasium, OpenSpiel) need what a game's notation
already fixes, in numbers:

- **actions as integers**: ``state.action_to_int(a)`` and ``state.int_to_action(i)``.
  Integer ``i`` is the ``i``-th notation in a list of every decision the game can ever
  offer (``game.num_distinct_actions()`` of them), so the same integer means the same
  move in every position of a game with the same options. Chance outcomes have their
  own list (``game.max_chance_outcomes()``), as in OpenSpiel;
- **positions as vectors**: ``game.observer.vector(state, viewer)``, a flat ``float32``
  array whose layout (``game.encoding.layout``: named fields and their sizes) is fixed
  for a game and its options.

Integers need nothing but the core; vectors and action masks are NumPy arrays, and NumPy
(an extra: ``rl`` or ``analysis``) is imported only where one is built, so a game's
integer actions work without it. An encoding part follows the same rule: it imports NumPy
for its type hints only, or inside ``encode``.

Both come from the game's **encoding part** (``GameParts(encoding="my_game.encoding")``,
a module with the four functions of :class:`EncodingPart`); a game without one raises
:class:`NoEncodingError` naming what to add. The vector is built by the game, but
only through what its observer decides the viewer may see: the conformance suite
(:func:`tabletop.testing.check_encoding`) compares each seat's vector of a state with
the vector of a state the observer resamples for that seat, so a vector that reads a
hidden fact fails.

>>> import tabletop
>>> game = tabletop.make("race", players=2)
>>> state = game.new_initial_state()
>>> game.max_chance_outcomes(), state.legal_action_ints()
(3, (0, 1, 2))
>>> state.apply_action(state.int_to_action(1))
>>> [state.action_to_int(a) for a in state.legal_actions()], game.encoding.action_text(1)
([0, 1], 'wait')
>>> game.observer.vector(state, 0).tolist()
[1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from tabletop.core.errors import IllegalActionError, TabletopError

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from tabletop.core.actions import Action
    from tabletop.core.game import Game
    from tabletop.core.observation import Viewer
    from tabletop.core.state import State


class NoEncodingError(TabletopError, NotImplementedError):
    """The game declares no encoding part, or its encoding does not cover an action it offered."""


class EncodingPart(Protocol):
    """What a game's encoding part provides (a module with these functions will do)."""

    def actions(self, game: Game) -> Sequence[str]:
        """The notation of every decision any seat can ever be offered in ``game``, each once, in a fixed order."""
        ...

    def chance_outcomes(self, game: Game) -> Sequence[str]:
        """The notation of every chance outcome that can ever occur in ``game``, each once, in a fixed order."""
        ...

    def layout(self, game: Game) -> Sequence[tuple[str, int]]:
        """The vector's fields, in order: a name and how many numbers it takes."""
        ...

    def encode(self, state: State, viewer: Viewer, out: NDArray[np.float32]) -> None:
        """Write what ``viewer`` may see of ``state`` into ``out`` (zeros, of the layout's size)."""
        ...


@dataclass(frozen=True)
class Field:
    """One named field of an observation vector: ``vector[start:start + size]``."""

    name: str
    start: int
    size: int


class Encoding:
    """A game's actions as integers and its positions as vectors (one per :class:`Game`, ``game.encoding``)."""

    def __init__(self, game: Game, part: EncodingPart) -> None:
        self.game = game
        self.part = part
        self.action_texts: tuple[str, ...] = _distinct(game, "decision", part.actions(game))
        self.chance_texts: tuple[str, ...] = _distinct(game, "chance outcome", part.chance_outcomes(game))
        self._decision_index = {text: i for i, text in enumerate(self.action_texts)}
        self._chance_index = {text: i for i, text in enumerate(self.chance_texts)}
        # actions are interned, so each is turned into text once and then found by the object itself
        self._decision_ids: dict[Action, int] = {}
        self._chance_ids: dict[Action, int] = {}
        #: the last legal actions asked about: (their tuple, at a chance node, their integers, their mask)
        self._last: tuple[tuple[Action, ...], bool, tuple[int, ...], bytes | None] | None = None
        fields, start = [], 0
        for name, size in part.layout(game):
            if size < 0:
                raise ValueError(f"field {name!r} of {game.name}'s vector has a negative size")
            fields.append(Field(name, start, size))
            start += size
        self.fields: tuple[Field, ...] = tuple(fields)
        self.size = start

    # -- actions ------------------------------------------------------------------------
    @property
    def num_distinct_actions(self) -> int:
        return len(self.action_texts)

    @property
    def max_chance_outcomes(self) -> int:
        return len(self.chance_texts)

    def action_text(self, index: int, chance: bool = False) -> str:
        """The notation of decision ``index`` (or of chance outcome ``index``)."""
        texts = self.chance_texts if chance else self.action_texts
        if not 0 <= index < len(texts):
            kind = "chance outcome" if chance else "action"
            raise IllegalActionError(f"{self.game.name} has no {kind} number {index} (0 to {len(texts) - 1})")
        return texts[index]

    def to_int(self, action: Action, chance: bool) -> int:
        """The integer of a decision (or, with ``chance``, of a chance outcome)."""
        ids = self._chance_ids if chance else self._decision_ids
        found = ids.get(action)
        if found is None:
            index = self._chance_index if chance else self._decision_index
            found = index.get(str(action))
            if found is None:
                kind = "chance outcome" if chance else "decision"
                raise NoEncodingError(
                    f"the encoding of {self.game.name} does not list the {kind} {str(action)!r}; "
                    "its encoding part must list every action the game can offer"
                )
            ids[action] = found
        return found

    def chance_ints(self, outcomes: Sequence[Action]) -> list[int]:
        """The integers of chance outcomes, in their order."""
        ids = self._chance_ids
        try:
            return list(map(ids.__getitem__, outcomes))  # each outcome seen before: no Python code per outcome
        except KeyError:
            return [found if (found := ids.get(a)) is not None else self.to_int(a, True) for a in outcomes]

    def legal_ints(self, state: State) -> tuple[int, ...]:
        """The integers of the state's legal actions (or chance outcomes), in the order of ``legal_actions()``."""
        legal = state.legal_actions()
        chance = state.is_chance_node()
        last = self._last
        # an adapter asks several times for one position (the mask, the action's integer, its check):
        # the last answer is kept with the very tuple of legal actions it answers (a state keeps its tuple
        # until it changes, and an action's integer never changes)
        if last is not None and last[0] is legal and last[1] == chance:
            return last[2]
        ids = self._chance_ids if chance else self._decision_ids
        out = []
        for action in legal:
            found = ids.get(action)
            out.append(found if found is not None else self.to_int(action, chance))
        ints = tuple(out)
        self._last = (legal, chance, ints, None)
        return ints

    def from_int(self, state: State, index: int) -> Action:
        """The legal action (or chance outcome) of ``state`` whose integer is ``index``."""
        legal = state.legal_actions()
        ints = self.legal_ints(state)
        if index in ints:
            return legal[ints.index(index)]
        text = self.action_text(index, state.is_chance_node())
        raise state._illegal(f"{text} (number {index})")

    def mask(self, state: State) -> NDArray[np.int8]:
        """1 for each legal decision's integer, 0 elsewhere (all zeros at chance and terminal nodes)."""
        if state.current_player() < 0:  # chance or over
            nothing: NDArray[np.int8] = from_buffer(bytearray(self.num_distinct_actions), "int8")
            return nothing
        ints = self.legal_ints(state)
        last = self._last
        if last is not None and last[2] is ints and last[3] is not None:
            made = bytearray(last[3])
        else:
            # item by item into bytes: a handful of legal actions among hundreds or thousands of integers,
            # where NumPy's fancy indexing costs more in converting the list than in setting
            made = bytearray(len(self.action_texts))
            for index in ints:
                made[index] = 1
            if last is not None and last[2] is ints:
                self._last = (last[0], last[1], ints, bytes(made))
        out: NDArray[np.int8] = from_buffer(made, "int8")  # a new array each time, the caller's to keep or change
        return out

    # -- vectors ------------------------------------------------------------------------
    def vector(self, state: State, viewer: Viewer) -> NDArray[np.float32]:
        out: NDArray[np.float32] = zeros(self.size, "float32")
        self.part.encode(state, viewer, out)
        return out

    def field(self, name: str) -> Field:
        for found in self.fields:
            if found.name == name:
                return found
        raise KeyError(f"{self.game.name}'s vector has no field {name!r}; fields: {[f.name for f in self.fields]}")

    def describe(self) -> str:
        """The layout in words: one line per field with its slice."""
        return "\n".join(f"{f.start:>5}..{f.start + f.size - 1:<5} {f.name}" for f in self.fields if f.size)


def _distinct(game: Game, kind: str, texts: Sequence[str]) -> tuple[str, ...]:
    found = tuple(texts)
    if len(set(found)) != len(found):
        repeated = sorted({t for t in found if found.count(t) > 1})[:5]
        raise NoEncodingError(f"the encoding of {game.name} lists a {kind} twice: {repeated}")
    return found


def encoding_of(game: Game) -> Encoding:
    """Build ``game``'s encoding from its encoding part (:class:`NoEncodingError` if it has none)."""
    from tabletop.core.registry import part

    found = part(game.name, "encoding")
    if found is None:
        raise NoEncodingError(
            f"{game.name} declares no encoding part, so it has no integer actions nor vectors for learning: "
            "add GameParts(encoding='<package>.encoding') with actions, chance_outcomes, layout and encode "
            "(docs/learning.md)"
        )
    encoding: EncodingPart = found
    return Encoding(game, encoding)


_T = TypeVar("_T")


def tables_of(cache: dict[int, tuple[object, _T]], owner: object, build: Callable[[], _T]) -> _T:
    """An encoder's tables for ``owner`` (a game or its rules), built once: kept under the owner's id with the owner
    itself, so an id reused by a new object builds them again."""
    found = cache.get(id(owner))
    if found is None or found[0] is not owner:
        found = cache[id(owner)] = (owner, build())
    return found[1]


def zeros(size: int, dtype: str) -> Any:
    """A NumPy array of ``size`` zeros: NumPy is imported here, where vectors are built, and only here."""
    numpy = _NUMPY[0] if _NUMPY else _numpy()
    return numpy.zeros(size, _DTYPES.get(dtype, dtype))


def from_buffer(buffer: bytearray, dtype: str) -> Any:
    """A NumPy array over ``buffer``'s bytes (no copy; writable, as a bytearray is); NumPy imported as by
    :func:`zeros`."""
    numpy = _NUMPY[0] if _NUMPY else _numpy()
    return numpy.frombuffer(buffer, _DTYPES.get(dtype, dtype))


#: NumPy once imported (a mask is made at every decision of a learner: an import statement each time costs more
#: than the mask), and the dtypes asked for by name, made once
_NUMPY: list[Any] = []
_DTYPES: dict[str, Any] = {}


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:
        raise ImportError("observation vectors and action masks are NumPy arrays: pip install 'tabletop[rl]' "
                          "(integer actions need no NumPy)") from None
    if not _NUMPY:
        _NUMPY.append(numpy)
        _DTYPES.update((name, numpy.dtype(name)) for name in ("int8", "float32"))
    return numpy


def number_view(out: NDArray[np.float32]) -> memoryview[float]:
    """``out``'s numbers as a memoryview, for an encoder that writes them one by one: a float written there
    becomes the float32 NumPy's item assignment makes of it (rounded to nearest), for less than half the cost."""
    return memoryview(out)  # type: ignore[arg-type]


def one_hot(out: NDArray[np.float32], start: int, index: int, size: int) -> None:
    """Set ``out[start + index]`` to 1 when ``0 <= index < size`` (nothing otherwise: "none of these")."""
    if 0 <= index < size:
        out[start + index] = 1.0


def seat_order(viewer: Viewer, players: int) -> list[int]:
    """The seats in the order a vector lists them: the viewer's first, then the next seats in turn
    (a spectator: seat 0 first). A policy learnt in one seat then reads every seat alike.

    >>> seat_order(2, 4), seat_order(None, 3)
    ([2, 3, 0, 1], [0, 1, 2])
    """
    first = viewer if viewer is not None else 0
    return [(first + k) % players for k in range(players)]


def relative_seat(seat: int, viewer: Viewer, players: int) -> int:
    """Where ``seat`` comes in :func:`seat_order` (-1 for a seat out of range: "nobody")."""
    if not 0 <= seat < players:
        return -1
    return (seat - (viewer if viewer is not None else 0)) % players

"""Every game as an OpenSpiel game: ``load(name, players=2)``, registered with ``pyspiel.register_game``.

Importing this module registers ``tabletop_<name>`` (``-`` as ``_``) for every game with an
encoding part (:func:`tabletop.rl.common.learning_games`), with the parameter ``players``;
``pyspiel.load_game("tabletop_<name>", {"players": 3})`` then works as for OpenSpiel's own games.

- chance is explicit (``EXPLICIT_STOCHASTIC``): ``chance_outcomes()`` lists every outcome's
  integer (``game.encoding``) with its probability, the exact ``Fraction`` as a float, made once
  per distribution and kept;
- decisions are the game's integer actions, legal ones in increasing order, as OpenSpiel wants;
- ``observation_tensor(seat)`` is the seat's vector (layout: ``game.encoding.fields``) and
  ``observation_string(seat)`` the observer's text;
- ``serialize()`` is the position in our notation and ``game.deserialize_state(text)`` reads it
  back (the game's own checks apply: a malformed text raises ``NotationError``);
- returns are the game's ``returns()`` (utility ``GENERAL_SUM``; rewards at the end only);
- ``apply_action`` called from Python is answered in Python: pyspiel's own crosses into C++ and
  back into Python twice per action (``CurrentPlayer``, then ``DoApplyAction``), which costs more
  than most of our games' actions. The history is kept with the position, so ``history()``,
  ``full_history()``, ``history_str()``, ``move_number()`` and ``is_initial_state()`` answer the
  same whichever side applied the actions (C++ callers, ``child`` and ``random_sim_test``, go
  through pyspiel's ``ApplyAction``, which calls ``_apply_action``: the same path).

>>> import pyspiel
>>> game = load("race", players=2)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), [(a, round(p, 3)) for a, p in state.chance_outcomes()]
(True, [(0, 0.333), (1, 0.333), (2, 0.333)])
>>> state.apply_action(2); state.legal_actions(), state.action_to_string(0)
([0, 1], 'advance')
>>> game.deserialize_state(state.serialize()).serialize() == state.serialize()
True
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, NamedTuple

import numpy as np
import pyspiel

from tabletop.core.actions import Action
from tabletop.core.chance import Distribution
from tabletop.core.game import Game
from tabletop.core.state import CHANCE, State
from tabletop.rl.common import learning_games, make_game

__all__ = ["load", "register_games", "short_name"]

#: distributions whose float outcomes were prepared, kept by the distribution object itself, at most (then
#: forgotten all at once): a game keeps its dice's distributions, but a draw from a pile that changes is a new one
#: each time, never seen again, and 50,000 of those kept alive made every garbage collection slower (Jumanji's
#: random play through OpenSpiel 0.27 of the engine's speed with 50,000, 0.35 with 4,096, in one run)
_PREPARED_LIMIT = 4_096
_CHANCE_ID = int(pyspiel.PlayerId.CHANCE)
_first = itemgetter(0)
_TERMINAL_ID = int(pyspiel.PlayerId.TERMINAL)


def short_name(name: str) -> str:
    """OpenSpiel's name of a game: ``tabletop_`` and its name with ``_`` for ``-``."""
    return "tabletop_" + name.replace("-", "_")


def _game_type(name: str, game: Game) -> pyspiel.GameType:
    info = game.info
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"tabletop: {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION
        if not game.observer.hidden_information
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": game.num_players},
    )


def _game_info(game: Game) -> pyspiel.GameInfo:
    encoding = game.encoding
    return pyspiel.GameInfo(
        num_distinct_actions=encoding.num_distinct_actions,
        max_chance_outcomes=encoding.max_chance_outcomes,
        num_players=game.num_players,
        min_utility=float(game.info.min_return),
        max_utility=float(game.info.max_return),
        utility_sum=None,
        max_game_length=game.max_game_length(),
    )


class OpenSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A tabletop game seen by OpenSpiel."""

    #: the tabletop game's name (set by each registered subclass)
    name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        name = self.name
        self.tabletop = make_game(name, int(params["players"]) if "players" in params else None, {})
        super().__init__(_game_type(name, self.tabletop), _game_info(self.tabletop), params)
        self.encoding = self.tabletop.encoding
        self._prepared: dict[Distribution, tuple[list[tuple[int, float]], dict[int, Action]]] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> OpenSpielGame:
        return self  # a game is an immutable configuration

    def new_initial_state(self) -> OpenSpielState:
        return OpenSpielState(self, self.tabletop.new_initial_state())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> VectorObserver:
        return VectorObserver(self)

    def deserialize_state(self, text: str) -> OpenSpielState:
        return OpenSpielState(self, self.tabletop.state_from_text(text))

    def prepared(self, distribution: Distribution) -> tuple[list[tuple[int, float]], dict[int, Action]]:
        """A chance node's outcomes as (integer, float probability) in increasing order, and each
        integer's action: made once per distribution (the games keep theirs)."""
        found = self._prepared.get(distribution)
        if found is None:
            # a draw from a pile that changes is a new distribution each time (a quarter of Jumanji's chance
            # nodes): the integers are sorted alone, not as (integer, float) pairs
            outcomes = distribution.outcomes
            ints = self.encoding.chance_ints(outcomes)
            pairs = list(zip(ints, distribution.floats(), strict=True))
            pairs.sort(key=_first)  # stable, by integer (a pile's draws come in that order already)
            actions = dict(zip(ints, outcomes, strict=True))
            if len(self._prepared) >= _PREPARED_LIMIT:
                self._prepared.clear()
            found = self._prepared[distribution] = (pairs, actions)
        return found


class OpenSpielState(pyspiel.State):  # type: ignore[misc]
    """A tabletop state seen by OpenSpiel."""

    def __init__(self, game: OpenSpielGame, state: State) -> None:
        super().__init__(game)
        self._held = _Held(game, state, [])

    # OpenSpiel clones a Python state by deep-copying its attributes: the one attribute copies itself
    # as a clone of the position sharing the (immutable) game
    @property
    def os_game(self) -> OpenSpielGame:
        return self._held.game

    @property
    def state(self) -> State:
        return self._held.state

    def current_player(self) -> int:
        player = self._held.state.current_player()
        if player >= 0:
            return player
        return _CHANCE_ID if player == CHANCE else _TERMINAL_ID

    # -- asked from Python, answered in Python: pyspiel's own would cross into C++ and back (CurrentPlayer,
    # LegalActions, DoApplyAction) for what the position knows; C++ callers get the same answers through
    # the hooks (current_player, _legal_actions, _apply_action)
    def is_chance_node(self) -> bool:
        return self._held.state.is_chance_node()

    def is_player_node(self) -> bool:
        return self._held.state.current_player() >= 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        """pyspiel's ``LegalActions``: the chance outcomes' integers at a chance node, the decisions' (sorted) of
        the seat to move (none for another seat), none once the game is over."""
        state = self._held.state
        mover = state.current_player()
        if mover == CHANCE:
            return [action for action, _ in self.chance_outcomes()]
        if mover < 0:  # over
            return []
        if player is not None and player != mover:
            if player < 0:
                raise ValueError(f"no legal actions for the pseudo-player {player} at a decision")
            return []
        return sorted(state.legal_action_ints())

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._held.state.legal_action_ints())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._held.game.prepared(self._held.state.chance_distribution())[0]

    def apply_action(self, action: int) -> None:
        """pyspiel's ``ApplyAction``: the action applied and (player, action) added to the history."""
        self._held.apply(action)

    def _apply_action(self, action: int) -> None:
        self._held.apply(action)  # pyspiel's ApplyAction (from C++) keeps its own history beside ours

    def history(self) -> list[int]:
        return [action for _, action in self._held.moves]

    def full_history(self) -> list[PlayerAction]:
        return [PlayerAction(player, action) for player, action in self._held.moves]

    def history_str(self) -> str:
        return ", ".join(str(action) for _, action in self._held.moves)

    def move_number(self) -> int:
        return len(self._held.moves)

    def is_initial_state(self) -> bool:
        return not self._held.moves

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """pyspiel's ``ObservationTensor``: the seat's vector, as a list of floats. Answered in Python: pyspiel's
        own crosses into C++, back into the observer (:class:`VectorObserver`) and out again number by number."""
        held = self._held
        seat = held.state.current_player() if player is None else player
        if not 0 <= seat < held.game.tabletop.num_players:
            raise _no_observer(seat, held.game.tabletop.num_players)
        vector: list[float] = held.game.tabletop.observer.vector(held.state, seat).tolist()
        return vector

    def _action_to_string(self, player: int, action: int) -> str:
        return self.os_game.encoding.action_text(action, chance=player == int(pyspiel.PlayerId.CHANCE))

    def is_terminal(self) -> bool:
        return self._held.state.is_terminal()

    def returns(self) -> list[float]:
        return [float(r) for r in self.state.returns()]

    def serialize(self) -> str:
        return self.state.to_text()

    def __str__(self) -> str:
        return self.state.to_text()


def _no_observer(player: int, players: int) -> pyspiel.SpielError:
    """pyspiel's error for an observation asked of no seat (a chance or terminal node's own player included)."""
    return pyspiel.SpielError(f"observation_tensor: player = {player}, not a seat from 0 to {players - 1}")


class PlayerAction(NamedTuple):
    """One entry of ``full_history()``: who acted (``-1`` for chance) and the action's integer, as pyspiel's."""

    player: int
    action: int


class _Held:
    """What an :class:`OpenSpielState` holds: the game, the position and its history as OpenSpiel records it
    ((seat or chance, integer) per action); a deep copy clones the position and the history, sharing the game."""

    __slots__ = ("game", "moves", "state")

    def __init__(self, game: OpenSpielGame, state: State, moves: list[tuple[int, int]]) -> None:
        self.game = game
        self.state = state
        self.moves = moves

    def apply(self, action: int) -> None:
        """Apply the decision or chance outcome numbered ``action`` (an error, and no change, if it is not legal)."""
        state = self.state
        player = state.current_player()
        if player == CHANCE:
            chosen = self.game.prepared(state.chance_distribution())[1].get(action)
            if chosen is None:
                raise ValueError(f"chance outcome {action} cannot happen here")
            state.apply_action(chosen)
            self.moves.append((_CHANCE_ID, action))
        else:
            state.apply_action(state.int_to_action(action))  # over: IllegalActionError
            self.moves.append((player, action))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.game, self.state.clone(), self.moves.copy())

    def __reduce__(self) -> tuple[Any, tuple[str, int, str, list[tuple[int, int]]]]:
        """OpenSpiel serializes a Python state by pickling its attributes: this one pickles as the
        game's name, its players, the position in our notation and the history, and is read back from them."""
        game = self.game.tabletop
        return _held_from_text, (game.name, game.num_players, self.state.to_text(), self.moves)


def _held_from_text(name: str, players: int, text: str, moves: list[tuple[int, int]] | None = None) -> _Held:
    game: OpenSpielGame = load(name, players)
    return _Held(game, game.tabletop.state_from_text(text), list(moves or []))


class VectorObserver:
    """OpenSpiel's observer protocol over the game's vectors: ``tensor``, ``dict``, ``set_from``, ``string_from``."""

    def __init__(self, game: OpenSpielGame) -> None:
        self.game = game
        encoding = game.encoding
        self.tensor = np.zeros(encoding.size, np.float32)
        self.dict = {f.name: self.tensor[f.start : f.start + f.size] for f in encoding.fields}

    def set_from(self, state: OpenSpielState, player: int) -> None:
        self.tensor[:] = self.game.tabletop.observer.vector(state.state, player)

    def string_from(self, state: OpenSpielState, player: int) -> str:
        return self.game.tabletop.observer.text(state.state, player)


def register_games() -> list[str]:
    """Register ``tabletop_<name>`` with OpenSpiel for every game with an encoding; returns the names."""
    names = []
    registered = set(pyspiel.registered_names())
    for name in learning_games():
        short = short_name(name)
        if short not in registered:
            game = make_game(name, None, {})
            # one class per game (OpenSpiel keeps the factory until the interpreter ends: a class, as its own
            # Python games register, is safe there; a closure is not)
            factory = type(f"OpenSpiel_{short}", (OpenSpielGame,), {"name": name})
            pyspiel.register_game(_game_type(name, game), factory)
        names.append(short)
    return names


def load(name: str, players: int | None = None) -> Any:
    """The OpenSpiel game of ``name`` (registered first if needed), loaded through ``pyspiel.load_game``."""
    register_games()
    params = {} if players is None else {"players": players}
    return pyspiel.load_game(short_name(name), params)


register_games()

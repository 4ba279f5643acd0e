"""The engine core: games, states, actions, chance, notation, records, registry, observers, parts."""

from tabletop.core.actions import Action
from tabletop.core.agent import Agent
from tabletop.core.chance import Distribution
from tabletop.core.errors import (
    DataFileError,
    IllegalActionError,
    InvalidOptionError,
    NotationError,
    ReplayError,
    TabletopError,
    UnknownGameError,
)
from tabletop.core.game import Game, GameInfo, TimeModel
from tabletop.core.live import LiveEvent
from tabletop.core.observation import SPECTATOR, Observer, Viewer
from tabletop.core.options import Option
from tabletop.core.parts import GameParts
from tabletop.core.record import Record
from tabletop.core.registry import list_games, make
from tabletop.core.replay import replay
from tabletop.core.state import CHANCE, TERMINAL, State

__all__ = [
    "CHANCE",
    "SPECTATOR",
    "TERMINAL",
    "Action",
    "Agent",
    "DataFileError",
    "Distribution",
    "Game",
    "GameInfo",
    "GameParts",
    "IllegalActionError",
    "InvalidOptionError",
    "LiveEvent",
    "NotationError",
    "Observer",
    "Option",
    "Record",
    "ReplayError",
    "State",
    "TabletopError",
    "TimeModel",
    "UnknownGameError",
    "Viewer",
    "list_games",
    "make",
    "replay",
]

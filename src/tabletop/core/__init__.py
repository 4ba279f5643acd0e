"""The engine core: games, states, actions, chance, notation, records, registry."""

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
from tabletop.core.game import Game, GameInfo
from tabletop.core.options import Option
from tabletop.core.record import Record
from tabletop.core.registry import list_games, make
from tabletop.core.replay import replay
from tabletop.core.state import CHANCE, TERMINAL, State

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "Agent",
    "DataFileError",
    "Distribution",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "InvalidOptionError",
    "NotationError",
    "Option",
    "Record",
    "ReplayError",
    "State",
    "TabletopError",
    "UnknownGameError",
    "list_games",
    "make",
    "replay",
]

"""tabletop: physical board games, faithfully and completely, with an OpenSpiel-style rules API.

Each game is an installed package, listed by ``list_games()`` and made by name.

>>> import tabletop
>>> from tabletop.agents import RandomAgent
>>> game = tabletop.make(tabletop.list_games()[0], players=3)
>>> record = tabletop.play(game, [RandomAgent()] * 3, seed=7)
>>> tabletop.replay(record).is_terminal()
True
"""

from tabletop._version import __version__
from tabletop.core import (
    CHANCE,
    TERMINAL,
    Action,
    Agent,
    DataFileError,
    Distribution,
    Game,
    GameInfo,
    IllegalActionError,
    InvalidOptionError,
    NotationError,
    Option,
    Record,
    ReplayError,
    State,
    TabletopError,
    UnknownGameError,
    list_games,
    make,
    replay,
)
from tabletop.core.play import play

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
    "__version__",
    "list_games",
    "make",
    "play",
    "replay",
]

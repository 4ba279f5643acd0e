"""The error hierarchy: every error a user can cause is a ``ValueError``.

Like python-chess's ``IllegalMoveError``, each error says what was wrong and,
where it helps, what would have been allowed.
"""

from __future__ import annotations


class TabletopError(ValueError):
    """Base class of every error raised for bad input to tabletop."""


class UnknownGameError(TabletopError):
    """``make()`` was given a game name that is not registered."""


class InvalidOptionError(TabletopError):
    """A game option is unknown, of the wrong type, or out of range."""


class IllegalActionError(TabletopError):
    """An action is not legal in the current state; the state is unchanged."""


class NotationError(TabletopError):
    """A position, action or record text could not be parsed."""


class DataFileError(TabletopError):
    """A game data file (board, deck, levels ...) is malformed.

    ``problems`` lists each problem as ``(where, message)`` when the loader knows them apart:
    ``where`` is the dotted path of the value in the file (``board.paths.0.spaces``), or ``""``
    for the file as a whole. The message (``str(error)``) says it all in words either way.
    """

    def __init__(self, message: str, problems: tuple[tuple[str, str], ...] = ()) -> None:
        super().__init__(message)
        self.problems = problems


class DataOptionError(InvalidOptionError, DataFileError):
    """The file named by a game's ``data`` option is malformed (both an option and a data-file error)."""


class ReplayError(TabletopError):
    """A game record does not replay: an action is illegal or the result differs."""

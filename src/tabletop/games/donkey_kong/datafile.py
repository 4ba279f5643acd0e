"""Donkey Kong's data file for the people who make boards: its model and the packaged file.

``tabletop data schema donkey-kong`` prints the model's JSON Schema, ``tabletop data export
donkey-kong`` the packaged file, ``tabletop data validate FILE`` checks a file as the game loads
it and plays it (:mod:`tabletop.core.datafile`). Which spaces a pawn can reach is checked by the
board itself when the file is loaded (:class:`~tabletop.games.donkey_kong.board.Board`), so it is
not checked twice here.
"""

from __future__ import annotations

from tabletop.games.donkey_kong.data import RulesModel, default_path

__all__ = ["MODEL", "default_path"]

#: the whole data file
MODEL = RulesModel

"""Jumanji's data file for the people who make boards: its model and the packaged file.

``tabletop data schema jumanji`` prints the model's JSON Schema, ``tabletop data export jumanji``
the packaged file, ``tabletop data validate FILE`` checks a file as the game loads it and plays
it (:mod:`tabletop.core.datafile`). Every space of a path can be reached: the number die's faces
are 1 to n (checked at load), so a pawn can always move one space, and there is no place a
pawn could never land on to check here.
"""

from __future__ import annotations

from tabletop.games.jumanji.data import JumanjiData, default_path

__all__ = ["MODEL", "default_path"]

#: the whole data file
MODEL = JumanjiData

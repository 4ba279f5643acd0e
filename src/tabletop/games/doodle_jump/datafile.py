"""Doodle Jump's data file for the people who make boards: its model, the packaged file, and the
pads no Doodler can ever reach.

``tabletop data schema doodle-jump`` prints the model's JSON Schema, ``tabletop data export
doodle-jump`` the packaged file, ``tabletop data validate FILE`` checks a file as the game loads it,
then with :func:`unreachable`, then by playing it (:mod:`tabletop.core.datafile`).
"""

from __future__ import annotations

from pathlib import Path

from tabletop.games.doodle_jump.data import DEFAULT_PATH, DoodleJumpData
from tabletop.games.doodle_jump.game import DoodleJumpGame

__all__ = ["MODEL", "default_path", "unreachable"]

#: the whole data file
MODEL = DoodleJumpData


def default_path() -> Path:
    """The packaged data file."""
    return DEFAULT_PATH


def unreachable(game: DoodleJumpGame) -> list[tuple[str, str]]:
    """The pads that cannot be reached when some level lies below theirs, however the two levels are shifted.

    The levels are stacked in a random order (D-SETUP-1), so any level may lie below any other.
    From a pad a Doodler reaches the pads of the level above within the ramp's reach and those of
    its own level beside it (D-JUMP-1, with the game's own reach tables); a pad none of the level
    below reaches, directly or along its own level, is stranded whenever that level is below it.
    Each stranded pad is named once, with the levels below that strand it.
    """
    rules, geometry = game.rules, game.geometry
    shifts = range(2 * rules.max_offset + 1)
    stranded: dict[int, list[str]] = {}
    for above, pads in enumerate(rules.level_pads):
        for below in range(rules.levels):
            if below == above:
                continue
            reached = {
                target
                for pad in rules.level_pads[below]
                for shift in shifts
                for above_shift in shifts
                for target in geometry.up[pad][shift][above][above_shift]
            }
            waiting = list(reached)
            while waiting:
                for beside in geometry.on_level[waiting.pop()]:
                    if beside not in reached:
                        reached.add(beside)
                        waiting.append(beside)
            for pad in pads:
                if pad not in reached:
                    stranded.setdefault(pad, []).append(rules.level_names[below])
    return [
        (rules.pad_names[pad], f"pad {rules.pad_names[pad]} cannot be reached when level "
         f"{' or '.join(levels)} lies below level {rules.level_names[rules.pad_level[pad]]}, however they are shifted")
        for pad, levels in sorted(stranded.items())
    ]

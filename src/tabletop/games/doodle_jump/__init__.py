"""Doodle Jump (Ravensburger, 2013): the rules, the data file and the position notation.

Clauses D-... and rulings are written out in docs/rules/doodle-jump.md. The
spec's rulings R-D1..R-D9 hold (R-D7: a Shield stops any fall of its holder, a zonk
included); this project adds:

- R-D10: "remove" never offers the top level (putting the top level on top changes nothing).
- R-D11: a removed level goes on top unshifted (offset 0), like a level stacked at setup.
- R-D12: "straight down" (D-FALL-1) means the same absolute column after offsets.
- R-D13: a Doodler off the board that fails a roll does not spend a Shield (there is nothing to fall from).
- R-D14: the Power Tiles number 20, as the rulebook's component list says (the spec counted 18).
- R-D15: setup draws tiles until every setup row holds one: a Power Tile goes on the lowest setup
  row without a tile, an Expert Tile on the highest empty level (D-EXPERT-1).
- R-D16: the Black Hole stays on the board; the swallowed Doodler's turn ends; a Shield does not
  stop it (it is not a fall).
- R-D17: a Monster zonk (D-EXPERT-6) is a fall: the turn ends, a Shield stopping it or not; the
  Monster's replacement is drawn for the highest empty level (D-EXPERT-8).
- R-D18: one of jump, symbol use or shot per roll; try again (symbol or UFO/Monster) re-rolls at
  once without a continue-or-stop choice.
- R-D19: a kept tile used in the middle of a roll keeps that roll; if the roll then allows
  nothing, it fails (D-TURN-3 C).
- R-D20: a Doodler off the board cannot shoot, not even with the symbol's dots (which do shoot
  from the board: R-D3, D-EXPERT-4); a Propeller Hat or Jetpack used off the board reaches the
  bottom level.
- R-D21: Monsters and UFOs are won by any jump except a Monster from directly beneath, which is a
  zonk; a Doodler jumping from off the board is never directly beneath.
- R-D22: the opening roll is one numbered die per contender, in seat order.
- R-D24: option turn_limit (1,000 turns): then the game ends with no winner.

The modules: ``data`` (the data file, validated, as flat tables), ``board`` (reach, falls and
pads by column), ``actions`` (every action, interned, and the roll distributions), ``phases``
(what happens next), ``position`` (a state's fields, declared once, and reading them),
``choices`` (what the player to move may do), ``turn`` (the turn's flow), ``state`` (the core
hooks, setup and the opening roll), ``notation`` and ``position_checks`` (positions as text,
and which ones the rules can continue from), ``game`` (the options).
"""

from tabletop.games.doodle_jump.game import DoodleJumpGame
from tabletop.games.doodle_jump.state import DoodleJumpState

__all__ = ["DoodleJumpGame", "DoodleJumpState"]

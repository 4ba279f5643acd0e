"""Donkey Kong, the board game (Milton Bradley, 1981).

Rules: ``docs/rules/donkey-kong.md``; notation: ``docs/notation-donkey-kong.md``.

The modules: ``data`` (the data file's schema) and ``board`` (the board as tables, with the
pawn's ``routes``) make ``rules`` (every fact of one data file); ``position`` lists a position's fields once, with the
``Stage`` and ``Obstacle`` enums; ``movement`` moves a position on by itself (contacts without a
choice, obstacles, turns); ``state`` holds the decisions, chance outcomes and results;
``notation`` reads and writes positions and ``invariants`` says which positions are playable.
The spec's rulings R-K1..R-K9 are followed; this package's own rulings:

- R-K10: a route never turns back (rule 3.C): one direction along each girder it walks on
  (chosen again off a ladder, R-K1), one direction, up or down, on the ladders for the whole
  move; the first step from START chooses the direction (``routes``). So no route enters a
  space twice, on any board. Routes are offered one per distinct outcome: where the pawn
  stops and which obstacles it meets, in order.
- R-K11: the pawn's contacts are resolved in the order it meets the obstacles; several
  pawns on a space an obstacle enters are resolved from the player whose turn it is
  leftwards; once one of them hammers the obstacle, the others are safe.
- R-K12: a Jump played on an obstacle that landed by exact count moves it one more
  space, with all the landing rules at its new space (ladders, K-OBS-6); it moves
  one space further at most, however many pawns jumped it there.
- R-K13: an obstacle that stops on a space of its own kind moves on one space
  (K-OBS-6) and lands again there; a ladder slide is tried before that, and an obstacle
  that has just slid does not slide again unless it moves on.
- R-K14: fireballs and barrels slide only on ladders with both ends on their way
  (not the ladder up to the Fair Maiden); a fireball passing pawns on a ladder
  touches each of them (K-OBS-4), not by exact count.
- R-K15: the Oil Can is a space beyond the last girder space; pawns never enter it. A
  barrel entering it always turns into a fireball there (K-OBS-9), even if a fireball
  rests in the Oil Can; a fireball released with no count left rests in the Oil Can on
  the path and moves on next time.
- R-K16: a barrel meeting a fireball (passing or landing) is destroyed at once, before
  touching any pawn there (K-OBS-7); a fireball destroys barrels it passes too.
- R-K17: the released barrel (K-OBS-10) lands on the drop space: pawns there are hit as
  by an exact landing; a barrel already there sends it on (K-OBS-6); a fireball there
  destroys it; it never slides down a ladder on the drop itself.
- R-K18: a fireball reaching the space in front of Donkey Kong touches pawns there
  before it returns to the Oil Can; the rest of its count is lost.
- R-K19: a contact decision with a single kind of face-up card is still an explicit
  decision of that seat (one legal action).
- R-K20: the cards are dealt before the opening roll, seat 0 first, three each.
- R-K21: START is a space of its own, off the obstacles' way (the rulebook's "Start space"
  is no game space); a pawn's first step leads onto a girder space START joins and chooses
  the move's direction, and no pawn enters START again.
- R-K22: the pawn makes its whole move, draws its red-dot card if it landed on one by exact
  count, and only then answers the obstacles it met, in order (rulebook step A: "Move your
  pawn ... Then play your faceup cards"); the card just drawn may be played on them.
- R-K23: the opening roll has 20 rounds at most; a tie in the last goes to the tied seat first.
- R-K24: option turn_limit (2,000 turns): then the game ends with no winner.
"""

from tabletop.games.donkey_kong.game import DonkeyKongGame
from tabletop.games.donkey_kong.state import DonkeyKongState

__all__ = ["DonkeyKongGame", "DonkeyKongState"]

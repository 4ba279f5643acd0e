"""Jumanji (Milton Bradley, 1995).

Rulings (the spec's R-J1..R-J10, and this project's own, R-J11..):

* R-J1 the number die is a d8, faces 1-8 at 1/8 each.
* R-J2 a failed Blank-space card goes on the next empty Doomsday Grid place.
* R-J3 a pawn blocked by the rhino cannot move forward by any means.
* R-J4 the rhino goes ahead of any pawn (your own too), never onto the centre;
  placing it frees the pawn it blocked; declining is always legal.
* R-J5 an empty draw pile is replaced by the shuffled discard pile.
* R-J6 rolling against time = ``rescue_rolls`` rolls per rescuer (default 4 in
  8 seconds): saved with probability 1-(1-q)^rolls, q = 2/8 (1/8 with two players).
* R-J7 pawns moved by a rescued card move one by one clockwise from the left
  of the current player (for a Jungle space the current player first).
* R-J8 several pawns reaching the centre together: an equal-odds chance node.
* R-J9 in a two-player Wait for 5 or 8 the other player does every roll.
* R-J10 a full grid is an outcome of its own: every return is -1, no winner.
* R-J11 each colour has its own path; in the shipped board the paths share no
  space, so pawns meet only on the centre. A user board may declare shared
  spaces (crossings); then J-MOVE-1 applies across paths.
* R-J12 "directly ahead" is the next space on the pawn's own path; the rhino
  blocks only that pawn, and may not be put on a space holding a pawn.
* R-J13 moving back onto an occupied (shared) space, the pawn keeps going back
  to the next open space (START is always open); moving ahead with no open
  space short of the centre, it stays put.
* R-J14 every rescuer rolls for every card (each one a chance node), even after
  another has failed: they roll at the same time.
* R-J15 a blocked player rolling an even number too big for the centre sends
  the rhino home but stays, and follows its space's directions.
* R-J16 the rhino decision is offered on every Rhino space, also when the only
  legal choice is to decline.
* R-J17 the hourglass is wild with three or four players, never with two.
* R-J18 Challenge cards are dealt uniformly from the draw pile before turn 1.
* R-J19 a blocked player on a Rhino space may move the rhino, freeing itself.
* R-J21 option turn_limit (2,000 turns): then the game ends with no winner.

See docs/rules/jumanji.md for every clause and the provisional values.
"""

from __future__ import annotations

from tabletop.games.jumanji.game import JumanjiGame
from tabletop.games.jumanji.state import JumanjiState

__all__ = ["JumanjiGame", "JumanjiState"]

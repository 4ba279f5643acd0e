"""What a seat may see: one observer per game, in the manner of OpenSpiel's observers.

Every front end and every search sees a state through its game's observer, never
through the state itself:

- ``observe(state, viewer)``: a JSON-ready dict of what ``viewer`` may see (the web
  pages draw it);
- ``text(state, viewer)``: the same in words, for people;
- ``resample(state, viewer, rng)``: a state that ``viewer`` cannot tell from
  ``state``, drawn with ``rng``: where hidden facts are, they are drawn afresh.
  A search plays on such states, so it cannot read what its seat may not know;
  and the conformance suite checks every front end by it: a view for ``viewer``
  must be the same for ``state`` and for any resampled state.

``viewer`` is a seat number, or :data:`SPECTATOR` (``None``) for someone who sees
only what is public. A viewer that is neither raises :class:`InvalidViewerError`.

>>> import tabletop
>>> game = tabletop.make(tabletop.list_games()[0])
>>> state = game.new_initial_state()
>>> game.observer.observe(state, SPECTATOR) == state.to_dict()
True

The base :class:`Observer` shows everything: it is right for a game that stores no
hidden fact (a face-down deck kept as the multiset of its cards, each draw a chance
node, has no order to hide). A game with hidden information subclasses it,
overrides all three methods and sets ``hidden_information``; its ``Game`` names the
subclass in ``observer_class``. A fourth view, ``vector(state, viewer)``, is the flat
``float32`` vector for learning, built by the game's encoding part
(:mod:`tabletop.core.encoding`); an encoding of a game with hidden information reads
the position through its observer, and the conformance suite checks it as it checks
the other views.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar

from tabletop.core.errors import TabletopError

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from tabletop.core.game import Game
    from tabletop.core.state import State

#: A seat number, or ``None`` for a spectator.
Viewer = int | None
#: The viewer who sees only what is public.
SPECTATOR: Viewer = None


class InvalidViewerError(TabletopError):
    """A viewer that is neither a seat of the game nor the spectator."""


class Observer:
    """Every view of a game's states, for each viewer: the one place that decides what is hidden."""

    #: True when some seat may not see everything; the views then differ by viewer.
    hidden_information: ClassVar[bool] = False

    def __init__(self, game: Game) -> None:
        self.game = game

    def check_viewer(self, viewer: Viewer) -> None:
        """Raise :class:`InvalidViewerError` unless ``viewer`` is a seat or the spectator."""
        if viewer is None:
            return
        if isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < self.game.num_players:
            raise InvalidViewerError(
                f"a viewer of {self.game.name} is a seat from 0 to {self.game.num_players - 1} "
                f"or None (a spectator), not {viewer!r}"
            )

    def observe(self, state: State, viewer: Viewer) -> dict[str, Any]:
        """What ``viewer`` may see of ``state``, JSON-ready (here: the whole ``to_dict()``)."""
        self.check_viewer(viewer)
        return state.to_dict()

    def text(self, state: State, viewer: Viewer) -> str:
        """What ``viewer`` may see of ``state``, in words (here: ``str(state)``)."""
        self.check_viewer(viewer)
        return str(state)

    def vector(self, state: State, viewer: Viewer) -> NDArray[np.float32]:
        """What ``viewer`` may see of ``state`` as a flat ``float32`` vector (layout: ``game.encoding.fields``)."""
        self.check_viewer(viewer)
        return self.game.encoding.vector(state, viewer)

    def resample(self, state: State, viewer: Viewer, rng: random.Random) -> State:
        """A state ``viewer`` cannot tell from ``state`` (here: a clone, as nothing is hidden)."""
        self.check_viewer(viewer)
        return state.clone()

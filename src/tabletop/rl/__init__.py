"""Learning environments over every registered game: PettingZoo, Gymnasium and OpenSpiel.

Each adapter holds no rules: it maps seats to agents and actions to integers
(``game.encoding``, :mod:`tabletop.core.encoding`), builds action masks and
observation vectors through the game's observer, and samples chance nodes with
its own seeded streams (:class:`tabletop.core.play.Streams`).

- :mod:`tabletop.rl.pettingzoo`: ``env(name, players=..., **options)``, an AEC environment;
- :mod:`tabletop.rl.gymnasium`: ``TabletopEnv``, one learner against tabletop agents,
  registered as ``tabletop/<Title>-v0`` for every game when the module is imported;
- :mod:`tabletop.rl.openspiel`: ``load(name, **options)``, a ``pyspiel`` game.

They need the ``rl`` extra (``pip install tabletop[rl]``); see docs/learning.md.
"""

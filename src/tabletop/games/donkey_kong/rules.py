"""The rules' facts, loaded once per data file: cards, dice, board and every action.

:func:`load_rules` reads a data file (the packaged one by default), validates it,
builds the board's tables and interns every action. Card distributions (a draw is
uniform over the remaining cards, by type counts: ``Distribution.counted``) are cached by counts.
"""

from __future__ import annotations

from pathlib import Path

from tabletop.core.chance import Distribution
from tabletop.core.data import DataCache
from tabletop.core.errors import DataFileError
from tabletop.core.game import TimeModel
from tabletop.games.donkey_kong.actions import CARD_VERBS, RESTS, CardOutcome, PlayCard, Roll
from tabletop.games.donkey_kong.board import Board, BoardError
from tabletop.games.donkey_kong.data import RulesModel, default_path, read_rules_file

JUMP = "jump"
HAMMER = "hammer"


class Rules:
    """Everything fixed about a game: read from one data file."""

    def __init__(self, model: RulesModel, source: str) -> None:
        self.model = model
        self.source = source
        setup = model.setup
        self.hand_size = setup.hand_size
        self.barrels = setup.barrels
        self.fireballs = setup.fireballs
        self.finish_bonus = setup.finish_bonus
        self.card_codes = tuple(f"{c.kind[0].upper()}{c.points}" for c in model.cards)
        self.card_index = {code: i for i, code in enumerate(self.card_codes)}
        self.card_points = tuple(c.points for c in model.cards)
        self.card_is_hammer = tuple(c.kind == HAMMER for c in model.cards)
        self.card_counts = tuple(c.count for c in model.cards)
        self.total_cards = sum(self.card_counts)
        self.types = len(self.card_codes)
        self.board = Board(model.board, setup, model.dice.white.faces)
        time = model.time
        self.time_model = None if time is None else TimeModel(
            setup_minutes=time.setup_minutes,
            seconds_per_turn=time.seconds_per_turn,
            seconds_per_decision=time.seconds_per_decision,
            seconds_per_chance=time.seconds_per_chance,
        )

        self.white_faces = tuple(sorted(set(model.dice.white.faces)))
        self.white_rolls = {f: Roll("white", f) for f in self.white_faces}
        self.white_dist = Distribution.weighted(
            [(self.white_rolls[f], model.dice.white.faces.count(f)) for f in self.white_faces]
        )
        red = [RESTS if f == "rests" else int(f) for f in model.dice.red.faces]
        self.red_faces = tuple(sorted(set(red), key=lambda f: (f == RESTS, f)))
        self.red_rolls = {f: Roll("red", f) for f in self.red_faces}
        self.red_dist = Distribution.weighted([(self.red_rolls[f], red.count(f)) for f in self.red_faces])

        self.plays = tuple(PlayCard(t, code) for t, code in enumerate(self.card_codes))
        self.card_outcomes = {
            verb: tuple(CardOutcome(verb, t, code) for t, code in enumerate(self.card_codes)) for verb in CARD_VERBS
        }
        self._dists: dict[tuple[str, tuple[int, ...]], Distribution] = {}
        self._plays: dict[tuple[int, ...], tuple[PlayCard, ...]] = {}

    def card_distribution(self, verb: str, counts: tuple[int, ...]) -> Distribution:
        """One card taken uniformly from a pile with these counts per type, named by ``verb``."""
        key = (verb, counts)
        dist = self._dists.get(key)
        if dist is None:
            dist = Distribution.counted(self.card_outcomes[verb], counts)
            if len(self._dists) > 20_000:
                self._dists.clear()
            self._dists[key] = dist
        return dist

    def play_actions(self, hand: tuple[int, ...]) -> tuple[PlayCard, ...]:
        """One ``play`` action per card type in a face-up hand."""
        found = self._plays.get(hand)
        if found is None:
            found = self._plays[hand] = tuple(self.plays[t] for t, n in enumerate(hand) if n)
        return found


_CACHE = DataCache()  # by file identity: an edited file is read again


def _load(path: Path) -> Rules:
    model = read_rules_file(path)
    if model.setup.hand_size * 4 > sum(c.count for c in model.cards):
        size = model.setup.hand_size
        raise DataFileError(f"{path}: invalid data file: the deck cannot deal {size} cards to 4 players")
    try:
        return Rules(model, str(path))
    except BoardError as exc:
        raise DataFileError(f"{path}: invalid board: {exc}") from None


def load_rules(path: str | None = None) -> Rules:
    """The validated rules of a data file (the packaged one for ``None``), cached by file identity."""
    return _CACHE.get(path if path else default_path(), _load)

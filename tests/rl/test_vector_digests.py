"""Every game's observation vectors and action masks stay bit-equal to the recorded ones (issue 27).

The learning adapters build vectors and masks in fast ways (cached blocks, memoised legal integers);
a faster way must give the very same float32 numbers. For each game with an encoding, each player
count and a few option sets, seeded random games are played (chance by ``Distribution.sample``,
decisions uniform, both from ``random.Random(seed)``), and at every position the vector of every
viewer (each seat and the spectator) and the mask go into a SHA-256 digest. The digests in
``vector_digests.json`` were recorded from main at 35122b8, before the faster ways.

A change of the rules or of an encoding on purpose changes a digest: record them again with
``python tests/rl/test_vector_digests.py --write`` and say why in the commit.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from tabletop.core.registry import game_class, installed_games, make
from tabletop.rl.common import learning_games

DIGESTS = Path(__file__).with_name("vector_digests.json")
#: games played per case
GAMES = 3
#: option sets beside the defaults (players aside), per game that has them
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "doodle-jump": [{"tiles": "expert", "choose_shield": True}, {"tiles": "none"}],
    "jumanji": [{"challenge_cards": 3}],
}


def cases() -> list[tuple[str, dict[str, Any]]]:
    found = []
    for name in [game for game in learning_games() if game in installed_games()]:  # not the tests' own games
        info = game_class(name).info
        for players in range(info.min_players, min(info.max_players, 4) + 1):
            for extra in [{}, *OPTIONS.get(name, [])]:
                found.append((name, {"players": players, **extra}))
    return found


def key(name: str, options: dict[str, Any]) -> str:
    return name + " " + " ".join(f"{k}={v}" for k, v in sorted(options.items()))


def digest(name: str, options: dict[str, Any], games: int = GAMES) -> str:
    """The SHA-256 of every vector (each viewer) and mask at every position of ``games`` seeded random games."""
    game = make(name, **options)
    observer, encoding = game.observer, game.encoding
    viewers = [*range(game.num_players), None]
    sha = hashlib.sha256()
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while True:
            for viewer in viewers:
                sha.update(observer.vector(state, viewer).tobytes())
            sha.update(encoding.mask(state).tobytes())
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(state.chance_distribution().sample(rng))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
    return sha.hexdigest()


RECORDED: dict[str, str] = json.loads(DIGESTS.read_text(encoding="utf-8")) if DIGESTS.exists() else {}


@pytest.mark.parametrize(("name", "options"), cases(), ids=[key(*case) for case in cases()])
def test_vectors_and_masks_are_the_recorded_ones(name: str, options: dict[str, Any]) -> None:
    wanted = RECORDED.get(key(name, options))
    assert wanted is not None, f"no digest recorded for {key(name, options)}: run {__file__} --write"
    assert digest(name, options) == wanted


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit(f"usage: python {sys.argv[0]} --write   (records the digests of the code as it is now)")
    DIGESTS.write_text(json.dumps({key(*c): digest(*c) for c in cases()}, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {DIGESTS}")

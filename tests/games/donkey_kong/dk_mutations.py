"""Mutated Donkey Kong positions: each is refused with a NotationError naming a field, or plays to the end.

Real positions come from random playouts (2 to 4 players, every ``first_player``, the packaged
board and a small board of a user's own); each is mutated one to three times (tokens swapped,
deleted or duplicated, digits changed, huge numbers, non-ASCII digits, other spaces, cards, stages
and optional fields, characters changed, the text cut short). :func:`outcome` sorts a text into:

- ``refused``: a ``NotationError`` from the position reader, naming what is wrong;
- ``accepted``: read; it is written back in the very same tokens, reads back equal, and plays to
  the end under random agents with every state passing the position invariants;
- a failure: ``safety-net`` (the core gate had to turn a stray error into a ``NotationError``),
  ``no-move`` (accepted, but no legal action or chance outcome), ``crash`` (another exception),
  ``not-canonical`` (accepted but written back differently) or ``broken-play`` (an error or a
  broken invariant while playing on).

The hypothesis test in test_dk_positions.py runs a few hundred; run this module for more::

    python tests/games/donkey_kong/dk_mutations.py --count 100000 --seed 1
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from dk_scenarios import TINY

import tabletop
from tabletop.core.errors import NotationError
from tabletop.games.donkey_kong import DonkeyKongGame, DonkeyKongState
from tabletop.games.donkey_kong.invariants import PositionError, check_position

FAILURES = ("safety-net", "no-move", "crash", "not-canonical", "broken-play")
SAFETY_NET = "not a playable donkey-kong position"
NO_MOVE = "has no legal action and no chance outcome"


def games(small_board: Path | None = None) -> list[DonkeyKongGame]:
    """Every option: 2 to 4 players, each ``first_player``, and (if given) a user's own board."""
    found = []
    for players in (2, 3, 4):
        for first in (None, *range(players)):
            found.append(tabletop.make("donkey-kong", players=players, first_player=first))
    if small_board is not None:
        for players in (2, 4):
            found.append(tabletop.make("donkey-kong", players=players, first_player=None, data=str(small_board)))
    assert all(isinstance(game, DonkeyKongGame) for game in found)
    return found  # type: ignore[return-value]


def random_step(state: DonkeyKongState, rng: random.Random) -> None:
    if state.is_chance_node():
        state.apply_action(state.chance_distribution().sample(rng))
    else:
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])


def corpus(game: DonkeyKongGame, rng: random.Random, positions: int) -> list[str]:
    """Positions of one random game, spread over it (every stage shows up in a game or two)."""
    texts = []
    state = game.new_initial_state()
    while not state.is_terminal():
        texts.append(state.to_text())
        random_step(state, rng)
    texts.append(state.to_text())
    return rng.sample(texts, min(positions, len(texts)))


def _digit_positions(text: str) -> list[int]:
    return [i for i, ch in enumerate(text) if ch.isdigit()]


def mutate(text: str, game: DonkeyKongGame, rng: random.Random) -> str:
    """One random change to a position text."""
    if not text:
        return rng.choice(["donkey-kong", " ", "players=2"])
    tokens = text.split(" ")
    names = game.rules.board.names
    codes = game.rules.card_codes
    kind = rng.randrange(16)
    i = rng.randrange(len(tokens))
    if kind == 0 and len(tokens) > 2:  # swap two tokens
        j = rng.randrange(len(tokens))
        tokens[i], tokens[j] = tokens[j], tokens[i]
    elif kind == 1 and len(tokens) > 1:  # delete a token
        del tokens[i]
    elif kind == 2:  # duplicate a token
        tokens.insert(rng.randrange(len(tokens) + 1), tokens[i])
    elif kind in (3, 4):  # change a digit
        digits = _digit_positions(text)
        if digits:
            at = rng.choice(digits)
            return text[:at] + str(rng.randrange(10)) + text[at + 1 :]
    elif kind == 5:  # a huge number
        digits = _digit_positions(text)
        if digits:
            at = rng.choice(digits)
            return text[:at] + rng.choice(["9" * 30, "1" + "0" * 5000, "1000000000", "0" * 40 + "1"]) + text[at + 1 :]
    elif kind == 6:  # a digit that is not ASCII
        digits = _digit_positions(text)
        if digits:
            at = rng.choice(digits)
            return text[:at] + rng.choice(["\u0663", "\uff13", "\u00b2", "\u09e9"]) + text[at + 1 :]
    elif kind == 7:  # another space name
        for _ in range(5):
            name = rng.choice(names[:-2]) if rng.random() < 0.8 else rng.choice(names)
            spots = [n for n in names if n in text]
            if spots:
                old = rng.choice(spots)
                return text.replace(old, name, 1)
    elif kind == 8:  # another card
        spots = [c for c in codes if c in text]
        if spots:
            return text.replace(rng.choice(spots), rng.choice(codes), 1)
    elif kind == 9:  # another stage
        stages = ("deal", "open", "white", "red", "route", "walk", "fire", "barrel", "release", "drop", "over")
        return " ".join(f"stage={rng.choice(stages)}" if t.startswith("stage=") else t for t in tokens)
    elif kind == 10:  # an optional field added
        seat = rng.randrange(game.num_players)
        extra = rng.choice([
            "dot", f"hits={seat}", f"hits={seat}:landed", f"met={rng.choice(names)}", f"queue={rng.choice(names)}",
            f"mover={rng.choice('BF')}:{rng.choice(names)}:{rng.randrange(7)}", f"mover=F:{rng.choice(names)}:0:slid",
            "open=" + ",".join("?" * game.num_players),
        ])
        tokens.insert(rng.randrange(1, len(tokens) + 1), extra)
    elif kind == 11:  # a list's items reordered
        key, eq, value = tokens[i].partition("=")
        for sep in (",", "/", ".", ":"):
            if sep in value:
                items = value.split(sep)
                rng.shuffle(items)
                tokens[i] = key + eq + sep.join(items)
                break
    elif kind == 12:  # a character changed
        at = rng.randrange(len(text))
        return text[:at] + chr(rng.randrange(32, 127)) + text[at + 1 :]
    elif kind == 13:  # cut short
        return text[: rng.randrange(len(text))]
    elif kind == 14:  # one field's value given to another
        j = rng.randrange(len(tokens))
        ki, _, vi = tokens[i].partition("=")
        kj, _, vj = tokens[j].partition("=")
        if ki != kj:
            tokens[i], tokens[j] = f"{ki}={vj}", f"{kj}={vi}"
    else:  # a list item dropped or doubled
        key, eq, value = tokens[i].partition("=")
        for sep in (",", "/", "."):
            if sep in value:
                items = value.split(sep)
                k = rng.randrange(len(items))
                if rng.random() < 0.5:
                    del items[k]
                else:
                    items.insert(k, items[k])
                tokens[i] = key + eq + sep.join(items)
                break
    return " ".join(tokens)


def play_to_the_end(state: DonkeyKongState, rng: random.Random) -> None:
    limit = state.game.max_game_length()
    for _ in range(limit):
        if state.is_terminal():
            return
        check_position(state)
        random_step(state, rng)
    raise AssertionError("the game did not end within max_game_length()")


def outcome(game: DonkeyKongGame, text: str, rng: random.Random) -> tuple[str, str]:
    """What the reader makes of ``text``: ('refused' | 'accepted' | a failure, a few words)."""
    try:
        state = game.state_from_text(text)
    except NotationError as exc:
        message = str(exc)
        if message.startswith(SAFETY_NET):
            return "safety-net", message
        if NO_MOVE in message:
            return "no-move", message
        return "refused", message
    except Exception as exc:  # any other exception is a failure, counted
        return "crash", f"{type(exc).__name__}: {exc}"
    assert isinstance(state, DonkeyKongState)
    written = state.to_text()
    if written.split() != text.split():
        return "not-canonical", written
    try:
        again = game.state_from_text(written)
        if again.to_text() != written:
            return "not-canonical", again.to_text()
        play_to_the_end(state, rng)
    except (PositionError, AssertionError, ValueError, LookupError, TypeError, ArithmeticError) as exc:
        return "broken-play", f"{type(exc).__name__}: {exc}"
    return "accepted", ""


def run(count: int, seed: int, report: bool = True) -> Counter[str]:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        board = Path(folder) / "small.toml"
        board.write_text(TINY, encoding="utf-8")
        every = games(board)
        pool = [(game, text) for game in every for text in corpus(game, rng, 60)]
    counts: Counter[str] = Counter()
    examples: dict[str, tuple[int, str, str]] = {}
    unchanged = 0
    start = time.perf_counter()
    for _ in range(count):
        game, original = rng.choice(pool)
        text = original
        for _ in range(rng.choice((1, 1, 2, 3))):
            text = mutate(text, game, rng)
        if text == original:
            unchanged += 1
        kind, detail = outcome(game, text, rng)
        counts[kind] += 1
        if kind in FAILURES and (kind not in examples or len(text) < examples[kind][0]):
            examples[kind] = (len(text), text, detail)
    if report:
        seconds = time.perf_counter() - start
        print(f"{count} mutated positions (seed {seed}, {len(pool)} real positions of {len(every)} games,"
              f" {unchanged} mutations gave the text back unchanged) in {seconds:.0f} s")
        for kind in ("refused", "accepted", *FAILURES):
            print(f"  {kind:14} {counts[kind]}")
        for kind, (_, text, detail) in sorted(examples.items()):
            print(f"shortest {kind}: {text!r}\n    {detail[:300]}")
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    counts = run(args.count, args.seed)
    sys.exit(1 if any(counts[kind] for kind in FAILURES) else 0)


if __name__ == "__main__":
    main()

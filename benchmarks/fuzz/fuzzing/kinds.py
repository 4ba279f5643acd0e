"""The five kinds of input: how each is made from the corpus and how its outcome is judged.

An input is *refused* when the engine raises the error its contract names for it,
*accepted* when it is taken and then checked (it round-trips and the game plays on to
its end under random agents), and *failed* otherwise: another exception type, the core's
last-resort message "not a playable ...", a crash or a hang, a change made by a refused
action, an accepted input that cannot be continued.
"""

from __future__ import annotations

import copy
import inspect
import json
import random
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tabletop
from fuzzing.corpus import Corpus
from fuzzing.mutate import dumps, mutate_bytes, mutate_json_tree, mutate_text, mutate_toml, odd_value
from tabletop import Record, replay
from tabletop.core.errors import (
    DataFileError,
    IllegalActionError,
    InvalidOptionError,
    NotationError,
    ReplayError,
)
from tabletop.core.game import Game
from tabletop.core.state import State

KINDS = ("positions", "actions", "options", "data", "records")
#: Steps of a continued game whose position is checked to read back (then every 50th).
CHECK_EVERY_STEP_UNTIL = 5
STRICT = "strict" in inspect.signature(replay).parameters


@dataclass
class Input:
    """One fuzz input: the option combination, the base sample (actions) and the payload."""

    combo: int
    payload: Any
    base: int = -1
    note: str = ""


@dataclass
class Outcome:
    status: str  # "refused", "accepted" or "failed"
    problem: str = ""
    detail: str = ""


REFUSED = Outcome("refused")
ACCEPTED = Outcome("accepted")


class Broken(Exception):
    """An accepted input whose check failed; the message is the problem."""

    def __init__(self, problem: str, detail: str = "") -> None:
        super().__init__(problem)
        self.problem = problem
        self.detail = detail


def where(exc: BaseException) -> str:
    """The innermost tabletop frame of a traceback, as ``module.py:line``."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "tabletop" in f.filename]
    if not frames:
        return "?"
    frame = frames[-1]
    path = Path(frame.filename)
    return f"{path.parent.name}/{path.name}:{frame.lineno}"


def crash(stage: str, exc: BaseException) -> Outcome:
    return Outcome("failed", f"{stage}: {type(exc).__name__} at {where(exc)}", f"{type(exc).__name__}: {exc}"[:300])


# -- checks shared by the kinds ------------------------------------------------------------
def round_trip(game: Game, state: State, what: str) -> None:
    text = state.to_text()
    try:
        again = game.state_from_text(text)
    except NotationError as exc:
        raise Broken(f"{what}: the position it writes is refused", f"{text!r}: {exc}") from None
    if again != state or again.to_text() != text:
        raise Broken(f"{what}: the position it writes reads back differently", f"{text!r} -> {again.to_text()!r}")


def play_out(game: Game, state: State, rng: random.Random, what: str) -> None:
    """Play ``state`` on to its end with random choices, checking that every position reads back."""
    round_trip(game, state, what)
    limit = game.max_game_length()
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        if not legal:
            raise Broken(f"{what}: no legal action at a state that is not over", state.to_text())
        action = state.chance_distribution().sample(rng) if state.is_chance_node() else rng.choice(legal)
        state.apply_action(action)
        steps += 1
        if steps > limit:
            raise Broken(f"{what}: no end within the declared maximum of {limit} actions", state.to_text())
        if steps <= CHECK_EVERY_STEP_UNTIL or steps % 50 == 0:
            round_trip(game, state, f"{what}, continued")
    round_trip(game, state, f"{what}, at its end")
    if len(state.returns()) != game.num_players:
        raise Broken(f"{what}: returns() has the wrong length", str(state.returns()))


def judged(stage: str, body: Callable[[], None]) -> Outcome:
    """Run the checks of an accepted input: accepted, or failed naming the broken check."""
    try:
        body()
    except Broken as exc:
        return Outcome("failed", exc.problem, exc.detail[:300])
    except Exception as exc:
        return crash(stage, exc)
    return ACCEPTED


# -- positions ----------------------------------------------------------------------------
def make_position(corpus: Corpus, rng: random.Random) -> Input:
    sample = rng.choice(corpus.samples)
    text = sample.state.to_text()
    roll = rng.random()
    if roll < 0.01:
        payload: Any = rng.choice([None, text.encode(), 7, [text], text * 300])
    else:
        payload = mutate_text(rng, text, corpus.donors(sample.combo))
    return Input(sample.combo, payload)


def check_position(corpus: Corpus, item: Input, rng: random.Random) -> Outcome:
    game = corpus.games[item.combo]
    try:
        state = game.state_from_text(item.payload)
    except NotationError as exc:
        if "not a playable" in str(exc):
            return Outcome("failed", "refused only by the core's safety net", str(exc)[:300])
        return REFUSED
    except Exception as exc:
        return crash("state_from_text", exc)

    def body() -> None:
        data = json.loads(json.dumps(state.to_dict()))
        if game.state_from_dict(data) != state:
            raise Broken("accepted position: its dict reads back differently")
        play_out(game, state.clone(), rng, "accepted position")

    return judged("playing an accepted position", body)


# -- actions ------------------------------------------------------------------------------
def make_action(corpus: Corpus, rng: random.Random) -> Input:
    base = rng.choice(corpus.live) if rng.random() < 0.95 else rng.randrange(len(corpus.samples))
    state = corpus.samples[base].state
    legal = [str(a) for a in state.legal_actions()] or ["nothing"]
    roll = rng.random()
    if roll < 0.6:
        payload: Any = mutate_text(rng, rng.choice(legal))
    elif roll < 0.8:  # an action of another position of the game: often illegal here
        other = rng.choice(corpus.samples).state
        payload = str(rng.choice(other.legal_actions() or (None,)))
    elif roll < 0.9:
        payload = rng.choice(legal)
    elif roll < 0.95:
        other = rng.choice(corpus.samples).state
        payload = rng.choice(other.legal_actions() or (None,))  # an Action object, not text
    else:
        payload = odd_value(rng)
    return Input(corpus.samples[base].combo, payload, base=base)


def check_action(corpus: Corpus, item: Input, rng: random.Random) -> Outcome:
    game = corpus.games[item.combo]
    state = corpus.samples[item.base].state.clone()
    before_text, before_history = state.to_text(), state.history()
    legal = state.legal_actions()
    legal_texts = {str(a) for a in legal}
    payload = item.payload
    wanted = " ".join(payload.split()) if isinstance(payload, str) else None
    is_legal = wanted in legal_texts if wanted is not None else payload in legal
    try:
        state.apply_action(payload)
    except IllegalActionError:
        if is_legal:
            return Outcome("failed", "a legal action was refused", repr(payload))
        if state.to_text() != before_text or state.history() != before_history or state.legal_actions() != legal:
            return Outcome("failed", "a refused action changed the state", f"{before_text!r} -> {state.to_text()!r}")
        return REFUSED
    except Exception as exc:
        return crash("apply_action", exc)
    if not is_legal:
        return Outcome("failed", "an illegal action was accepted", f"{payload!r} at {before_text!r}")

    def body() -> None:
        if len(state.history()) != len(before_history) + 1:
            raise Broken("an accepted action was not recorded in the history")
        round_trip(game, state, "after an accepted action")

    return judged("applying a legal action", body)


# -- options ------------------------------------------------------------------------------
def make_options(corpus: Corpus, rng: random.Random, data_path: Path) -> Input:
    combo = rng.randrange(len(corpus.combos))
    options: dict[str, Any] = dict(corpus.combos[combo])
    for _ in range(rng.choice((1, 1, 2))):
        choice = rng.randrange(10)
        key = rng.choice(list(options)) if options else "players"
        if choice < 4:
            options[key] = odd_value(rng)
        elif choice < 6:
            value = options.get(key)
            text = str(value) if not isinstance(value, int) or value.bit_length() < 10_000 else "9" * 5000
            options[key] = text if rng.random() < 0.5 else mutate_text(rng, text)
        elif choice == 6:
            options.pop(key, None)
        elif choice == 7:
            options[rng.choice(("Players", "player", "seed", "speed", key + "_"))] = options.get(key, 1)
        else:
            options["data"] = rng.choice(
                [str(data_path), "/dev/zero", "/nonexistent/x.toml", "bad\x00path", "/", "", "y" * 5000]
            )
    return Input(combo, options)


def check_options(corpus: Corpus, item: Input, rng: random.Random) -> Outcome:
    try:
        game = tabletop.make(corpus.name, **item.payload)
    except InvalidOptionError:
        return REFUSED
    except Exception as exc:
        return crash("make", exc)

    def body() -> None:
        if tabletop.make(corpus.name, **game.options) != game:
            raise Broken("an accepted game's options do not make the same game again")
        play_out(game, game.new_initial_state(), rng, "a game of accepted options")

    return judged("playing a game of accepted options", body)


# -- data files ---------------------------------------------------------------------------
def make_data(corpus: Corpus, rng: random.Random) -> Input | None:
    """A damaged copy of one of the game's data files (None: the game has no data file)."""
    if not corpus.data:
        return None
    _, text = rng.choice(corpus.data)
    return Input(rng.randrange(len(corpus.combos)), mutate_toml(rng, text))


def load_game(corpus: Corpus, item: Input, path: Path) -> Game | Exception:
    path.write_bytes(item.payload)
    try:
        return tabletop.make(corpus.name, **{**corpus.combos[item.combo], "data": str(path)})
    except Exception as exc:
        return exc


def check_data(corpus: Corpus, item: Input, rng: random.Random, workdir: Path, serial: int) -> Outcome:
    """Load a damaged data file through the ``data`` option, twice: once at the path every
    input of this worker rewrites (so a stale cache would show) and once at a new path; and send it
    to the web server as a board of one's own (``fuzzing.over_http``)."""
    from fuzzing.over_http import check_board_over_http

    over_http = check_board_over_http(corpus.name, item, workdir)
    if over_http is not None:
        return over_http
    same = load_game(corpus, item, workdir / "data.toml")
    fresh_path = workdir / f"fresh-{serial}.toml"
    fresh = load_game(corpus, item, fresh_path)
    fresh_path.unlink(missing_ok=True)
    for result in (same, fresh):
        if isinstance(result, Exception) and not isinstance(result, (InvalidOptionError, DataFileError)):
            return crash("make with data", result)
    if isinstance(same, Exception) != isinstance(fresh, Exception) or (
        isinstance(same, Game) and same.new_initial_state().to_text() != fresh.new_initial_state().to_text()  # type: ignore[union-attr]
    ):
        return Outcome("failed", "a rewritten data file was read from a stale cache", f"{same!r} vs {fresh!r}"[:300])
    if isinstance(fresh, Exception):
        # an InvalidOptionError that is no DataFileError: a valid file that does not suit the
        # other options (say, fewer grid places than Challenge cards)
        if isinstance(fresh, DataFileError) and fresh_path.name not in str(fresh):
            return Outcome("failed", "the data-file error does not name the file", str(fresh)[:300])
        return REFUSED
    game = fresh
    return judged("playing a game of an accepted data file", lambda: play_out(game, game.new_initial_state(), rng,
                                                                               "a game of an accepted data file"))


# -- records ------------------------------------------------------------------------------
def make_record(corpus: Corpus, rng: random.Random) -> Input:
    combo, text = rng.choice(corpus.records)
    roll = rng.random()
    note = ""
    if roll < 0.03:
        payload, note = text.encode(), "unmutated"
    elif roll < 0.1:
        payload = mutate_bytes(rng, text.encode())
    elif roll < 0.13:
        depth = rng.choice((1000, 100_000))
        payload = ('{"format": "tabletop-record/1", "game": ' + "[" * depth + "]" * depth + "}").encode()
    elif roll < 0.25:
        data = json.loads(text)
        payload, note = _alter_one_outcome(corpus, combo, data, rng)
    else:
        data = json.loads(text)
        donors = corpus.donors(combo)
        data = mutate_json_tree(rng, data, lambda s: mutate_text(rng, s, donors) if rng.random() < 0.8 else "")
        payload = dumps(data).encode()
    return Input(combo, payload, note=note)


def _alter_one_outcome(corpus: Corpus, combo: int, data: dict[str, Any], rng: random.Random) -> tuple[bytes, str]:
    """Replace one action by another one legal at that point (a die or a draw that stays legal)."""
    game = corpus.games[combo]
    state = game.state_from_text(data["initial"]) if data.get("initial") else game.new_initial_state()
    actions = data["actions"]
    if not actions:
        return dumps(data).encode(), ""
    stop = rng.randrange(len(actions))
    for text in actions[:stop]:
        state.apply_action(text)
    others = [str(a) for a in state.legal_actions() if str(a) != actions[stop]]
    if not others:
        return dumps(data).encode(), ""
    chance = state.is_chance_node()
    actions[stop] = rng.choice(others)
    return dumps(data).encode(), f"altered {'chance outcome' if chance else 'decision'} {stop + 1}"


#: The share of record inputs also replayed by the ``tabletop replay`` command (quiet, and in full).
CLI_QUIET, CLI_FULL = 0.02, 0.002


def _command_line(path: Path, expected: int, args: list[str]) -> Outcome | None:
    """``tabletop replay`` must agree with the library: exit 0 / 1 / 2, one line, no traceback."""
    from typer.testing import CliRunner

    from tabletop.interfaces.cli.app import app

    result = CliRunner().invoke(app, ["replay", str(path), *args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return crash(f"tabletop replay {' '.join(args)}", result.exception)
    lines = result.output.rstrip("\n").split("\n")
    command = f"tabletop replay {' '.join(args)}".strip()
    if result.exit_code != expected:
        return Outcome("failed", f"{command} exits with {result.exit_code}, not {expected}", result.output[-300:])
    if expected and (len(lines) != 1 or str(path) not in lines[0]):
        return Outcome("failed", f"{command}: the error is not one line naming the file", result.output[-300:])
    if not expected and not lines[-1].startswith(("verified", "incomplete")):
        return Outcome("failed", f"{command}: the last line is neither verified nor incomplete", lines[-1][:300])
    return None


def check_record(corpus: Corpus, item: Input, rng: random.Random, workdir: Path) -> Outcome:
    path = workdir / "record.json"
    path.write_bytes(item.payload)
    try:
        record = Record.load(path)
        final = replay(record)
    except (NotationError, ReplayError) as exc:
        if item.note == "unmutated":
            return Outcome("failed", "a record written by tabletop.play is refused", str(exc)[:300])
        if rng.random() < CLI_QUIET:
            return _command_line(path, 1 if isinstance(exc, ReplayError) else 2, ["--quiet"]) or REFUSED
        return REFUSED
    except Exception as exc:
        return crash("reading or replaying a record", exc)
    roll = rng.random()
    if roll < CLI_QUIET:
        cli = _command_line(path, 0, ["--quiet"] if roll > CLI_FULL else [])
        if cli is not None:
            return cli
    if STRICT and record.seed is not None:
        try:
            replay(record, strict=True)
        except (NotationError, ReplayError) as exc:
            if rng.random() < CLI_QUIET:
                cli = _command_line(path, 1 if isinstance(exc, ReplayError) else 2, ["--quiet", "--strict"])
                if cli is not None:
                    return cli
        except Exception as exc:
            return crash("replay --strict", exc)
        else:
            if item.note.startswith("altered chance") and getattr(record, "chance", None) is not None:
                return Outcome("failed", "strict replay accepted an altered chance outcome", item.note)

    def body() -> None:
        claimed = record.winners is not None or record.returns is not None
        if claimed and not final.is_terminal():
            raise Broken("a record claiming a result replays without reaching the end")
        if record.winners is not None and list(final.winners()) != list(record.winners):
            raise Broken("a record's claimed winners differ from the replay's")
        again = Record.from_json(record.to_json())
        if again != record:
            raise Broken("an accepted record does not read back from its own JSON")
        play_out(final.game, final.clone(), rng, "an accepted record")

    return judged("checking an accepted record", body)


def clone_payload(payload: Any) -> Any:
    return copy.deepcopy(payload)

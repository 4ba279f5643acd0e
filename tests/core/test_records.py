"""Records and replay: results must be reached, chance can be re-derived from the seed, and every
malformed record is one clear error (exit status 2 on the command line, never a traceback)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import tabletop
from tabletop.agents import RandomAgent
from tabletop.analysis.simulate import game_seed
from tabletop.analysis.tournament import game_of, tournament
from tabletop.core.errors import NotationError, ReplayError
from tabletop.core.game import Game
from tabletop.core.play import run
from tabletop.core.record import MAX_RECORD_BYTES, SEEDED, Record
from tabletop.core.registry import installed_games
from tabletop.interfaces.cli.app import app

runner = CliRunner()
#: The games installed as packages (not the tests' own small games).
SHIPPED = installed_games()


def _saved(record: Record, path: Path) -> Path:
    record.save(path)
    return path


def _cli(*args: str) -> Any:
    return runner.invoke(app, ["replay", *args])


# -- a result is claimed only when it is reached --------------------------------------------
def test_a_truncated_record_claiming_a_result_does_not_replay(race: Game, tmp_path: Path) -> None:
    record = tabletop.play(race, [RandomAgent(), RandomAgent()], seed=3)
    record.actions = record.actions[:4]
    record.winners, record.returns = [], None
    with pytest.raises(ReplayError, match=r"claims a result \(winners \[\].*end before the game is over"):
        tabletop.replay(record)
    result = _cli(str(_saved(record, tmp_path / "cut.json")), "--quiet")
    assert result.exit_code == 1 and "verified" not in result.output
    assert "cut.json: the record claims a result" in result.output
    record.winners, record.returns = None, [0.0, 0.0]
    with pytest.raises(ReplayError, match="claims a result"):
        tabletop.replay(record)


def strict_tail(args: tuple[str, ...]) -> str:
    return "; every chance outcome re-derived from seed 3" if "--strict" in args else ""


def test_a_record_that_stops_early_replays_as_incomplete(race: Game, tmp_path: Path) -> None:
    record = tabletop.play(race, [RandomAgent(), RandomAgent()], seed=3)
    record.actions, record.winners, record.returns = record.actions[:5], None, None
    assert not tabletop.replay(record).is_terminal()
    path = _saved(record, tmp_path / "part.json")
    for args in (("--quiet",), (), ("--quiet", "--strict")):
        result = _cli(str(path), *args)
        assert result.exit_code == 0, result.output
        assert "incomplete: 5 actions replayed" in result.output and "verified" not in result.output
        assert result.output.rstrip("\n").split("\n")[-1].startswith("incomplete: 5 actions replayed")
        assert result.output.rstrip("\n").split("\n")[-1].endswith("claims no result" + strict_tail(args))
    whole = _cli(str(_saved(tabletop.play(race, [RandomAgent(), RandomAgent()], seed=3), tmp_path / "w.json")), "-q")
    assert whole.exit_code == 0 and whole.output.startswith("verified:")


# -- strict replay: every chance outcome from the seed --------------------------------------
def _altered_chance(record: Record, game: Game) -> tuple[Record, int]:
    """The record with its last-but-one chance outcome replaced by another legal one."""
    state = record.initial_state()
    chance_steps = []
    for number, text in enumerate(record.actions):
        if state.is_chance_node() and len(state.legal_actions()) > 1:
            chance_steps.append(number)
        state.apply_action(text)
    step = chance_steps[-2]
    state = record.initial_state()
    for text in record.actions[:step]:
        state.apply_action(text)
    other = next(str(a) for a in state.legal_actions() if str(a) != record.actions[step])
    altered = Record.from_json(record.to_json())
    altered.actions = [*record.actions[:step], other]  # what follows may no longer be legal
    altered.winners = altered.returns = None
    return altered, step + 1


@pytest.mark.parametrize("name", SHIPPED)
def test_strict_replay_refuses_a_die_or_draw_the_seed_does_not_give(name: str) -> None:
    game = tabletop.make(name, players=2)
    record = tabletop.play(game, [RandomAgent(), RandomAgent()], seed=21)
    assert record.chance == SEEDED
    assert tabletop.replay(record, strict=True).is_terminal()
    altered, step = _altered_chance(record, game)
    assert not tabletop.replay(altered).is_terminal()  # a legal die: the plain replay takes it
    with pytest.raises(ReplayError, match=rf"action {step} of {step}: the record has .* but seed 21 gives"):
        tabletop.replay(altered, strict=True)


def test_strict_replay_agrees_with_every_producer_of_records(race: Game, tmp_path: Path) -> None:
    agents = [RandomAgent(), RandomAgent()]
    # tabletop.play, from the start and from a position reached part way through a game
    assert tabletop.replay(tabletop.play(race, agents, seed=5), strict=True).is_terminal()
    middle = race.new_initial_state()
    for text in tabletop.play(race, agents, seed=6).actions[:6]:
        middle.apply_action(text)
    from_middle = tabletop.play(race, agents, seed=7, state=middle)
    assert from_middle.initial == middle.to_text() and len(from_middle.actions) == len(
        tabletop.replay(from_middle).history()
    )
    assert tabletop.replay(from_middle, strict=True).is_terminal()
    # the terminal's `tabletop play`
    path = tmp_path / "cli.json"
    assert runner.invoke(app, ["play", "race", "--humans", "0", "--seed", "8", "--save", str(path)]).exit_code == 0
    assert tabletop.replay(Record.load(path), strict=True).is_terminal()
    assert "every chance outcome re-derived from seed 8" in _cli(str(path), "-q", "--strict").output
    # simulate: game i is `run` with game_seed(seed, i); the same game as a record
    final = run(race, agents, game_seed(4, 2))
    record = Record.of_state(final, game_seed(4, 2), ["random", "random"])
    assert tabletop.replay(record, strict=True).history() == final.history()
    # tournaments: game_of re-plays game i alone
    report = tournament(race, ["random", "mcts:iterations=5"], 4, seed=9, workers=1)
    assert tabletop.replay(game_of(report, 3), strict=True).is_terminal()


def test_strict_replay_refuses_a_record_whose_seed_cannot_give_its_chance(race: Game, tmp_path: Path) -> None:
    record = tabletop.play(race, [RandomAgent(), RandomAgent()], seed=3)
    unseeded = Record.from_json(record.to_json())
    unseeded.seed, unseeded.chance = None, None
    with pytest.raises(NotationError, match="carries no seed"):
        tabletop.replay(unseeded, strict=True)
    live = Record.from_json(record.to_json())
    live.chance = None  # as the web server writes it: dice rolled live
    assert tabletop.replay(live).is_terminal()
    with pytest.raises(NotationError, match="does not say its chance outcomes were drawn from its seed"):
        tabletop.replay(live, strict=True)
    result = _cli(str(_saved(live, tmp_path / "web.json")), "--strict", "-q")
    assert result.exit_code == 2 and "web.json: cannot replay strictly" in result.output


# -- malformed records: one line, exit status 2 ------------------------------------------------
def _good(race: Game) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(tabletop.play(race, [RandomAgent(), RandomAgent()], seed=3).to_json())
    return data


MALFORMED: list[tuple[str, Any, str]] = [
    ("winners", 3, "winners: Input should be a valid array"),
    ("winners", ["0"], "winners.0: Input should be a valid integer"),
    ("winners", [0, 0], "are not different seats"),
    ("winners", [5], "are not different seats from 0 to 1"),
    ("returns", "win", "returns: Input should be a valid array"),
    ("returns", [1.0], "returns list 1 numbers for 2 seats"),
    ("returns", [True, False], "returns.0: Input should be a valid number"),
    ("initial", 5, "initial: Input should be a valid string"),
    ("initial", "0,0 0 0", "the record's initial position"),
    ("options", [], "options: Input should be an object"),
    ("options", {"players": [2]}, "options.players: an option's value is a bool, a number, a string or null"),
    ("options", {"players": 9}, "the record's game: option 'players' of race must be"),
    ("options", {"speed": 1}, "unknown option 'speed'"),
    ("game", "chess", "unknown game 'chess'"),
    ("game", None, "game: Input should be a valid string"),
    ("actions", "roll 1", "actions: Input should be a valid array"),
    ("actions", [1], "actions.0: Input should be a valid string"),
    ("agents", ["a"], "names 1 agents for 2 seats"),
    ("seed", "7", "seed: Input should be a valid integer"),
    ("seed", 2**70, "seed: Input should be less than or equal to"),
    ("chance", "dice", "chance: Input should be 'seed'"),
    ("format", "tabletop-record/9", "not a tabletop record"),
    ("extra", 1, "extra: Extra inputs are not permitted"),
]


@pytest.mark.parametrize(("key", "value", "problem"), MALFORMED)
def test_a_malformed_record_is_one_line_naming_the_file(
    race: Game, tmp_path: Path, key: str, value: Any, problem: str
) -> None:
    data = _good(race)
    data[key] = value
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    result = _cli(str(path), "--quiet")
    assert result.exit_code == 2, result.output
    assert result.output.count("\n") == 1 and "Traceback" not in result.output
    assert f"{path}: " in result.output and problem in result.output
    with pytest.raises(NotationError, match=re.escape(problem)):  # the library: the same error
        tabletop.replay(Record.load(path))


def _deep(depth: int) -> bytes:
    return b'{"format": "tabletop-record/1", "game": ' + b"[" * depth + b"]" * depth + b"}"


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "a NUL byte at byte 9"),
        (b'{"format": "tabletop-record/1"\xff\xfe}', "not UTF-8 text: invalid start byte at byte 31"),
        (b'{"format": "tabletop-record/1",\x00 "game": "race"}', "a NUL byte at byte 32"),
        (_deep(100_000), "invalid JSON: recursion limit exceeded"),
        (b'{"format": "tabletop-record/1", "seed": ' + b"9" * 5000 + b"}", "invalid JSON: number out of range"),
        (b'{"format": "tabletop-record/1", "game": "race", "version": "1", "options": {}, "actions": [], '
         b'"returns": [NaN, 1]}', "returns.0: Input should be a finite number"),
        (b"[1, 2]", "not a tabletop record (expected a JSON object"),
        (b"", "not a tabletop record (invalid JSON"),
    ],
)
def test_binary_deep_and_huge_records_are_refused_in_one_line(tmp_path: Path, content: bytes, problem: str) -> None:
    path = tmp_path / "odd.json"
    path.write_bytes(content)
    result = _cli(str(path))
    assert result.exit_code == 2, result.output
    assert result.output.count("\n") == 1 and "Traceback" not in result.output
    assert f"{path}: " in result.output and problem in result.output


def test_files_that_are_not_small_regular_files_are_refused_before_reading(tmp_path: Path) -> None:
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as handle:
        handle.truncate(MAX_RECORD_BYTES + 1)  # sparse: nothing is written
    for path, problem in [
        (huge, f"larger than {MAX_RECORD_BYTES} bytes"),
        (tmp_path, "not a regular file"),
        (Path("/dev/zero"), "not a regular file"),
        (tmp_path / "missing.json", "No such file"),
    ]:
        result = _cli(str(path), "-q")
        assert result.exit_code == 2 and problem in result.output and result.output.count("\n") == 1
    with pytest.raises(NotationError, match="cannot read record"):
        Record.load("bad\x00name.json")
    with pytest.raises(NotationError, match="a record is JSON text, not int"):
        Record.from_json(7)  # type: ignore[arg-type]


def test_record_text_is_never_read_as_terminal_markup(race: Game, tmp_path: Path) -> None:
    record = tabletop.play(race, [RandomAgent(), RandomAgent()], seed=3)
    record.agents = ["[/b]", "[red]x"]
    path = _saved(record, tmp_path / "[b]odd.json")
    shown = _cli(str(path))
    assert shown.exit_code == 0 and "[/b]" in shown.output and "verified" in shown.output
    record.winners = [1 - record.winners[0]] if record.winners else [0]
    refused = _cli(str(_saved(record, path)), "-q")
    assert refused.exit_code == 1 and "[b]odd.json: the replay's winners" in refused.output


def test_records_round_trip_with_their_chance_field(race: Game) -> None:
    record = tabletop.play(race, [RandomAgent(), RandomAgent()], seed=3)
    assert Record.from_json(record.to_json()) == record
    data = json.loads(record.to_json())
    del data["chance"]  # records written before the field existed read as not re-derivable
    assert Record.from_json(json.dumps(data)).chance is None
    assert Record.of_state(race.new_initial_state(), None, []).chance is None


def test_stopping_early_checks_nothing_beyond_and_stopping_at_the_end_checks_everything(
    race: Game, tmp_path: Path
) -> None:
    record = tabletop.play(race, [RandomAgent(), RandomAgent()], seed=3)
    record.actions = record.actions[:4]  # still claims the result
    path = _saved(record, tmp_path / "cut.json")
    early = _cli(str(path), "-q", "--to", "2")
    assert early.exit_code == 0 and early.output.startswith("stopped after 2 of 4 actions")
    for args in (("-q", "--to", "4"), ("-q", "--to", "99"), ("--to", "99")):
        result = _cli(str(path), *args)
        assert result.exit_code == 1 and "claims a result" in result.output, args
    assert _cli(str(path), "--to", "-1").exit_code == 2

"""Game records: a header and every action in order, chance outcomes included.

A record is JSON, readable by people and by ``tabletop replay``. Because dice
and draws are ordinary actions, replaying is just applying the list.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tabletop._version import __version__
from tabletop.core.errors import IllegalActionError, NotationError, ReplayError
from tabletop.core.game import Game
from tabletop.core.registry import make
from tabletop.core.state import State

FORMAT = "tabletop-record/1"


@dataclass
class Record:
    """One game: who played what, with which options and seed, and every action."""

    game: str
    version: str
    options: dict[str, Any]
    seed: int | None
    agents: list[str]
    actions: list[str] = field(default_factory=list)
    winners: list[int] | None = None
    returns: list[float] | None = None
    initial: str | None = None

    @classmethod
    def of_state(cls, state: State, seed: int | None, agents: list[str], initial: str | None = None) -> Record:
        """The record of ``state``'s history (its result only once the game is over)."""
        done = state.is_terminal()
        return cls(
            game=state.game.name,
            version=__version__,
            options=state.game.options,
            seed=seed,
            agents=agents,
            actions=[str(a) for a in state.history()],
            winners=list(state.winners()) if done else None,
            returns=[float(r) for r in state.returns()] if done else None,
            initial=initial,
        )

    def to_json(self) -> str:
        data = {"format": FORMAT, **asdict(self)}
        return json.dumps(data, indent=1)

    @classmethod
    def from_json(cls, text: str, source: str = "record") -> Record:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise NotationError(f"{source}: not a tabletop record (invalid JSON: {exc})") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise NotationError(f"{source}: not a tabletop record (expected \"format\": \"{FORMAT}\")")
        try:
            record = cls(
                game=str(data["game"]),
                version=str(data["version"]),
                options=dict(data["options"]),
                seed=data.get("seed"),
                agents=[str(a) for a in data.get("agents", [])],
                actions=[str(a) for a in data["actions"]],
                winners=data.get("winners"),
                returns=data.get("returns"),
                initial=data.get("initial"),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise NotationError(f"{source}: malformed tabletop record ({exc!r})") from None
        return record

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        p = Path(path)
        try:
            text = p.read_text(encoding="utf-8")
        except OSError as exc:
            raise NotationError(f"{p}: cannot read record ({exc.strerror})") from None
        return cls.from_json(text, source=str(p))

    def make_game(self) -> Game:
        return make(self.game, **self.options)

    def initial_state(self) -> State:
        game = self.make_game()
        return game.state_from_text(self.initial) if self.initial else game.new_initial_state()


def replay(record: Record, until: int | None = None) -> State:
    """Re-apply a record's actions; raise :class:`ReplayError` if any step or the result disagrees.

    With ``until``, stop after that many actions (no result check).
    """
    state = record.initial_state()
    actions = record.actions if until is None else record.actions[:until]
    for number, text in enumerate(actions, start=1):
        try:
            state.apply_action(text)
        except IllegalActionError as exc:
            raise ReplayError(f"action {number} of {len(record.actions)} ({text!r}) does not replay: {exc}") from None
    if until is None and record.winners is not None:
        if list(state.winners()) != list(record.winners):
            raise ReplayError(f"the replay's winners {list(state.winners())} differ from the record's {record.winners}")
        if record.returns is not None and [float(r) for r in state.returns()] != [float(r) for r in record.returns]:
            raise ReplayError(f"the replay's returns {state.returns()} differ from the record's {record.returns}")
    return state

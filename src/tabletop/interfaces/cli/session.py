"""Interactive play and step-by-step replay in a terminal."""

from __future__ import annotations

import random

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table

from tabletop.agents import RandomAgent
from tabletop.core.actions import Action
from tabletop.core.agent import Agent
from tabletop.core.errors import IllegalActionError, ReplayError
from tabletop.core.game import Game
from tabletop.core.play import Streams
from tabletop.core.record import Record
from tabletop.core.replay import replay
from tabletop.core.state import CHANCE, State
from tabletop.interfaces import terminal

HELP = """Commands at your turn:
  a number     choose that action from the list
  action text  type the action itself, e.g. [b]decline[/b]
  board        show the board again
  log          show everything that happened so far
  help         show this help
  quit         stop the game (the record so far is saved)"""


class QuitGame(Exception):
    """The human asked to stop."""


class PlaySession:
    """One game in the terminal: humans in the first seats, bots (random unless given) in the others."""

    def __init__(
        self,
        game: Game,
        humans: int,
        seed: int | None,
        console: Console,
        bots: list[Agent | None] | None = None,
    ) -> None:
        self.game = game
        self.humans = humans
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        self.console = console
        self.streams = Streams(self.seed)
        chosen = bots or [None] * game.num_players
        self.bots: list[Agent] = [bot if bot is not None else RandomAgent() for bot in chosen]
        for seat, bot in enumerate(self.bots):
            bot.reset(seat)
        self.state = game.new_initial_state()
        self.shown_log = 0
        self.auto_roll = False
        self.board_turn = -1

    def seat_name(self, seat: int) -> str:
        if seat < self.humans:
            return f"seat {seat} ({'you' if self.humans == 1 else 'human'})"
        return f"seat {seat} ({self.bots[seat].name} bot)"

    def run(self) -> Record:
        self.console.print(Rule(f"[b]{self.game.info.title}[/b]"))
        self.console.print(
            f"{self.game.num_players} players: "
            + ", ".join(self.seat_name(s) for s in range(self.game.num_players))
            + f".  Seed {self.seed}.  Type [b]help[/b] at your turn for commands."
        )
        try:
            self._loop()
        except (QuitGame, EOFError):
            self.console.print("\n[yellow]Game stopped before its end.[/yellow]")
        return self.record()

    def _loop(self) -> None:
        state = self.state
        last_player: int | None = None
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                roller = state.chance_roller()
                if roller is not None and roller < self.humans and not self.auto_roll:
                    self._wait_to_roll(roller)
                action = self.streams.chance(state)
            elif player < self.humans:
                if last_player != player or self.humans > 1:
                    self.console.print(terminal.render(state, player))
                action = self._ask(player)
            else:
                action = self.bots[player].step(state, self.streams.seat(player))
                self.console.print(f"[dim]{self.seat_name(player)} chooses[/dim] [b]{action}[/b]")
            state.apply_action(action)
            if player != CHANCE:
                last_player = player
            self._show_new_events(action if player == CHANCE else None)
        self.console.print(terminal.render(state, self.viewer()))
        self._show_result()

    def _show_new_events(self, chance: Action | None) -> None:
        events = self.state.log()
        new = events[self.shown_log :]
        self.shown_log = len(events)
        if not new and chance is not None:
            self.console.print(f"[dim]chance:[/dim] {chance}")
        for line in new:
            self.console.print(f"  {line}")

    def _wait_to_roll(self, seat: int) -> None:
        """Let a person roll their own dice: Enter rolls, ``auto`` rolls for them from now on."""
        if self.board_turn != self.state.turn_number():
            self.board_turn = self.state.turn_number()
            self.console.print(terminal.render(self.state, seat))
        answer = self.console.input(
            f"[b]{self.seat_name(seat)}[/b], press Enter to {terminal.chance_prompt(self.state)}"
            " [dim](board, log, auto: roll for me from now on, quit)[/dim] "
        )
        word = answer.strip().lower()
        if word == "auto":
            self.auto_roll = True
        else:
            self._command(word, seat)

    def viewer(self) -> int | None:
        """Whose eyes the board is drawn for between turns: the one person playing, or anyone."""
        return 0 if self.humans == 1 else None

    def _command(self, word: str, seat: int) -> bool:
        """Carry out a command typed at ``seat``'s prompt (board, log, quit); False if it is none."""
        if word == "board":
            self.console.print(terminal.render(self.state, seat))
        elif word == "log":
            for line in self.state.log():
                self.console.print(f"  {line}")
        elif word in ("quit", "exit", "q"):
            raise QuitGame
        else:
            return False
        return True

    def _ask(self, seat: int) -> Action:
        legal = self.state.legal_actions()
        table = Table(title=f"Your choice, {self.seat_name(seat)}", show_header=False, box=None)
        for number, action in enumerate(legal, start=1):
            table.add_row(f"[b]{number}[/b]", str(action), f"[dim]{terminal.describe(self.state, action)}[/dim]")
        self.console.print(table)
        while True:
            answer = self.console.input("[b]> [/b]").strip()
            if not answer:
                continue
            word = answer.lower()
            if word in ("help", "?", "h"):
                self.console.print(HELP)
            elif self._command(word, seat):
                continue
            elif answer.isdigit():
                if 1 <= int(answer) <= len(legal):
                    return legal[int(answer) - 1]
                self.console.print(f"[red]Choose a number from 1 to {len(legal)}.[/red]")
            else:
                try:
                    return self.state.parse_action(answer)
                except IllegalActionError as exc:
                    self.console.print(f"[red]{exc}[/red]")

    def _show_result(self) -> None:
        winners = self.state.winners()
        if winners:
            names = " and ".join(self.seat_name(s) for s in winners)
            self.console.print(Panel(f"[b green]{names} won![/b green]", expand=False))
        else:
            self.console.print(Panel("[b red]Everyone lost.[/b red]", expand=False))
        self.console.print(f"Returns: {self.state.returns()}  after {self.state.turn_number()} turns.")

    def record(self) -> Record:
        agents = ["human" if s < self.humans else self.bots[s].name for s in range(self.game.num_players)]
        return Record.of_state(self.state, self.seed, agents)


def verdict(record: Record, state: State, strict: bool = False, until: int | None = None) -> str:
    """The last line of a replay: verified (with the result), incomplete, or stopped early."""
    done = len(state.history())
    if until is not None and until < len(record.actions):
        return f"stopped after {done} of {len(record.actions)} actions (--to); nothing checked beyond them"
    how = f"; every chance outcome re-derived from seed {record.seed}" if strict else ""
    if state.is_terminal():
        return f"verified: {done} actions replayed exactly; winners {list(state.winners())}{how}"
    return f"incomplete: {done} actions replayed; the game is not over and the record claims no result{how}"


class ReplaySession:
    """Re-plays a record in the terminal, verifying every action (``strict``: every chance outcome too)."""

    def __init__(
        self, record: Record, console: Console, step: bool = False, until: int | None = None, strict: bool = False
    ) -> None:
        self.record = record
        self.console = console
        self.step = step
        self.until = until
        self.strict = strict

    def run(self) -> State:
        record = self.record
        state = record.initial_state()
        total = len(record.actions) if self.until is None else min(self.until, len(record.actions))
        self.console.print(
            escape(
                f"Replaying {record.game} {record.options} seed {record.seed}, {len(record.actions)} actions"
                f" (recorded with tabletop {record.version}; agents {record.agents})"
            )
        )
        shown = 0
        for number, text in enumerate(record.actions[:total], start=1):
            mover = state.current_player()
            try:
                state.apply_action(text)
            except IllegalActionError as exc:
                where = f"action {number} of {len(record.actions)} ({text!r})"
                raise ReplayError(f"{where} does not replay: {exc}") from None
            who = "chance" if mover == CHANCE else f"seat {mover}"
            self.console.print(f"[dim]{number:>4}[/dim] {who}: [b]{escape(text)}[/b]")
            events = state.log()
            for line in events[shown:]:
                self.console.print(f"       {line}")
            shown = len(events)
            if self.step:
                self.console.print(terminal.render(state))
                answer = self.console.input("[dim]Enter: next action, q: run to the end[/dim] ")
                if answer.strip().lower() == "q":
                    self.step = False
        self.console.print(terminal.render(state))
        if total == len(record.actions):
            replay(record, strict=self.strict)  # verifies the claimed result (and the chance outcomes) too
        line = verdict(record, state, self.strict, self.until)
        colour = "green" if line.startswith("verified") else "yellow"
        word, _, rest = line.partition(":")
        # one line whatever the terminal's width, so scripts can read the last line
        self.console.print(f"[{colour}]{word}[/{colour}]:{escape(rest)}", soft_wrap=True)
        return state

"""Monte Carlo tree search through the core API alone, with chance nodes.

Each iteration walks the tree from the root (:mod:`tabletop.agents.tree`: UCT at decisions,
an outcome by the chance mode at chance nodes), adds one node, and finishes with a
:class:`~tabletop.agents.playout.Playout`: the game played on by a fast policy for
``cutoff`` turns, then scored by the game's evaluation (each seat's chance of winning),
or played to the end where the game has no evaluation or ``cutoff`` is ``None``.
Selection maximises the mover's value (max^n for several players).

Every iteration plays on a state drawn by the game's observer for the deciding seat
(``game.observer.resample(state, seat, rng)``): a state that seat cannot tell from the
real one, so the search cannot read what the seat may not know. Where a game hides
nothing that state is a clone; where it hides something, the hidden facts are drawn afresh
each iteration and only the actions legal in that draw are searched.

Two measures make the estimates less noisy and the search cheaper:

- common random numbers (``crn``): the chance outcomes of an iteration come from random
  streams (one per kind of chance node, :class:`~tabletop.agents.luck.Luck`) seeded
  by how many times the root's chosen child has been visited, so the k-th iteration
  through each of the root's actions meets the same dice and draws: the actions are
  compared on the same luck;
- tree reuse (``reuse``): the subtree of the position actually reached is kept for the
  next decision (games without hidden information only).

``iterations`` bounds a decision by count, ``seconds`` by time (then the count is ignored):
wall-clock time, or with ``clock="process"`` the CPU time of this process, so that a busy
machine slows the search down without weakening it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any, ClassVar

from tabletop.agents.luck import Luck
from tabletop.agents.playout import Playout, random_policy
from tabletop.agents.registry import option_values, spec_name
from tabletop.agents.tree import CHANCE_MODES, Node, chance_outcome, select
from tabletop.core.actions import Action
from tabletop.core.options import Option
from tabletop.core.play import derive_seed
from tabletop.core.state import CHANCE, TERMINAL, State

#: the clocks a time budget can be measured by
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "process": time.process_time}

#: every option of the search, with its default: the one place they are written
OPTIONS = (
    Option("iterations", int, 400, "search iterations per decision (unless seconds is given)", minimum=1),
    Option("seconds", float, None, "search time per decision", minimum=0.001, nullable=True,
           none_means="search by iterations"),
    Option("clock", str, "wall", "what seconds are measured by: wall-clock time, or this process's CPU time",
           choices=tuple(CLOCKS)),
    Option("exploration", float, 0.7, "UCT exploration constant (values are chances of winning, 0 to 1)",
           minimum=0.0),
    Option("rollout", str, "fast", "policy that plays playouts on: the game's fast one, the heuristic, or random",
           choices=("fast", "heuristic", "random")),
    Option("cutoff", int, 2, "turns a playout runs before the game's evaluation scores it", minimum=0,
           nullable=True, none_means="play every playout to the end"),
    Option("rollout_limit", int, 5000, "actions after which a playout is scored as it stands", minimum=1),
    Option("prior", float, 1.0, "weight of the playout policy's own choice in selection", minimum=0.0),
    Option("chance", str, "sample", "chance nodes: sampled, stratified, progressively widened, or mixed",
           choices=CHANCE_MODES),
    Option("crn", bool, True, "common random numbers across the root's actions"),
    Option("reuse", bool, True, "keep the subtree of the position reached for the next decision"),
)


class MCTSAgent:
    """UCT with chance nodes, evaluated playouts, common random numbers and tree reuse.

    ``rollout`` is the playout policy (``fast``: the game's own, ``heuristic``, ``random``),
    ``cutoff`` the turns a playout runs before the evaluation scores it (``None``: to the
    end), ``rollout_limit`` the most actions a playout plays, ``prior`` the weight of the
    playout policy's choice in selection (0 turns it off), ``chance`` the chance mode
    (:data:`~tabletop.agents.tree.CHANCE_MODES`). Every option, with its default, is in :data:`OPTIONS`;
    ``MCTSAgent(iterations=50)`` and ``make("mcts", iterations=50)`` check them alike.
    """

    options: ClassVar[tuple[Option, ...]] = OPTIONS

    def __init__(self, **options: Any) -> None:
        values = option_values("mcts", self.options, options)
        self.iterations: int = values["iterations"]
        self.seconds: float | None = values["seconds"]
        self.clock: str = values["clock"]
        self.exploration: float = values["exploration"]
        self.rollout: str = values["rollout"]
        self.cutoff: int | None = values["cutoff"]
        self.rollout_limit: int = values["rollout_limit"]
        self.prior: float = values["prior"]
        self.chance: str = values["chance"]
        self.crn: bool = values["crn"]
        self.reuse: bool = values["reuse"]
        # the shortest spec that makes this search again: its budget, and every other option not at its default
        budget = ("seconds", "iterations") if self.seconds is not None else ("iterations", "seconds")
        self.name = spec_name("mcts", self.options, values, always=budget[:1], never=budget[1:])
        self.last_iterations = 0
        self.root: Node | None = None  # the tree of the last decision, rooted at its position
        self._root_history: tuple[Action, ...] = ()
        self._root_text = ""
        self._playout: Playout | None = None
        self._game = ""

    def reset(self, seat: int) -> None:
        """A new game: forget the tree."""
        self.root = None
        self._root_history = ()
        self._root_text = ""

    # -- deciding --------------------------------------------------------------------------
    def step(self, state: State, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = self.search(state, rng)
        return max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)

    def search(self, state: State, rng: random.Random, budget: int | None = None) -> Node:
        """Search from ``state`` within the agent's budget (or ``budget`` iterations) and return the root."""
        root = self._start(state)
        base = rng.getrandbits(64)
        me = state.current_player()
        if budget is None and self.seconds is not None:
            clock = CLOCKS[self.clock]
            deadline = clock() + self.seconds
            done = 0
            while done == 0 or clock() < deadline:
                self._iterate(root, state, me, rng, base)
                done += 1
        else:
            done = budget if budget is not None else self.iterations
            for _ in range(done):
                self._iterate(root, state, me, rng, base)
        self.last_iterations = done
        return root

    def visit(self, state: State, action: Action, iterations: int, rng: random.Random) -> Node:
        """Add ``iterations`` iterations that take ``action`` at the root (the last search's tree if it
        was of this position); return its child (for analyses)."""
        same = (self.root is not None and self._game == state.game.name and self._root_history == state.history()
                and self._root_text == state.to_text())
        root = self.root if same and self.root is not None else self._start(state)
        base = rng.getrandbits(64)
        me = state.current_player()
        for _ in range(iterations):
            self._iterate(root, state, me, rng, base, first=action)
        return root.children[action]

    def _start(self, state: State) -> Node:
        """The root for ``state``: the subtree kept from the last decision if it leads here, else a new one."""
        if self._playout is None or self._game != state.game.name:
            info = state.game.info
            span = (info.max_return - info.min_return) or 1.0
            self._playout = Playout(state.game.name, info.min_return, span, self.rollout, self.cutoff,
                                    self.rollout_limit)
            self._game = state.game.name
            self.root = None
        history = state.history()
        root = self._reused(history) if self.reuse and not state.game.observer.hidden_information else None
        if root is None:
            root = Node()
        self.root, self._root_history, self._root_text = root, history, state.to_text()
        return root

    def _reused(self, history: tuple[Action, ...]) -> Node | None:
        node, known = self.root, self._root_history
        if node is None or len(history) < len(known) or history[: len(known)] != known:
            return None
        for action in history[len(known):]:
            found = node.children.get(action)
            if found is None:
                return None
            node = found
        return node

    # -- one iteration -----------------------------------------------------------------------
    def _iterate(self, root: Node, real: State, me: int, rng: random.Random, base: int,
                 first: Action | None = None) -> None:
        playout = self._playout
        assert playout is not None
        observer = real.game.observer
        hidden = observer.hidden_information
        state = observer.resample(real, me, rng)
        action = first if first is not None else self._choose(root, state, rng, hidden)
        sample: Callable[[State], Action]
        if self.crn:  # the k-th iteration through each of the root's children meets the same luck
            chosen = root.children.get(action)
            sample = Luck(derive_seed(base, chosen.visits if chosen is not None else 0)).chance
        else:
            def sample(current: State) -> Action:
                return current.chance_distribution().sample(rng)
        mode = self.chance
        node = root
        path = [root]
        while True:
            player = state.current_player()
            state.apply_action(action)
            child = node.children.get(action)
            expanded = child is None
            if child is None:
                child = node.children[action] = Node(owner=player if player >= 0 else -1)
                if node.untried and action in node.untried:
                    node.untried.remove(action)
            node = child
            path.append(node)
            if expanded:
                break  # one new node an iteration: play out from here
            following = state.current_player()
            if following == TERMINAL:
                break
            if following == CHANCE:
                action = chance_outcome(node, state.chance_distribution(), mode, sample(state), rng)
            else:
                action = self._choose(node, state, rng, hidden)
        values = playout.run(state, sample, rng)
        for visited in path:
            visited.add(values)

    def _choose(self, node: Node, state: State, rng: random.Random, hidden: bool) -> Action:
        """The action to take at a decision node: an untried one (the policy's first), else by UCT."""
        if node.untried is None:
            untried = list(state.legal_actions())
            rng.shuffle(untried)
            if self.prior > 0 and self._playout is not None and self._playout.policy is not random_policy:
                suggested = node.suggested = self._playout.policy(state, rng)
                if suggested in untried:
                    untried.remove(suggested)
                    untried.append(suggested)  # expanded first
            node.untried = untried
        legal: tuple[Action, ...] | None = None
        if hidden:  # this draw of the hidden facts may allow actions the others did not, or forbid some
            legal = state.legal_actions()
            node.untried.extend(a for a in legal if a not in node.children and a not in node.untried)
            node.untried.sort(key=lambda a: a in legal)  # stable: the legal ones last, in their order
        if node.untried and (legal is None or node.untried[-1] in legal):
            return node.untried[-1]
        return select(node, state.current_player(), self.exploration, self.prior, legal)


def best_child(root: Node, seat: int) -> tuple[Action, Node]:
    """The root's most visited child (ties: the higher mean for ``seat``)."""
    return max(root.children.items(), key=lambda item: (item[1].visits, item[1].mean(seat)))

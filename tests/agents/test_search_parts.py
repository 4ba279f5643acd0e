"""The parts of the search (tree, chance modes, playouts, common random numbers, tree reuse), on the race game."""

from __future__ import annotations

import math
import random
import sys
from collections import Counter
from fractions import Fraction

import pytest

import tabletop
from tabletop.agents.heuristic import HeuristicAgent
from tabletop.agents.mcts import MCTSAgent
from tabletop.agents.playout import Playout
from tabletop.agents.tree import STRATIFY_LIMIT, WIDEN_BASE, WIDEN_POWER, Node, chance_outcome
from tabletop.core.chance import Distribution
from tabletop.core.registry import game_class
from tabletop.core.state import State

# The race's own classes, from the conftest pytest loaded: importing ``conftest`` again would load a
# second copy that registers the race anew, with a Roll class unequal to the first one's.
_RACE = sys.modules[game_class("race").__module__]
ROLLS = _RACE.ROLLS
Roll = _RACE.Roll


def _visit(node: Node, outcome: Roll) -> None:
    child = node.children.get(outcome)
    if child is None:
        child = node.children[outcome] = Node()
    child.add([0.5, 0.5])
    node.add([0.5, 0.5])


def test_stratified_chance_visits_follow_the_exact_distribution() -> None:
    dist = Distribution(ROLLS, [Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)])
    node = Node()
    rng = random.Random(1)
    for _ in range(60):
        _visit(node, chance_outcome(node, dist, "stratify", ROLLS[2], rng))  # the drawn outcome is ignored
    assert [node.children[r].visits for r in ROLLS] == [30, 20, 10]


def test_sampled_chance_takes_the_drawn_outcome() -> None:
    dist = Distribution.uniform(ROLLS)
    assert chance_outcome(Node(), dist, "sample", ROLLS[1], random.Random(1)) is ROLLS[1]


def test_progressive_widening_bounds_the_children_of_a_large_chance_node() -> None:
    faces = [Roll(v) for v in range(1, 3 * STRATIFY_LIMIT)]
    dist = Distribution.uniform(faces)
    node = Node()
    rng = random.Random(2)
    for _ in range(200):
        drawn = faces[int(rng.random() * len(faces))]
        _visit(node, chance_outcome(node, dist, "widen", drawn, rng))
        assert len(node.children) <= WIDEN_BASE * node.visits**WIDEN_POWER + 1
    assert len(node.children) < len(faces)  # 200 draws would have met nearly every face
    unwidened = Node()
    for _ in range(200):
        _visit(unwidened, chance_outcome(unwidened, dist, "sample", faces[int(rng.random() * len(faces))], rng))
    assert len(unwidened.children) > len(node.children)


def test_a_node_keeps_its_choosers_mean_and_interval() -> None:
    node = Node(owner=0)
    assert node.interval() == (0.0, 1.0) and node.mean(0) == 0.5
    for value in (1.0, 0.0, 1.0, 1.0):
        node.add([value, 1.0 - value])
    assert node.mean(0) == 0.75 and node.mean(1) == 0.25
    low, high = node.interval()
    half = 1.96 * math.sqrt(0.25 / 4)  # sample variance 1/4 of four values
    assert low == pytest.approx(0.75 - half) and high == 1.0  # clipped


def _after_roll(goal: int = 12) -> State:
    state = tabletop.make("race", players=2, goal=goal).new_initial_state()
    state.apply_action("roll 2")
    return state


def test_a_playout_without_an_evaluation_plays_to_the_end() -> None:
    playout = Playout("race", -1.0, 2.0, "random", cutoff=1)  # the race has no evaluation: the cutoff is moot
    assert playout.cutoff is None
    values = playout.run(_after_roll(), lambda s: s.chance_distribution().sample(random.Random(3)), random.Random(3))
    assert sorted(values) == [0.0, 1.0]


def test_a_playout_with_an_evaluation_is_cut_and_scored() -> None:
    from tabletop.core.registry import evaluation

    game = tabletop.make("doodle-jump", players=2)
    state = game.new_initial_state()
    rng = random.Random(4)
    while state.is_chance_node():
        state.apply_action(state.chance_distribution().sample(rng))
    part = evaluation("doodle-jump")
    assert part is not None
    playout = Playout("doodle-jump", game.info.min_return, game.info.max_return - game.info.min_return, cutoff=0)
    assert playout.run(state.clone(), lambda s: s.chance_distribution().sample(rng), rng) == part.evaluate(state)
    with pytest.raises(ValueError, match="unknown playout policy 'greedy'"):
        Playout("doodle-jump", 0.0, 1.0, "greedy")


def _grandchildren(action: str, crn: bool) -> Counter[str]:
    state = _after_roll()
    agent = MCTSAgent(iterations=1, crn=crn)
    chosen = state.legal_actions()[[str(a) for a in state.legal_actions()].index(action)]
    child = agent.visit(state, chosen, 40, random.Random(5))
    return Counter({str(outcome): node.visits for outcome, node in child.children.items()})


def test_common_random_numbers_give_each_root_action_the_same_luck() -> None:
    assert _grandchildren("advance", crn=True) == _grandchildren("wait", crn=True)
    assert _grandchildren("advance", crn=False) != _grandchildren("wait", crn=False)


def test_the_tree_of_the_position_reached_is_kept_for_the_next_decision() -> None:
    for reuse in (True, False):
        state = _after_roll()
        agent = MCTSAgent(iterations=300, reuse=reuse)
        agent.step(state, random.Random(6))
        assert agent.root is not None and agent.root.visits == 300
        state.apply_action("advance")
        state.apply_action("roll 1")  # the other seat's turn: its tree is below this chance outcome
        state.apply_action("wait")
        state.apply_action("roll 3")
        kept = agent.search(state, random.Random(7), budget=0)
        assert (kept.visits > 0) is reuse
    agent.reset(0)
    assert agent.search(_after_roll(), random.Random(7), budget=0).visits == 0


def test_heuristic_noise_is_a_probability() -> None:
    with pytest.raises(ValueError, match="option 'noise' of agent 'heuristic' must be a number from 0 to 1, not 1.5"):
        HeuristicAgent(noise=1.5)
    assert HeuristicAgent(noise=0.25).name == "heuristic:noise=0.25"

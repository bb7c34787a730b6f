"""Pledge: exact transcripts, the turn count, escaping the island a wall follower circles,
loops, and the surfaces where the count is not defined."""
from pathlib import Path

import numpy as np
import pytest

from visualizer import events as ev
from visualizer import registry
from visualizer.maze.braid import braid
from visualizer.events import Mark, MilestoneKind, Side
from visualizer.maze import Maze
from streams import maze_phases
from visualizer.scenario import ScenarioError, load
from visualizer.solvers.pledge import SURFACE_REASON, pledge, turned

ROOT = Path(__file__).resolve().parent.parent


def test_transcript_on_a_straight_corridor():
    maze = Maze(1, 3)
    maze.open_wall((0, 0), Side.E)
    maze.open_wall((0, 1), Side.E)
    assert list(pledge(maze, start=(0, 0), goal=(0, 2))) == [
        ev.CellMarked((0, 0), Mark.START), ev.CellMarked((0, 2), Mark.GOAL),
        ev.CellMarked((0, 0), Mark.WALKER, 0), ev.Heading((0, 0), Side.E, None, 0),
        ev.CellMarked((0, 0), Mark.VISITED, 1), ev.Heading((0, 1), Side.E, None, 0),
        ev.CellMarked((0, 1), Mark.WALKER, 1),
        ev.CellMarked((0, 1), Mark.VISITED, 1), ev.Heading((0, 2), Side.E, None, 0),
        ev.CellMarked((0, 2), Mark.WALKER, 2),
        ev.PathFound(((0, 0), (0, 1), (0, 2)), (Side.E, Side.E)),
    ]


def test_transcript_turning_at_a_wall():
    """East into (0, 1), where the wall ahead turns it right (away from the left hand,
    count -1), hand on that wall; then down into the goal."""
    maze = Maze(2, 2)
    maze.open_wall((0, 0), Side.E)
    maze.open_wall((0, 1), Side.S)
    assert list(pledge(maze, start=(0, 0), goal=(1, 1)))[4:] == [
        ev.CellMarked((0, 0), Mark.VISITED, 1), ev.Heading((0, 1), Side.E, None, 0),
        ev.CellMarked((0, 1), Mark.WALKER, 1),
        ev.Heading((0, 1), Side.S, Side.E, -1),
        ev.CellMarked((0, 1), Mark.VISITED, 1), ev.Heading((1, 1), Side.S, Side.E, -1),
        ev.CellMarked((1, 1), Mark.WALKER, 2),
        ev.PathFound(((0, 0), (0, 1), (1, 1)), (Side.E, Side.S)),
    ]


def test_turns_count_towards_the_hand():
    assert turned(Side.N, 1, "left") == Side.W and turned(Side.N, 1, "right") == Side.E
    assert turned(Side.N, -1, "left") == Side.E and turned(Side.N, -2, "left") == Side.S


def braided(seed, surface="plane"):
    rng = np.random.default_rng(seed)
    maze = Maze(10, 12, surface)
    for _ in registry.get("generator", "backtracker").func(maze, rng=rng):
        pass
    for _ in braid(maze, 0.5, rng):
        pass
    return maze


@pytest.mark.parametrize("surface", ["plane", "torus"])
@pytest.mark.parametrize("hand", ["left", "right"])
@pytest.mark.parametrize("seed", range(4))
def test_it_walks_its_heading_exactly_when_its_count_is_zero(surface, hand, seed):
    maze = braided(seed, surface)
    events = list(pledge(maze, start=(5, 6), goal=(0, 0), heading="north", hand=hand))
    headings = [e for e in events if isinstance(e, ev.Heading)]
    for h in headings:
        assert (h.hand_side is None) == (h.turns == 0)
        if h.hand_side is None:
            assert h.side == Side.N
        else:
            assert h.turns < 0           # it holds the wall until the count is back to 0
    lets_go = [e for e in events if isinstance(e, ev.Milestone)
               and e.kind == MilestoneKind.LEFT_WALL]
    assert isinstance(events[-1], (ev.PathFound, ev.NoPath))
    if isinstance(events[-1], ev.NoPath):
        assert events[-1].why == ev.NoPathReason.LOOP
    assert len(lets_go) <= len(headings)


def test_it_leaves_the_island_the_wall_follower_circles():
    """The pledge scenario's maze: the wall follower comes back to a state, Pledge gets out."""
    scenario = load(ROOT / "scenarios" / "pledge.yaml")
    ends = []
    for spec in scenario.panels:
        last = [e for _, e in maze_phases(spec) if isinstance(e, (ev.PathFound, ev.NoPath))]
        ends.append(last[-1])
    follower, walker = ends
    assert isinstance(follower, ev.NoPath) and follower.why == ev.NoPathReason.LOOP
    assert isinstance(walker, ev.PathFound)


def test_a_goal_it_cannot_reach_ends_in_a_loop():
    maze = Maze(2, 3, walls_open=True)
    maze.blocked[:, 1] = True
    events = list(pledge(maze, start=(0, 0), goal=(1, 2)))
    assert events[-2] == ev.Milestone("loop detected", events[-2].cell, MilestoneKind.LOOP)
    assert events[-1].why == ev.NoPathReason.LOOP


@pytest.mark.parametrize("surface", ["klein", "klein_lr", "projective", "sphere"])
def test_surfaces_without_a_turn_count_are_refused_with_the_reason(surface):
    algo = registry.get("solver", "pledge")
    assert surface not in algo.surfaces and algo.extra["surface_reason"] == SURFACE_REASON
    events = list(pledge(Maze(4, 4, surface, walls_open=True), start=(0, 0), goal=(3, 3)))
    assert len(events) == 1 and events[0].why == ev.NoPathReason.UNUSABLE
    assert SURFACE_REASON in events[0].reason


def test_a_scenario_asking_for_pledge_on_a_klein_bottle_is_refused(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("panels:\n  - maze: {rows: 6, cols: 6, surface: klein}\n"
                    "    generator: kruskal\n    solver: pledge\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match="cannot run on the surface `klein`"):
        load(path)

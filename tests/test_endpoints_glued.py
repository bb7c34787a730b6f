"""Glued surfaces show their gluing: by default the entrance and exit sit so that the solution
crosses a glued edge and stays a modest part of the maze (rule `across`); the plane keeps its
corners."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from visualizer import events as ev
from visualizer import registry
from visualizer.maze.endpoints import ACROSS_SHARE, across, default_rule, glued_passages, place
from visualizer.events import Side
from visualizer.maze import Maze
from streams import maze_phases
from tiers import shipped_scenario
from visualizer.scenario import parse
from visualizer.solvers.bfs import bfs

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
GLUED = ("torus", "klein", "klein_lr", "projective", "sphere")
MAX_SHARE = 0.40


def glued_crossings(maze: Maze, path: ev.PathFound) -> int:
    """How many steps of `path` cross the square's border (a glued edge)."""
    return sum(maze.surface.is_border(cell, side) for cell, side in zip(path.cells, path.sides))


def solved(maze: Maze, solver: str = "bfs") -> ev.PathFound:
    events = list(registry.get("solver", solver).func(maze, rng=np.random.default_rng(0)))
    return next(e for e in events if isinstance(e, ev.PathFound))


def glued_panels():
    """(scenario, panel index) of every shipped maze panel on a glued surface (of the plain
    square grid: `across`, the rule these panels follow, reads the square's glued edges)."""
    out = []
    for path in sorted(SCENARIOS.glob("*.yaml")):
        for i, spec in enumerate(shipped_scenario(path).panels):
            if spec.maze is not None and spec.maze.surface != "plane" and spec.solver \
                    and spec.maze.plain:
                out.append(pytest.param(path, i, id=f"{path.stem}[{i}]"))
    return out


PANELS = glued_panels()


def test_every_surface_scenario_has_glued_panels_to_check():
    stems = {p.values[0].stem for p in PANELS}
    assert {f"surface_{name}" for name in ("torus", "klein", "projective", "sphere")} <= stems


@pytest.mark.parametrize("path, index", PANELS)
def test_shipped_glued_solutions_cross_a_glued_edge_and_stay_short(path, index):
    spec = shipped_scenario(path).panels[index]
    m = spec.maze
    maze = Maze(m.rows, m.cols, m.surface)
    found = [e for _, e in maze_phases(spec, maze) if isinstance(e, ev.PathFound)]
    assert found, "the solver finds a way"
    route = found[0]
    assert route.cells[0] == maze.entrance and route.cells[-1] == maze.exit
    assert glued_crossings(maze, route) >= 1
    assert len(route.cells) <= MAX_SHARE * maze.cells, (len(route.cells), maze.cells)


def test_the_default_rule_is_corners_on_the_plane_and_across_elsewhere(tmp_path):
    assert default_rule("plane") == "corners"
    assert all(default_rule(name) == "across" for name in GLUED)
    for surface, expected in [("plane", "corners"), *[(name, "across") for name in GLUED]]:
        raw = {"maze": {"rows": 6, "cols": 6, "surface": surface}, "generator": "kruskal"}
        assert parse(raw, tmp_path / "s.yaml").panels[0].endpoints == expected
    raw = {"maze": {"rows": 6, "cols": 6, "surface": "torus"}, "generator": "kruskal",
           "endpoints": "corners"}
    assert parse(raw, tmp_path / "s.yaml").panels[0].endpoints == "corners"


@pytest.mark.parametrize("surface", GLUED)
@pytest.mark.parametrize("generator", ["backtracker", "kruskal", "reverse_delete"])
def test_on_small_perfect_mazes_the_solution_crosses_and_covers_about_a_quarter(surface,
                                                                                generator):
    algorithm = registry.get("generator", generator).func
    for seed in range(12):
        maze = Maze(5, 5, surface)
        for _ in algorithm(maze, rng=np.random.default_rng(seed)):
            pass
        assert maze.is_perfect()
        if not glued_passages(maze):   # a tree that never crosses the border: corners
            assert across(maze) is None
            continue
        placed = list(place(maze, "across"))
        assert isinstance(placed[0], ev.EndpointsSet)
        assert isinstance(placed[1], ev.Milestone)
        route = solved(maze)
        assert glued_crossings(maze, route) >= 1, seed
        assert len(route.cells) <= MAX_SHARE * maze.cells, seed
        # a perfect maze deep enough on both sides of the passage gets the wanted length
        assert len(route.cells) <= round(ACROSS_SHARE * maze.cells), seed


@pytest.mark.parametrize("surface", GLUED)
def test_with_loops_every_shortest_way_still_crosses(surface):
    """Braided mazes have loops: the exit is one that every shortest way reaches across a
    glued edge, so BFS and A* cross whatever ties they break."""
    from visualizer.maze.braid import braid
    kruskal = registry.get("generator", "kruskal").func
    for seed in range(8):
        rng = np.random.default_rng(seed)
        maze = Maze(8, 8, surface)
        for _ in kruskal(maze, rng=rng):
            pass
        for _ in braid(maze, 0.6, rng):
            pass
        list(place(maze, "across"))
        for solver in ("bfs", "astar"):
            route = solved(maze, solver)
            assert glued_crossings(maze, route) >= 1, (seed, solver)
            assert len(route.cells) <= MAX_SHARE * maze.cells


@pytest.mark.parametrize("surface", GLUED)
def test_the_rule_depends_on_the_maze_only(surface):
    def endpoints(seed):
        maze = Maze(6, 6, surface)
        for _ in registry.get("generator", "backtracker").func(
                maze, rng=np.random.default_rng(seed)):
            pass
        return across(maze)

    assert endpoints(3) == endpoints(3)
    assert len({endpoints(seed) for seed in range(6)}) > 1


def test_a_ring_on_a_one_row_torus_puts_the_ends_either_side_of_the_glued_wall():
    """1 x 4 torus, passages 1-0, 1-2 and the glued wall from (0, 0) west to (0, 3); the
    rows' own north/south gluing leads each cell to itself and is never chosen."""
    maze = Maze(1, 4, "torus")
    maze.open_wall((0, 0), Side.E)
    maze.open_wall((0, 1), Side.E)
    maze.open_wall((0, 0), Side.W)
    assert glued_passages(maze) == [((0, 0), Side.W, (0, 3))]
    assert across(maze) == ((0, 0), (0, 3))
    route = next(e for e in bfs(maze) if isinstance(e, ev.PathFound))
    assert route.cells == ((0, 0), (0, 3)) and route.sides == (Side.W,)


def test_passages_are_tried_from_the_first_glued_pair_and_the_middle_of_its_edge():
    maze = Maze(4, 5, "torus", walls_open=True)
    order = [(cell, side) for cell, side, _ in glued_passages(maze)]
    assert order[:5] == [((0, 2), Side.N), ((0, 1), Side.N), ((0, 3), Side.N),
                         ((0, 0), Side.N), ((0, 4), Side.N)]
    assert order[5:] == [((1, 0), Side.W), ((2, 0), Side.W), ((0, 0), Side.W),
                         ((3, 0), Side.W)]
    sphere = Maze(3, 3, "sphere", walls_open=True)
    first = glued_passages(sphere)[0]
    assert first == ((0, 1), Side.N, (1, 0))    # top edge glued to the left edge
    # the corner (0, 0) is glued to itself through its top side: never a passage
    assert all(cell != other for cell, _, other in glued_passages(sphere))


def test_no_glued_passage_falls_back_to_the_corners():
    maze = Maze(3, 3, "klein")
    for r in range(3):                 # a comb of interior passages only
        maze.open_wall((r, 0), Side.E)
        maze.open_wall((r, 1), Side.E)
    maze.open_wall((0, 0), Side.S)
    maze.open_wall((1, 0), Side.S)
    assert across(maze) is None
    event = list(place(maze, "across"))[0]
    assert (event.entrance, event.exit) == ((0, 0), (2, 2))
    plane = Maze(3, 3)
    assert (list(place(plane, "across"))[0].entrance, plane.exit) == ((0, 0), (2, 2))

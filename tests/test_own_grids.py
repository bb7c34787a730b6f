"""Students' own algorithms on every grid: the façade's `neighbours`, `carve`, `cells`,
`random_cell` … follow the grid (hexagons, triangles, a disc, a mask), so one backtracker
written for the square runs unchanged on each, and `viz.check` / `viz.check_solver` check
it there (a perfect maze is a spanning tree of `viz.neighbours`, a path a walk of
`viz.adjacency`)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import visualizer as viz
from visualizer.maze import Maze
from visualizer.student.facade import MazeFacade
from visualizer.student.problems import ProblemKind
from visualizer.student.run import GENERATOR, run

CODE = Path(__file__).resolve().parent / "student_code"
HEART = ["X..X..X", ".......", "X.....X", "XX...XX"]
#: (grid, rows, cols, mask, the surfaces checked by default)
GRIDS = [("hex", 6, 8, None, ("plane", "torus")), ("triangle", 6, 8, None, ("plane", "torus")),
         ("polar", 5, 1, None, ("plane",)), ("square", 4, 7, HEART, ("plane",)),
         ("hex", 4, 7, HEART, ("plane",)), ("triangle", 5, 7, None, ("plane",))]
IDS = [f"{g}{'-mask' if m else ''}-{r}x{c}" for g, r, c, m, _ in GRIDS]


@pytest.mark.parametrize("grid,rows,cols,mask,surfaces", GRIDS, ids=IDS)
def test_a_students_backtracker_runs_and_checks_on_every_grid(grid, rows, cols, mask,
                                                               surfaces):
    report = viz.check(CODE / "good_backtracker.py", rows=rows, cols=cols, grid=grid,
                       mask=mask, seeds=2, like="backtracker")
    assert report.ok, str(report)
    text = str(report)
    for surface in surfaces:
        assert f"{surface}, seed 1" in text
    cells = Maze(rows, cols, surfaces[0], grid=grid, mask=mask).cell_count
    assert f"a perfect maze ({cells} cells, {cells - 1} passages)" in text


@pytest.mark.parametrize("grid,rows,cols,mask,surfaces", GRIDS, ids=IDS)
def test_the_backtrackers_maze_is_a_spanning_tree_of_the_grids_neighbours(
        grid, rows, cols, mask, surfaces):
    from tests.student_code.good_backtracker import my_backtracker

    for surface in surfaces:
        maze = Maze(rows, cols, surface, grid=grid, mask=mask)
        record = run(my_backtracker, GENERATOR, maze, np.random.default_rng(3))
        assert record.stopped is None and maze.is_perfect()
        near, linked = viz.neighbours(maze), viz.adjacency(maze)
        assert set(linked) == set(near) == set(maze.grid.cells)
        assert all(set(linked[c]) <= set(near[c]) for c in near)
        assert sum(map(len, linked.values())) == 2 * (len(near) - 1)
        # the façade's neighbours are the graph view's
        facade = MazeFacade(maze, frozenset(), 10**6, float("inf"))
        assert {c: facade.neighbours(c) for c in near} == near
        assert facade.cells() == list(near)


@pytest.mark.parametrize("grid,rows,cols,mask,surfaces", GRIDS, ids=IDS)
def test_a_students_solver_checks_on_every_grid(grid, rows, cols, mask, surfaces):
    report = viz.check_solver(CODE / "good_bfs.py", rows=rows, cols=cols, grid=grid,
                              mask=mask, seeds=2, like="bfs")
    assert report.ok, str(report)
    assert "goal walled in" in str(report)


@pytest.mark.parametrize("grid,rows,mask", [("polar", 4, None),
                                            ("square", 3, [".X.....", ".......", "......."])])
def test_a_slot_that_is_no_cell_is_refused_with_the_reason(grid, rows, mask):
    report = viz.check(CODE / "grid_walker.py", rows=rows, cols=7, grid=grid, mask=mask,
                       seeds=1, surfaces="plane")
    assert not report.ok
    problem = next(line.problem for line in report.lines if line.problem is not None)
    assert problem.kind == ProblemKind.ILLEGAL and problem.step == 2
    assert problem.where is not None and problem.where.line == 8
    assert "is not a cell of this maze" in problem.text
    assert ("`X` is no cell" if mask else "rings") in problem.text


def test_a_surface_the_grid_cannot_take_is_refused_before_any_run():
    with pytest.raises(ValueError, match="even number of columns"):
        viz.check(CODE / "good_backtracker.py", rows=4, cols=7, grid="hex", surfaces="torus")
    with pytest.raises(ValueError, match="cannot run on a hex grid"):
        viz.check_solver(CODE / "good_bfs.py", grid="hex", maze_from="binary_tree")


def test_a_students_generator_and_solver_render_on_a_hex_grid(tmp_path):
    import shutil

    from visualizer import events as ev

    shutil.copy(CODE / "good_backtracker.py", tmp_path / "mine.py")
    shutil.copy(CODE / "good_bfs.py", tmp_path / "bfs.py")
    (tmp_path / "hex.yaml").write_text(
        "title: mine on hexagons\nseed: 2\npanels:\n"
        "  - maze: {grid: hex, rows: 5, cols: 6}\n"
        "    generator: {code: mine.py, function: my_backtracker}\n"
        "    solver: {code: bfs.py, function: my_bfs}\n")
    anim = viz.render(tmp_path / "hex.yaml", allow_code=True)
    events = list(anim.events(0))
    assert events[0].grid is not None and events[0].grid.kind.value == "hex"
    assert any(isinstance(e, ev.PathFound) for e in events)
    assert not any(isinstance(e, ev.Milestone) and e.kind == ev.MilestoneKind.STOPPED
                   for e in events)


@pytest.mark.parametrize("argv,surfaces,problem", [
    (["--grid", "hex"], ["plane", "torus"], None),
    (["--grid", "polar"], ["plane"], None),
    (["--grid", "hex", "--cols", "7"], ["plane"], None),
    (["--grid", "polar", "--surfaces", "torus"], None, "polar grid can be made on plane only"),
    (["--grid", "hexagon"], None, "--grid: expected one of square, hex, triangle, polar")])
def test_the_graders_grid_flag(argv, surfaces, problem):
    from visualizer.cli_flags import parser
    from visualizer.student import grade

    args = grade.settled(parser().parse_args(["--check", str(CODE)] + argv))
    found, kind = grade.problems_with(args)
    if problem is not None:
        assert found is not None and problem in found
        return
    assert found is None
    spec = grade._spec(args, kind)
    assert (spec["grid"], spec["surfaces"]) == (argv[1], surfaces)

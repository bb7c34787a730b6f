"""`CellsMarked`: many cells take one mark in one event. Every consumer reads it as the
`CellMarked` per cell it stands for; the maze panel paints them at once (vectorised) and
must end with the very pixels of the cell-by-cell painting."""
from __future__ import annotations

import numpy as np
import pytest

from visualizer import events as ev
from visualizer import registry
from visualizer.events import Mark
from visualizer.maze import Maze
from visualizer.maze.endpoints import History
from visualizer.maze.stats import solve_stats
from visualizer.render.maze_panel import MazePanel


def built(surface: str, rows: int = 9, cols: int = 9) -> list[ev.Event]:
    """A backtracker maze's events on `surface`."""
    maze = Maze(rows, cols, surface)
    return list(registry.get("generator", "backtracker").func(
        maze, rng=np.random.default_rng(1)))


def one_by_one(events: list[ev.Event]) -> list[ev.Event]:
    """`events` with each CellsMarked spelled out as a CellMarked per cell (after a
    MarksCleared where it replaces its mark)."""
    out: list[ev.Event] = []
    for e in events:
        if isinstance(e, ev.CellsMarked):
            out += [ev.MarksCleared(e.mark)] if e.replacing else []
            out += [ev.CellMarked(cell, e.mark) for cell in e.cells]
        else:
            out.append(e)
    return out


def marks_stream(rows: int, cols: int, seed: int) -> list[ev.Event]:
    """Rows, columns and scattered cells taking marks, then clearing some of them."""
    rng = np.random.default_rng(seed)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    out: list[ev.Event] = [ev.EndpointsSet((0, 0), (rows - 1, cols - 1))]
    for mark in (Mark.SCAN, Mark.FRONTIER, Mark.PATH, Mark.CLEAR, Mark.VISITED, Mark.SCAN,
                 Mark.DONE, Mark.WALKER, Mark.CURRENT, Mark.START):
        row = int(rng.integers(rows))
        out.append(ev.CellsMarked(tuple((row, c) for c in range(cols)), mark))
        col = int(rng.integers(cols))
        out.append(ev.CellsMarked(tuple((r, col) for r in range(rows)), mark))
        picked = rng.choice(len(cells), size=len(cells) // 3, replace=False)
        out.append(ev.CellsMarked(tuple(cells[i] for i in sorted(picked)), mark))
        if mark == Mark.VISITED:
            out.append(ev.MarksCleared(Mark.SCAN))
        if mark in (Mark.SCAN, Mark.WALKER, Mark.PATH):       # a line moving on
            out.append(ev.CellsMarked(tuple((r, (col + 2) % cols) for r in range(rows)),
                                      mark, replacing=True))
    out += [ev.MarksCleared(Mark.PATH), ev.CellsMarked((), Mark.SCAN)]
    return out


@pytest.mark.parametrize("surface", ["plane", "torus", "klein", "projective", "sphere"])
@pytest.mark.parametrize("wall", [2, 0])
def test_the_panel_paints_many_cells_as_it_paints_each(surface, wall):
    events = built(surface) + marks_stream(9, 9, seed=3)
    a = MazePanel(9, 9, cell_size=5, wall=wall, surface=surface, first=events[0])
    b = MazePanel(9, 9, cell_size=5, wall=wall, surface=surface, first=events[0])
    for e in events:
        a.apply(e)
        for single in one_by_one([e]):
            b.apply(single)
        assert np.array_equal(a.marks, b.marks), e
        assert np.array_equal(a.raster, b.raster), e
        assert (a.walker, a.current) == (b.walker, b.current)
    assert a.take_dirty() is not None


def test_the_panel_paints_many_cells_with_a_distance_ramp():
    """Cells in a flood's ramp colours next to cells marked all at once."""
    events = built("torus")
    flood = [ev.CellMarked((r, c), Mark.DISTANCE, r + c) for r in range(9) for c in range(3)]
    events += flood + [ev.CellsMarked(tuple((r, 3) for r in range(9)), Mark.SCAN),
                       ev.CellsMarked(tuple((r, 4) for r in range(9)), Mark.SCAN, True),
                       ev.MarksCleared(Mark.SCAN), ev.MarksCleared(Mark.DISTANCE)]
    a = MazePanel(9, 9, cell_size=4, wall=1, surface="torus", first=events[0])
    b = MazePanel(9, 9, cell_size=4, wall=1, surface="torus", first=events[0])
    for e in events:
        a.apply(e)
        for single in one_by_one([e]):
            b.apply(single)
        assert np.array_equal(a.raster, b.raster), e


def test_the_other_consumers_read_many_cells_as_each():
    cells = ((1, 0), (1, 1), (1, 2))
    for mark in (Mark.VISITED, Mark.CURRENT, Mark.SCAN):
        many = [ev.CellsMarked(cells, mark)]
        assert solve_stats(many) | {"steps": 0} == solve_stats(one_by_one(many)) | {"steps": 0}
        h1, h2 = History(), History()
        for e in many:
            h1.see(e)
        for e in one_by_one(many):
            h2.see(e)
        assert h1.first_visited == h2.first_visited
    assert solve_stats([ev.CellsMarked(cells, Mark.VISITED)])["visited"] == 3
    maze = Maze(2, 3)
    maze.apply(ev.CellsMarked(cells, Mark.SCAN))          # a mark never changes the maze
    assert maze == Maze(2, 3)

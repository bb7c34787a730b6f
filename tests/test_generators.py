"""Every registered generator: perfect mazes, replay, determinism, exact transcripts."""
import numpy as np
import pytest

from visualizer import events as ev
from visualizer import registry
from visualizer.events import Mark, Side
from visualizer.maze import Maze, replay

GENERATORS = registry.algorithms("generator")
PERFECT = [name for name, algo in GENERATORS.items() if algo.perfect]
SIZES = [(1, 1), (1, 7), (6, 1), (2, 2), (5, 8), (9, 9), (12, 5)]


def connected_cells(maze):
    """Cells reachable from (0, 0) through open walls, computed without the model's helpers."""
    seen = {(0, 0)}
    todo = [(0, 0)]
    while todo:
        r, c = todo.pop()
        for side, (dr, dc) in zip(Side, [(-1, 0), (0, 1), (1, 0), (0, -1)]):
            nr, nc = r + dr, c + dc
            if 0 <= nr < maze.rows and 0 <= nc < maze.cols and maze.faces[r, c, side] \
                    and (nr, nc) not in seen:
                seen.add((nr, nc))
                todo.append((nr, nc))
    return seen


@pytest.mark.parametrize("name", PERFECT)
@pytest.mark.parametrize("rows,cols", SIZES)
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_perfect_generators_make_spanning_trees(name, rows, cols, seed):
    maze = Maze(rows, cols)
    events = list(GENERATORS[name].func(maze, rng=np.random.default_rng(seed)))
    opened = sum(isinstance(e, ev.WallOpened) for e in events) - \
        sum(isinstance(e, ev.WallClosed) for e in events)
    interior = maze.faces[:, :, [Side.E]].sum() + maze.faces[:, :, [Side.S]].sum()
    assert interior == rows * cols - 1
    assert len(connected_cells(maze)) == rows * cols
    if not events[0].walls_open and not any(isinstance(e, ev.WallClosed) for e in events):
        assert opened == rows * cols - 1
    assert replay(events) == maze


@pytest.mark.parametrize("name", list(GENERATORS))
def test_same_seed_same_events(name):
    a = list(GENERATORS[name].func(Maze(6, 7), rng=np.random.default_rng(9)))
    b = list(GENERATORS[name].func(Maze(6, 7), rng=np.random.default_rng(9)))
    assert a == b
    assert isinstance(a[0], ev.GridCreated)


def test_backtracker_transcript_on_a_1x2_grid():
    events = list(GENERATORS["backtracker"].func(Maze(1, 2), rng=np.random.default_rng(0),
                                                 start=(0, 0)))
    assert events[1:] == [
        ev.CellMarked((0, 0), Mark.CURRENT),
        ev.WallOpened((0, 0), Side.E),
        ev.CellMarked((0, 1), Mark.CURRENT),
        ev.Milestone("first backtrack", (0, 1), ev.MilestoneKind.FIRST_BACKTRACK),
        ev.CellMarked((0, 1), Mark.DONE),
        ev.CellMarked((0, 0), Mark.CURRENT),
        ev.CellMarked((0, 0), Mark.DONE),
    ]


def test_kruskal_transcript_on_a_2x2_grid():
    events = list(GENERATORS["kruskal"].func(Maze(2, 2), rng=np.random.default_rng(0)))
    assert events[0].fill == "sets"
    kinds = [type(e).__name__ for e in events[1:]]
    # each considered wall is followed by a merge + opening, or by a rejection
    i = 0
    merges = 0
    while i < len(kinds) and kinds[i] == "WallConsidered":
        if kinds[i + 1] == "SetsMerged":
            assert kinds[i + 2] == "WallOpened"
            merged, opened = events[1 + i + 1], events[1 + i + 2]
            assert merged.root in (merged.a, merged.b)
            assert (opened.cell, opened.side) == (events[1 + i].cell, events[1 + i].side)
            merges += 1
            i += 3
        else:
            assert kinds[i + 1] == "WallRejected"
            assert events[1 + i + 1].reason is ev.Rejection.SAME_SET
            i += 2
    assert merges == 3
    assert events[-1] == ev.Milestone("all sets merged", kind=ev.MilestoneKind.ALL_MERGED)


def test_kruskal_never_merges_a_set_with_itself():
    events = list(GENERATORS["kruskal"].func(Maze(8, 8), rng=np.random.default_rng(5)))
    roots = {(r, c): (r, c) for r in range(8) for c in range(8)}

    def find(x):
        while roots[x] != x:
            x = roots[x]
        return x
    for e in events:
        if isinstance(e, ev.SetsMerged):
            assert find(e.a) == e.a and find(e.b) == e.b and e.a != e.b
            loser = e.b if e.root == e.a else e.a
            roots[loser] = e.root


@pytest.mark.slow
def test_backtracker_is_iterative_on_a_huge_maze():
    maze = Maze(1000, 1000)
    opened = sum(1 for e in GENERATORS["backtracker"].func(maze, rng=np.random.default_rng(1))
                 if isinstance(e, ev.WallOpened))
    assert opened == 1000 * 1000 - 1

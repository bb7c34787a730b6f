"""The maze model, its formats and seed 000's example."""
import numpy as np
import pytest

from visualizer import events as ev
from visualizer.events import Side
from visualizer.maze import Maze, MazeFormatError, replay
from visualizer.solvers.bfs import bfs

# Seed 000's 4x4 example: grille[i][j] = [top, right, bottom, left], True = open.
SEED_000 = [
    [[False, True, True, True], [False, False, False, True], [False, False, True, False],
     [False, False, True, False]],
    [[True, True, True, False], [False, True, False, True], [True, True, True, True],
     [True, False, False, True]],
    [[True, True, False, False], [False, False, True, True], [True, True, False, False],
     [False, False, True, True]],
    [[False, True, False, False], [True, False, False, True], [False, True, False, False],
     [True, True, False, True]],
]


@pytest.mark.parametrize("n,m", [(1, 1), (1, 5), (4, 1), (2, 2), (4, 6), (7, 3)])
def test_internal_walls_count_is_2nm_minus_n_minus_m(n, m):
    maze = Maze(n, m)
    assert len(maze.surface.internal_walls) == 2 * n * m - n - m
    assert maze.closed_internal_walls() == 2 * n * m - n - m


def test_seed_000_example_loads_as_a_perfect_maze_with_its_openings():
    maze = Maze.from_grille(SEED_000)
    assert maze.is_perfect()
    assert len(maze.open_walls()) == 15
    assert (maze.entrance, maze.entrance_side) == ((0, 0), Side.W)
    assert (maze.exit, maze.exit_side) == ((3, 3), Side.E)
    assert maze.to_grille() == SEED_000


def test_seed_000_example_is_solved():
    maze = Maze.from_grille(SEED_000)
    found = [e for e in bfs(maze) if isinstance(e, ev.PathFound)]
    assert len(found) == 1
    path = found[0]
    assert path.cells[0] == (0, 0) and path.cells[-1] == (3, 3)
    for cell, side, nxt in zip(path.cells, path.sides, path.cells[1:]):
        assert maze.is_open(cell, side)
        assert maze.surface.move(cell, side).cell == nxt


def test_inconsistent_grille_is_refused():
    bad = [[[False, True, False, False], [False, False, False, False]]]
    with pytest.raises(MazeFormatError, match=r"grille\[0\]\[0\]"):
        Maze.from_grille(bad)


def test_block_grid_of_a_maze():
    maze = Maze(2, 3)
    maze.open_wall((0, 0), Side.E)
    maze.open_wall((0, 1), Side.S)
    blocks = maze.to_blocks()
    assert blocks.shape == (5, 7)
    expected = [
        ".......",
        ".###...",
        "...#...",
        "...#...",
        ".......",
    ]
    expected = [[ch == "#" for ch in row] for row in expected]
    expected = np.array(expected)
    expected[1::2, 1::2] = True  # every cell is passable
    assert (blocks == expected).all()


def test_block_maze_from_seed_003_petitlab():
    petit_lab = [[False, True, False, False, False, False],
                 [False, True, True, True, True, False],
                 [False, True, False, False, False, False],
                 [False, True, True, True, True, False],
                 [False, False, False, False, True, False]]
    maze = Maze.from_blocks(petit_lab)
    assert maze.is_block_maze
    assert maze.reachable((0, 1)) >= {(4, 4), (1, 4)}
    assert (3, 0) not in maze.reachable((0, 1))


def test_replay_rebuilds_walls_blocks_and_endpoints():
    stream = [ev.GridCreated(2, 2, Maze(2, 2).surface), ev.WallOpened((0, 0), Side.E),
              ev.WallOpened((0, 1), Side.S), ev.WallClosed((0, 0), Side.E),
              ev.CellBlocked((1, 0)), ev.EndpointsSet((0, 0), (1, 1), Side.W, Side.E)]
    maze = replay(stream)
    assert not maze.is_open((0, 0), Side.E) and maze.is_open((1, 1), Side.N)
    assert maze.blocked[1, 0] and maze.is_open((0, 0), Side.W)
    assert maze.entrance == (0, 0) and maze.exit == (1, 1)


def test_replay_needs_a_starting_grid():
    with pytest.raises(ValueError, match="GridCreated"):
        replay([ev.WallOpened((0, 0), Side.E)])

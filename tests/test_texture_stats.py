"""Texture figures (junction, straight and solution shares, river) on hand-made mazes,
computed by hand; the caption names the river."""
import numpy as np
import pytest

from visualizer.maze import stats
from visualizer.events import Side
from visualizer.maze import Maze

# a tree of 11 open cells (True = passable): one junction at (1, 1)
PETIT_LAB = [[False, True, False, False, False, False],
             [False, True, True, True, True, False],
             [False, True, False, False, False, False],
             [False, True, True, True, True, False],
             [False, False, False, False, True, False]]


def test_texture_of_a_tree_of_eleven_cells():
    s = stats.maze_stats(Maze.from_blocks(PETIT_LAB))
    assert s["junction_share"] == round(1 / 11, 4)
    # straight through: (1,2), (1,3), (2,1), (3,2), (3,3); (3,1) and (3,4) turn
    assert s["straight_share"] == round(5 / 11, 4)
    # without the junction: corridors of 1, 3 and 6 cells
    assert s["river"] == round(10 / 3, 2)
    # entrance (0, 1) to exit (4, 4): 7 moves, 8 cells
    assert s["solution_share"] == round(8 / 11, 4)


def test_texture_of_an_open_2x2_room():
    s = stats.maze_stats(Maze(2, 2, walls_open=True))
    assert (s["junction_share"], s["straight_share"]) == (0.0, 0.0)   # four turns
    assert s["river"] == 4.0                                           # one ring of 4
    assert s["solution_share"] == 0.75                                 # 2 moves, 3 cells


def test_texture_of_a_corridor_with_an_isolated_cell():
    maze = Maze(1, 4)
    maze.open_wall((0, 0), Side.E)
    maze.open_wall((0, 1), Side.E)
    maze.set_endpoints((0, 0), (0, 2))
    s = stats.maze_stats(maze)
    assert s["straight_share"] == 0.25          # (0, 1) of 4 open cells
    assert s["river"] == 3.0                    # the isolated cell is no corridor
    assert s["solution_share"] == 0.75


def test_no_river_and_no_solution_share_without_them():
    maze = Maze(1, 2)                           # two isolated cells, no way between them
    s = stats.maze_stats(maze)
    assert s["river"] is None and s["solution"] is None and s["solution_share"] is None


def test_a_junction_everywhere_has_no_corridor():
    maze = Maze(3, 3, "torus", walls_open=True)  # every cell has four passages
    s = stats.maze_stats(maze)
    assert s["junction_share"] == 1.0 and s["river"] is None and s["straight_share"] == 0.0


@pytest.mark.parametrize("name, low, high", [("backtracker", 3.5, 6.5), ("kruskal", 1.4, 2.2)])
def test_river_is_high_for_the_backtracker_and_low_for_kruskal(name, low, high):
    from visualizer import registry

    rivers = []
    for seed in range(3):
        maze = Maze(20, 20)
        for _ in registry.get("generator", name).func(maze, rng=np.random.default_rng(seed)):
            pass
        rivers.append(stats.maze_stats(maze)["river"])
    assert low < float(np.mean(rivers)) < high


def test_the_texture_summary_names_dead_ends_and_river():
    s = stats.maze_stats(Maze.from_blocks(PETIT_LAB))
    assert stats.texture_summary(s) == "dead ends 27% · river 3.3"
    assert stats.texture_summary(stats.maze_stats(Maze(1, 2))) == "dead ends 0%"

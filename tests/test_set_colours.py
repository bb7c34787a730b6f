"""Kruskal's picture: neighbouring sets never share a colour, at any step, on any surface."""
from __future__ import annotations

import numpy as np
import pytest

from visualizer import events as ev
from visualizer import registry
from visualizer.maze import Maze
from visualizer.render.maze_panel import MazePanel
from visualizer.render.palette import INDEX, SET_BASE, SET_COLOURS
from visualizer.render.set_colours import SetColouring
from visualizer.surfaces import SURFACE_NAMES

def _draws_sets(name: str) -> bool:
    """Whether generator `name` starts its picture as sets (every cell its own set)."""
    first = next(iter(registry.get("generator", name).func(
        Maze(3, 3, "plane"), rng=np.random.default_rng(0))), None)
    return isinstance(first, ev.GridCreated) and first.fill == "sets"


UNION_FINDS = [name for name in registry.algorithms("generator") if _draws_sets(name)]


def test_the_union_find_generators_are_found():
    assert {"kruskal", "kruskal_naive"} <= set(UNION_FINDS)


def clashes(panel: MazePanel) -> list[tuple[int, int]]:
    """Pairs of touching cells in different sets with the same colour."""
    colouring = panel.colouring
    out = []
    for i, row in enumerate(colouring.neighbours.tolist()):
        for j in row:
            if j > i and colouring.set_of[i] != colouring.set_of[j] \
                    and panel._base[i] == panel._base[j]:
                out.append((i, j))
    return out


@pytest.mark.parametrize("surface", sorted(SURFACE_NAMES))
@pytest.mark.parametrize("generator", UNION_FINDS)
@pytest.mark.parametrize("shape", [(6, 6), (7, 9), (8, 9), (9, 17)])
def test_neighbouring_sets_never_share_a_colour(surface, generator, shape):
    rows, cols = shape
    if surface == "sphere" and rows != cols:
        pytest.skip("the sphere needs a square grid")
    maze = Maze(rows, cols, surface)
    panel = MazePanel(rows, cols, surface=surface)
    merges = 0
    for event in registry.get("generator", generator).func(maze, rng=np.random.default_rng(5)):
        panel.apply(event)
        if isinstance(event, (ev.GridCreated, ev.SetsMerged)):
            merges += isinstance(event, ev.SetsMerged)
            assert not clashes(panel), (event, clashes(panel))
            if panel.sets > 1:
                assert set(np.unique(panel.base)) <= set(range(SET_BASE,
                                                               SET_BASE + SET_COLOURS))
    assert merges == rows * cols - 1 and panel.sets == 1
    # the finished maze is plain passages: no set colour is left for a solver's marks
    assert set(np.unique(panel.base)) == {INDEX["passage"]}


def test_the_surviving_set_keeps_its_colour_and_the_loser_takes_it():
    # a 1x3 strip: cells 0, 1, 2; merge 1 into 0: cell 1 takes cell 0's colour
    neighbours = np.array([[-1, 1, -1, -1], [-1, 2, -1, 0], [-1, -1, -1, 1]])
    sets = SetColouring(neighbours, 4, lambda i: i)
    assert sets.colour.tolist() == [0, 1, 2]
    changed = sets.merge(0, 1)
    assert changed[0] == 1 and sets.colour[:2].tolist() == [0, 0]
    assert sets.colour[2] != 0 and sorted(sets.members(1)) == [0, 1]


def test_a_clash_after_a_merge_recolours_the_neighbour():
    # 0-1-2 in a row; 2 starts with 0's colour; merging 1 into 0 makes {0,1} touch 2
    neighbours = np.array([[-1, 1, -1, -1], [-1, 2, -1, 0], [-1, -1, -1, 1]])
    sets = SetColouring(neighbours, 3, lambda i: [0, 1, 0][i])
    assert sets.colour.tolist() == [0, 1, 0]
    changed = sets.merge(0, 1)
    assert 2 in changed and sets.colour[2] not in (0,)
    assert sets.colour[0] == sets.colour[1] == 0

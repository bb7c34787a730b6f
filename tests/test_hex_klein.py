"""The hexagonal Klein bottle: the left and right edges glued straight (as on the torus),
the top to the bottom through the mirror along the middle of column 0, a mirror line of
the lattice of hexagons. Its neighbour relation is checked against the geometry itself
(every hexagon's six neighbours in the plane, brought back into the rectangle by the glide
reflection and the translation that make the bottle) and found symmetric."""
from __future__ import annotations

import math

import numpy as np
import pytest

import visualizer as viz
from visualizer.grids import make_grid
from visualizer.grids.kinds import GridError

S3 = math.sqrt(3.0)
#: the six sides' steps between centres (x right, y down; unit radius), N NE SE S SW NW
STEPS = [(0.0, -S3), (1.5, -S3 / 2), (1.5, S3 / 2), (0.0, S3), (-1.5, S3 / 2), (-1.5, -S3 / 2)]
SIZES = [(1, 2), (2, 2), (3, 4), (4, 6), (5, 8), (6, 10), (2, 12), (7, 4)]


def centre(r: int, c: int) -> tuple[float, float]:
    return 1.5 * c, S3 * r + (S3 / 2 if c % 2 else 0.0)


def cell_at(x: float, y: float) -> tuple[int, int]:
    c = round(x / 1.5)
    return round((y - (S3 / 2 if c % 2 else 0.0)) / S3), c


def side_of(dx: float, dy: float) -> int:
    return min(range(6), key=lambda k: math.hypot(STEPS[k][0] - dx, STEPS[k][1] - dy))


def glued(rows: int, cols: int, r: int, c: int, side: int) -> tuple[int, int, int, bool]:
    """The cell across `side` of (r, c) on the bottle, the side it is entered by, and
    whether the move was mirrored: the neighbour's centre in the plane, moved into the
    rectangle by the glide reflection (x, y) -> (-x, y ± rows·√3) and the translation
    (x, y) -> (x ± cols·1.5, y); the way back, the opposite step, moved by the same maps
    (a mirror reverses x)."""
    x, y = centre(r, c)
    dx, dy = STEPS[side]
    x, y = x + dx, y + dy
    back = (-dx, -dy)
    rr, cc = cell_at(x, y)
    mirrors = 0
    while not 0 <= rr < rows:
        x, y = -x, y + (S3 * rows if rr < 0 else -S3 * rows)
        back, mirrors = (-back[0], back[1]), mirrors + 1
        rr, cc = cell_at(x, y)
    return rr, cc % cols, side_of(*back), mirrors % 2 == 1


@pytest.mark.parametrize("rows,cols", SIZES)
def test_the_bottles_neighbours_are_the_geometrys(rows, cols):
    grid = make_grid("hex", rows, cols, "klein")
    target, entered, flipped = grid.step_table
    for i in range(rows * cols):
        r, c = divmod(i, cols)
        for side in range(6):
            rr, cc, back, mirrored = glued(rows, cols, r, c, side)
            assert divmod(int(target[i, side]), cols) == (rr, cc), (r, c, side)
            assert int(entered[i, side]) == back, (r, c, side)
            assert bool(flipped[i, side]) == mirrored, (r, c, side)


@pytest.mark.parametrize("rows,cols", SIZES)
def test_the_bottles_neighbour_relation_is_symmetric(rows, cols):
    """Across every side and back across the side it enters by: home, by the same side;
    so `b` is a neighbour of `a` exactly when `a` is one of `b`, as often."""
    grid = make_grid("hex", rows, cols, "klein")
    target, entered, _ = grid.step_table
    there = target.reshape(-1)
    i = np.repeat(np.arange(rows * cols), 6)
    s = np.tile(np.arange(6), rows * cols)
    j, t = there[i * 6 + s], entered.reshape(-1)[i * 6 + s]
    assert (j >= 0).all()
    assert (target[j, t] == i).all() and (entered[j, t] == s).all()
    pairs = sorted(zip(i.tolist(), j.tolist()))
    assert pairs == sorted(zip(j.tolist(), i.tolist()))


def test_an_odd_column_count_is_refused_with_the_reason():
    with pytest.raises(GridError, match="Klein bottle needs an even number of columns"):
        make_grid("hex", 4, 5, "klein")


@pytest.mark.parametrize("generator", ["backtracker", "wilson", "aldous_broder", "kruskal"])
def test_perfect_generators_make_spanning_trees_of_the_bottle(generator):
    maze = viz.maze(5, 6, "klein", grid="hex")
    list(viz.generate(maze, generator, seed=4))
    links = viz.adjacency(maze)
    edges = sum(len(v) for v in links.values()) // 2
    assert edges == 5 * 6 - 1
    seen, todo = {(0, 0)}, [(0, 0)]
    while todo:
        for other in links[todo.pop()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    assert len(seen) == 30

"""Every generator that only asks for neighbours, on every grid, surface and a few sizes
(tiny ones included): a spanning tree of `viz.neighbours`, both faces of every wall
agreeing, replay equal to the model; the row-based ones refused with the reason."""
from __future__ import annotations

import numpy as np
import pytest

import visualizer as viz
from tiers import tiered
from visualizer import registry
from visualizer.grids import GRIDS, GridError, GridKind
from visualizer.maze import replay

GENERATORS = registry.algorithms("generator")
ON_EVERY_GRID = sorted(n for n, a in GENERATORS.items() if a.grids == registry.ALL_GRIDS)
SIZES = [(1, 1), (1, 2), (2, 2), (3, 4), (6, 6)]
MASKS = {"square": ["X...", "....", "..X.", "...."], "hex": ["X...", "....", "..X.", "...."],
         "triangle": ["X..X", "....", "....", "X..X"], "polar": None}


def cases():
    for kind, shape in GRIDS.items():
        if kind == GridKind.SQUARE:
            continue
        for surface in shape.surfaces:
            for rows, cols in SIZES:
                try:
                    viz.maze(rows, cols, surface, grid=kind)
                except GridError:
                    continue
                yield kind.value, surface, rows, cols, None
        mask = MASKS[kind.value]
        if mask:
            yield kind.value, "plane", 4, 4, mask
    yield "square", "torus", 4, 4, MASKS["square"]
    yield "square", "klein", 4, 4, MASKS["square"]


CASES = list(cases())


def case_id(case):
    kind, surface, rows, cols, mask = case
    return f"{kind}-{surface}-{rows}x{cols}{'-mask' if mask else ''}"


def check_tree(maze):
    """The maze is a spanning tree of its grid's neighbour relation, walls agreeing."""
    assert maze.is_perfect()
    near, links = viz.neighbours(maze), viz.adjacency(maze)
    assert sum(map(len, links.values())) == 2 * (maze.cell_count - 1)
    for cell, linked in links.items():
        assert set(linked) <= set(near[cell]), cell
    seen, todo = {maze.grid.cells[0]}, [maze.grid.cells[0]]
    while todo:
        for there in links[todo.pop()]:
            if there not in seen:
                seen.add(there)
                todo.append(there)
    assert seen == set(maze.grid.cells)
    target, entered, _ = maze.grid.step_table
    flat = maze.faces.reshape(-1, maze.degree)
    i, s = np.nonzero(target >= 0)
    assert (flat[i, s] == flat[target[i, s], entered[i, s]]).all()
    assert not flat[~maze.grid.exists].any()


@pytest.mark.parametrize("name", ON_EVERY_GRID)
@pytest.mark.parametrize("case", tiered(CASES, lambda c: c[2] * c[3] in (1, 12, 16), case_id))
def test_every_neighbour_generator_makes_a_spanning_tree_on_every_grid(name, case):
    kind, surface, rows, cols, mask = case
    maze = viz.maze(rows, cols, surface, grid=kind, mask=mask)
    events = list(viz.generate(maze, name, seed=rows * 7 + cols))
    check_tree(maze)
    assert replay(events) == maze
    sides = maze.grid.sides
    assert all(type(e.side) is sides for e in events if hasattr(e, "side")
               and e.side is not None)


def test_the_same_seed_gives_the_same_maze_on_a_hex_grid():
    for name in ON_EVERY_GRID:
        a, b = viz.maze(5, 6, "torus", grid="hex"), viz.maze(5, 6, "torus", grid="hex")
        assert list(viz.generate(a, name, seed=4)) == list(viz.generate(b, name, seed=4))
        assert a == b


def test_the_neighbour_generators_are_the_issues_list():
    assert set(ON_EVERY_GRID) == {"aldous_broder", "backtracker", "growing_tree",
                                  "hunt_and_kill", "kruskal", "kruskal_naive", "prim",
                                  "prim_true", "reverse_delete", "wilson"}


@pytest.mark.parametrize("name", sorted(set(GENERATORS) - set(ON_EVERY_GRID)))
def test_row_based_generators_are_refused_on_other_grids_with_the_reason(name):
    algo = GENERATORS[name]
    assert algo.grid_refusal("square") is None
    for kind in ("hex", "triangle", "polar"):
        why = algo.grid_refusal(kind)
        assert why is not None and f"`{name}` cannot run on a {kind} grid" in why
        assert "row" in why or "square" in why


@pytest.mark.parametrize("kind,surface", [("hex", "torus"), ("triangle", "plane"),
                                          ("polar", "plane")])
def test_a_walk_off_the_square_is_the_grids_steps(kind, surface):
    """`walk_any` (Aldous–Broder's walk, a `Walked` trail replayed) steps across the
    grid's sides, staying put where a side leads nowhere."""
    from visualizer.maze.trail import trail_cells

    maze = viz.maze(4, 6, surface, grid=kind)
    rng = np.random.default_rng(3)
    sides = rng.integers(0, maze.degree, 500, dtype=np.uint8)
    here = maze.grid.flat_cells[0]
    want = []
    for side in sides.tolist():
        step = maze.move(divmod(int(here), maze.cols), side)
        if step is not None:
            here = step.cell[0] * maze.cols + step.cell[1]
        want.append(int(here))
    target = maze.grid.step_table[0]
    got = trail_cells(target, maze.cols, int(maze.grid.flat_cells[0]), sides.tobytes(),
                      target.tolist())
    assert got.tolist() == want


@pytest.mark.parametrize("surface,rows,cols", [("plane", 5, 7), ("torus", 4, 6), ("plane", 1, 1),
                                               ("torus", 1, 2)])
def test_the_hex_walk_by_sums_is_the_step_by_step_walk(surface, rows, cols):
    from visualizer.maze.trail import walk_any, walk_hex

    maze = viz.maze(rows, cols, surface, grid="hex")
    target = maze.grid.step_table[0]
    rng = np.random.default_rng(rows * cols)
    for start in range(rows * cols):
        sides = rng.integers(0, 6, 700, dtype=np.uint8)
        assert walk_hex(target, cols, start, sides).tolist() == \
            walk_any(target.tolist(), start, sides).tolist()


def _disc_steps(target, start, draws):
    """A disc walk step by step: a draw is a side index (CW, CCW, IN, OUT0, OUT1, OUT2),
    the centre's outward sides OUT0 … OUT5; a side leading nowhere stays put."""
    here, out = start, []
    for draw in draws.tolist():
        there = int(target[here, draw + (3 if here == 0 else 0)])
        here = here if there < 0 else there
        out.append(here)
    return out


#: the fast tier: the centre alone, and six rings (every doubling of the ring's cells and a
#: band of equal rings)
@pytest.mark.parametrize("rings", tiered([1, 2, 3, 4, 6, 9, 14, 30], lambda n: n in (1, 6)))
def test_the_disc_walk_by_sums_is_the_step_by_step_walk(rings):
    """Every start, long walks (in and out of every band of rings, round the rim, through
    the centre), and a batch of one step."""
    from visualizer.grids import ring_counts
    from visualizer.maze.trail import walk_polar

    maze = viz.maze(rings, 1, grid="polar")
    target, cols = maze.grid.step_table[0], maze.cols
    rng = np.random.default_rng(rings)
    for start in maze.grid.flat_cells.tolist():
        for length in (1, 3000 if rings < 9 else 300):
            draws = rng.integers(0, 6, length, dtype=np.uint8)
            assert walk_polar(target, cols, ring_counts(rings), start, draws).tolist() == \
                _disc_steps(target, start, draws), (start, length)
    draws = rng.integers(0, 6, 200_000, dtype=np.uint8)
    assert walk_polar(target, cols, ring_counts(rings), 0, draws).tolist() == \
        _disc_steps(target, 0, draws)


def test_the_front_door_refuses_a_generator_or_solver_its_grid_cannot_take():
    with pytest.raises(ValueError, match="cannot run on a hex grid .every cell links north"):
        viz.generate(viz.maze(3, 4, grid="hex"), "binary_tree")
    maze = viz.maze(3, 4, grid="triangle")
    list(viz.generate(maze, "kruskal"))
    with pytest.raises(ValueError, match="quarter turns"):
        viz.solve(maze, "pledge")

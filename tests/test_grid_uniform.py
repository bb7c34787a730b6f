"""Uniform stays uniform on other grids: Aldous–Broder and Wilson sample every spanning tree
of a small hex grid and a small polar disc equally often. The trees are enumerated by brute
force and their number checked against the matrix-tree theorem (Kirchhoff: any cofactor of
the grid's Laplacian); a chi-square test compares the counts of many mazes with the uniform
distribution, and the same test tells the backtracker's bias apart, so it can fail."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

import visualizer as viz
from visualizer import registry

#: (grid, rows, cols, spanning trees (Kirchhoff), mazes sampled per tree)
CASES = [("hex", 2, 3, 55, 30), ("polar", 2, 1, 320, 10), ("triangle", 3, 4, 35, 40)]


def kirchhoff(maze) -> int:
    """The number of spanning trees of the grid's cell graph: a cofactor of its Laplacian."""
    cells = maze.grid.flat_cells.tolist()
    index = {c: k for k, c in enumerate(cells)}
    laplacian = np.zeros((len(cells), len(cells)))
    target = maze.grid.step_table[0]
    for i in cells:
        for j in target[i].tolist():
            if j >= 0 and j != i:
                laplacian[index[i], index[i]] += 1
                laplacian[index[i], index[j]] -= 1
    return round(np.linalg.det(laplacian[1:, 1:]))


def spanning_trees(maze) -> set[frozenset]:
    """Every spanning tree of the grid's cell graph, as sets of wall face codes."""
    walls = maze.grid.wall_faces.tolist()
    target, d = maze.grid.step_table[0], maze.degree
    cells = maze.grid.flat_cells.tolist()
    trees = set()
    for subset in itertools.combinations(walls, len(cells) - 1):
        parent = {c: c for c in cells}

        def find(x: int, parent: dict[int, int] = parent) -> int:
            while parent[x] != x:
                x = parent[x]
            return x
        for face in subset:
            a, b = find(face // d), find(int(target.reshape(-1)[face]))
            if a == b:
                break
            parent[a] = b
        else:
            trees.add(frozenset(subset))
    return trees


def tree_counts(generator: str, kind: str, rows: int, cols: int, samples: int,
                seed: int) -> dict[frozenset, int]:
    """How often each tree (its open wall faces) comes out of `samples` runs."""
    func = registry.get("generator", generator).func
    rng = np.random.default_rng(seed)
    maze = viz.maze(rows, cols, grid=kind)
    walls = maze.grid.wall_faces
    counts: dict[frozenset, int] = {}
    for _ in range(samples):
        maze.faces[:] = False
        for _ in func(maze, rng=rng):
            pass
        tree = frozenset(walls[maze.faces.reshape(-1)[walls]].tolist())
        counts[tree] = counts.get(tree, 0) + 1
    return counts


@pytest.mark.parametrize("kind,rows,cols,expected,per_tree", CASES)
def test_the_brute_force_count_is_kirchhoffs(kind, rows, cols, expected, per_tree):
    maze = viz.maze(rows, cols, grid=kind)
    assert len(spanning_trees(maze)) == kirchhoff(maze) == expected


def p_value(generator, kind, rows, cols, expected, per_tree, seed=23):
    trees = spanning_trees(viz.maze(rows, cols, grid=kind))
    counts = tree_counts(generator, kind, rows, cols, expected * per_tree, seed)
    assert set(counts) <= trees                      # only spanning trees come out ...
    observed = [counts.get(tree, 0) for tree in trees]
    from scipy.stats import chisquare     # here: importing scipy.stats takes seconds
    return min(observed), chisquare(observed).pvalue


#: the fast tier samples Wilson's mazes on every grid; Aldous-Broder's (the same walk on
#: the same step tables, checked step by step in test_grid_generators, and uniform on
#: the square grid's surfaces in test_catalogue_uniform) walk long: the full suite only
@pytest.mark.parametrize("generator,kind,rows,cols,expected,per_tree", [
    pytest.param(g, *case, id=f"{g}-{case[0]}",
                 marks=pytest.mark.slow if g == "aldous_broder" else ())
    for g in ("wilson", "aldous_broder") for case in CASES])
def test_uniform_spanning_trees_on_other_grids(generator, kind, rows, cols, expected,
                                               per_tree):
    fewest, p = p_value(generator, kind, rows, cols, expected, per_tree)
    assert fewest > 0                                 # ... every one of them ...
    assert p > 0.01                                   # ... equally often


def test_the_chi_square_test_sees_the_backtrackers_bias_on_a_hex_grid():
    _, p = p_value("backtracker", "hex", 2, 3, 55, 30)
    assert p < 1e-6

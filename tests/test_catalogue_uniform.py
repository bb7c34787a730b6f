"""Quality bar 2: Aldous–Broder and Wilson sample every spanning tree equally often.

The spanning trees are enumerated by brute force (every set of cells − 1 walls that joins
all the cells), on the 3×3 plane (192 trees), on a 2×3 Klein bottle (a twisted gluing and
double edges: 350 trees), a 2×3 projective plane (both gluings twisted: 300 trees) and a 2×2
sphere (two corner walls glued to themselves, never in a tree: 12 trees); a chi-square test
compares the counts of many mazes with the uniform distribution. The same test tells a
biased generator apart (the backtracker), so it can fail; and weighted Prim makes Kruskal's
distribution, not the uniform one.
"""
from __future__ import annotations

import numpy as np
import pytest

from visualizer import registry
from visualizer.maze import Maze
from visualizer.maze.spanning import spanning_trees
from tiers import tiered

def chisquare(observed):
    """scipy's chi-square test, imported when a test runs (scipy.stats takes seconds to
    import, which every test process would pay while collecting)."""
    from scipy.stats import chisquare as test
    return test(observed)


def chi2_contingency(table):
    from scipy.stats import chi2_contingency as test
    return test(table)


#: (surface, rows, cols, spanning trees, mazes sampled per tree)
CASES = [("plane", 3, 3, 192, 15), ("klein", 2, 3, 350, 10), ("projective", 2, 3, 300, 10),
         ("sphere", 2, 2, 12, 100)]


def tree_counts(generator: str, name: str, rows: int, cols: int, samples: int,
                seed: int) -> dict[frozenset, int]:
    """How often each spanning tree (as its set of open walls) comes out of `samples` runs of
    `generator`, one random stream for all of them."""
    func = registry.get("generator", generator).func
    rng = np.random.default_rng(seed)
    maze = Maze(rows, cols, name)
    by_faces: dict[bytes, int] = {}
    for _ in range(samples):
        maze.faces[:] = False
        for _ in func(maze, rng=rng):
            pass
        key = maze.faces.tobytes()
        by_faces[key] = by_faces.get(key, 0) + 1
    counts = {}
    for key, count in by_faces.items():
        maze.faces[:] = np.frombuffer(key, dtype=bool).reshape(maze.faces.shape)
        counts[frozenset(maze.open_walls())] = count
    return counts


@pytest.mark.parametrize("name,rows,cols,expected,per_tree", CASES)
def test_the_brute_force_count_of_spanning_trees(name, rows, cols, expected, per_tree):
    # 192 for the 3x3 grid is the known count (Kirchhoff's theorem)
    assert len(spanning_trees(name, rows, cols)) == expected


@pytest.mark.parametrize("generator, name, rows, cols, expected, per_tree", tiered(
    [(generator, *case) for generator in ("aldous_broder", "wilson") for case in CASES],
    lambda case: case[0] == "wilson",   # Aldous-Broder's walks are long: the full suite
    lambda case: f"{case[0]}-{case[1]}", spread=True))
def test_uniform_spanning_trees(generator, name, rows, cols, expected, per_tree):
    trees = spanning_trees(name, rows, cols)
    counts = tree_counts(generator, name, rows, cols, expected * per_tree, seed=12)
    assert set(counts) <= trees                      # only spanning trees come out ...
    observed = [counts.get(tree, 0) for tree in trees]
    assert min(observed) > 0                         # ... every one of them ...
    assert chisquare(observed).pvalue > 0.01         # ... equally often


def test_the_chi_square_test_sees_a_biased_generator():
    trees = spanning_trees("plane", 3, 3)
    counts = tree_counts("backtracker", "plane", 3, 3, 192 * 10, seed=12)
    observed = [counts.get(tree, 0) for tree in trees]
    assert chisquare(observed).pvalue < 1e-6


def test_weighted_prim_makes_kruskal_mazes():
    """A minimum spanning tree of random weights does not depend on the algorithm: Prim's
    queue and Kruskal's random order give one distribution (not the uniform one)."""
    trees = sorted(spanning_trees("plane", 3, 3), key=sorted)
    prim = tree_counts("prim_true", "plane", 3, 3, 192 * 15, seed=3)
    kruskal = tree_counts("kruskal", "plane", 3, 3, 192 * 15, seed=4)
    table = [[prim.get(t, 0) for t in trees], [kruskal.get(t, 0) for t in trees]]
    assert chi2_contingency(table).pvalue > 0.01
    assert chisquare(table[0]).pvalue < 1e-4          # and it is not uniform

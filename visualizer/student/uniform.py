"""Does a student's generator pick every maze equally often? Many runs on a 3x3 plane, each
maze counted against the 192 spanning trees of that grid, and a chi-square test of the
counts against the uniform distribution (Aldous–Broder and Wilson pass it; a backtracker,
Prim or Kruskal fail it by far).

The p-value is computed here (the regularized upper incomplete gamma function, by its
series or continued fraction) so that checking needs no scipy; the tests compare it with
scipy's.
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..maze import Maze
from ..maze.spanning import spanning_trees
from .limits import Limits, global_random_state, memory_cap
from .problems import Problem, ProblemKind
from .run import GENERATOR, global_random_problems, run

GRID = ("plane", 3, 3)
PER_TREE = 10          # runs per spanning tree: 1,920 on the 3x3 plane
P_FLOOR = 1e-3         # a p-value below this says "not uniform"


def _series(a: float, x: float) -> float:
    """P(a, x) by its series (x < a + 1)."""
    term = total = 1.0 / a
    n = a
    for _ in range(10_000):
        n += 1
        term *= x / n
        total += term
        if abs(term) < abs(total) * 1e-15:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _fraction(a: float, x: float) -> float:
    """Q(a, x) by its continued fraction (x ≥ a + 1), Lentz's method."""
    tiny = 1e-300
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return h * math.exp(-x + a * math.log(x) - math.lgamma(a))


def chi_square_p(observed: list[int]) -> float:
    """The p-value of the chi-square test of `observed` counts against equal counts."""
    total, k = sum(observed), len(observed)
    if k < 2 or total == 0:
        return 1.0
    expected = total / k
    statistic = sum((o - expected) ** 2 for o in observed) / expected
    a, x = (k - 1) / 2, statistic / 2
    if x <= 0:
        return 1.0
    return 1 - _series(a, x) if x < a + 1 else _fraction(a, x)


@dataclass(frozen=True)
class Uniformity:
    """The outcome: mazes made, distinct trees seen, the p-value, or the problem."""

    mazes: int
    seen: int
    trees: int
    p: float
    problem: Problem | None


def _by_tree(by_faces: Counter, maze: Maze) -> Counter:
    """Counts by the maze's faces as counts by tree (its set of open walls)."""
    out: Counter = Counter()
    for key, count in by_faces.items():
        maze.faces[:] = np.frombuffer(key, dtype=bool).reshape(maze.faces.shape)
        out[frozenset(maze.open_walls())] += count
    return out


def uniformity(function: Callable, limits: Limits, *, walls_open: bool = False,
               per_tree: int = PER_TREE) -> Uniformity:
    """Run the student's generator `per_tree` times per spanning tree of the 3x3 plane
    (seed k for the k-th run) and test the trees' counts for uniformity."""
    name, rows, cols = GRID
    trees = spanning_trees(name, rows, cols)
    counts: Counter = Counter()
    samples = per_tree * len(trees)
    before = global_random_state()
    with memory_cap(limits.memory_limit):
        for seed in range(samples):
            maze = Maze(rows, cols, name, walls_open=walls_open)
            record = run(function, GENERATOR, maze, np.random.default_rng(seed),
                         limits=limits, walls_open=walls_open, batch=True)
            problem = record.stopped
            if problem is None and not maze.is_perfect():
                problem = Problem(ProblemKind.NOT_PERFECT, f"seed {seed} on the 3x3 plane "
                                  "gave a maze that is not perfect")
            if problem is not None:
                return Uniformity(seed, len(counts), len(trees), 0.0, problem)
            counts[maze.faces.tobytes()] += 1
    used = global_random_problems(before)
    if used:
        return Uniformity(samples, len(counts), len(trees), 0.0, used[0])
    counts = _by_tree(counts, Maze(rows, cols, name))
    p = chi_square_p([counts.get(tree, 0) for tree in trees])
    problem = None
    if p < P_FLOOR:
        problem = Problem(ProblemKind.FINGERPRINT, (
            f"not uniform: over {samples:,} mazes on a 3x3 grid the {len(trees)} spanning "
            f"trees came out unevenly (chi-square p = {p:.1e}; {len(counts)} seen): "
            "Aldous–Broder and Wilson pick every maze equally often"))
    return Uniformity(samples, len(counts), len(trees), p, problem)


__all__ = ["GRID", "PER_TREE", "P_FLOOR", "Uniformity", "chi_square_p", "uniformity"]

"""Why the backtracker's solution share depends on where it starts and on the maze's size.

    python benchmarks/texture_solution_share.py                 # 40x40, 50 mazes each
    python benchmarks/texture_solution_share.py --sizes 20,40,100 --mazes 20
    python benchmarks/texture_solution_share.py --quick     # 10x10 and 20x20, 3 mazes

For each size and each way of choosing where the backtracker starts carving (a random cell,
our default, or the entrance corner (0, 0)), it prints the mean share of the cells on the
corner-to-corner solution, with its spread, plus the share for other entrance/exit choices
(the middles of the top and bottom rows, two random border cells, the longest path).
A depth-first tree's path from its root is the stack when the cell was reached, long by
nature: carving from the entrance makes the solution that path.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from visualizer.maze import stats
from visualizer.generators.backtracker import backtracker
from visualizer.maze import Maze


def shares(n: int, seed: int, start: tuple[int, int] | None) -> dict[str, float]:
    """The solution shares of one n x n backtracker maze (seed `seed`, carved from `start`)."""
    rng = np.random.default_rng(seed)
    maze = Maze(n, n)
    for _ in backtracker(maze, rng=rng, start=start):
        pass
    adj = stats.adjacency(maze)

    def share(a: tuple[int, int], b: tuple[int, int]) -> float:
        return (stats.distances(adj, a)[b] + 1) / maze.cells

    border = ([(0, c) for c in range(n)] + [(n - 1, c) for c in range(n)]
              + [(r, 0) for r in range(n)] + [(r, n - 1) for r in range(n)])
    a, b = (border[int(i)] for i in rng.integers(len(border), size=2))
    return {"corner to corner": share((0, 0), (n - 1, n - 1)),
            "top middle to bottom middle": share((0, n // 2), (n - 1, n // 2)),
            "two random border cells": share(a, b),
            "longest path": (stats.diameter(maze, adj)[0] + 1) / maze.cells}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="40")
    parser.add_argument("--mazes", type=int, default=50)
    parser.add_argument("--quick", action="store_true", help="sizes 10 and 20, 3 mazes each")
    args = parser.parse_args()
    if args.quick:
        args.sizes, args.mazes = "10,20", 3
    for n in map(int, args.sizes.split(",")):
        for label, start in (("carved from a random cell", None),
                             ("carved from the entrance (0, 0)", (0, 0))):
            rows = [shares(n, seed, start) for seed in range(args.mazes)]
            print(f"{n}x{n}, {args.mazes} mazes, {label}:")
            for key in rows[0]:
                values = np.array([r[key] for r in rows])
                print(f"  {key:<28} {values.mean():6.1%}  (sd {values.std():.1%}, "
                      f"min {values.min():.1%}, max {values.max():.1%})")


if __name__ == "__main__":
    main()

"""The texture of each neighbour-only generator on each grid: dead-end share, junction
share and river (mean corridor length), averaged over a few seeds, on mazes of about
`--size`² cells (polar: as many rings as give about that many cells).

Run: python benchmarks/grid_texture.py [--size 30] [--seeds 3]
     python benchmarks/grid_texture.py --quick     # 10x10, one seed
"""
from __future__ import annotations

import argparse
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import visualizer as viz  # noqa: E402
from visualizer import registry  # noqa: E402
from visualizer.grids import ring_counts  # noqa: E402
from visualizer.maze.stats import compute_maze_stats  # noqa: E402


def rings_for(cells: int) -> int:
    rings = 1
    while sum(ring_counts(rings + 1)) <= cells:
        rings += 1
    return rings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=30)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="10x10, one seed")
    args = parser.parse_args()
    if args.quick:
        args.size, args.seeds = 10, 1
    shapes = [("square", args.size, args.size), ("hex", args.size, args.size),
              ("triangle", args.size, args.size), ("polar", rings_for(args.size ** 2), 1)]
    names = [n for n, a in registry.algorithms("generator").items()
             if a.grids == registry.ALL_GRIDS and n != "kruskal_naive"]
    print("dead-end share / junction share / river, mean of", args.seeds, "seeds")
    print(f"{'generator':<15}" + "".join(f"{k:>22}" for k, _, _ in shapes))
    for name in names:
        row = []
        for kind, rows, cols in shapes:
            figures = [0.0, 0.0, 0.0]
            for seed in range(args.seeds):
                maze = viz.maze(rows, cols, grid=kind)
                for _ in viz.generate(maze, name, seed=seed):
                    pass
                stats = compute_maze_stats(maze)
                figures[0] += stats["dead_end_share"] / args.seeds
                figures[1] += stats["junction_share"] / args.seeds
                figures[2] += (stats["river"] or 0.0) / args.seeds
            row.append(f"{figures[0]:.3f} {figures[1]:.3f} {figures[2]:5.2f}")
        print(f"{name:<15}" + "".join(f"{r:>22}" for r in row), flush=True)


if __name__ == "__main__":
    main()

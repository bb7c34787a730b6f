"""Weaves by the numbers: for each generator that weaves, on `--size`² square cells, the
share of cells crossed (a tunnel under them), the dead-end and junction shares and the
river (mean corridor length) with and without `weave`, and the longest shortest path,
averaged over a few seeds; every maze checked perfect counting each crossing.

Run: python benchmarks/weave_figures.py [--size 20] [--seeds 10]
     python benchmarks/weave_figures.py --quick    # 8x8, 2 seeds
"""
from __future__ import annotations

import argparse
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import visualizer as viz  # noqa: E402
from visualizer import registry  # noqa: E402
from visualizer.maze.stats import compute_maze_stats  # noqa: E402

KEYS = ("crossed", "dead_end_share", "junction_share", "river", "longest")


def figures(name: str, size: int, seeds: int, weave: bool) -> dict[str, float]:
    total = dict.fromkeys(KEYS, 0.0)
    for seed in range(seeds):
        maze = viz.maze(size, size, weave=weave)
        for _ in viz.generate(maze, name, seed=seed):
            pass
        assert maze.is_perfect(), (name, seed)
        stats = compute_maze_stats(maze)
        total["crossed"] += len(maze.crossings) / maze.cells / seeds
        for key in KEYS[1:4]:
            total[key] += (stats[key] or 0.0) / seeds
        total["longest"] += stats["longest_path"] / seeds
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=20)
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--quick", action="store_true", help="8x8 cells, 2 seeds")
    args = parser.parse_args()
    if args.quick:
        args.size, args.seeds = 8, 2
    names = [n for n, a in registry.algorithms("generator").items() if a.extra.get("weave")]
    print(f"{args.size}x{args.size}, mean of {args.seeds} seeds, every maze perfect")
    print(f"{'generator':<13}{'weave':>6}" + "".join(f"{k:>16}" for k in KEYS))
    for name in names:
        for weave in (False, True):
            row = figures(name, args.size, args.seeds, weave)
            print(f"{name:<13}{'yes' if weave else 'no':>6}"
                  + "".join(f"{row[k]:>16.3f}" for k in KEYS), flush=True)


if __name__ == "__main__":
    main()

"""Benchmark: chosen generators against the recursive backtracker, full event streams on
plane mazes, each run interleaved with the backtracker's and the best of `--repeat` kept.

On a machine shared with other work one run says more about the neighbours than about the
code: interleaving the runs and keeping each one's best CPU time makes the ratios steady.
Printed per size: the backtracker's seconds, then per generator its seconds, its ratio to
the backtracker and its events; then each generator's growth from one size to the next
next to the growth in cells (linear code grows like the cells).

Run: python benchmarks/bench_generators_1000.py [--sizes 100 300 1000] [--repeat 3]
         [--names hunt_and_kill,prim_true,...]
     python benchmarks/bench_generators_1000.py --quick     # 30² and 60², once: seconds
"""
from __future__ import annotations

import argparse
import gc
import pathlib
import sys
import time
from collections import deque

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from visualizer import registry  # noqa: E402
from visualizer.maze import Maze  # noqa: E402
from visualizer.surfaces import make_surface  # noqa: E402

BASELINE = "backtracker"
#: the catalogue's linear generators (reverse-delete and the naive Kruskal are slow by
#: design; Aldous–Broder and Wilson are random walks, timed elsewhere)
NAMES = ("hunt_and_kill", "prim", "prim_true", "growing_tree", "eller", "recursive_division",
         "sidewinder", "binary_tree", "kruskal")


def run(name: str, n: int, seed: int = 0) -> tuple[float, int]:
    """CPU seconds and events of one `n x n` plane maze by `name`, from a fresh surface."""
    algo = registry.get("generator", name)
    make_surface.cache_clear()
    gc.collect()
    t0 = time.process_time()
    maze = Maze(n, n, "plane")
    count = deque(enumerate(algo.func(maze, rng=np.random.default_rng(seed)), 1), maxlen=1)
    return time.process_time() - t0, count[0][0] if count else 0


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 300, 1000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--names", default=",".join(NAMES))
    parser.add_argument("--quick", action="store_true", help="sizes 30 and 60, one run each")
    args = parser.parse_args(argv)
    if args.quick:
        args.sizes, args.repeat = [30, 60], 1
    names = [x for x in args.names.split(",") if x and x != BASELINE]
    best: dict[str, list[float]] = {name: [] for name in [BASELINE] + names}
    for n in args.sizes:
        times = {name: float("inf") for name in best}
        events = {}
        for _ in range(args.repeat):
            for name in best:
                t, events[name] = run(name, n)
                times[name] = min(times[name], t)
        base = times[BASELINE]
        print(f"{n}²: {BASELINE} {base:.2f} s ({events[BASELINE]} events), best of "
              f"{args.repeat}", flush=True)
        for name in names:
            print(f"  {name:<20}{times[name]:8.2f} s {times[name] / base:6.2f}× "
                  f"{events[name]:>11} events", flush=True)
        for name in best:
            best[name].append(times[name])
    cells = [n * n for n in args.sizes]
    steps = " ".join(f"×{b / a:.1f}" for a, b in zip(cells, cells[1:]))
    print(f"growth (cells {steps})")
    for name, series in best.items():
        print(f"  {name:<20}" + " ".join(f"×{b / a:.1f}" for a, b in zip(series, series[1:])))


if __name__ == "__main__":
    main()

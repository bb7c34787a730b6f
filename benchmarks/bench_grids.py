"""Benchmark: the neighbour-only generators on every grid, against the square grid in the
same run; and the square grid against another checkout (is the square as fast as before?).

Default: for each generator that runs on every grid, one maze per grid of about `--size`²
cells (square and hex and triangle `size x size`, polar with as many rings as give about
that many cells), the full event stream consumed, the median of `--repeat` rounds (each
round runs every grid in turn); printed: the seconds and the ratio to the square grid
(the issue asks hex and triangle at most 1.5x at 300x300).

`--against DIR`: the square grid only, each generator timed in a fresh process of this
checkout and of DIR in turn (`--repeat` rounds, best of each), printed as the ratio
this / DIR: 1.00 means unchanged.

Times are the process's CPU seconds (on a shared machine the wall clock says more about the
neighbours than about the code).

Run: python benchmarks/bench_grids.py [--size 300] [--repeat 3] [--names a,b]
     python benchmarks/bench_grids.py --quick      # 30x30: seconds
     python benchmarks/bench_grids.py --against /work/main [--size 300] [--repeat 5]
"""
from __future__ import annotations

import argparse
import pathlib
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE))

import numpy as np  # noqa: E402

from visualizer import registry  # noqa: E402
from visualizer.grids import ring_counts  # noqa: E402
from visualizer.maze import Maze  # noqa: E402

#: one generator on one square maze, timed in a fresh process of a checkout (its own code)
WORKER = """
import sys, time
sys.path.insert(0, {repo!r})
import numpy as np
from visualizer import registry
from visualizer.maze import Maze
algo = registry.get("generator", {name!r})
t = time.process_time()
maze = Maze({size}, {size}, "plane")
for _ in algo.func(maze, rng=np.random.default_rng(1)):
    pass
print(time.process_time() - t)
"""


def rings_for(cells: int) -> int:
    """The number of polar rings whose disc has about `cells` cells."""
    rings = 1
    while sum(ring_counts(rings + 1)) <= cells:
        rings += 1
    return rings


def time_one(name: str, kind: str, rows: int, cols: int) -> tuple[float, int]:
    """The CPU seconds of one run of generator `name` on a fresh `kind` maze, its set-up
    included, and the maze's cell count."""
    algo = registry.get("generator", name)
    t = time.process_time()
    maze = Maze(rows, cols, "plane", grid=kind)
    for _event in algo.func(maze, rng=np.random.default_rng(1)):
        pass
    return time.process_time() - t, maze.cell_count


def grids_table(names: list[str], size: int, repeat: int) -> None:
    rings = rings_for(size * size)
    shapes = [("square", size, size), ("hex", size, size), ("triangle", size, size),
              ("polar", rings, 1)]
    print(f"{'generator':<16}" + "".join(f"{k:>22}" for k, _, _ in shapes))
    for name in names:
        runs: dict[str, list[float]] = {kind: [] for kind, _, _ in shapes}
        cells: dict[str, int] = {}
        for _ in range(repeat):          # rounds over the grids: a busy spell hits all
            for kind, rows, cols in shapes:
                seconds, cells[kind] = time_one(name, kind, rows, cols)
                runs[kind].append(seconds)
        row, base = [], 0.0
        for kind, _, _ in shapes:
            seconds = float(np.median(runs[kind]))
            base = base or seconds
            row.append(f"{seconds:8.2f}s {seconds / base:4.2f}x {cells[kind]:>6}")
        print(f"{name:<16}" + "".join(f"{r:>22}" for r in row), flush=True)


def against(other: pathlib.Path, names: list[str], size: int, repeat: int) -> None:
    print(f"square {size}x{size}: CPU seconds, best of {repeat}, here vs {other}")
    for name in names:
        best = {HERE: float("inf"), other: float("inf")}
        for _ in range(repeat):
            for repo in (HERE, other):
                code = WORKER.format(repo=str(repo), name=name, size=size)
                out = subprocess.run([sys.executable, "-c", code], capture_output=True,
                                     text=True, check=True, cwd=repo)
                best[repo] = min(best[repo], float(out.stdout))
        print(f"{name:<16} here {best[HERE]:7.3f}s  there {best[other]:7.3f}s  "
              f"ratio {best[HERE] / best[other]:5.3f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--names", default="")
    parser.add_argument("--against", type=pathlib.Path)
    parser.add_argument("--quick", action="store_true", help="30x30, one run each")
    args = parser.parse_args()
    if args.quick:
        args.size, args.repeat = 30, 1
    names = args.names.split(",") if args.names else \
        [n for n, a in registry.algorithms("generator").items() if a.grids == registry.ALL_GRIDS]
    if args.against:
        against(args.against.resolve(), names, args.size, args.repeat)
    else:
        grids_table(names, args.size, args.repeat)


if __name__ == "__main__":
    main()

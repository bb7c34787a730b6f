"""The new solvers' cost against breadth-first search in the same run: full event streams,
and the maze panel drawing them (the distance map's ramp repaints cells as it stretches).

    python benchmarks/bench_solvers.py                  # 100x100 and 300x300 Kruskal mazes
    python benchmarks/bench_solvers.py --sizes 100,300,1000
    python benchmarks/bench_solvers.py --quick          # a 20x20 maze, once: seconds

Each figure is the best of `--repeat` runs; ratios are against `bfs` on the same maze, from
the entrance (0, 0) to the exit in the opposite corner.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from visualizer import registry  # noqa: E402
from visualizer.events import Side, WallOpened  # noqa: E402
from visualizer.maze import Maze  # noqa: E402
from visualizer.render.maze_panel import MazePanel  # noqa: E402

SOLVERS = (("bfs", {}), ("distance_map", {}), ("distance_map", {"longest": True}),
           ("pledge", {}), ("random_mouse", {"max_steps": 200_000}))


def perfect(n: int) -> Maze:
    maze = Maze(n, n)
    for _ in registry.get("generator", "kruskal").func(maze, rng=np.random.default_rng(0)):
        pass
    return maze


def best(seconds: list[float]) -> float:
    return min(seconds)


def timed_stream(maze: Maze, name: str, params: dict, repeat: int) -> tuple[float, int]:
    runs, count = [], 0
    for _ in range(repeat):
        t = time.perf_counter()
        count = sum(1 for _ in registry.get("solver", name).func(
            maze, rng=np.random.default_rng(1), start=(0, 0),
            goal=(maze.rows - 1, maze.cols - 1), **params))
        runs.append(time.perf_counter() - t)
    return best(runs), count


def timed_panel(maze: Maze, name: str, params: dict, repeat: int) -> float:
    events = list(registry.get("solver", name).func(
        maze, rng=np.random.default_rng(1), start=(0, 0),
        goal=(maze.rows - 1, maze.cols - 1), **params))
    runs = []
    for _ in range(repeat):
        panel = MazePanel(maze.rows, maze.cols, cell_size=3, wall=1)
        for r, c, side in maze.open_walls():
            panel.apply(WallOpened((r, c), Side(side)))
        t = time.perf_counter()
        for event in events:
            panel.apply(event)
        runs.append(time.perf_counter() - t)
    return best(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,300")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="a 20x20 maze, one run each")
    args = parser.parse_args()
    if args.quick:
        args.sizes, args.repeat = "20", 1
    for n in map(int, args.sizes.split(",")):
        maze = perfect(n)
        base_stream = base_panel = 0.0
        print(f"{n}x{n} Kruskal maze:")
        for name, params in SOLVERS:
            stream, count = timed_stream(maze, name, params, args.repeat)
            panel = timed_panel(maze, name, params, args.repeat) if n <= 300 else float("nan")
            if name == "bfs":
                base_stream, base_panel = stream, panel
            label = name + "".join(f" {k}={v}" for k, v in params.items())
            print(f"  {label:<30} {count:>9} events  stream {stream:7.3f} s "
                  f"({stream / base_stream:4.1f}x bfs)  panel {panel:7.3f} s "
                  f"({panel / base_panel:4.1f}x bfs)")


if __name__ == "__main__":
    main()

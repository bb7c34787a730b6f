"""How long scrubbing takes: jump to random steps of a ~100,000-event stream.

    python benchmarks/bench_scrub.py [--generator backtracker] [--size 160] [--jumps 200]
    python benchmarks/bench_scrub.py --quick     # a 30x30 maze, 20 jumps: seconds

A 160x160 backtracker maze yields 102,400 events. Prints the time to load (one forward pass
that keeps the checkpoints), the checkpoints kept, and the time of a jump to a random step:
the player's seek plus composing the frame and its RGB picture (what the window shows),
median, 95th percentile and worst. The goal is every jump under 100 ms.
"""
from __future__ import annotations

import argparse
import os
import resource
import gc
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from visualizer import registry  # noqa: E402
from visualizer.maze import Maze  # noqa: E402
from visualizer.render.canvas import Canvas  # noqa: E402
from visualizer.render.maze_panel import MazePanel  # noqa: E402
from visualizer.render.palette import make_theme  # noqa: E402
from visualizer.window.player import Player  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--generator", default="backtracker")
    parser.add_argument("--size", type=int, default=160)
    parser.add_argument("--cell-size", type=int, default=2)
    parser.add_argument("--jumps", type=int, default=200)
    parser.add_argument("--quick", action="store_true", help="a 30x30 maze, 20 jumps")
    args = parser.parse_args()
    if args.quick:
        args.size, args.jumps = 30, 20

    n = args.size
    maze = Maze(n, n)
    events = list(registry.get("generator", args.generator).func(
        maze, rng=np.random.default_rng(1)))
    panel = MazePanel(n, n, cell_size=args.cell_size, wall=1)
    canvas = Canvas([panel], [args.generator])
    theme = make_theme()

    started = time.perf_counter()
    player = Player(canvas, [events])
    load = time.perf_counter() - started
    gc.freeze()   # as the window does: the checkpoints live as long as the player
    track = player.tracks[0]
    print(f"{args.generator} {n}x{n}: {len(events):,} events, frame {canvas.shape}, "
          f"loaded in {load:.1f} s, {len(track.checkpoints)} checkpoints")

    rng = np.random.default_rng(0)
    times, cpu = [], []
    for target in rng.integers(0, player.last + 1, args.jumps):
        began, began_cpu = time.perf_counter(), time.process_time()
        player.seek(int(target))
        theme.rgb(player.frame)
        times.append(time.perf_counter() - began)
        cpu.append(time.process_time() - began_cpu)
    back = []
    for _ in range(50):
        began = time.perf_counter()
        player.step(-1)
        theme.rgb(player.frame)
        back.append(time.perf_counter() - began)
    ms = sorted(t * 1e3 for t in times)
    print(f"random jumps: median {statistics.median(ms):.1f} ms, "
          f"95% {ms[int(0.95 * len(ms)) - 1]:.1f} ms, worst {ms[-1]:.1f} ms")
    cms = sorted(t * 1e3 for t in cpu)
    print(f"  the same in CPU time (what a busy machine's waiting leaves out): median "
          f"{statistics.median(cms):.1f} ms, 95% {cms[int(0.95 * len(cms)) - 1]:.1f} ms, "
          f"worst {cms[-1]:.1f} ms")
    print(f"one step back: median {statistics.median(back) * 1e3:.1f} ms, "
          f"worst {max(back) * 1e3:.1f} ms")
    print(f"peak memory {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print("every jump under 100 ms: " + ("yes" if ms[-1] < 100 else "NO"))


if __name__ == "__main__":
    main()

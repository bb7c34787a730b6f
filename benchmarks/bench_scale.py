"""Benchmark: every registered generator on big plane mazes, its full event stream consumed,
against the recursive backtracker in the same run; the surface set-up and `is_perfect`.

For each size (100², 300², 1000² by default) each generator builds one maze from a fresh
surface (its set-up included), best of `--repeat` runs. Printed: the seconds, the ratio to
the backtracker at that size, and the growth from one size to the next next to the growth
in cells (×9, then ×11.1): linear code grows like the cells. A generator whose `surfaces`
exclude the plane is skipped, and so is one too slow by design (the reason is printed), or
one whose time at the last size, grown like the cells, would pass `--budget` seconds.

Times are this process's CPU seconds unless `--clock wall`: on a machine shared with other
work the wall clock says more about the neighbours than about the code.

The random walks (Aldous–Broder, Wilson) are not linear in the cells, and cannot be: the
walk itself grows like n·log²n for Aldous–Broder (its cover time) and like n·log n for
Wilson (a mean hitting time), n the cells. Their rows print the steps per cell next to
each time (from the `Walked` events' count), so that the cost per step can be seen to stay
flat while the walk per cell grows.

Run: python benchmarks/bench_scale.py [--sizes 100 300 1000] [--repeat 1] [--budget 120]
         [--clock cpu|wall] [--only generators|setup|reverse_delete]
         [--names backtracker,aldous_broder,wilson]
     python benchmarks/bench_scale.py --quick     # 20² and 30²: seconds
"""
from __future__ import annotations

import argparse
import pathlib
import sys
import time
from collections import deque
from typing import Callable, Sequence

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from visualizer import registry  # noqa: E402
from visualizer.events import Walked  # noqa: E402
from visualizer.maze import Maze  # noqa: E402
from visualizer.surfaces import SURFACES, Surface, make_surface  # noqa: E402

BASELINE = "backtracker"
#: generators whose cost is not linear on purpose: they show a slow idea
SLOW_BY_DESIGN = {
    "reverse_delete": "one connectivity traversal per wall (quadratic by design); "
                      "timed at 40x40 below",
    "kruskal_naive": "the naive union-find relabels whole zones (its lesson); "
                     "timed up to 300x300",
}
#: the largest side a slow-by-design generator is run at in the table (0: never)
SLOW_UP_TO = {"reverse_delete": 0, "kruskal_naive": 300}


#: how time is read: this process's CPU time (steady on a shared machine) or the wall clock
CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}
clock = CLOCKS["cpu"]


#: the steps a random walker took in the last `build` run (its last `Walked` count; 0 for a
#: generator that yields none)
walk_steps = [0]


def timed(run: Callable[[], object], repeat: int) -> float:
    """The best time of `repeat` calls of `run` on `clock`, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        t0 = clock()
        run()
        best = min(best, clock() - t0)
    return best


def build(name: str, n: int, seed: int) -> Callable[[], int]:
    """A call that builds an `n x n` plane maze with generator `name` from a fresh surface,
    consumes every event and returns how many there were (the walk's steps, if any, go to
    `walk_steps`)."""
    algo = registry.get("generator", name)

    def run() -> int:
        make_surface.cache_clear()
        maze = Maze(n, n, "plane")
        count, steps = 0, 0
        for event in algo.func(maze, rng=np.random.default_rng(seed)):
            count += 1
            if event.__class__ is Walked:
                steps = event.count
        walk_steps[0] = steps
        return count

    return run


def growth(times: Sequence[float | None]) -> str:
    """'×a ×b' growth from each size to the next, '-' where a time is missing."""
    out = []
    for a, b in zip(times, times[1:]):
        out.append(f"×{b / a:.1f}" if a and b else "-")
    return " ".join(out)


def generators_table(sizes: list[int], repeat: int, budget: float, seed: int,
                     only: list[str] | None = None) -> None:
    names = [x for x in registry.algorithms("generator") if only is None or x in only]
    cells = [n * n for n in sizes]
    print(f"generators on the plane, full event streams, best of {repeat} "
          f"(cells grow {growth([float(c) for c in cells])})")
    base: list[float] = [timed(build(BASELINE, n, seed), repeat) for n in sizes]
    header = "".join(f"{f'{n}²':>18}" for n in sizes)
    print(f"{'generator':<16}{header}   growth   (steps per cell: a random walk's length)")
    for name in [BASELINE] + [x for x in names if x != BASELINE]:
        algo = registry.get("generator", name)
        if algo.surfaces is not None and "plane" not in algo.surfaces:
            print(f"{name:<16}skipped: it does not run on the plane")
            continue
        if name in SLOW_BY_DESIGN and SLOW_UP_TO.get(name, 0) == 0:
            print(f"{name:<16}skipped: {SLOW_BY_DESIGN[name]}")
            continue
        times: list[float | None] = []
        cols, notes, per_cell = [], [], []
        for k, n in enumerate(sizes):
            limit = SLOW_UP_TO.get(name)
            last = times[-1] if times else None
            projected = last * cells[k] / cells[k - 1] if last else 0.0
            if limit is not None and n > limit:
                times.append(None)
                cols.append(f"{'skipped':>18}")
                notes.append(f"{n}²: {SLOW_BY_DESIGN[name]}")
                continue
            if projected > budget:
                times.append(None)
                cols.append(f"{'skipped':>18}")
                notes.append(f"{n}²: projected {projected:.0f} s from {sizes[k - 1]}² "
                             f"(over the {budget:.0f} s budget)")
                continue
            walk_steps[0] = 0
            t = base[k] if name == BASELINE else timed(build(name, n, seed), repeat)
            times.append(t)
            cols.append(f"{t:8.2f} s {t / base[k]:5.2f}×")
            if walk_steps[0]:
                per_cell.append(f"{n}²: {walk_steps[0] / cells[k]:.1f} "
                                f"({t / walk_steps[0] * 1e9:.0f} ns per step)")
        walks = f"   steps per cell {', '.join(per_cell)}" if per_cell else ""
        print(f"{name:<16}{''.join(cols)}   {growth(times)}{walks}", flush=True)
        for note in notes:
            print(f"{'':<16}skipped at {note}")


def setup_table(sizes: list[int], repeat: int, seed: int) -> None:
    print("\nsurface set-up (step table + wall list) and is_perfect on a built maze")
    print(f"{'surface':<12}" + "".join(f"{f'{n}² set-up':>16}{'is_perfect':>12}"
                                       for n in sizes) + "   growth set-up / is_perfect")
    for name in ("plane", "torus", "projective", "sphere"):
        setups, checks, cols = [], [], []
        for n in sizes:
            def set_up(n: int = n, name: str = name) -> None:
                surface = Surface(name, n, n)
                _ = surface.step_table
                _ = surface.internal_walls
            setups.append(timed(set_up, repeat))
            maze = Maze(n, n, name)
            deque(registry.get("generator", "kruskal").func(
                maze, rng=np.random.default_rng(seed)), maxlen=0)
            checks.append(timed(maze.is_perfect, repeat))
            assert maze.is_perfect()
            cols.append(f"{setups[-1]:14.3f} s{checks[-1]:10.3f} s")
        print(f"{name:<12}{''.join(cols)}   {growth(setups)} / {growth(checks)}", flush=True)


def reverse_delete_line(repeat: int) -> None:
    if "reverse_delete" not in registry.algorithms("generator"):
        return
    runs = [timed(build("reverse_delete", 40, seed), repeat) for seed in range(3)]
    print("\nreverse_delete 40x40, full event stream: "
          + ", ".join(f"{t:.2f} s" for t in runs) + " (seeds 0, 1, 2)")


def main(argv: list[str] | None = None) -> int:
    """Runs the benchmark and prints the tables; returns the exit status."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 300, 1000])
    parser.add_argument("--repeat", type=int, default=1, help="best of this many runs")
    parser.add_argument("--budget", type=float, default=120.0,
                        help="skip a size whose projected time is over this (seconds)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", choices=("generators", "setup", "reverse_delete"))
    parser.add_argument("--names", help="generators to time, by name, comma-separated "
                                        "(default: all; the backtracker always runs)")
    parser.add_argument("--clock", choices=tuple(CLOCKS), default="cpu",
                        help="cpu: this process's CPU time (default); wall: elapsed time")
    parser.add_argument("--quick", action="store_true", help="sizes 20 and 30, one run each")
    args = parser.parse_args(argv)
    if args.quick:
        args.sizes, args.repeat = [20, 30], 1
    global clock
    clock = CLOCKS[args.clock]
    print(f"times: {args.clock} seconds")
    assert set(SURFACES) >= {"plane", "torus", "projective", "sphere"}
    if args.only in (None, "generators"):
        only = args.names.split(",") if args.names else None
        if only is not None:
            unknown = sorted(set(only) - set(registry.algorithms("generator")))
            if unknown:
                parser.error(f"--names: no generator called {', '.join(unknown)}")
        generators_table(args.sizes, args.repeat, args.budget, args.seed, only)
    if args.only in (None, "setup"):
        setup_table(args.sizes, args.repeat, args.seed)
    if args.only in (None, "reverse_delete"):
        reverse_delete_line(args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())

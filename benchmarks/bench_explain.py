"""Benchmark: what the Life explanations cost, as ratios within one run.

- **identify**: a run of soups stepped by the engine alone (`evolve`) against the same run
  watched for what it becomes (`watch`: two hashes and a picture per generation until it
  repeats), on torus grids of 128², 512² and 1024².
- **flash meter**: a whole render written with the flash meter against the same render with
  the meter's work skipped, for a maze scenario and two Life scenarios that do not need
  slowing (a render that does is written twice, by design: that is not the meter's cost);
  and the meter alone, over the frames of one render kept and offered again to fresh
  meters (less moved by the machine's load than a difference of two renders).

CPU seconds of this process, best of `--repeat` runs; the ratio is what to read (the other
engineers' work on the same 2 cores moves the seconds, much less the ratios).

Run: python benchmarks/bench_explain.py [--repeat 3] [--quick]
"""
from __future__ import annotations

import argparse
import pathlib
import sys
import tempfile
import time

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from visualizer import pipeline  # noqa: E402
from visualizer.export import flash  # noqa: E402
from visualizer.life.engine import evolve  # noqa: E402
from visualizer.life.identify import watch  # noqa: E402
from visualizer.scenario import load  # noqa: E402
from visualizer.surfaces import make_surface  # noqa: E402

SCENARIOS = ("kruskal", "life_daynight_surfaces", "life_glider_klein_twist")


def best(fn, repeat: int) -> float:
    """The least CPU seconds of `repeat` calls of `fn`."""
    out = float("inf")
    for _ in range(repeat):
        t = time.process_time()
        fn()
        out = min(out, time.process_time() - t)
    return out


def bench_identify(sizes: list[int], repeat: int) -> None:
    print("identify: evolve alone vs watched (soup density 0.35, torus)")
    for n in sizes:
        surface = make_surface("torus", n, n)
        grid = (np.random.default_rng(1).random((n, n)) < 0.35).astype(np.uint8)
        gens = max(20, 2_000_000 * 20 // (n * n) // 20)
        def alone_run(grid=grid, surface=surface, gens=gens) -> None:
            for _ in evolve(grid, "conway", surface, gens):
                pass

        def watched_run(grid=grid, surface=surface, gens=gens) -> None:
            for _ in watch(evolve(grid, "conway", surface, gens), surface):
                pass

        alone, watched = best(alone_run, repeat), best(watched_run, repeat)
        print(f"  {n:>5}²  {gens:>4} gens  evolve {alone:.3f} s  watched {watched:.3f} s  "
              f"ratio {watched / alone:.2f}")


def bench_meter(names: tuple[str, ...], repeat: int) -> None:
    print("flash meter: render with the meter vs without its work")
    offer = flash.FlashMeter.offer

    def skip(self, image, duration, dirty=None) -> None:
        self.durations.append(duration)

    with tempfile.TemporaryDirectory() as folder:
        for name in names:
            scenario = load(ROOT / "scenarios" / f"{name}.yaml")
            scenario.output = pathlib.Path(folder) / f"{name}.gif"
            flash.FlashMeter.offer = skip  # type: ignore[method-assign]
            def run(scenario=scenario) -> None:
                pipeline.render(scenario)

            without = best(run, repeat)
            flash.FlashMeter.offer = offer  # type: ignore[method-assign]
            with_meter = best(run, repeat)
            alone, frames = meter_alone(scenario, repeat)
            print(f"  {name:<26} without {without:.2f} s  with {with_meter:.2f} s  "
                  f"ratio {with_meter / without:.2f}  meter alone {alone:.3f} s "
                  f"({frames} frames)")


def meter_alone(scenario, repeat: int) -> tuple[float, int]:
    """The meter's own CPU over a render's frames, kept from one render and offered again
    to fresh meters (best of `repeat`): steadier than the difference of two renders."""
    kept: list[tuple] = []
    made: list[tuple] = []
    init, offer = flash.FlashMeter.__init__, flash.FlashMeter.offer

    def made_with(self, *args) -> None:
        made.append(args)
        init(self, *args)

    def keep(self, image, duration, dirty=None) -> None:
        kept.append((image.copy(), duration, dirty))
        offer(self, image, duration, dirty)

    flash.FlashMeter.__init__, flash.FlashMeter.offer = made_with, keep  # type: ignore
    try:
        pipeline.render(scenario)
    finally:
        flash.FlashMeter.__init__, flash.FlashMeter.offer = init, offer  # type: ignore

    def run() -> None:
        meter = flash.FlashMeter(*made[0])
        for image, duration, dirty in kept:
            meter.offer(image, duration, dirty)

    return best(run, repeat), len(kept)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="128² and one scenario")
    args = parser.parse_args()
    bench_identify([128] if args.quick else [128, 512, 1024], args.repeat)
    bench_meter(SCENARIOS[:1] if args.quick else SCENARIOS, args.repeat)


if __name__ == "__main__":
    main()

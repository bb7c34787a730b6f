"""Benchmark: a 1024x1024 torus soup stepped 1000 generations, in cell-updates per second,
against bgolly (QuickLife) on the same bounded torus when it is installed.

Run: python benchmarks/bench_life.py [--size 1024] [--generations 1000] [--rule conway]
     python benchmarks/bench_life.py --quick     # 64x64, 20 generations, once: seconds
     python benchmarks/bench_life.py --against DIR   # also another checkout's engine, the
                                                     # two runs interleaved: a time ratio
"""
from __future__ import annotations

import argparse
import importlib
import importlib.util
import pathlib
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from visualizer.life.engine import Stepper  # noqa: E402
from visualizer.life.formats import write_rle  # noqa: E402
from visualizer.life.golly import bgolly_path, run_bgolly, time_bgolly  # noqa: E402
from visualizer.life.patterns import random_soup  # noqa: E402
from visualizer.surfaces import Surface  # noqa: E402


def engine_of(checkout: pathlib.Path):
    """The `visualizer.life.engine` module of another checkout, imported as its own
    package (`vz_against`) beside this one."""
    spec = importlib.util.spec_from_file_location(
        "vz_against", checkout / "visualizer" / "__init__.py",
        submodule_search_locations=[str(checkout / "visualizer")])
    assert spec is not None and spec.loader is not None
    package = importlib.util.module_from_spec(spec)
    sys.modules["vz_against"] = package
    spec.loader.exec_module(package)
    return importlib.import_module("vz_against.life.engine")


def against(checkout: pathlib.Path, soup: np.ndarray, rule: str, surface: Surface,
            gens: int, repeat: int) -> None:
    """Prints this engine's stepping time over `checkout`'s, best of `repeat` each, the two
    alternating (which goes first alternates too), so both see the same machine load."""
    other = engine_of(checkout)
    best = {"this": float("inf"), "other": float("inf")}
    kinds = {"this": Stepper, "other": other.Stepper}
    for k in range(repeat):
        for name in (("this", "other") if k % 2 else ("other", "this")):
            stepper = kinds[name](soup, rule, surface)
            t0 = time.perf_counter()
            stepper.run(gens)
            best[name] = min(best[name], time.perf_counter() - t0)
    print(f"against {checkout}: this {best['this']:.3f} s, that {best['other']:.3f} s, "
          f"time ratio this / that {best['this'] / best['other']:.3f}")


def main(argv: list[str] | None = None) -> int:
    """Runs the benchmark and prints the figures; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1024)
    parser.add_argument("--generations", type=int, default=1000)
    parser.add_argument("--rule", default="conway")
    parser.add_argument("--surface", default="torus")
    parser.add_argument("--density", type=float, default=0.35)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    parser.add_argument("--check", action="store_true",
                        help="also compare the final grid with bgolly's (HashLife, slow)")
    parser.add_argument("--against", type=pathlib.Path,
                        help="another checkout whose engine to time in the same run")
    parser.add_argument("--quick", action="store_true",
                        help="a 64x64 torus, 20 generations, one run each")
    args = parser.parse_args(argv)
    if args.quick:
        args.size, args.generations, args.repeat = 64, 20, 1

    n, gens = args.size, args.generations
    surface = Surface(args.surface, n, n)
    soup = random_soup(n, n, args.density, np.random.default_rng(args.seed))
    updates = n * n * gens

    best = float("inf")
    final = None
    for _ in range(args.repeat):
        stepper = Stepper(soup, args.rule, surface)
        t0 = time.perf_counter()
        stepper.run(gens)
        best = min(best, time.perf_counter() - t0)
        final = stepper
    ours = updates / best
    print(f"visualizer: {n}x{n} {surface.name} {final.rule.notation}, {gens} generations "
          f"in {best:.3f} s = {ours / 1e6:,.0f} M cell-updates/s "
          f"(final population {final.population()})")
    if args.against is not None:
        against(args.against.resolve(), soup, args.rule, surface, gens, args.repeat)

    if bgolly_path() is None:
        print("bgolly: not on PATH, skipped")
        return 0
    with tempfile.TemporaryDirectory(prefix="bench-life-") as tmp:
        rle = pathlib.Path(tmp, "soup.rle")
        write_rle(soup, rle, rule=args.rule, surface=surface)
        runs = [time_bgolly(rle, gens) for _ in range(args.repeat)]
    total, load = min(r[0] for r in runs), min(r[1] for r in runs)
    stepping = max(total - load, 1e-9)
    golly = updates / stepping
    print(f"bgolly QuickLife: rule {final.rule.notation}{surface.golly_suffix()}, {gens} "
          f"generations in {stepping:.3f} s (+{load:.3f} s to start and load) = "
          f"{golly / 1e6:,.0f} M cell-updates/s")
    print(f"ratio visualizer / bgolly: {ours / golly:.2f}x")
    if args.check:
        same = np.array_equal(final.grid(), run_bgolly(soup, args.rule, surface, gens,
                                                       timeout=3600))
        print(f"final grids identical: {same}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

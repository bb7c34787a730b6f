"""Benchmark: rule families beyond life-like on a 1024x1024 torus soup, in cell-updates per
second, against bgolly in the same run: Generations and Hensel rules against the bgolly
algorithm that runs them (Generations, QuickLife) and against QuickLife running Conway's
rule on the same soup (the issue's bar); Wolfram rules in cells per second (goal >= 1e8);
rule tables: WireWorld by its dense lookup table, LifeHistory (too large for one) by matching
its transitions, each against bgolly's RuleLoader.

Run: python benchmarks/bench_life_families.py [--size 1024] [--generations 200]
     python benchmarks/bench_life_families.py --quick    # 64x64, 10 generations, once
"""
from __future__ import annotations

import argparse
import pathlib
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from visualizer.life.formats import write_rle  # noqa: E402
from visualizer.life.golly import algorithm_for, bgolly_path, time_bgolly  # noqa: E402
from visualizer.life.rule_table import RULE_DIRS  # noqa: E402
from visualizer.life.family_parse import parse_family_rule  # noqa: E402
from visualizer.life.stepping import make_stepper  # noqa: E402
from visualizer.surfaces import Surface  # noqa: E402

#: the rules measured, and the bgolly algorithm each is compared with
RULES = ("345/2/4", "/2/3", "B2n3/S23-q", "B2-a/S12", "W30", "W110")


def ours(soup: np.ndarray, rule: str, surface: Surface, gens: int, repeat: int) -> float:
    """The best time (s) the project's engine takes to step `soup` `gens` generations."""
    best = float("inf")
    for _ in range(repeat):
        stepper = make_stepper(soup, rule, surface)
        t0 = time.perf_counter()
        stepper.run(gens)
        best = min(best, time.perf_counter() - t0)
    return best


def golly(soup: np.ndarray, rule: str, surface: Surface, gens: int, repeat: int,
          algorithm: str) -> float:
    """The best stepping time (s) of bgolly's `algorithm` on the same soup and grid."""
    with tempfile.TemporaryDirectory(prefix="bench-families-") as tmp:
        rle = pathlib.Path(tmp, "soup.rle")
        write_rle(soup, rle, rule=rule, surface=surface)
        runs = [time_bgolly(rle, gens, algorithm, RULE_DIRS[-1:]) for _ in range(repeat)]
    return max(min(r[0] for r in runs) - min(r[1] for r in runs), 1e-9)


def tables(args: argparse.Namespace, surface: Surface, have_golly: bool) -> None:
    """Rule tables: WireWorld's dense lookup on a soup of its four states, LifeHistory's
    transitions on a soup of ON and OFF cells (Life's), each against bgolly's RuleLoader."""
    n, gens = surface.rows, args.generations
    rng = np.random.default_rng(args.seed)
    dense = None
    for rule, how in (("WireWorld", "dense lookup"), ("LifeHistory", "transitions")):
        if not (RULE_DIRS[-1] / f"{rule}.rule").is_file():
            print(f"rule table {rule}: Golly's Rules folder is not installed")
            continue
        states = parse_family_rule(rule).states
        soup = (rng.integers(0, states, (n, n)) if rule == "WireWorld"
                else rng.random((n, n)) < args.density).astype(np.uint8)
        mine = ours(soup, rule, surface, gens, args.repeat)
        dense = mine if dense is None else dense
        line = (f"rule table {rule} ({how}): {n}x{n} torus, {gens} generations in "
                f"{mine:.3f} s = {n * n * gens / mine / 1e6:,.1f} M cell-updates/s")
        if rule != "WireWorld":
            line += f"; {dense / mine:.2f}x WireWorld's dense lookup"
        if have_golly:
            theirs = golly(soup, rule, surface, gens, args.repeat, "RuleLoader")
            line += f"; bgolly RuleLoader ratio {theirs / mine:.2f}x"
        print(line)


def main(argv: list[str] | None = None) -> int:
    """Runs the benchmark and prints the figures; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1024)
    parser.add_argument("--generations", type=int, default=200)
    parser.add_argument("--density", type=float, default=0.35)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    parser.add_argument("--quick", action="store_true",
                        help="a 64x64 torus, 10 generations, one run each")
    args = parser.parse_args(argv)
    if args.quick:
        args.size, args.generations, args.repeat = 64, 10, 1
    n, gens = args.size, args.generations
    surface = Surface("torus", n, n)
    soup = (np.random.default_rng(args.seed).random((n, n)) < args.density).astype(np.uint8)
    updates = n * n * gens
    have_golly = bgolly_path() is not None
    conway = golly(soup, "B3/S23", surface, gens, args.repeat, "QuickLife") \
        if have_golly else None
    if conway is not None:
        print(f"bgolly QuickLife B3/S23: {n}x{n} torus, {gens} generations in {conway:.3f} s "
              f"= {updates / conway / 1e6:,.0f} M cell-updates/s")
    for rule in RULES:
        mine = ours(soup, rule, surface, gens, args.repeat)
        line = (f"visualizer {rule}: {n}x{n} torus, {gens} generations in {mine:.3f} s = "
                f"{updates / mine / 1e6:,.0f} M cell-updates/s")
        if conway is None:
            print(line + "; bgolly: not on PATH")
            continue
        algorithm = "Generations" if algorithm_for(parse_family_rule(rule)) == "Generations" \
            else "QuickLife"
        theirs = golly(soup, rule, surface, gens, args.repeat, algorithm)
        print(f"{line}; bgolly {algorithm} {updates / theirs / 1e6:,.0f} M/s, ratio "
              f"{theirs / mine:.2f}x; against QuickLife B3/S23 {conway / mine:.2f}x")
    wolfram = min(ours(soup, rule, surface, gens, args.repeat) for rule in ("W30", "W110"))
    rate = updates / wolfram
    print(f"Wolfram rules: {rate:,.0f} cells/s (goal 100,000,000: "
          f"{'met' if rate >= 1e8 else 'not met'})")
    tables(args, surface, have_golly)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

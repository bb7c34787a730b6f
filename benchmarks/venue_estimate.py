"""The size estimate (`visualizer/estimate.py`) against the real files, per shipped scenario.

    python benchmarks/venue_estimate.py                    # GIF, every shipped scenario
    python benchmarks/venue_estimate.py --format mp4 default tremaux
    python benchmarks/venue_estimate.py --fit --frame-cost 100   # also fit the constants
    python benchmarks/venue_estimate.py --quick            # two small scenarios

Prints, per scenario: canvas pixels, frames, changed pixels (the estimate's inputs, read
from the plan before drawing), the estimate, the real size and their ratio; then the
smallest and largest ratio. `--fit` prints the constants that minimise the squared
relative error (non-negative least squares) on the scenarios given; `--frame-cost B`
holds the bytes a frame adds at B (measured apart: the shipped scenarios are all large
enough that the fit trades it against the moving-panel pixels, which underestimates
small lessons).
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from visualizer import pipeline  # noqa: E402
from visualizer.estimate import COSTS, plan_of  # noqa: E402
from visualizer.scenario import load  # noqa: E402

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
QUICK = ["tremaux", "life_glider_projective"]


def measure(name: str, fmt: str, folder: Path) -> tuple:
    """(pixels, frames, changed pixels, active pixels, scattered pixel rows, card pixels,
    estimate, real bytes) of scenario `name` as `fmt`."""
    path = Path(name) if name.endswith((".yaml", ".yml")) else SCENARIOS / f"{name}.yaml"
    scenario = load(path, out=str(folder / f"{path.stem}.{fmt}"))
    ready = pipeline.prepare(scenario)
    size = ready.plan.size or ready.canvas().shape[::-1]
    est = plan_of(ready, size)
    result = pipeline.render(replace(ready, scenario=scenario))
    return (est.pixels, est.frames, est.changed, est.active, est.scattered, est.cards,
            est.bytes(fmt), result.bytes)


def fit(rows: list[tuple], frame: float | None = None) -> np.ndarray:
    """The (fixed, pixel, frame, changed, active, scattered, card) constants minimising
    the squared relative error; with `frame`, the cost of a frame held at that."""
    from scipy.optimize import nnls

    a = np.array([[1.0, *row[:-2]] for row in rows])
    y = np.array([row[-1] for row in rows], dtype=float)
    if frame is None:
        solution, _ = nnls(a / y[:, None], np.ones(len(y)))
        return solution
    rest = np.delete(a, 2, axis=1)
    solution, _ = nnls(rest / y[:, None], (y - frame * a[:, 2]) / y)
    return np.insert(solution, 2, frame)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*",
                        help="scenario names or paths (default: every shipped one)")
    parser.add_argument("--format", default="gif", choices=sorted(COSTS))
    parser.add_argument("--fit", action="store_true")
    parser.add_argument("--quick", action="store_true", help="two small scenarios only")
    parser.add_argument("--json", help="with --fit: also save the rows as JSON here")
    parser.add_argument("--frame-cost", type=float,
                        help="with --fit: hold the bytes per frame at this (measured)")
    args = parser.parse_args()
    names = args.names or (QUICK if args.quick else
                           sorted(p.stem for p in SCENARIOS.glob("*.yaml")))
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        print(f"{'scenario':32} {'pixels':>9} {'frames':>6} {'changed':>11} "
              f"{'active':>12} {'scattered':>11} {'cards':>11} {'estimate':>10} "
              f"{'real':>10} {'ratio':>6}")
        for name in names:
            row = measure(name, args.format, Path(folder))
            rows.append(row)
            p, f, c, act, sc, cards, e, r = row
            print(f"{name:32} {p:9,} {f:6} {c:11,.0f} {act:12,.0f} {sc:11,.0f} "
                  f"{cards:11,.0f} {e:10,} {r:10,} {e / r:6.2f}", flush=True)
    ratios = [row[-2] / row[-1] for row in rows]
    print(f"ratio estimate/real: min {min(ratios):.2f}, max {max(ratios):.2f}")
    if args.fit:
        fixed, pixel, frame, changed, active, scattered, card = fit(rows, args.frame_cost)
        print(f"fitted: fixed={fixed:.1f} pixel={pixel:.4f} frame={frame:.2f} "
              f"changed={changed:.4f} active={active:.5f} scattered={scattered:.4f} "
              f"card={card:.4f}")
        if args.json:
            Path(args.json).write_text(json.dumps(rows))


if __name__ == "__main__":
    main()

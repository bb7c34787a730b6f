"""The threshold sweep: how often a threshold maze can be crossed, against its threshold.

`python -m visualizer.sweep` (or `python run.py --sweep threshold`) draws many seeded
threshold mazes per grid size and threshold, and plots the share in which the entrance
(0, 0) is connected to the exit (the opposite corner), and — the textbook percolation
measure — the share with an open crossing from the left column to the right column. For
site percolation on the square lattice the crossing appears when the open share exceeds
≈ 0.593, i.e. below a threshold of ≈ 0.407; the larger the grid, the sharper the step.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

from .generators.threshold import draw_blocked

CRITICAL_THRESHOLD = 1 - 0.592746   # site percolation threshold, square lattice


def spread(reach: np.ndarray, open_: np.ndarray) -> np.ndarray:
    """Grow `reach` (trials, rows, cols) through the open cells until it stops changing."""
    while True:
        grown = reach.copy()
        grown[:, 1:, :] |= reach[:, :-1, :]
        grown[:, :-1, :] |= reach[:, 1:, :]
        grown[:, :, 1:] |= reach[:, :, :-1]
        grown[:, :, :-1] |= reach[:, :, 1:]
        grown &= open_
        if np.array_equal(grown, reach):
            return reach
        reach = grown


def crossing_rates(size: int, threshold: float, trials: int, seed: int
                   ) -> tuple[float, float]:
    """(share of mazes whose entrance reaches the exit, share with a left-right crossing)
    among `trials` threshold mazes of `size` x `size`, drawn as the generator draws them."""
    rng = np.random.default_rng([seed, size, round(threshold * 10_000)])
    open_ = ~np.stack([draw_blocked(size, size, threshold, rng) for _ in range(trials)])
    start = np.zeros_like(open_)
    start[:, 0, 0] = True
    corner = spread(start, open_)[:, -1, -1].mean()
    left = np.zeros_like(open_)
    left[:, :, 0] = open_[:, :, 0]
    across = spread(left, open_)[:, :, -1].any(axis=1).mean()
    return float(corner), float(across)


def sweep(sizes: tuple[int, ...], thresholds: np.ndarray, trials: int, seed: int
          ) -> dict[int, np.ndarray]:
    """size -> array (len(thresholds), 2) of the two crossing rates."""
    return {size: np.array([crossing_rates(size, t, trials, seed) for t in thresholds])
            for size in sizes}


def plot(results: dict[int, np.ndarray], thresholds: np.ndarray, trials: int,
         out: Path) -> None:
    """Write the two-panel PNG of the sweep to `out`."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(11, 4.4), sharey=True)
    titles = ("entrance (0, 0) connected to exit (opposite corner)",
              "open crossing from left column to right column")
    for k, ax in enumerate(axes):
        for size, rates in results.items():
            ax.plot(thresholds, rates[:, k], marker="o", markersize=3, label=f"{size}×{size}")
        ax.axvline(CRITICAL_THRESHOLD, color="grey", linestyle="--", linewidth=1)
        ax.text(CRITICAL_THRESHOLD + 0.01, 0.93, f"≈ {CRITICAL_THRESHOLD:.3f}", color="grey")
        ax.set_title(titles[k], fontsize=10)
        ax.set_xlabel("threshold (probability that a cell is blocked)")
        ax.grid(alpha=0.3)
    axes[0].set_ylabel(f"share of {trials} seeded mazes")
    axes[0].legend(title="grid")
    fig.suptitle("Threshold mazes: the percolation transition")
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m visualizer.sweep",
                                     description="Plot P(connected) against the threshold.")
    parser.add_argument("--out", default="output/threshold_sweep.png")
    parser.add_argument("--sizes", default="8,16,32,64",
                        help="grid sides, comma-separated (default 8,16,32,64)")
    parser.add_argument("--trials", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    try:
        sizes = tuple(int(s) for s in args.sizes.split(","))
    except ValueError:
        print(f"--sizes: expected whole numbers like 8,16,32, got {args.sizes!r}",
              file=sys.stderr)
        return 2
    if not sizes or min(sizes) < 2 or args.trials < 1:
        print("--sizes: each side ≥ 2; --trials: ≥ 1", file=sys.stderr)
        return 2
    thresholds = np.round(np.arange(0.0, 0.801, 0.025), 3)
    results = sweep(sizes, thresholds, args.trials, args.seed)
    out = Path(args.out)
    plot(results, thresholds, args.trials, out)
    print(f"{out}: {len(sizes)} sizes x {len(thresholds)} thresholds x {args.trials} trials")
    return 0


if __name__ == "__main__":
    sys.exit(main())

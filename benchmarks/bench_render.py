"""Export speed and size: the project's pipeline against matplotlib's FuncAnimation +
PillowWriter drawing the same frames, in the same run; GIF bytes against `gifsicle -O3`.

    python benchmarks/bench_render.py                 # 40x60 backtracker, ~600x400 px, ~300 frames
    python benchmarks/bench_render.py --scenario scenarios/default.yaml

Both ways are warmed up first (imports, fonts, glyph caches), then timed `--repeat` times
each (default 3), alternating, in the same process; the best time of each is kept (as
`timeit` does: the others measure the machine's noise). Prints frames per second both ways,
their ratio, and the GIF's bytes against gifsicle's.
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import matplotlib  # noqa: E402

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib import animation  # noqa: E402

from visualizer.pipeline import make_canvas, render, scenario_frames  # noqa: E402
from visualizer.render.palette import make_theme  # noqa: E402
from visualizer.scenario import load, parse  # noqa: E402

BACKTRACKER = {
    "title": "Backtracker 40x60", "seed": 1, "fps": 25, "duration": 12, "hold": 1,
    "maze": {"rows": 40, "cols": 60, "cell_size": 8, "wall": 2},
    "generator": "backtracker",
}


def project(scenario, out: Path) -> tuple[int, float]:
    """Render through the project; (frames, seconds)."""
    scenario.output = out
    started = time.perf_counter()
    result = render(scenario)
    return result.frames, time.perf_counter() - started


def matplotlib_baseline(scenario, out: Path, limit: int | None = None) -> tuple[int, float]:
    """The same frames drawn by matplotlib (one imshow updated per frame) and saved by
    PillowWriter, as the seed notebook animates; (frames, seconds)."""
    started = time.perf_counter()
    theme = make_theme(scenario.theme)
    canvas = make_canvas(scenario)
    height, width = canvas.shape
    fig = plt.figure(figsize=(width / 100, height / 100), dpi=100)
    ax = fig.add_axes([0, 0, 1, 1])
    ax.set_axis_off()
    image = ax.imshow(theme.rgb(canvas.frame), interpolation="nearest")
    source = scenario_frames(scenario, canvas)
    if limit is not None:
        source = (frame for frame, _ in zip(source, range(limit)))
    count = 0

    def draw(frame):
        nonlocal count
        image.set_data(theme.rgb(frame.image))
        count += 1
        return (image,)

    anim = animation.FuncAnimation(fig, draw, frames=source, cache_frame_data=False,
                                   save_count=100000)
    anim.save(out, writer=animation.PillowWriter(fps=scenario.fps))
    plt.close(fig)
    return count, time.perf_counter() - started


def gifsicle_bytes(path: Path) -> int | None:
    if not shutil.which("gifsicle"):
        return None
    out = path.with_suffix(".O3.gif")
    subprocess.run(["gifsicle", "-O3", str(path), "-o", str(out)], check=True)
    return out.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", help="a scenario file instead of the 40x60 backtracker")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs of each way")
    args = parser.parse_args()
    make = (lambda: load(args.scenario)) if args.scenario else \
        (lambda: parse(dict(BACKTRACKER), Path("bench.yaml")))
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        # warm-up, untimed: imports, fonts and glyph caches for both ways
        project(make(), tmp / "warm.gif")
        matplotlib_baseline(make(), tmp / "warm_mpl.gif", limit=10)
        ours_runs, mpl_runs = [], []
        for _ in range(max(1, args.repeat)):
            ours_runs.append(project(make(), tmp / "ours.gif"))
            mpl_runs.append(matplotlib_baseline(make(), tmp / "mpl.gif"))
        n_ours, t_ours = min(ours_runs, key=lambda run: run[1])
        n_mpl, t_mpl = min(mpl_runs, key=lambda run: run[1])
        print("runs (s): project " + ", ".join(f"{t:.2f}" for _, t in ours_runs)
              + "; matplotlib " + ", ".join(f"{t:.2f}" for _, t in mpl_runs))
        ours = (tmp / "ours.gif").stat().st_size
        shape = make_canvas(make()).shape
        print(f"frames: {n_ours} (matplotlib: {n_mpl}), {shape[1]}x{shape[0]} px")
        print(f"project:    {n_ours / t_ours:8.1f} frames/s  ({t_ours:.2f} s)")
        print(f"matplotlib: {n_mpl / t_mpl:8.1f} frames/s  ({t_mpl:.2f} s)")
        print(f"speed-up:   {(n_ours / t_ours) / (n_mpl / t_mpl):8.1f}x")
        print(f"GIF bytes: project {ours}, matplotlib/Pillow {(tmp / 'mpl.gif').stat().st_size}")
        o3 = gifsicle_bytes(tmp / "ours.gif")
        o3_mpl = gifsicle_bytes(tmp / "mpl.gif")
        if o3 is not None:
            print(f"gifsicle -O3 of ours: {o3} bytes -> ours/gifsicle = {ours / o3:.3f}")
            print(f"gifsicle -O3 of the Pillow GIF: {o3_mpl} bytes -> ours/that = "
                  f"{ours / o3_mpl:.3f}")
        else:
            print("gifsicle not installed: no size comparison")


if __name__ == "__main__":
    main()

"""Render CPU: the project's whole render against matplotlib's FuncAnimation + PillowWriter
drawing the same animation, in the same run; the set-up share; the GIF writer against its
floor; GIF bytes against `gifsicle -O3`.

    python benchmarks/bench_render.py                 # 40x60 backtracker, ~600x500 px, ~300 frames
    python benchmarks/bench_render.py --scenario scenarios/default.yaml
    python benchmarks/bench_render.py --quick         # an 8x12 backtracker, one run: a few seconds

Every figure is process CPU time (`time.process_time`), never the wall clock: the machine is
shared, and only ratios measured in one run mean anything. The project renders through its
public entry point (`visualizer.pipeline.render` of `visualizer.scenario.load`), watched from
outside by wrapping the GIF writer class's `write` and `close` (benchmarks/writer_probe.py):

- **vs matplotlib**: a first, untimed render records the frames the writer receives; the
  baseline draws that same sequence with one `imshow` updated per frame by `FuncAnimation`
  and saved by `PillowWriter` at the scenario's fps (as the seed notebook animates). Its
  frames come ready-made, so the ratio gives the baseline nothing to compute but matplotlib.
- **set-up share**: CPU from the call of `render` to the first `write`, over the whole
  render's CPU (everything before the first frame: validation of the plan, layout, the
  legend, drawing the first frame).
- **GIF writer vs floor**: CPU inside the writer's `write` and `close` during the render,
  over the floor: Pillow's LZW (`visualizer.export.pillow_lzw.encode`, the encoder the writer
  calls) of the changed rectangles alone, once each (each frame's bounding box of changed
  colours, the first frame whole, opaque, smallest code size), nothing else. Printed beside
  it: how much of the writer's CPU its own calls of that encoder take, and how many calls it
  makes per rectangle (it may try more than one transparency candidate). Then `--pairs`
  (default 6) more renders, each followed right away by the floor: the median and range of
  those pairs' ratios (the load that slows one slows the other).

Both ways are warmed up first (imports, fonts, glyph caches), then timed `--repeat` times each
(default 3), alternating; the best run of each is kept (as `timeit` does: the others measure
the machine's noise), and every run is printed.
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import matplotlib  # noqa: E402

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import yaml  # noqa: E402
from matplotlib import animation  # noqa: E402
from writer_probe import Recording, WriterProbe, lzw_floor  # noqa: E402

from visualizer.pipeline import render  # noqa: E402
from visualizer.scenario import load  # noqa: E402

BACKTRACKER = {
    "title": "Backtracker 40x60", "seed": 1, "fps": 25, "duration": 12, "hold": 1,
    "maze": {"rows": 40, "cols": 60, "cell_size": 8, "wall": 2},
    "generator": "backtracker",
}
QUICK = {**BACKTRACKER, "title": "Backtracker 8x12", "duration": 1.2, "hold": 0.2,
         "maze": {"rows": 8, "cols": 12, "cell_size": 8, "wall": 2}}


@dataclass
class Run:
    """One timed render through the project."""

    cpu: float          # the whole render, process CPU seconds
    setup: float        # of which before the first write
    writer: float       # of which inside the GIF writer's write() and close()
    wall: float
    frames: int
    lzw: float | None   # of which inside Pillow's LZW encoder (None: not measurable)
    lzw_calls: int


def project(path: Path, out: Path, record: bool = False) -> tuple[Run, Recording | None]:
    """Renders the scenario at `path` into `out` (loaded outside the timing), watched by a
    `WriterProbe`; `record` also keeps the frames (and costs CPU: untimed runs only)."""
    scenario = load(path, out=out)
    with WriterProbe(".gif", record=record) as probe:
        wall, started = time.perf_counter(), time.process_time()
        result = render(scenario)
        ended, wall = time.process_time(), time.perf_counter() - wall
    assert probe.first_write is not None, "the render wrote no frame"
    return (Run(ended - started, probe.first_write - started, probe.writer_cpu, wall,
                result.frames, probe.lzw_cpu, probe.lzw_calls), probe.recording)


def matplotlib_baseline(recording: Recording, out: Path, limit: int | None = None
                        ) -> tuple[int, float, float]:
    """The recorded frames drawn by matplotlib (one imshow updated per frame) and saved by
    PillowWriter; (frames, CPU seconds, wall seconds)."""
    wall, cpu = time.perf_counter(), time.process_time()
    height, width = recording.height, recording.width
    fig = plt.figure(figsize=(width / 100, height / 100), dpi=100)
    ax = fig.add_axes([0, 0, 1, 1])
    ax.set_axis_off()
    image = ax.imshow(next(recording.rgb_frames()), interpolation="nearest")
    total = len(recording.changes) if limit is None else min(limit, len(recording.changes))
    source = (picture for _, picture in zip(range(total), recording.rgb_frames()))
    count = 0

    def draw(picture):
        nonlocal count
        image.set_data(picture)
        count += 1
        return (image,)

    anim = animation.FuncAnimation(fig, draw, frames=source, init_func=lambda: (image,),
                                   cache_frame_data=False, save_count=total)
    anim.save(out, writer=animation.PillowWriter(fps=recording.fps))
    plt.close(fig)
    return count, time.process_time() - cpu, time.perf_counter() - wall


def gifsicle_bytes(path: Path) -> int | None:
    if not shutil.which("gifsicle"):
        return None
    out = path.with_suffix(".O3.gif")
    subprocess.run(["gifsicle", "-O3", str(path), "-o", str(out)], check=True)
    return out.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", type=Path,
                        help="a scenario file instead of the 40x60 backtracker")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs of each way")
    parser.add_argument("--pairs", type=int, default=6,
                        help="more renders, each followed by the floor, for writer / floor")
    parser.add_argument("--quick", action="store_true",
                        help="a few seconds: an 8x12 backtracker (or --scenario), one run each")
    args = parser.parse_args()
    repeat = 1 if args.quick else max(1, args.repeat)
    pairs = 1 if args.quick else max(1, args.pairs)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        path = args.scenario
        if path is None:
            path = tmp / "bench.yaml"
            path.write_text(yaml.safe_dump(QUICK if args.quick else BACKTRACKER),
                            encoding="utf-8")
        # warm-up, untimed: imports, fonts and glyph caches; records the frames
        _, recording = project(path, tmp / "warm.gif", record=True)
        assert recording is not None
        matplotlib_baseline(recording, tmp / "warm_mpl.gif", limit=3)
        ours_runs: list[Run] = []
        mpl_runs: list[tuple[int, float, float]] = []
        floors: list[float] = []
        rectangles = recording.rectangles()
        for _ in range(repeat):
            ours_runs.append(project(path, tmp / "ours.gif")[0])
            mpl_runs.append(matplotlib_baseline(recording, tmp / "mpl.gif"))
            floors.append(lzw_floor(rectangles))
        paired = []           # (writer, floor): a render, then the floor right after it
        for _ in range(pairs):
            paired.append((project(path, tmp / "pair.gif")[0].writer, lzw_floor(rectangles)))
        report(path if args.scenario else None, recording, ours_runs, mpl_runs, floors,
               len(rectangles), tmp)
        report_pairs(paired)


def report(scenario: Path | None, recording: Recording, ours_runs: list[Run],
           mpl_runs: list[tuple[int, float, float]], floors: list[float], rectangles: int,
           tmp: Path) -> None:
    best = min(ours_runs, key=lambda run: run.cpu)
    n_mpl, t_mpl, _ = min(mpl_runs, key=lambda run: run[1])
    floor = min(floors)
    writer = min(run.writer for run in ours_runs)
    name = scenario if scenario is not None else "the backtracker of bench_render.py"
    print(f"scenario: {name}; {recording.width}x{recording.height} px, "
          f"{best.frames} frames written ({n_mpl} drawn by matplotlib), "
          f"{rectangles} changed rectangles")
    print("runs, CPU s: project " + ", ".join(f"{r.cpu:.2f}" for r in ours_runs)
          + "; matplotlib " + ", ".join(f"{t:.2f}" for _, t, _ in mpl_runs)
          + "  (wall: project " + ", ".join(f"{r.wall:.2f}" for r in ours_runs)
          + "; matplotlib " + ", ".join(f"{w:.2f}" for _, _, w in mpl_runs) + ")")
    print(f"project:    {best.frames / best.cpu:8.1f} frames per CPU-s  ({best.cpu:.2f} s)")
    print(f"matplotlib: {n_mpl / t_mpl:8.1f} frames per CPU-s  ({t_mpl:.2f} s)")
    print(f"render CPU, matplotlib / project: {t_mpl / best.cpu:.1f}x")
    shares = ", ".join(f"{r.setup / r.cpu:.1%}" for r in ours_runs)
    print(f"set-up share (CPU before the first frame is written / whole render): "
          f"{best.setup / best.cpu:.1%} ({best.setup:.2f} s of {best.cpu:.2f} s; runs {shares})")
    print(f"GIF writer: {writer:.2f} s CPU ({writer / best.cpu:.1%} of the render); "
          f"floor (Pillow LZW of the changed rectangles alone): {floor:.2f} s; "
          f"writer / floor: {writer / floor:.2f}x")
    if best.lzw:
        print(f"  of the writer's CPU, Pillow's LZW took {best.lzw:.2f} s in {best.lzw_calls} "
              f"calls ({best.lzw_calls / rectangles:.2f} per changed rectangle); "
              f"writer / its own LZW calls: {best.writer / best.lzw:.2f}x")
    ours = (tmp / "ours.gif").stat().st_size
    pillow = (tmp / "mpl.gif").stat().st_size
    print(f"GIF bytes: project {ours:,}, matplotlib/Pillow {pillow:,}")
    o3 = gifsicle_bytes(tmp / "ours.gif")
    o3_mpl = gifsicle_bytes(tmp / "mpl.gif")
    if o3 is not None and o3_mpl is not None:
        print(f"gifsicle -O3 of ours: {o3:,} bytes -> ours/gifsicle = {ours / o3:.3f}")
        print(f"gifsicle -O3 of the Pillow GIF: {o3_mpl:,} bytes -> ours/that = "
              f"{ours / o3_mpl:.3f}")
    else:
        print("gifsicle not installed: no size comparison")


def report_pairs(paired: list[tuple[float, float]]) -> None:
    """The writer against its floor measured in pairs, each floor right after its render:
    the load that moves one moves the other, so their ratios spread less than the best
    writer over the best floor."""
    ratios = sorted(writer / floor for writer, floor in paired)
    print(f"GIF writer / floor in {len(ratios)} pairs (a render, then the floor): median "
          f"{ratios[len(ratios) // 2]:.2f}x, range {ratios[0]:.2f}-{ratios[-1]:.2f}x "
          f"(" + ", ".join(f"{r:.2f}" for r in ratios) + ")")


if __name__ == "__main__":
    main()

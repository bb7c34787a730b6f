"""GIF and MP4 export benchmark: bytes against Pillow and gifsicle -O3, speed, memory.

    python benchmarks/bench_gif.py                      # GIF scenes + a short MP4 run
    python benchmarks/bench_gif.py --mp4-frames 10000   # the 10,000-frame 1080p check
    python benchmarks/bench_gif.py --scaling            # GIF CPU at 960x540 and 1920x1080
    python benchmarks/bench_gif.py --doc                # the figures docs/export.md quotes
    python benchmarks/bench_gif.py --quick              # small scenes, a few frames: seconds

Every measurement runs in its own process, so "peak RSS" (resource.getrusage) is that
measurement's own peak, interpreter and imports included. "writer / floor" is the GIF
writer's own CPU (inside its `write` and `close`) over its floor: Pillow's LZW of the changed
rectangles alone (each frame's bounding box of changed colours, the first frame whole,
opaque, at the smallest code size; `writer_probe.lzw_floor`), in the same process.
"""
from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scenes import draw_number, life_frames, maze_frames  # noqa: E402
from writer_probe import Recorder, WriterProbe, lzw_floor  # noqa: E402

from visualizer.render.palette import INDEX, make_theme  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SCENES = {"maze": maze_frames, "life": life_frames}
#: --quick: the same scenes, small and short
QUICK_SCENES = {"maze": {"rows": 10, "cols": 15, "frames": 30},
                "life": {"rows": 30, "cols": 40, "frames": 30}}


def peak_rss_mib() -> float:
    """This process's peak resident set size, MiB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def ours(scene: str, path: str, effort: str, sizes: dict | None = None) -> dict:
    """Streams `scene` into our GIF writer; returns bytes, frames/s, peak RSS, and the
    writer's own CPU against its floor (Pillow's LZW of the changed rectangles alone)."""
    from visualizer.export import open_writer
    palette = make_theme().colours
    frames = SCENES[scene](**(sizes or {}))
    first, dirty = next(frames)
    h, w = first.shape
    n = 0
    start, cpu = time.perf_counter(), time.process_time()
    with WriterProbe(".gif") as probe:
        with open_writer(path, width=w, height=h, palette=palette, fps=25,
                         effort=effort) as out:
            out.write(first, dirty=dirty)
            n += 1
            for frame, dirty in frames:
                out.write(frame, dirty=dirty)
                n += 1
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    rss = peak_rss_mib()     # before the floor's recording, which holds every rectangle
    # frame generation is included in the frames/s; it is small next to encoding
    recorder = Recorder(w, h, 25, palette)
    for frame, dirty in SCENES[scene](**(sizes or {})):
        recorder.add(frame, None, dirty)
    floor = lzw_floor(recorder.recording.rectangles())
    return {"bytes": os.path.getsize(path), "frames": n, "fps": n / seconds,
            "cpu_fps": n / cpu, "rss": rss, "writer": probe.writer_cpu, "floor": floor}


def pillow_plain(scene: str, path: str, sizes: dict | None = None) -> dict:
    """Writes `scene` with Pillow's `save(save_all=True)`; returns bytes and peak RSS."""
    from PIL import Image
    palette = make_theme().colours.tobytes()
    images = []
    for frame, _ in SCENES[scene](**(sizes or {})):
        im = Image.frombytes("P", (frame.shape[1], frame.shape[0]), frame.tobytes())
        im.putpalette(palette)
        images.append(im)
    start = time.perf_counter()
    images[0].save(path, save_all=True, append_images=images[1:], duration=40, loop=0)
    seconds = time.perf_counter() - start
    return {"bytes": os.path.getsize(path), "fps": len(images) / seconds, "rss": peak_rss_mib()}


def hd_frames(n: int, width: int = 1920, height: int = 1080):
    """`n` 1080p frames: a grid of cells filling in one by one, and a counter."""
    canvas = np.full((height, width), INDEX["background"], np.uint8)
    cell = 24
    rows, cols = (height - 60) // cell, width // cell
    canvas[60:60 + rows * cell, :cols * cell] = INDEX["unvisited"]
    canvas[60:60 + rows * cell:cell, :] = INDEX["wall"]
    canvas[:, :cols * cell:cell][60:] = INDEX["wall"]
    for k in range(n):
        r, c = divmod(k % (rows * cols), cols)
        y, x = 60 + r * cell + 1, c * cell + 1
        canvas[y:y + cell - 1, x:x + cell - 1] = INDEX["visited"] if k // (rows * cols) % 2 == 0 \
            else INDEX["unvisited"]
        dirty = draw_number(canvas, k, y=10, x=10, scale=6)
        yield canvas, (min(y, dirty[0]), max(y + cell, dirty[1]), min(x, dirty[2]),
                       max(x + cell, dirty[3]))


def mp4(n: int, path: str, preset: str, size: tuple[int, int] = (1920, 1080)) -> dict:
    """Streams `n` frames of `size` (1080p) into our MP4 writer; returns frames/s and peak
    RSS."""
    from visualizer.export import open_writer
    palette = make_theme().colours
    start, cpu = time.perf_counter(), time.process_time()
    with open_writer(path, width=size[0], height=size[1], palette=palette, fps=25,
                     preset=preset) as out:
        for frame, dirty in hd_frames(n, *size):
            out.write(frame, dirty=dirty)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {"bytes": os.path.getsize(path), "frames": n, "fps": n / seconds,
            "cpu_fps": n / cpu, "rss": peak_rss_mib()}


SIZES = ((960, 540), (1920, 1080))
SCALING_SCENARIOS = ("scenarios/default.yaml", "scenarios/life_conway_torus.yaml")


def scenario_gif(scenario_path: str, size: tuple[int, int], effort: str, path: str) -> dict:
    """Renders a shipped scenario on a canvas of `size` through the public entry point,
    watching the GIF writer (`writer_probe`); returns the writer's own CPU seconds (inside
    its `write` and `close`: the frames are made outside them), bytes, frames."""
    import visualizer as viz
    from visualizer.pipeline import render
    scenario = viz.make_scenario(ROOT / scenario_path, size=f"{size[0]}x{size[1]}",
                                 output=path, effort=effort)
    with WriterProbe(".gif") as probe:
        result = render(scenario)
    return {"cpu": probe.writer_cpu, "bytes": os.path.getsize(path), "frames": result.frames,
            "pixels": size[0] * size[1]}


def scaling(folder: str, efforts: list[str]) -> list[str]:
    """Markdown rows: per scenario and effort, the GIF writer's CPU and bytes at each of
    `SIZES`, and the CPU ratio against the pixel ratio."""
    rows = ["| scenario | effort | CPU 960x540 | CPU 1920x1080 | CPU ratio | / pixel ratio "
            "| bytes 960x540 | bytes 1920x1080 |", "|---|---|---|---|---|---|---|---|"]
    for scenario in SCALING_SCENARIOS:
        for effort in efforts:
            small, large = (isolated(scenario_gif, scenario, size, effort,
                                     os.path.join(folder, f"scale_{i}.gif"))
                            for i, size in enumerate(SIZES))
            ratio = large["cpu"] / small["cpu"]
            pixels = large["pixels"] / small["pixels"]
            rows.append(f"| {Path(scenario).stem} | {effort} | {small['cpu']:.2f} s | "
                        f"{large['cpu']:.2f} s | {ratio:.2f}x | {ratio / pixels:.2f} | "
                        f"{small['bytes']:,} | {large['bytes']:,} |")
            print(rows[-1], flush=True)
    return rows


def isolated(func, *args) -> dict:
    """`func(*args)` run in a fresh process (so its peak RSS is its own)."""
    with mp.get_context("spawn").Pool(1) as pool:
        return pool.apply(func, args)


def gifsicle_bytes(src: str, dst: str) -> int | None:
    """Size of `gifsicle -O3 src`, or None without gifsicle."""
    if shutil.which("gifsicle") is None:
        return None
    subprocess.run(["gifsicle", "-O3", src, "-o", dst], check=True)
    return os.path.getsize(dst)


def scene_rows(folder: str, scenes: list[str], efforts: list[str]) -> list[str]:
    """Markdown rows: per synthetic scene, Pillow's bytes, gifsicle -O3 of them, ours per
    effort (bytes, ratio to gifsicle, frames per CPU-second, peak RSS)."""
    rows = ["| scene | Pillow | gifsicle -O3 | effort | ours | ours/gifsicle | frames per "
            "CPU-s | writer / floor | peak RSS |", "|---|---|---|---|---|---|---|---|---|"]
    for scene in scenes:
        plain = os.path.join(folder, f"{scene}_pillow.gif")
        p = isolated(pillow_plain, scene, plain)
        gs = gifsicle_bytes(plain, os.path.join(folder, f"{scene}_pillow_gifsicle.gif"))
        for effort in efforts:
            path = os.path.join(folder, f"{scene}_ours_{effort}.gif")
            r = isolated(ours, scene, path, effort)
            ratio = f"{r['bytes'] / gs:.4f}" if gs else "n/a"
            rows.append(f"| {scene} | {p['bytes']:,} | {gs or 0:,} | {effort} | "
                        f"{r['bytes']:,} | {ratio} | {r['cpu_fps']:.0f} | "
                        f"{r['writer'] / r['floor']:.2f}x | {r['rss']:.0f} MiB |")
            print(rows[-1], flush=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenes", nargs="*", default=list(SCENES), choices=list(SCENES))
    parser.add_argument("--effort", nargs="*", default=["best", "fast"],
                        choices=["best", "fast", "fastest", "smallest"])
    parser.add_argument("--mp4-frames", type=int, default=250,
                        help="1080p frames for the MP4 run (0 = skip)")
    parser.add_argument("--preset", default="medium", help="x264 preset for the MP4 run")
    parser.add_argument("--scaling", action="store_true",
                        help="only the GIF writer's CPU at 960x540 against 1920x1080")
    parser.add_argument("--doc", action="store_true",
                        help="every figure docs/export.md quotes, as markdown tables")
    parser.add_argument("--keep", help="folder to keep the output files in")
    parser.add_argument("--quick", action="store_true",
                        help="a few seconds: small scenes of 30 frames, effort best, 5 MP4 "
                             "frames at 320x180")
    args = parser.parse_args()
    sizes: dict = {}
    mp4_size = (1920, 1080)
    if args.quick:
        if args.doc or args.scaling:
            parser.error("--quick measures the scenes only, not --doc or --scaling")
        sizes, mp4_size = QUICK_SCENES, (320, 180)
        args.effort, args.mp4_frames = ["best"], min(args.mp4_frames, 5)
    folder = args.keep or tempfile.mkdtemp(prefix="bench_gif_")
    os.makedirs(folder, exist_ok=True)
    print(f"files in {folder}")
    if args.doc or args.scaling:
        efforts = ["best", "fast", "smallest"]
        print("\nGIF writer CPU against pixels (`--scaling`):\n")
        scaling(folder, efforts)
    if args.doc:
        print("\nSynthetic scenes (`benchmarks/scenes.py`):\n")
        scene_rows(folder, list(SCENES), ["best", "fast", "fastest", "smallest"])
    if not (args.doc or args.scaling):
        for scene in args.scenes:
            plain = os.path.join(folder, f"{scene}_pillow.gif")
            p = isolated(pillow_plain, scene, plain, sizes.get(scene))
            gs = gifsicle_bytes(plain, os.path.join(folder, f"{scene}_pillow_gifsicle.gif"))
            print(f"\n{scene}: Pillow plain {p['bytes']:,} B ({p['fps']:.0f} frames/s, "
                  f"peak RSS {p['rss']:.0f} MiB, all frames held); gifsicle -O3 of it: "
                  + (f"{gs:,} B" if gs else "n/a (gifsicle not on PATH)"))
            for effort in args.effort:
                path = os.path.join(folder, f"{scene}_ours_{effort}.gif")
                r = isolated(ours, scene, path, effort, sizes.get(scene))
                ratio = f"{r['bytes'] / gs:.4f}" if gs else "n/a"
                print(f"  ours effort={effort:8s} {r['bytes']:>10,} B  ours/gifsicle {ratio}  "
                      f"{r['frames']} frames  {r['fps']:6.1f} frames/s wall, "
                      f"{r['cpu_fps']:6.1f} per CPU-s  writer {r['writer']:.2f} s CPU / floor "
                      f"{r['floor']:.2f} s = {r['writer'] / r['floor']:.2f}x  "
                      f"peak RSS {r['rss']:.0f} MiB")
    if args.mp4_frames and not args.scaling:
        path = os.path.join(folder, "hd.mp4")
        r = isolated(mp4, args.mp4_frames, path, args.preset, mp4_size)
        print(f"\nmp4 {mp4_size[0]}x{mp4_size[1]} preset={args.preset}: {r['frames']} frames, "
              f"{r['fps']:.1f} frames/s wall ({r['cpu_fps']:.1f} per CPU-s, x264 threads "
              f"included), {r['bytes']:,} B, peak RSS {r['rss']:.0f} MiB")
    if not args.keep:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()

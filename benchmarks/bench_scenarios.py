"""GIF bytes over the shipped scenarios: ours against `gifsicle -O3` of the same GIF (the bar:
ours at most 1.0x of it; a larger one is flagged).

    python benchmarks/bench_scenarios.py                 # every scenarios/*.yaml
    python benchmarks/bench_scenarios.py scenarios/default.yaml scenarios/kruskal.yaml
    python benchmarks/bench_scenarios.py --effort smallest   # another GIF effort
    python benchmarks/bench_scenarios.py --pillow        # also the older bar (below)
    python benchmarks/bench_scenarios.py --quick         # two small scenarios: a few seconds
    python benchmarks/bench_scenarios.py --cpu           # also the GIF writer against its floor

Every scenario is rendered as a GIF (an MP4 or HTML scenario too) through the public entry
point (`visualizer.pipeline.render` of `visualizer.scenario.load(path, out=...)`), then
`gifsicle -O3` is run over that file. `--pillow` adds the bar docs/export.md used before:
the GIF's frames decoded and saved again by Pillow (`save(save_all=True)`, its own
quantisation, the delays kept), and `gifsicle -O3` of that. With `--strict` the exit status
is 1 when any GIF is larger than its `-O3` (a measurement otherwise: 0).

`--cpu` also prints the GIF writer's process CPU (inside its `write` and `close`, watched
by `writer_probe.WriterProbe`) over its floor, Pillow's LZW of the changed rectangles alone
(`writer_probe.lzw_floor`), as `bench_render.py` does: `--repeat` renders (default 3),
the first recording the rectangles, the best writer CPU over the best floor.
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image, ImageSequence  # noqa: E402
from writer_probe import WriterProbe, lzw_floor  # noqa: E402

from visualizer.pipeline import render  # noqa: E402
from visualizer.scenario import load  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
#: small shipped scenarios for --quick (a maze and a Life panel)
QUICK = ("scenarios/tremaux.yaml", "scenarios/life_glider_projective.yaml")


def gifsicle_o3(source: Path, out: Path) -> int:
    """Bytes of `gifsicle -O3 source`."""
    subprocess.run(["gifsicle", "-O3", "--no-warnings", str(source), "-o", str(out)],
                   check=True)
    return out.stat().st_size


def pillow_plain(gif: Path, out: Path) -> None:
    """The frames of `gif` saved again by Pillow: RGB frames, its own quantisation, the
    delays kept."""
    with Image.open(gif) as im:
        images, durations = [], []
        for frame in ImageSequence.Iterator(im):
            images.append(frame.convert("RGB"))
            durations.append(frame.info.get("duration", 40))
    images[0].save(out, save_all=True, append_images=images[1:], duration=durations, loop=0)


def writer_cpu(path: Path, out: Path, options: dict | None, repeat: int
               ) -> tuple[float, float, float]:
    """Renders `path` into `out` `repeat` times, watched by a `WriterProbe` (the first run
    records the rectangles): (best writer CPU s, best floor s, LZW calls per rectangle)."""
    writer, calls, rectangles = [], 0, None
    for run in range(repeat):
        with WriterProbe(".gif", record=run == 0) as probe:
            render(load(path, out=out), writer_options=options)
        writer.append(probe.writer_cpu)
        if probe.recording is not None:
            rectangles, calls = probe.recording.rectangles(), probe.lzw_calls
    assert rectangles is not None, "the first run records"
    floor = min(lzw_floor(rectangles) for _ in range(repeat))
    return min(writer), floor, calls / len(rectangles)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", help="scenario files (default: scenarios/*.yaml)")
    parser.add_argument("--effort", help="GIF effort for ours (default: each scenario's)")
    parser.add_argument("--pillow", action="store_true",
                        help="also gifsicle -O3 of a plain Pillow GIF of the same frames")
    parser.add_argument("--strict", action="store_true",
                        help="exit with status 1 if any GIF is larger than its -O3")
    parser.add_argument("--quick", action="store_true",
                        help="two small shipped scenarios only: " + ", ".join(QUICK))
    parser.add_argument("--cpu", action="store_true",
                        help="also the GIF writer's CPU over its floor (best of --repeat)")
    parser.add_argument("--repeat", type=int, default=3, help="renders for --cpu")
    args = parser.parse_args()
    if not shutil.which("gifsicle"):
        sys.exit("gifsicle is not installed (apt install gifsicle): nothing to compare with")
    files = [Path(f) for f in args.files] or (
        [ROOT / f for f in QUICK] if args.quick else sorted((ROOT / "scenarios").glob("*.yaml")))
    options = {"effort": args.effort} if args.effort else None
    total_ours = total_o3 = total_pillow_o3 = 0
    larger: list[tuple[str, float]] = []
    print(f"{'scenario':34} {'frames':>6} {'ours':>11} {'ours -O3':>11} {'ratio':>7}"
          + (f" {'pillow':>11} {'pillow -O3':>11} {'ratio':>7}" if args.pillow else "")
          + f" {'ours s':>7}" + (f" {'writer/floor':>12} {'LZW/rect':>8}" if args.cpu else ""),
          flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        for path in files:
            scenario = load(path, out=tmp / "ours.gif")
            started = time.perf_counter()
            result = render(scenario, writer_options=options)
            seconds = time.perf_counter() - started
            ours = result.bytes
            o3 = gifsicle_o3(tmp / "ours.gif", tmp / "ours_o3.gif")
            total_ours += ours
            total_o3 += o3
            line = f"{path.name:34} {result.frames:6d} {ours:11,d} {o3:11,d} {ours / o3:7.4f}"
            if args.pillow:
                pillow_plain(tmp / "ours.gif", tmp / "pillow.gif")
                pil = (tmp / "pillow.gif").stat().st_size
                pil_o3 = gifsicle_o3(tmp / "pillow.gif", tmp / "pillow_o3.gif")
                total_pillow_o3 += pil_o3
                line += f" {pil:11,d} {pil_o3:11,d} {ours / pil_o3:7.4f}"
            line += f" {seconds:7.1f}"
            if args.cpu:
                writer, floor, calls = writer_cpu(path, tmp / "cpu.gif", options, args.repeat)
                line += f" {writer / floor:11.2f}x {calls:8.2f}"
            if ours > o3:
                larger.append((path.name, ours / o3))
                line += "  LARGER than -O3"
            print(line, flush=True)
    print(f"{'total':34} {'':6} {total_ours:11,d} {total_o3:11,d} {total_ours / total_o3:7.4f}"
          + (f" {'':11} {total_pillow_o3:11,d} {total_ours / total_pillow_o3:7.4f}"
             if args.pillow else ""))
    if larger:
        print(f"{len(larger)} of {len(files)} GIFs larger than gifsicle -O3 of themselves: "
              + ", ".join(f"{name} {ratio:.4f}" for name, ratio in
                          sorted(larger, key=lambda item: -item[1])))
    else:
        print(f"none of {len(files)} GIFs is larger than gifsicle -O3 of itself")
    return 1 if larger and args.strict else 0


if __name__ == "__main__":
    raise SystemExit(main())

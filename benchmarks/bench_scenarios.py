"""GIF bytes over the shipped scenarios: ours against `gifsicle -O3` applied to a plain
Pillow-written GIF of the same frames (the bar: ours ≤ 1.0× of that).

    python benchmarks/bench_scenarios.py                 # every scenarios/*.yaml
    python benchmarks/bench_scenarios.py scenarios/default.yaml scenarios/kruskal.yaml
    python benchmarks/bench_scenarios.py --effort smallest   # another GIF effort
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

from PIL import Image  # noqa: E402

from visualizer.pipeline import render, scenario_frames  # noqa: E402
from visualizer.render.palette import make_theme  # noqa: E402
from visualizer.scenario import load  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def pillow_plain(scenario, out: Path) -> None:
    """The same frames saved by Pillow: RGB frames, its own quantisation, durations kept."""
    theme = make_theme(scenario.theme, scenario.colours)
    images, durations = [], []
    for frame in scenario_frames(scenario):
        images.append(Image.fromarray(theme.rgb(frame.image)))
        durations.append(round(frame.duration * 1000))
    images[0].save(out, save_all=True, append_images=images[1:], duration=durations, loop=0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", help="scenario files (default: scenarios/*.yaml)")
    parser.add_argument("--effort", help="GIF effort for ours (default: each scenario's)")
    args = parser.parse_args()
    if not shutil.which("gifsicle"):
        sys.exit("gifsicle is not installed (apt install gifsicle): nothing to compare with")
    files = [Path(f) for f in args.files] or sorted((ROOT / "scenarios").glob("*.yaml"))
    total_ours = total_o3 = 0
    print(f"{'scenario':34} {'frames':>6} {'ours':>10} {'pillow':>10} {'pillow -O3':>10} "
          f"{'ratio':>6} {'ours s':>7}")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        for path in files:
            scenario = load(path, out=tmp / "ours.gif")
            if scenario.format != "gif":
                continue
            scenario.effort = args.effort or scenario.effort
            started = time.perf_counter()
            result = render(scenario)
            seconds = time.perf_counter() - started
            pillow_plain(load(path), tmp / "pillow.gif")
            subprocess.run(["gifsicle", "-O3", str(tmp / "pillow.gif"), "-o",
                            str(tmp / "o3.gif")], check=True)
            ours = result.bytes
            pil = (tmp / "pillow.gif").stat().st_size
            o3 = (tmp / "o3.gif").stat().st_size
            total_ours += ours
            total_o3 += o3
            print(f"{path.name:34} {result.frames:6d} {ours:10,d} {pil:10,d} {o3:10,d} "
                  f"{ours / o3:6.3f} {seconds:7.1f}")
    print(f"{'total':34} {'':6} {total_ours:10,d} {'':10} {total_o3:10,d} "
          f"{total_ours / total_o3:6.3f}")


if __name__ == "__main__":
    main()

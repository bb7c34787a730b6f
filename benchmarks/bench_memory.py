"""Peak memory of a long 1920x1080 MP4 render through the whole pipeline (scenario ->
events -> panels -> frames -> PyAV), to show it does not grow with the frame count.

    python benchmarks/bench_memory.py --frames 1000
    python benchmarks/bench_memory.py --frames 10000     # the issue's check (takes a while)
    python benchmarks/bench_memory.py --quick            # ~50 frames at 320x180: seconds

Each run happens in a fresh process; prints frames, seconds and peak resident memory. The
scenario goes through the public entry points (`viz.make_scenario`, `pipeline.render`).
"""
from __future__ import annotations

import argparse
import math
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def child(frames: int, out: str, size: str) -> None:
    sys.path.insert(0, str(ROOT))
    import visualizer as viz
    from visualizer.pipeline import render

    # a backtracker on 1 x n cells yields about 4 events per cell: size it to the frames
    cols = max(4, math.ceil(frames / 4) + 2)
    rows = max(1, cols // 250)
    cols = math.ceil(cols / rows)
    raw = {"title": f"{frames} frames at {size}", "size": size, "fps": 25, "seed": 1,
           "steps_per_frame": 1, "hold": 0, "hold_first": 0,
           "maze": {"rows": rows, "cols": cols, "cell_size": 2, "wall": 1},
           "generator": "backtracker", "output": out}
    scenario = viz.make_scenario(raw)
    started = time.perf_counter()
    result = render(scenario)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{result.frames} frames, {result.bytes:,} bytes, "
          f"{time.perf_counter() - started:.1f} s, peak RSS {peak:.0f} MiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, nargs="+", default=[300, 1500])
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    parser.add_argument("--size", default="1920x1080", help="the canvas (default 1920x1080)")
    parser.add_argument("--quick", action="store_true", help="~50 frames at 320x180")
    args = parser.parse_args()
    if args.child:
        child(args.child, args.out, args.size)
        return
    if args.quick:
        args.frames, args.size = [50], "320x180"
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.frames:
            print(f"asked for ~{n} frames at {args.size}: ", end="", flush=True)
            subprocess.run([sys.executable, __file__, "--child", str(n), "--out",
                            str(Path(tmp) / "m.mp4"), "--size", args.size], check=True)


if __name__ == "__main__":
    main()

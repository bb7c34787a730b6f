"""Render one scenario for every venue and read each file back: what was chosen, the sizes
against the caps, and the traps checked on the files.

    python benchmarks/venue_report.py scenarios/default.yaml
    python benchmarks/venue_report.py my_soup.yaml --venues github moodle --out /tmp/v
    python benchmarks/venue_report.py --quick              # a small maze, two venues

Per venue: the line the run prints, the time the render took, each file written with its
bytes (and the cap), and what was read back: a GIF's smallest delay and its NETSCAPE loop
count (parsed from the blocks), an MP4's codec, pixel format, sides, subtitles track and
whether `moov` comes before `mdat` (ffprobe and the top-level boxes), whether a page or a
notebook holds a <script> or a <video>.
"""
from __future__ import annotations

import argparse
import json
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from visualizer.errors import ScenarioError  # noqa: E402
from visualizer.export.venues import VENUES, Venue  # noqa: E402
from visualizer.scenario import Given, load  # noqa: E402
from visualizer.venue_fit import render_for  # noqa: E402


QUICK = ("title: Tiny\nseed: 3\nsize: 320x180\nmaze: {rows: 6, cols: 8, cell_size: 8, wall: 2}\n"
         "generator: backtracker\nsolver: bfs\n")


def gif_checks(data: bytes) -> str:
    """The smallest delay (1/100 s) and the loop count, read from the GIF's blocks."""
    pos = 13 + (3 << ((data[10] & 7) + 1) if data[10] & 0x80 else 0)
    delays, loop = [], None
    while data[pos] != 0x3B:
        if data[pos] == 0x21:
            label, pos = data[pos + 1], pos + 2
            blocks = []
            while data[pos]:
                blocks.append(data[pos + 1:pos + 1 + data[pos]])
                pos += data[pos] + 1
            pos += 1
            if label == 0xF9:
                delays.append(struct.unpack("<H", blocks[0][1:3])[0])
            elif label == 0xFF and blocks[0] == b"NETSCAPE2.0":
                loop = struct.unpack("<H", blocks[1][1:3])[0]
        else:   # an image: descriptor, local table, LZW size, sub-blocks
            flags, pos = data[pos + 9], pos + 10
            pos += 3 << ((flags & 7) + 1) if flags & 0x80 else 0
            pos += 1
            while data[pos]:
                pos += data[pos] + 1
            pos += 1
    return f"delays >= {min(delays)} cs, loop block {'forever' if loop == 0 else loop}"


def mp4_checks(path: Path) -> str:
    """Codec, pixel format, sides, subtitles and the order of moov and mdat."""
    streams = json.loads(subprocess.run(
        ["ffprobe", "-v", "error", "-show_streams", "-of", "json", str(path)], check=True,
        capture_output=True, text=True).stdout)["streams"]
    video = next(s for s in streams if s["codec_type"] == "video")
    subs = [s["codec_name"] for s in streams if s["codec_type"] == "subtitle"]
    data, pos, boxes = path.read_bytes(), 0, []
    while pos + 8 <= len(data):
        size = int.from_bytes(data[pos:pos + 4], "big")
        boxes.append(data[pos + 4:pos + 8])
        pos += size if size >= 8 else len(data)
    first = "moov before mdat" if boxes.index(b"moov") < boxes.index(b"mdat") else \
        "mdat before moov"
    return (f"{video['codec_name']} {video['pix_fmt']} {video['width']}x{video['height']}, "
            f"subtitles {'+'.join(subs) or 'none'}, {first}")


def checks(path: Path) -> str:
    """What was read back from `path`."""
    if path.suffix == ".gif":
        return gif_checks(path.read_bytes())
    if path.suffix == ".mp4":
        return mp4_checks(path)
    if path.suffix in (".html", ".ipynb", ".md"):
        text = path.read_text(encoding="utf-8").lower()
        return f"<script> {'present' if '<script' in text else 'none'}, <video> " \
               f"{'present' if '<video' in text else 'none'}"
    return path.read_bytes()[:5].decode("latin-1").strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario", type=Path, nargs="?")
    parser.add_argument("--venues", nargs="*", default=[str(v) for v in Venue])
    parser.add_argument("--out", type=Path, help="folder to keep the files in")
    parser.add_argument("--quick", action="store_true",
                        help="a small maze at 320x180 for github and moodle only")
    args = parser.parse_args()
    folder = args.out or Path(tempfile.mkdtemp(prefix="venues-"))
    if args.quick:
        args.scenario = folder / "tiny.yaml"
        args.scenario.write_text(QUICK)
        args.venues = ["github", "moodle"]
    elif args.scenario is None:
        parser.error("a scenario file, or --quick")
    for name in args.venues:
        record = VENUES[Venue(name)]
        out = folder / name / f"{args.scenario.stem}.{record.format}"
        out.parent.mkdir(parents=True, exist_ok=True)
        started = time.perf_counter()
        try:
            scenario = load(args.scenario, out=str(out), given=Given({"for": name}))
            done = render_for(scenario)
        except ScenarioError as refused:
            print(f"{name}: refused: {refused.errors[0]}\n")
            continue
        seconds = time.perf_counter() - started
        print(f"{done.line}\n  rendered in {seconds:.1f} s")
        cap = f" (cap {record.cap:,})" if record.cap else ""
        for path in (done.result.path, *done.result.extras, *done.extras):
            print(f"  {path.name}: {path.stat().st_size:,} B"
                  f"{cap if path == done.result.path else ''}; {checks(path)}")
        print()


if __name__ == "__main__":
    main()

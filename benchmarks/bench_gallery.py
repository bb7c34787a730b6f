"""The gallery's build time: every shipped scenario rendered into a fresh site (cold), then
the same command again (re-run: nothing changed, so nothing may be rendered), each through
`run.py --gallery` in a subprocess as a user starts it. Prints the wall and CPU seconds of
each (CPU of the command and its worker processes), the lessons rendered and the site's
bytes.

    python benchmarks/bench_gallery.py [--jobs 2] [--keep DIR]
    python benchmarks/bench_gallery.py --quick      # two small scenarios

The machine is shared: compare the re-run with the cold build of the same run.
"""
from __future__ import annotations

import argparse
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
QUICK = ("tremaux.yaml", "life_glider_projective.yaml")


def children_cpu() -> float:
    """CPU seconds (user + system) of every finished child process so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def build(source: Path, site: Path, jobs: int) -> tuple[float, float, str]:
    """One `run.py --gallery` run: (wall seconds, CPU seconds, its summary line)."""
    cpu, wall = children_cpu(), time.perf_counter()
    done = subprocess.run([sys.executable, "run.py", str(source), "--gallery", str(site),
                           "--jobs", str(jobs)], cwd=HERE, capture_output=True, text=True)
    wall, cpu = time.perf_counter() - wall, children_cpu() - cpu
    line = next((t for t in done.stdout.splitlines() if re.match(r"\d+ lessons: ", t)), "")
    if done.returncode not in (0, 1) or not line:
        sys.exit(f"run.py --gallery failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    return wall, cpu, line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="two small scenarios")
    parser.add_argument("--keep", type=Path, help="build the site here (kept; must not exist)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-gallery-") as tmp:
        source = HERE / "scenarios"
        if args.quick:
            source = Path(tmp) / "src"
            source.mkdir()
            for name in QUICK:
                shutil.copy(HERE / "scenarios" / name, source / name)
        site = args.keep or Path(tmp) / "site"
        for label in ("cold", "re-run"):
            wall, cpu, line = build(source, site, args.jobs)
            print(f"{label:7} --jobs {args.jobs}: {wall:7.1f} s wall, {cpu:7.1f} s CPU; {line}")
        size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
        print(f"site: {sum(1 for p in site.rglob('*') if p.is_file())} files, {size:,} bytes")


if __name__ == "__main__":
    main()

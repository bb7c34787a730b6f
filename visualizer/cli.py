"""The command line: `python run.py [SCENARIO | FOLDER] [--out PATH] [--list] …`."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from . import registry
from .scenario import ScenarioError, load
from .surfaces import SURFACE_NAMES

DEFAULT_SCENARIO = Path("scenarios") / "default.yaml"
EXIT_BAD_INPUT = 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="run.py", description="Render a maze / Game-of-Life scenario into a GIF or MP4.")
    parser.add_argument("scenario", nargs="?", default=str(DEFAULT_SCENARIO),
                        help=f"a scenario YAML file or a folder of them "
                             f"(default: {DEFAULT_SCENARIO})")
    parser.add_argument("--out", help="where to write the animation (overrides `output`)")
    parser.add_argument("--interactive", action="store_true",
                        help="step through the scenario in a window instead of rendering it")
    parser.add_argument("--list", action="store_true",
                        help="list the generators, solvers and surfaces, then stop")
    return parser


def list_algorithms() -> str:
    """One line per generator, solver and surface."""
    lines = []
    for kind in registry.KINDS:
        lines.append(f"{kind}s:")
        for name, algo in registry.algorithms(kind).items():
            lines.append(f"  {name:<14} {algo.summary}")
    lines.append("surfaces:")
    for name, summary in SURFACE_NAMES.items():
        lines.append(f"  {name:<14} {summary}")
    return "\n".join(lines)


def check_writable(path: Path, where: str, scenario_path: Path) -> None:
    """Raise a located ScenarioError unless `path` can be written."""
    folder = path.parent if str(path.parent) else Path(".")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ScenarioError([f"{scenario_path}: {where}: cannot create the folder "
                             f"'{folder}': {exc.strerror or exc}"])
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)) \
            or path.is_dir():
        raise ScenarioError([f"{scenario_path}: {where}: cannot write '{path}': "
                             f"permission denied or not a file"])


def render_file(path: Path, out: str | None) -> int:
    """Render one scenario file; returns the exit status."""
    from .pipeline import render

    try:
        scenario = load(path, out=out)
        check_writable(scenario.output, "--out" if out else "output", path)
    except ScenarioError as exc:
        for line in exc.errors:
            print(line, file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        result = render(scenario)
    except OSError as exc:
        print(f"{path}: output: cannot write '{scenario.output}': {exc.strerror or exc}",
              file=sys.stderr)
        return EXIT_BAD_INPUT
    print(f"{result.path}: {result.frames} frames, {result.duration:.1f} s, "
          f"{result.bytes / 1024:.0f} KiB in {result.seconds:.1f} s")
    return 0


def show_file(path: Path, out: str | None = None) -> int:
    """Open one scenario file in the interactive window (`s` saves PNGs beside `out` or
    the scenario's output); returns the exit status."""
    from .interactive import run

    try:
        scenario = load(path, out=out)
    except ScenarioError as exc:
        for line in exc.errors:
            print(line, file=sys.stderr)
        return EXIT_BAD_INPUT
    return run(scenario)


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.list:
        print(list_algorithms())
        return 0
    target = Path(args.scenario)
    if args.interactive:
        if target.is_dir():
            print("--interactive opens one scenario file, not a folder", file=sys.stderr)
            return EXIT_BAD_INPUT
        return show_file(target, args.out)
    if target.is_dir():
        files = sorted(target.glob("*.yaml")) + sorted(target.glob("*.yml"))
        if args.out:
            print("--out names one file; it cannot be used with a folder", file=sys.stderr)
            return EXIT_BAD_INPUT
        statuses = [render_file(f, None) for f in files]
        return max(statuses, default=0)
    return render_file(target, args.out)


if __name__ == "__main__":
    sys.exit(main())

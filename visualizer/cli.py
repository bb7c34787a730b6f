"""The command line: `python run.py [SCENARIO | FOLDER] [--out PATH] [--list] …`."""
from __future__ import annotations

import argparse
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from tqdm import tqdm

from . import registry
from .scenario import GIF_EFFORTS, ScenarioError, load
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
    parser.add_argument("--still", action="store_true",
                        help="also save the final frame as a PNG beside the animation")
    parser.add_argument("--strip", type=int, default=0, metavar="N",
                        help="also save N key frames side by side as one PNG (handouts)")
    parser.add_argument("--effort", choices=GIF_EFFORTS,
                        help="GIF encoding effort (overrides the scenario's): best (default; "
                             "smallest files), fast (Life renders 2-3 times faster, "
                             "files 2-5 %% bigger), fastest")
    parser.add_argument("--size", metavar="WxH", type=_canvas_size,
                        help="render on a canvas of this size, e.g. a slide: 1280x720 "
                             "(the layout picks the columns and cell size that fill it)")
    parser.add_argument("--quiz", metavar="DIR",   # questions: the quiz sheet
                        help="also save each question's card and, apart, its answer as "
                             "PNGs in DIR (q01.png …, a01.png …) for a handout")
    parser.add_argument("--jobs", type=int, default=1, metavar="N",
                        help="render a folder's scenarios in N processes at once")
    parser.add_argument("--interactive", action="store_true",
                        help="step through the scenario in a window instead of rendering it")
    parser.add_argument("--list", action="store_true",
                        help="list the generators, solvers and surfaces, then stop")
    parser.add_argument("--stats", action="store_true",
                        help="print each panel's maze and solve figures as JSON instead "
                             "of rendering")
    parser.add_argument("--sweep", choices=("threshold",),
                        help="run a parameter sweep and plot it (threshold: P(entrance "
                             "connected to exit) against the threshold), then stop")
    return parser


def list_algorithms() -> str:
    """One line per generator, solver, surface and Life rule."""
    lines = []
    for kind in registry.KINDS:
        lines.append(f"{kind}s:")
        for name, algo in registry.algorithms(kind).items():
            lines.append(f"  {name:<17} {algo.summary}")
    lines.append("surfaces (any rows x cols unless it says otherwise; in brackets the suffix "
                 "Golly gives its bounded grid of w columns and h rows, * the twisted pair):")
    for name, summary in SURFACE_NAMES.items():
        lines.append(f"  {name:<17} {summary}")
    from .life import NAMED_RULES, PATTERNS

    lines.append("life rules (any B/S rule works too, e.g. B36/S23):")
    for name, notation in NAMED_RULES.items():
        lines.append(f"  {name:<17} {notation}")
    lines.append("life patterns: " + ", ".join(PATTERNS))
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


@dataclass
class Outcome:
    """One scenario's result, for the batch summary."""

    file: str
    status: int
    frames: int = 0
    duration: float = 0.0
    bytes: int = 0
    seconds: float = 0.0
    output: str = ""
    message: str = ""


def _canvas_size(text: str) -> tuple[int, int]:
    """`--size WxH` as (width, height), or argparse's usage error."""
    from .scenario import parse_size, size_expected
    size = parse_size(text)
    if size is None:
        raise argparse.ArgumentTypeError(f"expected {size_expected()}, got '{text}'")
    return size


def render_file(path: Path, out: str | None, *, bar: bool = True, still: bool = False,
                strip: int = 0, effort: str | None = None,
                size: tuple[int, int] | None = None, quiz: str | None = None) -> Outcome:
    """Render one scenario file; errors are printed, never raised."""
    from .pipeline import render

    try:
        scenario = load(path, out=out)
        scenario.still = scenario.still or still
        scenario.strip = strip or scenario.strip
        scenario.effort = effort or scenario.effort
        scenario.size = size or scenario.size
        check_writable(scenario.output, "--out" if out else "output", path)
    except ScenarioError as exc:
        for line in exc.errors:
            print(line, file=sys.stderr)
        return Outcome(str(path), EXIT_BAD_INPUT, message=exc.errors[0])
    progress = tqdm(desc=path.name, unit=" frames", leave=False, disable=None if bar else True,
                    file=sys.stderr)
    try:
        result = render(scenario, progress=lambda n: progress.update(1),
                        quiz=Path(quiz) if quiz else None)   # questions: the quiz sheet
    except OSError as exc:
        message = f"{path}: output: cannot write '{scenario.output}': {exc.strerror or exc}"
        print(message, file=sys.stderr)
        return Outcome(str(path), EXIT_BAD_INPUT, message=message)
    except ScenarioError as exc:
        for line in exc.errors:
            print(line, file=sys.stderr)
        return Outcome(str(path), EXIT_BAD_INPUT, message=exc.errors[0])
    finally:
        progress.close()
    print(f"{result.path}: {result.frames} frames, {result.duration:.1f} s, "
          f"{result.bytes / 1024:.0f} KiB in {result.seconds:.1f} s")
    for extra in result.extras:
        print(f"{extra}")
    return Outcome(str(path), 0, result.frames, result.duration, result.bytes, result.seconds,
                   str(result.path))


def _render_quietly(path: str, effort: str | None = None) -> Outcome:
    return render_file(Path(path), None, bar=False, effort=effort)


def summary_table(outcomes: list[Outcome]) -> str:
    """The batch summary: file, frames, duration, bytes, seconds, status."""
    rows = [("file", "frames", "duration", "bytes", "seconds", "status")]
    for o in outcomes:
        rows.append((Path(o.file).name, str(o.frames), f"{o.duration:.1f} s", f"{o.bytes:,}",
                     f"{o.seconds:.1f}", "ok" if o.status == 0 else "FAILED"))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                       for i, (cell, w) in enumerate(zip(row, widths))) for row in rows]
    failed = sum(o.status != 0 for o in outcomes)
    lines.append(f"{len(outcomes) - failed} rendered, {failed} failed")
    lines += [f"  {o.message}" for o in outcomes if o.status != 0 and o.message]
    return "\n".join(lines)


def render_folder(folder: Path, jobs: int, effort: str | None = None) -> int:
    """Render every scenario of `folder`; a failure does not stop the others."""
    files = sorted(folder.glob("*.yaml")) + sorted(folder.glob("*.yml"))
    if not files:
        print(f"{folder}: no scenario files (*.yaml) here", file=sys.stderr)
        return EXIT_BAD_INPUT
    outcomes: list[Outcome] = []
    overall = tqdm(total=len(files), desc="scenarios", unit=" files", disable=None,
                   file=sys.stderr)
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for outcome in pool.map(partial(_render_quietly, effort=effort), map(str, files)):
                outcomes.append(outcome)
                overall.update(1)
    else:
        for path in files:
            outcomes.append(render_file(path, None, effort=effort))
            overall.update(1)
    overall.close()
    print(summary_table(outcomes))
    return 0 if all(o.status == 0 for o in outcomes) else 1


def load_or_report(path: Path, out: str | None = None):
    """The scenario at `path`, or None after printing every error in it."""
    try:
        return load(path, out=out)
    except ScenarioError as exc:
        for line in exc.errors:
            print(line, file=sys.stderr)
        return None


def scenario_stats(path: Path) -> dict | None:
    """The figures of every panel of one scenario (None after printing its errors)."""
    from .pipeline import panel_stats

    scenario = load_or_report(path)
    if scenario is None:
        return None
    return {"scenario": str(path), "panels": [panel_stats(p) for p in scenario.panels]}


def print_stats(target: Path) -> int:
    """Print one scenario's figures as a JSON object, or a folder's as a JSON list."""
    import json

    files = sorted(target.glob("*.yaml")) if target.is_dir() else [target]
    reports = [scenario_stats(f) for f in files]
    found = [r for r in reports if r is not None]
    if found:
        print(json.dumps(found if target.is_dir() else found[0], indent=1))
    return EXIT_BAD_INPUT if len(found) < len(reports) else 0


def show_file(path: Path, out: str | None = None) -> int:
    """Open one scenario file in the interactive window (`s` saves PNGs beside `out` or
    the scenario's output); returns the exit status."""
    from .interactive import run

    scenario = load_or_report(path, out)
    return EXIT_BAD_INPUT if scenario is None else run(scenario)


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.list:
        print(list_algorithms())
        return 0
    if args.sweep:
        from .sweep import main as sweep_main

        return sweep_main(["--out", args.out] if args.out else [])
    if args.stats:
        return print_stats(Path(args.scenario))
    target = Path(args.scenario)
    if args.interactive:
        if target.is_dir():
            print("--interactive opens one scenario file, not a folder", file=sys.stderr)
            return EXIT_BAD_INPUT
        return show_file(target, args.out)
    if target.is_dir():
        if args.out:
            print("--out names one file; it cannot be used with a folder", file=sys.stderr)
            return EXIT_BAD_INPUT
        return render_folder(target, args.jobs, args.effort)
    return render_file(target, args.out, still=args.still, strip=args.strip,
                       effort=args.effort, size=args.size, quiz=args.quiz).status


if __name__ == "__main__":
    sys.exit(main())

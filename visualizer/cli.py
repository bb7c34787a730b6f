"""The command line: `python run.py [SCENARIO | FOLDER] [--out PATH] [--list] …`."""
from __future__ import annotations

import argparse
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Callable

from tqdm import tqdm

from .export.base import remove_own_temps
from .listing import registry_listing
from .student import grade
from .sweep import main as sweep_main
from .cli_flags import DEFAULT_SCENARIO, GALLERY_SOURCE, flag_name, scenario_flags
from .cli_flags import parser as _parser
from .scenario import Given, ScenarioError, load
from .schema.budget import Budget
from .gallery import Options as GalleryOptions, build as build_gallery
from .variants import write_variants

EXIT_BAD_INPUT = 2


def list_algorithms() -> str:
    """One line per generator, solver (grouped by family), surface and Life rule."""
    return registry_listing()


def check_writable(path: Path, where: str, scenario_path: Path) -> None:
    """Raise a located ScenarioError unless `path` can be written."""
    folder = path.parent if str(path.parent) else Path(".")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ScenarioError([f"{scenario_path}: {where}: cannot create the folder "
                             f"'{folder}': {exc.strerror or exc}"]) from None
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


@dataclass(frozen=True)
class Overrides:
    """What the command line changes in every scenario it renders."""

    values: tuple[tuple[str, object], ...] = ()     # scenario keys given as flags
    roots: tuple[Path, ...] = ()                    # --allow-patterns
    budget: float = 1.0
    quiz: Path | None = None                        # --quiz: the questions' handout
    allow_code: bool = False                        # --allow-code: a student's code may run

    def given(self) -> Given:
        """The flags' keys, merged into each scenario before it is validated and named
        by their flags in its messages."""
        return Given(dict(self.values), {key: flag_name(key) for key, _ in self.values})


def _load(path: Path, out: str | None, over: Overrides):
    """The scenario at `path` with the command line's keys merged in, validated and
    checked against the (scaled) resource budget (ScenarioError otherwise)."""
    return load(path, out=out, roots=over.roots, budget=Budget().scaled(over.budget),
                given=over.given(), allow_code=over.allow_code)


def prepare(path: Path, out: str | None, over: Overrides):
    """The scenario at `path` with the command line's changes, checked against the
    resource budget and its output's folder (ScenarioError otherwise)."""
    scenario = _load(path, out, over)
    check_writable(scenario.output, "--out" if out else "output", path)
    return scenario


def render_file(path: Path, out: str | None, *, bar: bool = True,
                over: Overrides = Overrides()) -> Outcome:
    """Render one scenario file; errors are printed, never raised (Ctrl-C is raised)."""
    try:
        scenario = prepare(path, out, over)
    except ScenarioError as exc:
        for line in exc.errors:
            print(line, file=sys.stderr)
        return Outcome(str(path), EXIT_BAD_INPUT, message=exc.errors[0])
    progress = tqdm(desc=path.name, unit=" frames", leave=False, disable=None if bar else True,
                    file=sys.stderr)
    told: list[str] = []
    try:
        result = _render(scenario, lambda n: progress.update(1), over.quiz, told)
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
    if result.note:
        print(f"{result.path}: {result.note}")
    for extra in result.extras:
        print(f"{extra}")
    for line in told:
        print(line)
    return Outcome(str(path), 0, result.frames, result.duration, result.bytes, result.seconds,
                   str(result.path))


def _render(scenario: Any, progress: Callable[[int], None], quiz: Path | None,
            told: list[str]) -> Any:
    """Render `scenario` (for its venue, when it names one: `told` then gets the line
    saying what was chosen and why, the files written beside it and the Markdown
    snippet with its alt text)."""
    from .pipeline import render

    if scenario.venue is None:
        return render(scenario, progress=progress, quiz=quiz)
    from .venue_fit import render_for

    done = render_for(scenario, progress=progress, quiz=quiz)
    told.append(done.line)
    told.extend(str(path) for path in done.extras)
    if done.snippet is not None:
        told.append(done.snippet)
    return done.result


def _render_quietly(path: str, over: Overrides = Overrides()) -> Outcome:
    """A batch's render of one file: any failure, expected or not, becomes its row."""
    try:
        return render_file(Path(path), None, bar=False, over=over)
    except KeyboardInterrupt:
        remove_own_temps()     # in a worker process: its own files
        raise
    except Exception as exc:   # noqa: BLE001 - a batch reports every failure as a row
        message = f"{path}: unexpected failure: {type(exc).__name__}: {str(exc)[:200]}"
        print(message, file=sys.stderr)
        return Outcome(path, 1, message=message)


def _outcome_of(path: Path, future) -> Outcome:
    """A worker's outcome, or a row saying how the worker itself failed (it crashed, was
    killed, ran out of memory)."""
    try:
        return future.result()
    except KeyboardInterrupt:
        raise
    except Exception as exc:   # noqa: BLE001 - a batch reports every failure as a row
        message = f"{path}: the worker failed: {type(exc).__name__}: {str(exc)[:200]}"
        print(message, file=sys.stderr)
        return Outcome(str(path), 1, message=message)


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


def render_folder(folder: Path, jobs: int, over: Overrides = Overrides()) -> int:
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
            futures = [pool.submit(_render_quietly, str(path), over) for path in files]
            for path, future in zip(files, futures):
                outcomes.append(_outcome_of(path, future))
                overall.update(1)
    else:
        for path in files:
            outcomes.append(_render_quietly(str(path), over))
            overall.update(1)
    overall.close()
    print(summary_table(outcomes))
    return 0 if all(o.status == 0 for o in outcomes) else 1


def load_or_report(path: Path, out: str | None = None, over: Overrides = Overrides()):
    """The scenario at `path`, within the budget, or None after printing every error."""
    try:
        return _load(path, out, over)
    except ScenarioError as exc:
        for line in exc.errors:
            print(line, file=sys.stderr)
        return None


def scenario_stats(path: Path, over: Overrides = Overrides()) -> dict | None:
    """The figures of every panel of one scenario (None after printing its errors)."""
    from .pipeline import panel_stats, prepare

    scenario = load_or_report(path, over=over)
    if scenario is None:
        return None
    try:
        ready = prepare(scenario)
    except ScenarioError as exc:
        for line in exc.errors:
            print(line, file=sys.stderr)
        return None
    return {"scenario": str(path),
            "panels": [panel_stats(p, t) for p, t in zip(ready.panels, ready.transcripts)]}


def print_stats(target: Path, over: Overrides = Overrides()) -> int:
    """Print one scenario's figures as a JSON object, or a folder's as a JSON list."""
    import json

    files = sorted(target.glob("*.yaml")) if target.is_dir() else [target]
    reports = [scenario_stats(f, over) for f in files]
    found = [r for r in reports if r is not None]
    if found:
        print(json.dumps(found if target.is_dir() else found[0], indent=1))
    return EXIT_BAD_INPUT if len(found) < len(reports) else 0


def show_file(path: Path, out: str | None = None, over: Overrides = Overrides()) -> int:
    """Open one scenario file in the interactive window (`s` saves PNGs beside `out` or
    the scenario's output); returns the exit status."""
    from .interactive import run

    scenario = load_or_report(path, out, over)
    return EXIT_BAD_INPUT if scenario is None else run(scenario)


def gallery(args: argparse.Namespace, over: Overrides) -> int:
    """`--gallery DIR`: the folder's scenarios (default: scenarios/) as a static site."""
    source = Path(args.scenario or GALLERY_SOURCE)
    if not source.is_dir() or args.out or args.interactive or args.stats:
        print(f"--gallery renders a folder of scenarios into DIR ('{source}' is not a folder, "
              "or --out, --interactive or --stats was given)", file=sys.stderr)
        return EXIT_BAD_INPUT
    load = partial(_load, out=None, over=over)
    try:
        return build_gallery(source, args.gallery, load, GalleryOptions(
            args.jobs, args.variants or 0, key=repr(over)))
    except KeyboardInterrupt:
        remove_own_temps()
        print("interrupted (Ctrl-C): stopped; the lessons built so far are kept, and the "
              "next --gallery run builds the rest", file=sys.stderr)
        return EXIT_INTERRUPTED


def variants(path: Path, out: str | None, count: int, over: Overrides,
             interactive: bool = False) -> int:
    """`--variants N`: N versions of one scenario, one per student, and its answer key."""
    if path.is_dir():
        print("--variants writes versions of one scenario file, not a folder (with "
              "--gallery, of every lesson)", file=sys.stderr)
        return EXIT_BAD_INPUT
    if interactive:
        print("--variants writes one file per student; it cannot be used with "
              "--interactive", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        scenario = prepare(path, out, over)
        write_variants(scenario, count, said=print)
    except ScenarioError as exc:
        for line in exc.errors:
            print(line, file=sys.stderr)
        return EXIT_BAD_INPUT
    return 0


EXIT_INTERRUPTED = 130


def main(argv: list[str] | None = None) -> int:
    """The command line; returns the exit status (130 after Ctrl-C, nothing written)."""
    try:
        return _main(argv)
    except KeyboardInterrupt:
        remove_own_temps()
        print("interrupted (Ctrl-C): stopped; no output file was written", file=sys.stderr)
        return EXIT_INTERRUPTED


def _main(argv: list[str] | None) -> int:
    args = _parser().parse_args(argv)
    if args.schema:
        from .schema.publish import schema_text

        print(schema_text())
        return 0
    if args.list:
        print(list_algorithms())
        return 0
    if args.sweep:
        return sweep_main(["--out", args.out] if args.out else [])
    if args.check is not None:          # a folder of students' submissions
        return grade.main(args)
    if stray := grade.stray_flags(args):
        print(f"{', '.join(stray)}: only with --check DIR", file=sys.stderr)
        return EXIT_BAD_INPUT
    over = Overrides(tuple(scenario_flags(args).items()), tuple(args.allow_patterns),
                     args.budget, Path(args.quiz) if args.quiz else None, args.allow_code)
    if args.gallery is not None:
        return gallery(args, over)
    target = Path(args.scenario or DEFAULT_SCENARIO)
    if args.stats:
        return print_stats(target, over)
    if args.variants:
        return variants(target, args.out, args.variants, over, args.interactive)
    if args.interactive:
        if target.is_dir():
            print("--interactive opens one scenario file, not a folder", file=sys.stderr)
            return EXIT_BAD_INPUT
        return show_file(target, args.out, over)
    if target.is_dir():
        if args.out:
            print("--out names one file; it cannot be used with a folder", file=sys.stderr)
            return EXIT_BAD_INPUT
        return render_folder(target, args.jobs, over)
    return render_file(target, args.out, over=over).status


if __name__ == "__main__":
    sys.exit(main())

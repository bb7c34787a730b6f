"""The command line's flags: the parser of `run.py` and the scenario keys its flags give."""
from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, Callable

from . import registry
from .export import FORMATS
from .export.venues import VENUE_NAMES
from .registry import ParamKind
from .schema.model import MAX_STRIP
from .student import grade
from .variants import MAX_VARIANTS, SEED_STRIDE

DEFAULT_SCENARIO = Path("scenarios") / "default.yaml"
GALLERY_SOURCE = Path("scenarios")


def parser() -> argparse.ArgumentParser:
    """`run.py`'s parser: what to render and how, then the other modes (`_mode_flags`)."""
    parser = argparse.ArgumentParser(
        prog="run.py", description="Render a maze / Game-of-Life scenario into a GIF or MP4.")
    parser.add_argument("scenario", nargs="?", default=None,
                        help=f"a scenario YAML file or a folder of them "
                             f"(default: {DEFAULT_SCENARIO}; with --gallery, {GALLERY_SOURCE})")
    parser.add_argument("--out", help="where to write the animation (overrides `output`)")
    parser.add_argument("--still", action="store_true",
                        help="also save the final frame as a PNG beside the animation")
    parser.add_argument("--strip", type=_whole_or_text, metavar="N",
                        help=f"also save N key frames side by side as one PNG (handouts; "
                             f"0 to {MAX_STRIP})")
    for fmt in FORMATS.values():
        for param in fmt.options:
            _writer_flag(parser, fmt.name, param)
    parser.add_argument("--for", dest="venue", metavar="VENUE",
                        help="where it will be shown: " + ", ".join(VENUE_NAMES) + " (picks "
                             "the format, size, frame rate, loop, codec and byte cap that "
                             "venue needs, and says why)")
    parser.add_argument("--transcript", action="store_true",
                        help="also write the captions and milestones as WebVTT (.vtt) and "
                             "plain text (.txt) beside the output")
    parser.add_argument("--size", metavar="WxH",
                        help="render on a canvas of this size, e.g. a slide: 1280x720 "
                             "(the layout picks the columns and cell size that fill it)")
    parser.add_argument("--jobs", type=_bounded(1, 64), default=1, metavar="N",
                        help="render a folder's scenarios in N processes at once (1 to 64)")
    parser.add_argument("--allow-patterns", action="append", default=[], metavar="DIR",
                        type=Path,
                        help="also read pattern files from DIR (repeatable); by default a "
                             "scenario reads them from its own folder only")
    parser.add_argument("--allow-code", action="store_true",
                        help="let a scenario run a student's Python code (generator: {code: "
                             "student.py, function: …}); refused without it")
    parser.add_argument("--budget", type=_factor, default=1.0, metavar="X",
                        help="multiply the resource limits (memory, frames, events, panels) "
                             "by X before refusing a scenario as too big; a format's own "
                             "limits (GIF: 65,535 pixels a side) stay")
    _mode_flags(parser)
    return parser


def _mode_flags(parser: argparse.ArgumentParser) -> None:
    """The flags that do something else than render one file: print, list, step, sweep,
    build a gallery, write variants, grade a folder of students' code."""
    parser.add_argument("--schema", action="store_true",
                        help="print the scenario files' JSON Schema, then stop")
    parser.add_argument("--quiz", metavar="DIR",
                        help="also save each question's card and, apart, its answer as "
                             "PNGs in DIR (q01.png …, a01.png …) for a handout")
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
    parser.add_argument("--gallery", metavar="DIR", type=Path,
                        help=f"render every scenario of the folder given (default: "
                             f"{GALLERY_SOURCE}) into a static site in DIR: an index with "
                             "posters, tags and a filter, a page per lesson (player, GIF, MP4, "
                             "YAML); a re-run renders only what changed; with --jobs N")
    parser.add_argument("--variants", type=_bounded(1, MAX_VARIANTS), metavar="N",
                        help="write N versions of the scenario, one per student (student k's "
                             f"seeds are the scenario's + {SEED_STRIDE} k), and the answer "
                             "key of its questions as CSV; with --gallery, per lesson")
    grade.add_flags(parser)


def _bounded(lo: int, hi: int):
    """An argparse type: a whole number from lo to hi (a usage error, exit 2, otherwise)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"expected a whole number from {lo} to {hi}, "
                                             f"got '{text[:40]}'")
        return value

    parse.__name__ = "whole number"
    return parse


def _factor(text: str) -> float:
    """`--budget X`: a number ≥ 1."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value >= 1 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a number ≥ 1, got '{text[:40]}'")
    return value


def _whole_or_text(text: str) -> int | str:
    """A flag's whole number as a number; anything else as its text, for the schema to
    refuse with the flag's name (`--strip: expected a whole number …, got 'x'`)."""
    try:
        return int(text)
    except ValueError:
        return text


YES = ("true", "yes", "on", "1")
NO = ("false", "no", "off", "0")


def _flag_value(param: registry.Param) -> Callable[[str], Any]:
    """How a writer flag's text becomes a scenario value of `param`'s kind (true/false,
    yes/no, on/off or 1/0 for a yes/no; numbers by value, so `--speed 2` and `--speed 2.0`
    are the choice 2); text that is none is kept, and the schema words its refusal."""
    def parse(text: str) -> Any:
        word = text.strip().lower()
        if param.kind == ParamKind.BOOL and word in YES + NO:
            return word in YES
        if param.kind == ParamKind.INT:
            return _whole_or_text(text)
        if param.kind == ParamKind.FLOAT or (param.kind == ParamKind.CHOICE and not all(
                isinstance(c, str) for c in param.choices)):
            try:
                number = float(text)
            except ValueError:
                return text
            exact = _whole_or_text(text)
            return next((c for c in param.choices if c == number),
                        exact if isinstance(exact, int) else number)
        return text

    parse.__name__ = param.kind.value
    return parse


def _writer_flag(parser: argparse.ArgumentParser, fmt: str, param: registry.Param) -> None:
    """`--<option>` for a writer's own option, overriding the scenario's."""
    flag = "--" + param.name.replace("_", "-")
    text = f"{param.help} (overrides the scenario's; {fmt.upper()} only; default " \
           f"{param.default})".replace("%", "%%")
    metavar = {ParamKind.CHOICE: "{" + ",".join(map(str, param.choices)) + "}",
               ParamKind.BOOL: "{true,false}", ParamKind.INT: "N"}.get(param.kind)
    parser.add_argument(flag, dest=param.name, help=text, metavar=metavar,
                        type=_flag_value(param))


def flag_name(key: str) -> str:
    """The command-line flag that gives the scenario key `key` (`questions_as` ->
    `--questions-as`)."""
    return "--" + key.replace("_", "-")


def scenario_flags(args: argparse.Namespace) -> dict[str, Any]:
    """The scenario keys the command line gives (`--size`, `--still`, `--strip`, each
    writer's options), as values for the scenario document."""
    names = ["size", "strip"] + [p.name for f in FORMATS.values() for p in f.options]
    given = {n: getattr(args, n) for n in names if getattr(args, n, None) is not None}
    if args.still:
        given["still"] = True
    if args.transcript:
        given["transcript"] = True
    if args.venue is not None:
        given["for"] = args.venue
    return given

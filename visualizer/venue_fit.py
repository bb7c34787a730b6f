"""A render for a venue (`--for VENUE`): its record's choices, its byte cap met by shrinking
what costs the lesson least, its files beside the output, and one line saying why.

Before anything is drawn the output's size is estimated from the plan
(`estimate.plan_of`). Over the venue's cap, the frame rate is lowered first (down to the
record's `floor_fps`: the same steps, fewer pictures), then the canvas (16:9 sizes down to
`floor_size`: smaller cells), then the GIF's encoding effort (`smallest`). The first of
these whose estimate fits is drawn; a file that still comes out over the cap is removed
and the next one is drawn. When even the last cannot fit, the render is refused with the
estimate, the cap and the fix, and nothing is written.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from .errors import ScenarioError
from .estimate import COSTS, plan_of
from .export import FORMATS
from .export.venue_files import Words, snippet, write_extras
from .export.venues import MB, VENUES, Extra, VenueRecord
from .narration import alt_text
from .pipeline import Prepared, RenderResult, prepare, render, title_of
from .scenario import Scenario

#: canvas sizes the cap may shrink to, largest first (16:9)
SIZES = ((1920, 1080), (1600, 900), (1280, 720), (1120, 630), (960, 540), (864, 486),
         (800, 450), (720, 405), (640, 360), (560, 315), (480, 270))
#: the smallest effort writes GIFs 2-5 % smaller (docs/export.md): the least is counted
SMALLEST_EFFORT = 0.98


@dataclass(frozen=True)
class Step:
    """One way to draw the lesson: frame rate, canvas, GIF effort (None: the scenario's)."""

    fps: int
    size: tuple[int, int]
    effort: str | None = None


@dataclass(frozen=True)
class Choice:
    """The step drawn, its prepared render, its estimate (None: no cap to meet) and what
    it changed from the venue's own choice, in words."""

    step: Step
    ready: Prepared
    estimate: int | None
    changes: tuple[str, ...]


def megabytes(count: int) -> str:
    """A byte count in MB (10^6 bytes), to three significant digits: 2 MB, 0.4 MB, 1.46 MB,
    0.0137 MB."""
    return f"{count / MB:.3g} MB"


def record_of(scenario: Scenario) -> VenueRecord:
    """The venue record of `scenario` (it has a venue)."""
    assert scenario.venue is not None, "a scenario with a venue"
    return VENUES[scenario.venue]


def steps(scenario: Scenario, record: VenueRecord) -> Iterator[Step]:
    """The ways to draw the lesson, from the venue's own to the smallest: the frame rate
    lowered first, then the canvas, then the effort."""
    size = scenario.size or record.size
    fmt = FORMATS[scenario.format]
    rates = [r for r in (fmt.fps or (scenario.fps,)) if record.floor_fps <= r <= scenario.fps]
    rates = rates or [scenario.fps]
    for rate in rates:
        yield Step(rate, size)
    for smaller in _smaller(size, record):
        yield Step(rates[-1], smaller)
    if scenario.format == "gif":
        yield Step(rates[-1], (_smaller(size, record) or [size])[-1], "smallest")


def _smaller(size: tuple[int, int], record: VenueRecord) -> list[tuple[int, int]]:
    """The canvases of `SIZES` smaller than `size` and of its shape, down to the venue's
    floor, largest first."""
    ratio = size[0] / size[1]
    return [s for s in SIZES if record.floor_size[0] <= s[0] < size[0]
            and abs(s[0] / s[1] - ratio) < 0.02]


def _at(scenario: Scenario, step: Step) -> Scenario:
    """`scenario` drawn as `step` says."""
    options = dict(scenario.options)
    if step.effort is not None:
        options["effort"] = step.effort
    return dataclasses.replace(scenario, fps=step.fps, size=step.size, options=options)


def _estimate(ready: Prepared, step: Step) -> int:
    guess = plan_of(ready, step.size).bytes(ready.scenario.format)
    return round(guess * SMALLEST_EFFORT) if step.effort == "smallest" else guess


def choices(scenario: Scenario) -> Iterator[Choice]:
    """The steps whose estimate fits the venue's cap, prepared, in the order to try them
    (the venue's own choice alone when it has no cap); ScenarioError (the estimate, the
    cap and the fix) when none fits."""
    record = record_of(scenario)
    first, grown = _first(scenario, record)
    scenario = first.scenario
    if record.cap is None or scenario.format not in COSTS:
        yield Choice(Step(scenario.fps, scenario.size or record.size), first, None, grown)
        return
    known, fitted = first, False
    last: tuple[Step, int] | None = None
    for step in steps(scenario, record):
        try:
            ready = known if _at(scenario, step) == known.scenario else \
                prepare(_at(scenario, step), known)
        except ScenarioError:           # the lesson does not fit this canvas: the next
            continue
        known, guess = ready, _estimate(ready, step)
        last = (step, guess)
        if guess <= record.cap:
            fitted = True
            yield Choice(step, ready, guess, grown + _changes(scenario, record, step, guess))
    if not fitted and last is not None:
        raise ScenarioError([refusal(scenario, record, *last)])


def _first(scenario: Scenario, record: VenueRecord) -> tuple[Prepared, tuple[str, ...]]:
    """`scenario` prepared at the venue's canvas or, when its panels do not fit there
    (and the scenario did not ask for that size itself), at the next larger 16:9 canvas
    that holds them; with the change in words."""
    try:
        return prepare(scenario), ()
    except ScenarioError as refused:
        if scenario.size != record.size:
            raise
        for larger in reversed(SIZES):
            if larger[0] > record.size[0]:
                try:
                    ready = prepare(dataclasses.replace(scenario, size=larger))
                except ScenarioError:
                    continue
                return ready, (f"canvas {record.size[0]}x{record.size[1]} -> "
                               f"{larger[0]}x{larger[1]}: the panels need it",)
        raise refused from None


def _changes(scenario: Scenario, record: VenueRecord, step: Step, guess: int
             ) -> tuple[str, ...]:
    """What `step` changed from the venue's own choice, in words."""
    own = scenario.size or record.size
    out = []
    if step.fps != scenario.fps:
        out.append(f"frame rate {scenario.fps} -> {step.fps} fps")
    if step.size != own:
        out.append(f"canvas {own[0]}x{own[1]} -> {step.size[0]}x{step.size[1]}")
    if step.effort is not None:
        out.append(f"GIF effort -> {step.effort}")
    if out and record.cap is not None:
        out.append(f"to fit the {megabytes(record.cap)} cap (estimate {megabytes(guess)})")
    return tuple(out)


def refusal(scenario: Scenario, record: VenueRecord, step: Step, guess: int) -> str:
    """The refusal: the estimate at the smallest step, the cap, and the fix."""
    assert record.cap is not None, "only a cap refuses"
    where = "for" if scenario.path.suffix else "venue"
    return (f"{scenario.path}: {where}: the {scenario.format.upper()} for {record.venue} "
            f"would be about {megabytes(guess)} even at {step.fps} fps, "
            f"{step.size[0]}x{step.size[1]} and effort smallest; {record.venue} takes at "
            f"most {megabytes(record.cap)} ({record.because('cap')}): shorten it "
            f"(`duration`, `steps_per_frame`, `generations`), draw fewer or smaller panels, "
            f"or choose a venue without this cap")


@dataclass
class VenueResult:
    """What a render for a venue wrote and what it says about it."""

    result: RenderResult
    line: str
    extras: tuple[Path, ...]
    snippet: str | None


def render_for(scenario: Scenario, *, progress: Callable[[int], None] | None = None,
               quiz: Path | None = None) -> VenueResult:
    """Render `scenario` for its venue: the first choice that fits the cap (estimated
    before drawing, checked on the file), then the venue's files beside it. A file over
    the cap is removed, and the estimates of the choices left are corrected by how far
    it was off (real / estimate), so that only a choice that should fit is drawn next."""
    record = record_of(scenario)
    result, correction, over = None, 1.0, []
    for choice in choices(scenario):
        if choice.estimate is not None and record.cap is not None \
                and choice.estimate * correction > record.cap:
            continue
        result = render(choice.ready, progress=progress, quiz=quiz, narrate=True)
        if record.cap is None or result.bytes <= record.cap:
            break
        for path in (result.path, *result.extras):
            path.unlink(missing_ok=True)
        correction = max(correction, result.bytes / (choice.estimate or result.bytes))
        over.append(f"{megabytes(result.bytes)} at {choice.step.fps} fps and "
                    f"{choice.step.size[0]}x{choice.step.size[1]}")
        result = None
    if result is None:
        raise ScenarioError([refusal(scenario, record, choice.step,
                                     round((choice.estimate or 0) * correction))])
    words = _words(choice.ready, result, choice.step.size)
    extras = write_extras(record.extras, result.path, words)
    line = record.line(size=choice.step.size, fps=choice.step.fps)
    if choice.estimate is not None:
        line += f"; estimated {megabytes(choice.estimate)} before drawing"
    if choice.changes:
        line += "; changed: " + ", ".join(choice.changes)
    if over:
        line += "; drawn again after " + ", ".join(over) + " came out over the cap"
    shown = snippet(result.path, words) if Extra.MARKDOWN in record.extras else None
    return VenueResult(result, line, tuple(extras), shown)


def _words(ready: Prepared, result: RenderResult, size: tuple[int, int]) -> Words:
    """The words of the render: its title, alt text and transcript lines."""
    cues = result.cues
    return Words(title_of(ready), alt_text(cues) if cues else title_of(ready),
                 tuple((c.start, c.text) for c in cues), size)


__all__ = ["Choice", "SIZES", "Step", "VenueResult", "choices", "refusal", "render_for",
           "steps"]

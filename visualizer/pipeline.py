"""From a validated scenario to a file: record, plan, draw.

`prepare(scenario)` runs each panel's story once (`record`), plans the render from the
transcripts (`plan`: sizes, columns, legend, captions, pacing) and returns a `Prepared`
render; `scenario_frames(prepared)` draws its frames and `render(prepared)` streams them
into the writer picked by the output's extension. The scenario itself is never changed.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from . import events as ev
from .choices import Animate
from .export import FORMATS, open_writer, writer_for
from .export.flash import MAX_FLASHES, FlashMeter, Verdict, holds
from .export.keyframes import KeyFrames
from .plan import (Arrangement, CaptionSettings, Plan, caption_settings, is_auto,
                   refuse_what_cannot_fit, schedule, settle, shrink_to_fit, text_sizes)
from .narration import Cue, Narration, write_transcripts
from .questions.answers import resolve
from .questions.model import Asked
from .questions.schedule import CardFrame, QuizSheet, Role, held, with_questions
from .record import BlockedCells, LifeTranscript, Transcript, record
from .render.animate import Frame, frame_counts, frames
from .render.canvas import Canvas
from .render.factory import make_panel
from .render.life_panel import settled_text
from .render.look import Look, look
from .render.life_states import rule_colours, state_words
from .render.palette import make_theme
from .render.timeline import milestone_text
from .lesson import describe
from .scenario import PanelSpec, Scenario, ScenarioError, panel_location


def scenario_colours(scenario: Scenario) -> dict[str, str]:
    """The theme colours `scenario` changes: a Life rule table's @COLORS, then the
    scenario's own `colours` over them."""
    rules = [p.life.rule for p in scenario.panels if p.life is not None]
    return {**rule_colours(rules), **scenario.colours}


def legend_words(spec: PanelSpec) -> dict[str, str]:
    """The words panel `spec`'s algorithms give their colours (registry `legend=`), the
    solver's over the generator's; a Life rule's words for its states."""
    words: dict[str, str] = {}
    if spec.life is not None:
        words.update(state_words(spec.life.rule))
    if spec.maze is not None:
        for kind, choice in (("generator", spec.generator), ("solver", spec.solver)):
            if choice is not None:
                words.update(choice.algorithm(kind).extra.get("legend", {}))
    return words


def renderer(spec: PanelSpec, transcript: Transcript, text_size: int,
             settings: CaptionSettings | None = None, *, quiet: bool = False) -> Any:
    """A fresh renderer for panel `spec` whose events are `transcript` (a `quiet` one
    keeps its state without drawing: for `look_of`)."""
    first = transcript[0] if spec.maze is not None and len(transcript) else None
    return make_panel(spec, text_size=text_size, peak=transcript.peak,
                      first=first if isinstance(first, ev.GridCreated) else None,
                      settings=settings, quiet=quiet)


def look_of(spec: PanelSpec, transcript: Transcript, text_size: int,
            settings: CaptionSettings | None) -> Look:
    """What panel `spec` shows over its recorded run (legend entries, widest captions),
    read from its events without drawing them."""
    skip = transcript.building if spec.animate == Animate.SOLVE else 0
    return look(renderer(spec, transcript, text_size, settings, quiet=True), transcript,
                skip=skip, text_size=text_size, words=legend_words(spec))


@dataclass(frozen=True)
class _Looked:
    """A panel's look and what it was read from: the panel, its transcript, its caption
    settings (the look of an equal panel with the same transcript and equal settings is
    the same: read once)."""

    spec: PanelSpec
    transcript: Transcript
    settings: CaptionSettings | None
    look: Look


def _looks(scenario: Scenario, panels: Sequence[PanelSpec],
           transcripts: Sequence[Transcript | None], text_size: int,
           before: Sequence[_Looked | None] = ()) -> list[_Looked | None]:
    """The look of every recorded panel (None where not recorded yet); one of `before`
    (an earlier pass at the same text size) is reused where it was read from the same."""
    settings = caption_settings(scenario, panels,
                                [len(t) if t is not None else 1 for t in transcripts],
                                [t.building if t is not None else 1 for t in transcripts])
    out: list[_Looked | None] = []
    for spec, t, s in zip(panels, transcripts, map(_taken, panels, settings)):
        same = next((b for b in before if b is not None and b.transcript is t
                     and b.settings == s and b.spec == spec), None)
        out.append(None if t is None else
                   same or _Looked(spec, t, s, look_of(spec, t, text_size, s)))
    return out


def _taken(spec: PanelSpec, settings: CaptionSettings) -> CaptionSettings | None:
    """The caption settings panel `spec`'s renderer is made with: none for a Life panel
    (`make_panel` paces a maze panel's caption alone)."""
    return settings if spec.life is None else None


def _seen(looked: Sequence[_Looked | None]) -> list[Look | None]:
    """The looks alone."""
    return [b.look if b is not None else None for b in looked]


def _stand_ins(panels: Sequence[PanelSpec], looks: Sequence[Look | None]
               ) -> list[Look | None]:
    """The looks the layout sizes `auto` mazes by before they are recorded: each auto maze
    is taken to caption like the widest of the recorded maze panels (its own legend is
    not known yet; the canvas makes room for it once it is, see `plan.shrink_to_fit`)."""
    captions = sorted({c for spec, lk in zip(panels, looks) if lk is not None
                       and spec.maze is not None for c in lk.captions}, key=len)
    stand_in = Look((), tuple(captions[-3:]))
    return [stand_in if lk is None else lk for lk in looks]


@dataclass(frozen=True)
class Prepared:
    """A render decided: the scenario (as validated, unchanged), each panel's transcript
    (its events, recorded once) and the plan. `canvas()` gives a fresh canvas to draw on;
    the transcripts are the panels' event streams, as drawn."""

    scenario: Scenario
    transcripts: tuple[Transcript, ...]
    plan: Plan
    asked: tuple[Asked, ...]

    @property
    def panels(self) -> tuple[PanelSpec, ...]:
        """The panels as drawn (auto mazes sized, cells scaled to the slide)."""
        return self.plan.panels

    def canvas(self) -> Canvas:
        """A canvas with one freshly set-up renderer per panel, nothing drawn yet."""
        plan = self.plan
        size = plan.text.caption_size
        panels = [renderer(spec, t, size, s) for spec, t, s in
                  zip(plan.panels, self.transcripts, plan.settings)]
        return Canvas(panels, [spec.title for spec in plan.panels],
                      heading=self.scenario.title, columns=plan.columns, size=plan.size,
                      key=list(plan.legend) if plan.legend is not None else None,
                      captions=[list(c) for c in plan.captions],
                      title_size=plan.text.title_size, caption_size=size,
                      headers=self.scenario.table)


def _record_all(scenario: Scenario, panels: Sequence[PanelSpec],
                done: Sequence[Transcript | None], skip_auto: bool = False
                ) -> list[Transcript | None]:
    """Each panel of `panels` recorded once (those `done` kept; auto mazes left for later
    when `skip_auto`). A cell a panel names for its endpoints or solver that its block maze
    left blocked is a located error, every panel's at once."""
    out: list[Transcript | None] = []
    errors: list[str] = []
    for i, (spec, transcript) in enumerate(zip(panels, done)):
        if transcript is None and not (skip_auto and is_auto(spec)):
            try:
                transcript = record(spec)
            except BlockedCells as blocked:
                where = panel_location(scenario, i)
                errors += [f"{scenario.path}: {where + '.' if where else ''}{key}: an open "
                           f"cell; {list(cell)} is blocked in this {spec.generator.name} "
                           f"maze (random seed {spec.seed})"
                           for key, cell in blocked.cells if spec.generator is not None]
        out.append(transcript)
    if errors:
        raise ScenarioError(errors)
    return out


def _known(panels: Sequence[PanelSpec], known: Prepared | None,
           drawn: bool = False) -> list[Transcript | None]:
    """The transcripts of `known` (a render prepared before) for the panels of `panels`
    it recorded exactly so (compared with its scenario's panels, or as `drawn`)."""
    if known is None:
        return [None] * len(panels)
    before = known.plan.panels if drawn else known.scenario.panels
    return [t if i < len(before) and before[i] == spec and (drawn or not is_auto(spec))
            else None for i, (spec, t) in enumerate(zip(panels, known.transcripts))] \
        + [None] * max(0, len(panels) - len(known.transcripts))


def prepare(scenario: Scenario, known: Prepared | None = None) -> Prepared:
    """Record every panel once and plan the render. An `auto` maze is sized first (from
    the other panels' looks: their legend and captions), then recorded at that size. A
    panel that `known` (the same lesson prepared with another pace or canvas) recorded
    exactly so is not recorded again."""
    panels = list(scenario.panels)
    autos = any(is_auto(spec) for spec in panels)
    size = scenario.size or (Arrangement.default_frame() if autos else None)
    text_size = text_sizes(size).caption_size
    if size is not None:      # refused before anything runs: too many cells for the slide
        refuse_what_cannot_fit(Arrangement(scenario, tuple(panels), (None,) * len(panels),
                                           (None,) * len(panels), scenario.columns, size))
    transcripts = _record_all(scenario, panels, _known(panels, known), skip_auto=True)
    looked = _looks(scenario, panels, transcripts, text_size)
    arr = settle(scenario, panels, transcripts, _stand_ins(panels, _seen(looked)))
    if autos:
        transcripts = _record_all(scenario, arr.panels, [
            t if t is not None else k for t, k in
            zip(transcripts, _known(arr.panels, known, drawn=True))])
        looked = _looks(scenario, arr.panels, transcripts, text_size, looked)
        arr = shrink_to_fit(replace(arr, looks=tuple(_seen(looked)),
                                    transcripts=tuple(transcripts)))
    recorded = tuple(t for t in transcripts if t is not None)
    settings = caption_settings(scenario, arr.panels, [len(t) for t in recorded],
                                [t.building for t in recorded])
    key = arr.key()
    plan = Plan(arr.panels, arr.columns, arr.size, arr.text,
                tuple(key) if scenario.legend else None,
                tuple(look.captions if look is not None else () for look in arr.looks),
                settings, schedule(scenario, arr.panels, recorded))
    asked, errors = resolve(scenario.path, arr.panels, recorded)
    if errors:
        raise ScenarioError(errors)
    return Prepared(scenario, recorded, plan, tuple(asked))


def prepared(source: Scenario | Prepared) -> Prepared:
    """`source` prepared (a Prepared is returned as it is)."""
    return source if isinstance(source, Prepared) else prepare(source)


def scenario_frames(source: Scenario | Prepared, canvas: Canvas | None = None,
                    milestones: list[list[tuple[int, str]]] | None = None) -> Iterator[Frame]:
    """Every frame of the render, in order, drawn on `canvas` (a fresh one by default).
    With `milestones` (an empty list), stream i's milestones are appended to
    `milestones[i]` as (event index, label) as they are drawn: frame metadata for writers
    with a timeline (see `milestone_labels`)."""
    ready = prepared(source)
    canvas = canvas or ready.canvas()
    plan = ready.plan.schedule
    streams: list[Iterable] = list(ready.transcripts)
    if milestones is not None:
        milestones[:] = [[] for _ in streams]
        streams = [_noting(stream, found, spec.title)
                   for stream, found, spec in zip(streams, milestones, ready.panels)]
    return with_questions(list(ready.asked), canvas, lambda stops: frames(
        canvas, streams, plan.pacing, plan.counts, plan.first, plan.split, stops=stops))


def estimated_frames(ready: Prepared) -> int:
    """At least how many frames the render has (its milestones, which end a frame early,
    not counted), worked out from its event counts without drawing."""
    plan = ready.plan.schedule
    lengths = [len(t) for t in ready.transcripts]
    return len(frame_counts(lengths, plan.pacing, plan.counts, plan.first, plan.split))


def panel_stats(spec: PanelSpec, transcript: Transcript | None = None) -> dict:
    """The figures of panel `spec` from its transcript (recorded now if not given):
    {"title", "generator", "solver", "maze": {...}, "solve": {...} or None}, or
    {"title", "life": True}."""
    transcript = transcript if transcript is not None else record(spec)
    if spec.life is not None:
        return {"title": spec.title, "life": True, **life_stats(transcript)}
    assert spec.generator is not None
    out: dict[str, Any] = {"title": spec.title, "generator": spec.generator.name,
                           "solver": spec.solver.name if spec.solver else None,
                           "maze": None, "solve": None}
    for event in transcript:
        if isinstance(event, ev.Statistics):
            out[event.scope] = dict(event.values)
    for scope in ("maze", "solve"):
        if out[scope]:
            out[scope] = {k: [list(x) for x in v] if k == "longest_path_ends" and v else
                          list(v) if isinstance(v, tuple) else v
                          for k, v in out[scope].items()}
    return out


def life_stats(transcript: Transcript) -> dict:
    """A Life run's figures: its last generation and population, and what it became
    ({"kind", "period", "shift", "from_generation", "seen_at", "caption"}; the kind
    "unsettled" when it did not repeat within the run)."""
    assert isinstance(transcript, LifeTranscript), "a Life panel's transcript"
    found = transcript.identity or ev.Identity(ev.Settled.UNSETTLED)
    last = len(transcript) - 1
    words = settled_text(found) if transcript.identity else f"not settled by gen {last}"
    return {"generations": last,
            "population": transcript.populations[-1] if transcript.populations else 0,
            "settled": {"kind": str(found.kind), "period": found.period,
                        "shift": list(found.shift), "from_generation": found.generation,
                        "seen_at": found.found, "caption": words}}


# -- frame metadata: the milestones a frame shows (for the HTML player's timeline) ---------

def _noting(stream: Iterable[ev.Event], found: list[tuple[int, str]], title: str
            ) -> Iterator[ev.Event]:
    """`stream` unchanged, appending (index, label) to `found` for each milestone."""
    for k, event in enumerate(stream):
        if isinstance(event, ev.MILESTONE_TYPES):
            text = milestone_text(event)
            found.append((k, f"{title}: {text}" if title else text))
        yield event


def milestone_labels(frame: Frame, milestones: list[list[tuple[int, str]]],
                     taken: list[int]) -> list[str]:
    """The labels of the milestones `frame` shows first (their events are among the ones it
    has consumed, `frame.steps`); `taken[i]` counts stream i's milestones already given."""
    labels = []
    for i, found in enumerate(milestones):
        while taken[i] < len(found) and found[taken[i]][0] < frame.steps[i]:
            labels.append(found[taken[i]][1])
            taken[i] += 1
    return labels


@dataclass
class RenderResult:
    """What a render produced; `note` says, in one line, when its speed was changed."""

    path: Path
    frames: int
    duration: float
    bytes: int
    seconds: float
    extras: tuple[Path, ...] = ()    # the still and the strip, when asked for
    asked: tuple[Asked, ...] = ()    # the questions, in the order the animation asks them
    flash: Verdict | None = None     # the flashes measured on the frames written
    note: str = ""
    cues: tuple[Cue, ...] = ()       # the narration, when a writer or a transcript took it


def render(source: Scenario | Prepared, *, progress: Callable[[int], None] | None = None,
           writer_options: dict | None = None, quiz: Path | None = None,
           narrate: bool = False) -> RenderResult:
    """Render the scenario into its `output`; the file appears only when complete.
    With `quiz` (a folder), the questions' cards and answers are also saved there as PNGs;
    with the scenario's `transcript`, its narration as WebVTT and plain text beside it
    (the result's `cues` hold it then, or with `narrate`). A render whose frames would
    flash more than three times a second (WCAG 2.3.1: `export/flash.py`) is written again,
    slowed just enough, unless `flash_safe: false`."""
    started = time.perf_counter()
    ready = prepared(source)
    scenario = ready.scenario
    theme = make_theme(scenario.theme, scenario_colours(scenario))
    canvas = ready.canvas()
    height, width = canvas.shape
    options = {**scenario.writer_options(), **(writer_options or {})}
    if FORMATS[scenario.format].titled:
        options.setdefault("title", title_of(ready))
        options.setdefault("description", describe(scenario))
    refuse = getattr(writer_for(scenario.output), "refuse", None)
    if refuse is not None:                  # a writer with limits: refuse before drawing
        why = refuse(width, height, estimated_frames(ready))
        if why:
            raise ScenarioError([f"{scenario.path}: output: {why}"])
    scenario.output.parent.mkdir(parents=True, exist_ok=True)
    run = _write(ready, theme.colours, options, {}, progress, quiz, narrate, canvas)
    note, drawn = "", run.meter.verdict()
    if scenario.flash_safe and not drawn.safe:
        extra, drawn_time = run.slowed(), run.total
        run = _write(ready, theme.colours, options, extra, None, quiz, narrate)
        note = (f"slowed where it flashes ({len(extra)} frames held longer, "
                f"{drawn_time:.1f} s -> {run.total:.1f} s): as drawn it flashed "
                f"{drawn.flashes} times in a second, now {run.meter.verdict().flashes}; "
                f"WCAG 2.3.1 allows {MAX_FLASHES} (flash_safe: false keeps the speed)")
    extras = _extras(scenario, theme.colours, run.last, run.keys, run.sheet, quiz)
    if run.narration is not None and scenario.transcript:
        extras += write_transcripts(run.narration.cues(), scenario.output)
    return RenderResult(scenario.output, run.count, run.total,
                        scenario.output.stat().st_size, time.perf_counter() - started,
                        tuple(extras), tuple(run.order), run.meter.verdict(), note,
                        tuple(run.narration.cues()) if run.narration else ())


def _write(ready: Prepared, palette: np.ndarray, options: dict, extra: dict[int, float],
           progress: Callable[[int], None] | None, quiz: Path | None, narrate: bool,
           canvas: Canvas | None = None) -> "_Run":
    """Draw every frame into the scenario's writer (on `canvas`, fresh, or a new one), frame
    number k shown `extra[k]` seconds longer than planned, measuring its flashes; returns
    the pass, holding what the result and the extras need."""
    scenario = ready.scenario
    canvas = canvas or ready.canvas()
    height, width = canvas.shape
    run = _Run(ready, canvas, KeyFrames(scenario.strip) if scenario.strip else None,
               QuizSheet() if quiz is not None else None, progress,
               FlashMeter(palette, height, width), extra, narrate=narrate)
    with open_writer(scenario.output, width=width, height=height, palette=palette,
                     fps=scenario.fps, **options) as writer:
        run.through(writer)
    return run


def title_of(ready: Prepared) -> str:
    """The render's title: the scenario's, else its panels' titles."""
    return ready.scenario.title or " / ".join(spec.title for spec in ready.panels)


@dataclass
class _Run:
    """One render's pass over its frames into a writer, and what it keeps on the way (the
    last picture, key frames, the quiz sheet, the narration, the questions asked in order,
    the flashes measured); frame number k is shown `extra[k]` seconds longer than planned."""

    ready: Prepared
    canvas: Canvas
    keys: KeyFrames | None
    sheet: QuizSheet | None
    progress: Callable[[int], None] | None
    meter: FlashMeter
    extra: dict[int, float]
    count: int = 0
    total: float = 0.0
    last: np.ndarray | None = None
    narrate: bool = False
    narration: Narration | None = None
    order: list[Asked] = field(default_factory=list)

    def slowed(self) -> dict[int, float]:
        """How much longer to hold frames so that the pass would not flash."""
        return holds(self.meter.durations, self.meter.changes)

    def through(self, writer: Any) -> None:
        """Draw every frame into `writer`, giving a writer with a timeline its milestones
        (`mark`), one that asks the questions itself their cards (`held`) and one that
        says the animation in words its cues (`cue`)."""
        ready, canvas = self.ready, self.canvas
        mark = getattr(writer, "mark", None)    # a writer with a timeline of milestones
        ask = getattr(writer, "held", None)     # a writer that asks the questions itself
        cue = getattr(writer, "cue", None)      # a writer that says the animation in words
        if cue is not None or ready.scenario.transcript or self.narrate:
            self.narration = Narration(ready.scenario.title,
                                       [spec.title for spec in ready.panels])
        found: list[list[tuple[int, str]]] | None = \
            [] if mark is not None or self.narration is not None else None
        taken = [0] * len(ready.panels)
        start = 0.0
        for frame in scenario_frames(ready, canvas, found):
            duration = frame.duration + self.extra.get(self.count, 0.0)
            writer.write(frame.image, duration, frame.dirty)
            self.meter.offer(frame.image, duration, frame.dirty)
            labels = milestone_labels(frame, found, taken) if found is not None else []
            if mark is not None:
                for label in labels:
                    mark(label)
            if self.narration is not None:
                self.narration.offer(self.total, duration, labels)
            if ask is not None and isinstance(frame, CardFrame):
                ask(*held(frame, canvas))
            if isinstance(frame, CardFrame) and frame.role == Role.CARD and frame.asked:
                self.order.append(frame.asked)
            self.count, start = self.count + 1, self.total
            self.total += duration
            self.last = frame.image
            if self.sheet is not None:
                self.sheet.offer(frame)
            if self.keys is not None and not isinstance(frame, CardFrame):
                self.keys.offer(frame.index, frame.image)
            if self.progress is not None:
                self.progress(self.count)
        if self.narration is not None:
            self.narration.close(start, [panel.caption() for panel in canvas.panels])
        if self.narration is not None and cue is not None:
            for said in self.narration.cues():
                cue(said.start, said.end, said.text)


def _extras(scenario: Scenario, palette: Any, last: np.ndarray | None,
            keys: "KeyFrames | None", sheet: QuizSheet | None, quiz: Path | None
            ) -> list[Path]:
    """The still, the strip and the quiz sheet, when asked for."""
    from .export.png import save_png, save_strip

    extras = []
    if scenario.still and last is not None:
        still = scenario.output.with_suffix(".png")
        save_png(last, still, palette=palette)
        extras.append(still)
    if keys is not None:
        strip = scenario.output.with_name(scenario.output.stem + "_strip.png")
        save_strip(keys.pick(), strip, columns=min(scenario.strip, 4), palette=palette)
        extras.append(strip)
    if sheet is not None and quiz is not None:
        extras.extend(sheet.save(quiz, palette))
    return extras

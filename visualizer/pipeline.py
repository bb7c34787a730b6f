"""From a validated scenario to a file: record, plan, draw.

`prepare(scenario)` runs each panel's story once (`record`), plans the render from the
transcripts (`plan`: sizes, columns, legend, captions, pacing) and returns a `Prepared`
render; `scenario_frames(prepared)` draws its frames and `render(prepared)` streams them
into the writer picked by the output's extension. The scenario itself is never changed.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from . import events as ev
from .choices import Animate
from .export import FORMATS, open_writer, writer_for
from .plan import (Arrangement, CaptionSettings, Plan, caption_settings, is_auto,
                   refuse_what_cannot_fit, schedule, settle, shrink_to_fit, text_sizes)
from .questions.answers import resolve
from .questions.model import Asked
from .questions.schedule import CardFrame, QuizSheet, held, with_questions
from .record import BlockedCells, Transcript, record
from .render.animate import Frame, frame_counts, frames
from .render.canvas import Canvas
from .render.factory import make_panel
from .render.look import Look, look
from .render.life_states import rule_colours, state_words
from .render.palette import make_theme
from .render.timeline import milestone_text
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
            settings: CaptionSettings) -> Look:
    """What panel `spec` shows over its recorded run (legend entries, widest captions),
    read from its events without drawing them."""
    skip = transcript.building if spec.animate == Animate.SOLVE else 0
    return look(renderer(spec, transcript, text_size, settings, quiet=True), transcript,
                skip=skip, text_size=text_size, words=legend_words(spec))


def _looks(scenario: Scenario, panels: Sequence[PanelSpec],
           transcripts: Sequence[Transcript | None], text_size: int) -> list[Look | None]:
    """The look of every recorded panel (None where not recorded yet)."""
    settings = caption_settings(scenario, panels,
                                [len(t) if t is not None else 1 for t in transcripts],
                                [t.building if t is not None else 1 for t in transcripts])
    return [look_of(spec, t, text_size, s) if t is not None else None
            for spec, t, s in zip(panels, transcripts, settings)]


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


def prepare(scenario: Scenario) -> Prepared:
    """Record every panel once and plan the render. An `auto` maze is sized first (from
    the other panels' looks: their legend and captions), then recorded at that size."""
    panels = list(scenario.panels)
    autos = any(is_auto(spec) for spec in panels)
    size = scenario.size or (Arrangement.default_frame() if autos else None)
    text_size = text_sizes(size).caption_size
    if size is not None:      # refused before anything runs: too many cells for the slide
        refuse_what_cannot_fit(Arrangement(scenario, tuple(panels), (None,) * len(panels),
                                           (None,) * len(panels), scenario.columns, size))
    transcripts = _record_all(scenario, panels, [None] * len(panels), skip_auto=True)
    looks = _looks(scenario, panels, transcripts, text_size)
    arr = settle(scenario, panels, transcripts, _stand_ins(panels, looks))
    if autos:
        transcripts = _record_all(scenario, arr.panels, transcripts)
        looks = _looks(scenario, arr.panels, transcripts, text_size)
        arr = shrink_to_fit(replace(arr, looks=tuple(looks), transcripts=tuple(transcripts)))
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
    if spec.life is not None:
        return {"title": spec.title, "life": True}
    transcript = transcript if transcript is not None else record(spec)
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
    """What a render produced."""

    path: Path
    frames: int
    duration: float
    bytes: int
    seconds: float
    extras: tuple[Path, ...] = ()    # the still and the strip, when asked for


def render(source: Scenario | Prepared, *, progress: Callable[[int], None] | None = None,
           writer_options: dict | None = None, quiz: Path | None = None) -> RenderResult:
    """Render the scenario into its `output`; the file appears only when complete.
    With `quiz` (a folder), the questions' cards and answers are also saved there as PNGs."""
    started = time.perf_counter()
    ready = prepared(source)
    scenario = ready.scenario
    theme = make_theme(scenario.theme, scenario_colours(scenario))
    canvas = ready.canvas()
    height, width = canvas.shape
    options = {**scenario.writer_options(), **(writer_options or {})}
    if FORMATS[scenario.format].titled:
        options.setdefault("title", scenario.title
                           or " / ".join(spec.title for spec in ready.panels))
    refuse = getattr(writer_for(scenario.output), "refuse", None)
    if refuse is not None:                  # a writer with limits: refuse before drawing
        why = refuse(width, height, estimated_frames(ready))
        if why:
            raise ScenarioError([f"{scenario.path}: output: {why}"])
    scenario.output.parent.mkdir(parents=True, exist_ok=True)
    keys = KeyFrames(scenario.strip) if scenario.strip else None
    sheet = QuizSheet() if quiz is not None else None
    count, total, last = 0, 0.0, None
    with open_writer(scenario.output, width=width, height=height, palette=theme.colours,
                     fps=scenario.fps, **options) as writer:
        mark = getattr(writer, "mark", None)    # a writer with a timeline of milestones
        ask = getattr(writer, "held", None)     # a writer that asks the questions itself
        found: list[list[tuple[int, str]]] | None = [] if mark is not None else None
        taken = [0] * len(ready.panels)
        for frame in scenario_frames(ready, canvas, found):
            writer.write(frame.image, frame.duration, frame.dirty)
            if found is not None and mark is not None:
                for label in milestone_labels(frame, found, taken):
                    mark(label)
            if ask is not None and isinstance(frame, CardFrame):
                ask(*held(frame, canvas))
            count += 1
            total += frame.duration
            last = frame.image
            if sheet is not None:
                sheet.offer(frame)
            if keys is not None and not isinstance(frame, CardFrame):
                keys.offer(frame)
            if progress is not None:
                progress(count)
    extras = _extras(scenario, theme.colours, last, keys, sheet, quiz)
    return RenderResult(scenario.output, count, total, scenario.output.stat().st_size,
                        time.perf_counter() - started, tuple(extras))


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


class KeyFrames:
    """Keeps `n` key frames of a stream of unknown length in bounded memory: evenly spaced
    from the first frame to the last (at most 4n pictures are held at once)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.every = 1
        self.kept: list[tuple[int, np.ndarray]] = []
        self.last: tuple[int, np.ndarray] | None = None

    def offer(self, frame: Frame) -> None:
        self.last = (frame.index, frame.image)
        if frame.index % self.every == 0:
            self.kept.append((frame.index, frame.image))
            if len(self.kept) > 4 * self.n:
                self.every *= 2
                self.kept = [(i, im) for i, im in self.kept if i % self.every == 0]

    def pick(self) -> list[np.ndarray]:
        """`n` frames evenly spread from the first to the last, in order."""
        frames = list(self.kept)
        if self.last is not None and (not frames or frames[-1][0] != self.last[0]):
            frames.append(self.last)
        if len(frames) <= self.n:
            return [im for _, im in frames]
        step = (len(frames) - 1) / (self.n - 1) if self.n > 1 else 0
        return [frames[round(k * step)][1] for k in range(self.n)] if self.n > 1 \
            else [frames[-1][1]]

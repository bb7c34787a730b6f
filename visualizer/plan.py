"""The plan of a render: a pure step from a validated scenario and its panels' transcripts
to a frozen `Plan` (sized panels, columns, text sizes, legend, captions, pacing).

Nothing here runs an algorithm or changes the scenario: the sizes come from arithmetic on
the panels' geometry (`render.shapes`), the legend and the captions from what the panels'
recorded events show (`render.look`), the pacing from the transcripts' lengths.
"""
from __future__ import annotations

import functools

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Callable

from .choices import Animate, Clock
from .export import FORMATS
from .render import legend
from .render.animate import Pacing, caption_clocks
from .render.canvas import Layout, default_columns, plan_layout
from .render.look import Look
from .render.neighbourhood import MIN_CELL
from .render.shapes import panel_shape
from .choices import View
from .record import Transcript, maze_of
from .scenario import AUTO_CANVAS, MAX_SIDE, PanelSpec, Scenario, ScenarioError
from .surfaces import SURFACES

MARGIN, GAP = 12, 16


@dataclass(frozen=True)
class TextSizes:
    """The heading/title and caption sizes of a canvas."""

    title_size: int = 16
    caption_size: int = 13


def text_sizes(size: tuple[int, int] | None) -> TextSizes:
    """Title and caption sizes: larger on a slide canvas, so they read from the back."""
    if size is None:
        return TextSizes()
    height = size[1]
    return TextSizes(max(16, height // 28), max(13, height // 40))


def pacing(scenario: Scenario) -> Pacing:
    """The scenario's pacing (`solve_together` runs on the progress clock)."""
    clock = Clock.PROGRESS if scenario.solve_together else Clock(scenario.clock)
    return Pacing(fps=scenario.fps, steps_per_frame=scenario.steps_per_frame,
                  duration=scenario.duration, clock=clock,
                  hold_first=scenario.hold_first, hold_last=scenario.hold)


@dataclass(frozen=True)
class Schedule:
    """How a scenario's event streams are spread over frames (see `animate.frames`): the
    pacing, each panel's event count (None when the clock does not need them), the events
    drawn into the first picture (`animate: solve`) and the events before each panel's solve
    when all solve together (`solve_together`)."""

    pacing: Pacing
    counts: list[int] | None
    first: list[int] | None
    split: list[int | None] | None


def schedule(scenario: Scenario, panels: Sequence[PanelSpec],
             transcripts: Sequence[Transcript]) -> Schedule:
    """The `Schedule` of `panels` (the scenario's, as sized) from their transcripts."""
    pace = pacing(scenario)
    counts = None
    if pace.clock == Clock.PROGRESS or pace.duration:
        counts = [len(t) for t in transcripts]
    first = None
    if any(spec.animate == Animate.SOLVE for spec in panels):
        first = [t.building if spec.animate == Animate.SOLVE else 0
                 for spec, t in zip(panels, transcripts)]
    split = None
    if scenario.solve_together:
        split = [t.building if spec.maze is not None and spec.solver is not None else None
                 for spec, t in zip(panels, transcripts)]
    return Schedule(pace, counts, first, split)


@dataclass(frozen=True)
class CaptionSettings:
    """What a maze panel's caption needs from the pacing, so that the export and the window
    (same events, other clock) draw the same captions: when each event is drawn
    (`clock(p)`: seconds at which p animated events are drawn), how long a milestone's line
    stays (`hold` seconds), the step drawn as "step 0" (`steps_from`: with `animate:
    solve` the built maze is the first picture), and whether a solve follows (the maze's
    figures then wait for its end)."""

    clock: Callable[[int], float]
    hold: float | None
    steps_from: int
    figures_wait: bool


def caption_settings(scenario: Scenario, panels: Sequence[PanelSpec],
                     lengths: Sequence[int], building: Sequence[int]
                     ) -> tuple[CaptionSettings, ...]:
    """Each panel's `CaptionSettings`, from its event count (`lengths`) and the events
    before its solve (`building`)."""
    pace = pacing(scenario)
    first = [b if spec.animate == Animate.SOLVE else 0 for spec, b in zip(panels, building)]
    counts = split = None
    if pace.clock == Clock.PROGRESS or pace.duration:
        counts = [n - base for n, base in zip(lengths, first)]
    if scenario.solve_together:
        split = [max(0, b - base) if spec.maze is not None and spec.solver is not None
                 else None for spec, b, base in zip(panels, building, first)]
    clocks = caption_clocks(len(panels), pace, counts, split)
    return tuple(CaptionSettings(clock, pace.caption_hold, max(0, base - 1),
                                 spec.maze is not None and spec.solver is not None)
                 for spec, clock, base in zip(panels, clocks, first))


# --- sizes ------------------------------------------------------------------------------


def is_auto(spec: PanelSpec) -> bool:
    """Whether panel `spec` is a maze whose rows or cols follow its slot (`auto`)."""
    return spec.maze is not None and any(spec.maze.auto)


def blocks(spec: PanelSpec, transcript: Transcript | None) -> bool:
    """Whether maze panel `spec` is a block maze (its first event says; before it is
    recorded, its generator's record: registered, or a student's own)."""
    if transcript is not None and len(transcript):
        first = transcript[0]
        return bool(getattr(first, "walls_open", False)) and \
            str(getattr(first, "fill", "")) == "passage"
    assert spec.generator is not None
    return spec.generator.algorithm("generator").blocks


def shape_of(spec: PanelSpec, transcript: Transcript | None, text_size: int
             ) -> tuple[int, int]:
    """The (height, width) in pixels of panel `spec`'s picture."""
    return panel_shape(spec, blocks(spec, transcript) if spec.maze is not None else False,
                       text_size)


def scaled(spec: PanelSpec, factor: float, even: bool) -> PanelSpec:
    """`spec` with its cell size (and wall) multiplied by `factor`, rounded down."""
    return _sized(spec, _scaled_sizes(spec, factor, even))


def _scaled_sizes(spec: PanelSpec, factor: float, even: bool) -> tuple[int, int]:
    """The cell size and wall (0 for a Life panel) of `scaled(spec, factor, even)`."""
    def size(value: int) -> int:
        n = max(1, int(value * factor))
        return max(2, n - n % 2) if even else n
    if spec.maze is not None:
        wall = 0 if spec.maze.wall == 0 else max(1, int(spec.maze.wall * factor))
        return size(spec.maze.cell_size), wall
    return size(spec.cell_size), 0


def _sized(spec: PanelSpec, sizes: tuple[int, int]) -> PanelSpec:
    """`spec` with the cell size and wall `sizes` (`_scaled_sizes`)."""
    cell, wall = sizes
    if spec.maze is not None:
        maze = replace(spec.maze, cell_size=cell, wall=wall)
        return replace(spec, maze=maze, cell_size=maze.cell_size)
    return replace(spec, cell_size=cell)


def resized(spec: PanelSpec, rows: int, cols: int) -> PanelSpec:
    """Auto maze panel `spec` with `rows` and `cols` where they are `auto`."""
    m = maze_of(spec)
    if SURFACES[m.surface].square_only:
        rows = cols = min(rows, cols)
    rows = rows if m.auto[0] else m.rows
    cols = cols if m.auto[1] else m.cols
    return replace(spec, maze=replace(m, rows=max(1, min(MAX_SIDE, rows)),
                                      cols=max(1, min(MAX_SIDE, cols))))


@dataclass(frozen=True)
class Arrangement:
    """Panels as they will be drawn, in `columns` columns, with what each shows (`looks`:
    a panel's legend entries and widest captions; None where not yet known) and the
    transcripts recorded so far (None for an auto maze not yet sized)."""

    scenario: Scenario
    panels: tuple[PanelSpec, ...]
    looks: tuple[Look | None, ...]
    transcripts: tuple[Transcript | None, ...]
    columns: int | None
    size: tuple[int, int] | None     # the canvas (None: as large as the layout makes it)
    #: the layouts worked out, by the panels' shapes and titles, the columns and `bare`:
    #: the slide fitting tries many scales whose cells round to the same sizes
    _layouts: dict[tuple, Layout] = field(default_factory=dict, init=False, compare=False,
                                          repr=False)
    #: each panel's shape, by the panel spec's identity (the spec and its transcript kept
    #: with it, so the identity cannot be another's)
    _shapes: dict[int, tuple[PanelSpec, Transcript | None, tuple[int, int]]] = field(
        default_factory=dict, init=False, compare=False, repr=False)

    @staticmethod
    def default_frame() -> tuple[int, int]:
        """The canvas auto-sized mazes fill when the scenario gives no `size`."""
        return AUTO_CANVAS

    @property
    def text(self) -> TextSizes:
        return text_sizes(self.size)

    @property
    def frame(self) -> tuple[int, int]:
        """The canvas the panels must fit."""
        return self.size or AUTO_CANVAS

    def key(self) -> list[legend.Entry]:
        """The canvas's legend: every panel's entries merged (each colour once)."""
        return list(self._key)

    @functools.cached_property
    def _key(self) -> tuple[legend.Entry, ...]:
        """`key`, merged once per arrangement (the layout search asks for it often)."""
        if not self.scenario.legend:
            return ()
        return tuple(legend.merged([list(look.entries) for look in self.looks
                                    if look is not None]))

    def layout(self, panels: Sequence[PanelSpec], columns: int | None,
               key: list[legend.Entry] | None = None, bare: bool = False) -> Layout:
        """The layout arithmetic of `panels` in `columns` (the default when None)."""
        text = self.text
        shapes = [self._shape(spec, t, text.caption_size)
                  for spec, t in zip(panels, self.transcripts)]
        memo = (tuple(shapes), tuple(spec.title for spec in panels), columns, bare)
        if key is None and memo in self._layouts:
            return self._layouts[memo]
        captions = [[] if bare or look is None else list(look.captions)
                    for look in self.looks]
        lay = plan_layout(shapes, [spec.title for spec in panels],
                           [] if bare else (self.key() if key is None else key),
                           heading=self.scenario.title,
                           columns=min(columns or default_columns(len(panels)), len(panels)),
                           captions=captions, frame_width=self.size[0] if self.size else None,
                           margin=MARGIN,
                           gap=GAP, title_size=text.title_size,
                           caption_size=text.caption_size, headers=self.scenario.table)
        if key is None:
            self._layouts[memo] = lay
        return lay

    def _shape(self, spec: PanelSpec, transcript: Transcript | None, text_size: int
               ) -> tuple[int, int]:
        """`shape_of(spec, transcript, text_size)`, worked out once per spec object."""
        known = self._shapes.get(id(spec))
        if known is not None and known[0] is spec and known[1] is transcript:
            return known[2]
        shape = shape_of(spec, transcript, text_size)
        self._shapes[id(spec)] = (spec, transcript, shape)
        return shape

    def fits(self, panels: Sequence[PanelSpec], columns: int | None,
             bare: bool = False) -> bool:
        """Whether `panels` fit the canvas in `columns` columns."""
        lay = self.layout(panels, columns, bare=bare)
        fw, fh = self.frame
        return lay.width <= fw and lay.height <= fh


def _too_small(scenario: Scenario, size: tuple[int, int], more: str) -> ScenarioError:
    fw, fh = size
    return ScenarioError([f"{scenario.path}: size: the panels do not fit in {fw}x{fh}"
                          f"{more}; use a larger slide or fewer cells"])


def refuse_what_cannot_fit(arr: Arrangement) -> None:
    """Refuse panels that miss the slide even with 1-pixel cells, no legend and captions
    of one line."""
    even = FORMATS[arr.scenario.format].even
    tiny = [spec if is_auto(spec) else scaled(spec, 1e-9, even) for spec in arr.panels]
    if not any(arr.fits(tiny, c, bare=True) for c in range(1, len(tiny) + 1)):
        raise _too_small(arr.scenario, arr.frame, " even with 1-pixel cells")


def fit_to_slide(arr: Arrangement) -> Arrangement:
    """Every panel but the auto mazes scaled to the largest size that fits the slide: each
    number of columns is tried, and the one that makes the cells largest is kept."""
    even = FORMATS[arr.scenario.format].even
    base = list(arr.panels)

    made: dict[tuple[int, tuple[int, int]], tuple[PanelSpec, PanelSpec]] = {}

    def once(spec: PanelSpec, factor: float) -> PanelSpec:
        """`scaled(spec, factor, even)`, one object for each cell size and wall."""
        sizes = _scaled_sizes(spec, factor, even)
        key = (id(spec), sizes)
        if key not in made or made[key][0] is not spec:
            made[key] = (spec, _sized(spec, sizes))
        return made[key][1]

    def fits_at(specs: list[PanelSpec], factor: float, columns: int) -> bool:
        return arr.fits([s if is_auto(s) else once(s, factor) for s in specs], columns)

    def largest(specs: list[PanelSpec], columns: int) -> float:
        lo, hi = 0.0, 1.0
        while fits_at(specs, hi, columns) and hi < 64:
            lo, hi = hi, hi * 2
        for _ in range(10):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if fits_at(specs, mid, columns) else (lo, mid)
        return lo

    charts = [i for i, spec in enumerate(base) if spec.life is not None and spec.life.chart]
    # a chart may go beside its grid; not beside auto mazes, which fill what the others leave
    sides = (False, True) if charts and not any(is_auto(spec) for spec in base) else (False,)
    best: tuple[float, bool, int, bool] | None = None
    for beside in sides:
        specs = [replace(s, chart_beside=beside) if i in charts else s
                 for i, s in enumerate(base)]
        for c in range(1, len(base) + 1):
            # the scenario's own `columns` wins a tie; otherwise fewer columns, chart below
            key = (largest(specs, c), c == arr.scenario.columns, -c, not beside)
            best = key if best is None or key > best else best
    assert best is not None, "at least one layout is tried"
    factor, _, negative, below = best
    columns = -negative
    specs = [replace(s, chart_beside=not below) if i in charts else s
             for i, s in enumerate(base)]
    if factor == 0.0 and not fits_at(specs, 1e-9, columns):
        raise _too_small(arr.scenario, arr.frame, " even with 1-pixel cells")
    return replace(arr, panels=tuple(s if is_auto(s) else scaled(s, factor, even)
                                     for s in specs), columns=columns)


def _pitch(spec: PanelSpec) -> int:
    m = maze_of(spec)
    if m.view == View.NEIGHBOURHOOD:
        return 3 * (max(m.cell_size, MIN_CELL) + m.wall)
    return m.cell_size + m.wall


def fill_slots(arr: Arrangement) -> Arrangement:
    """Every auto maze given the rows and cols that fill its slot on the canvas, at its own
    cell size: the spare pixels of the layout are shared among the rows and columns of the
    grid that hold an auto maze (with the legend and captions known so far), then the
    mazes shrink until all fits."""
    fw, fh = arr.frame
    autos = [i for i, spec in enumerate(arr.panels) if is_auto(spec)]
    specs = list(arr.panels)
    text_size = arr.text.caption_size
    for _ in range(3):
        lay = arr.layout(specs, arr.columns)
        grown_rows = {i // lay.columns for i in autos if maze_of(specs[i]).auto[0]}
        grown_cols = {i % lay.columns for i in autos if maze_of(specs[i]).auto[1]}
        spare_h = (fh - lay.height) // max(1, len(grown_rows))
        spare_w = (fw - lay.width) // max(1, len(grown_cols))
        for i in autos:
            r, c = divmod(i, lay.columns)
            h, w = shape_of(specs[i], None, text_size)
            m = maze_of(specs[i])
            rows = m.rows + (lay.row_panel[r] + spare_h - h) // _pitch(specs[i])
            cols = m.cols + (lay.col_w[c] + spare_w - w) // _pitch(specs[i])
            specs[i] = resized(specs[i], rows, cols)
    while not arr.fits(specs, arr.columns):
        if all(max(maze_of(specs[i]).rows, maze_of(specs[i]).cols) <= 1 for i in autos):
            raise _too_small(arr.scenario, arr.frame, "")
        for i in autos:
            m = maze_of(specs[i])
            shrink_rows = m.auto[0] and (m.rows >= m.cols or not m.auto[1])
            specs[i] = resized(specs[i], m.rows - shrink_rows, m.cols - (not shrink_rows))
    return replace(arr, panels=tuple(specs))


def shrink_to_fit(arr: Arrangement) -> Arrangement:
    """Once every panel is recorded and its look known: if the panels no longer fit (an
    auto maze's own legend and captions came out larger than the room kept for them),
    the other panels are fitted again, and failing that every maze's cells shrink by a
    pixel at a time (its events stay the same)."""
    if arr.fits(arr.panels, arr.columns):
        return arr
    if any(not is_auto(spec) for spec in arr.panels):
        try:
            refit = fit_to_slide(arr)
        except ScenarioError:
            refit = arr
        if refit.fits(refit.panels, refit.columns):
            return refit
    specs = list(arr.panels)
    while not arr.fits(specs, arr.columns):
        smaller = [scaled(s, (maze_of(s).cell_size - 1) / maze_of(s).cell_size, False)
                   if s.maze is not None and s.maze.cell_size > 1 else s for s in specs]
        if smaller == specs:
            raise _too_small(arr.scenario, arr.frame, "")
        specs = smaller
    return replace(arr, panels=tuple(specs))


def settle(scenario: Scenario, panels: Sequence[PanelSpec],
           transcripts: Sequence[Transcript | None], looks: Sequence[Look | None]
           ) -> Arrangement:
    """The panels sized for the canvas: on a slide (`size`) every fixed panel scaled to
    fill it; auto mazes given the rows and cols that fill their slots. Pure: it returns
    a new arrangement and changes nothing."""
    autos = any(is_auto(spec) for spec in panels)
    size = scenario.size or (AUTO_CANVAS if autos else None)
    arr = Arrangement(scenario, tuple(panels), tuple(looks), tuple(transcripts),
                      scenario.columns, size)
    if size is None:
        return arr
    refuse_what_cannot_fit(arr)
    if autos:
        if not all(is_auto(spec) for spec in panels):
            arr = fit_to_slide(arr)
        return fill_slots(arr)
    return fit_to_slide(arr)


@dataclass(frozen=True)
class Plan:
    """Everything a render draws by, decided before the first frame: the panels as drawn
    (auto mazes sized, cells scaled), the columns, the canvas size (None: as laid out),
    the text sizes, the legend (None: no legend), each panel's widest captions, each
    panel's caption settings, and the schedule."""

    panels: tuple[PanelSpec, ...]
    columns: int | None
    size: tuple[int, int] | None
    text: TextSizes
    legend: tuple[legend.Entry, ...] | None
    captions: tuple[tuple[str, ...], ...]
    settings: tuple[CaptionSettings, ...]
    schedule: Schedule


__all__ = ["Arrangement", "CaptionSettings", "Plan", "Schedule", "TextSizes",
           "caption_settings", "fill_slots", "fit_to_slide", "is_auto", "pacing",
           "refuse_what_cannot_fit", "resized", "scaled", "schedule", "settle", "shape_of",
           "shrink_to_fit", "text_sizes"]

"""From a validated scenario to event streams, panels, frames and a file.

`panel_stream(spec)` makes a fresh, seeded event stream for one panel; `make_canvas` builds
the panels' renderers; `render(scenario)` streams frames into the writer picked by the
output's extension.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

import numpy as np

from . import events as ev
from . import registry
from .maze import stats
from .maze.braid import braid
from .maze.endpoints import History, place as place_endpoints
from .maze import Maze
from .surfaces import SURFACES
from .render.animate import (Frame, Pacing, caption_clocks, caption_state, count_events,
                              frames)
from .render import legend
from .render.legend import Entry as LegendEntry
from .render.neighbourhood import MIN_CELL
from .render.canvas import Canvas, Layout, default_columns, plan_layout
from .render.text import text_width
from .render.maze_panel import MazePanel
from .render.palette import make_theme
from .export import FORMATS
from .render.timeline import milestone_text
from .scenario import (AUTO_CANVAS, MAX_SIDE, AlgorithmChoice, MazeSpec, PanelSpec, Scenario,
                       ScenarioError)


def endpoints(maze: Maze, rule, rng: np.random.Generator | None = None,
              history: History | None = None) -> Iterator[ev.Event]:
    """Place the entrance and exit by `rule` (see `visualizer.maze.endpoints`); yields
    EndpointsSet (applied to `maze`) and maybe a Milestone explaining the choice."""
    return place_endpoints(maze, rule, history)


def build_phases(spec: PanelSpec, maze: Maze, rng: np.random.Generator,
                 history: History | None = None) -> Iterator[tuple[str, ev.Event]]:
    """The building of panel `spec`'s maze into the blank `maze`: ("generate", event) for
    the generator's events, then ("braid", event) for the braiding pass if asked."""
    choice = generator_of(spec)
    generator = registry.get("generator", choice.name)
    for event in generator.func(maze, rng=rng, **choice.params):
        if history is not None:
            history.see(event)
        yield "generate", event
    if spec.braid:
        for event in braid(maze, spec.braid, rng):
            yield "braid", event


def built(spec: PanelSpec) -> tuple[list[ev.Event], Maze, np.random.Generator]:
    """Panel `spec`'s maze before its endpoints: the events (generator, braiding), the maze,
    and the random generator in the state the panel's solver receives it."""
    rng = np.random.default_rng(spec.seed)
    m = maze_of(spec)
    maze = Maze(m.rows, m.cols, m.surface)
    events = [event for _, event in build_phases(spec, maze, rng)]
    return events, maze, rng


def maze_phases(spec: PanelSpec, maze: Maze | None = None
                ) -> Iterator[tuple[str, ev.Event]]:
    """The whole story of a maze panel as (phase, event): "generate", "braid",
    "endpoints", "stats", "solve". `maze` (blank, optional) receives the model."""
    rng = np.random.default_rng(spec.seed)
    m = maze_of(spec)
    maze = maze if maze is not None else Maze(m.rows, m.cols, m.surface)
    history = History()
    yield from build_phases(spec, maze, rng, history)
    for event in endpoints(maze, spec.endpoints, rng, history):
        yield "endpoints", event
    yield "stats", stats.as_event(ev.Scope.MAZE, stats.maze_stats(maze),
                                  texture=spec.figures == "texture")
    if spec.solver is not None:
        solver = registry.get("solver", spec.solver.name)
        solve_events = []
        for event in solver.func(maze, rng=rng, **spec.solver.params):
            solve_events.append(event)
            yield "solve", event
        yield "stats", stats.as_event(ev.Scope.SOLVE, stats.solve_stats(solve_events))


_COUNTS: dict[tuple[str, str], int] = {}


def _remembered(kind: str, spec: PanelSpec, count: Callable[[], int]) -> int:
    """`count()` for panel `spec`, computed once per distinct spec (a panel's stream is a
    function of its spec, so its counts are too): the layout, the captions and the pacing
    all ask for them."""
    key = (kind, repr(spec))
    if "..." in key[1]:                 # numpy abridged a large array: no reliable key
        return count()
    if key not in _COUNTS:
        if len(_COUNTS) > 512:
            _COUNTS.clear()
        _COUNTS[key] = count()
    return _COUNTS[key]


def building_events(spec: PanelSpec) -> int:
    """How many of a maze panel's events come before its solve: generator, braiding,
    endpoints and the maze's figures."""
    def count() -> int:
        n = 0
        for phase, _ in maze_phases(spec):
            if phase == "solve":
                break
            n += 1
        return n
    return _remembered("building", spec, count)


def panel_events(spec: PanelSpec) -> int:
    """How many events panel `spec`'s stream yields."""
    return _remembered("all", spec, lambda: count_events(lambda: panel_stream(spec)))


def maze_stream(spec: PanelSpec) -> Iterator[ev.Event]:
    """The whole story of a maze panel: generation, braiding, endpoints, figures, solve."""
    return (event for _, event in maze_phases(spec))


def panel_stats(spec: PanelSpec) -> dict:
    """The figures of panel `spec`: {"title", "maze": {...}, "solve": {...} or None}."""
    if spec.life is not None:
        return {"title": spec.title, "life": True}
    out: dict[str, Any] = {"title": spec.title, "generator": generator_of(spec).name,
           "solver": spec.solver.name if spec.solver else None, "maze": None, "solve": None}
    for _, event in maze_phases(spec):
        if isinstance(event, ev.Statistics):
            out[event.scope] = dict(event.values)
    for scope in ("maze", "solve"):
        if out[scope]:
            out[scope] = {k: [list(x) for x in v] if k == "longest_path_ends" and v else
                          list(v) if isinstance(v, tuple) else v
                          for k, v in out[scope].items()}
    return out


def panel_stream(spec: PanelSpec) -> Iterator[ev.Event]:
    """A fresh event stream for the panel `spec` (same spec, same events)."""
    if spec.life is not None:
        from .life.spec import life_events
        return life_events(spec.life, np.random.default_rng(spec.seed))
    return maze_stream(spec)


_PEAKS: dict[int, tuple[object, int | None, int]] = {}


def population_peak(spec: PanelSpec) -> int:
    """The largest population of Life panel `spec`'s run, computed ahead by running its
    event stream once (and remembered, for the slide fitting's repeated set-ups)."""
    hit = _PEAKS.get(id(spec.life))
    if hit is not None and hit[0] is spec.life and hit[1] == spec.seed:
        return hit[2]
    peak = max((event.population for event in panel_stream(spec)
                if isinstance(event, ev.Generation)), default=0)
    if len(_PEAKS) > 256:
        _PEAKS.clear()
    _PEAKS[id(spec.life)] = (spec.life, spec.seed, peak)
    return peak


def panel_renderer(spec: PanelSpec, text_size: int = 13):
    """The renderer that draws panel `spec`'s events (a Life chart's labels at
    `text_size`, the canvas's caption size)."""
    if spec.life is not None:
        from .render.life_panel import LifePanel
        peak = population_peak(spec) if spec.life.chart else None
        return LifePanel(spec.life, cell_size=spec.cell_size, text_size=text_size,
                         population_max=peak, chart_beside=spec.chart_beside)
    m = maze_of(spec)
    # the stream's first event says whether the maze has thin walls or blocks
    first = next(iter(panel_stream(spec)), None)
    first = first if isinstance(first, ev.GridCreated) else None
    if m.view == "neighbourhood":
        from .render.neighbourhood import NeighbourhoodPanel
        return NeighbourhoodPanel(m.rows, m.cols, cell_size=m.cell_size, wall=m.wall,
                                  surface=m.surface, first=first)
    return MazePanel(m.rows, m.cols, cell_size=m.cell_size, wall=m.wall, surface=m.surface,
                     first=first)


def legend_words(spec: PanelSpec) -> dict[str, str]:
    """The words panel `spec`'s algorithms give their colours (registry `legend=`), the
    solver's over the generator's."""
    words: dict[str, str] = {}
    if spec.maze is not None:
        for kind, choice in (("generator", spec.generator), ("solver", spec.solver)):
            if choice is not None:
                words.update(registry.get(kind, choice.name).extra.get("legend", {}))
    return words


@dataclass
class Preview:
    """What drawing a scenario's events once ahead tells the layout: the legend of every
    colour the panels show (each once), and each panel's widest captions."""

    legend: list[LegendEntry] | None
    captions: list[list[str]]
    entries: list[list[LegendEntry]]     # each panel's own legend


CAPTION_SAMPLES = 6


def preview(scenario: Scenario, before: Preview | None = None,
            redo: set[int] | None = None) -> Preview:
    """Draw every panel's events once into scratch panels, recording the palette slots that
    appear and the widest captions (with `animate: solve`, from the built maze on). With
    `before`, only the panels in `redo` are drawn again."""
    text_size = text_sizes(scenario).get("caption_size", 13)
    renderers = [panel_renderer(spec, text_size) for spec in scenario.panels]
    set_up_captions(scenario, renderers)
    entries, captions = [], []
    for i, (spec, renderer) in enumerate(zip(scenario.panels, renderers)):
        if before is not None and redo is not None and i not in redo:
            entries.append(before.entries[i])
            captions.append(before.captions[i])
            continue
        skip = building_events(spec) if spec.animate == "solve" else 0
        tracker = legend.SlotTracker()
        widest: dict[str, int] = {}

        def sample(renderer: Any = renderer, widest: dict[str, int] = widest) -> None:
            text = renderer.caption()
            if text not in widest:
                widest[text] = text_width(text, text_size)
                if len(widest) > 4 * CAPTION_SAMPLES:
                    keep = sorted(widest, key=widest.__getitem__)[-CAPTION_SAMPLES:]
                    widest.clear()
                    widest.update({t: text_width(t, text_size) for t in keep})

        if not skip:
            tracker.see(renderer)
            sample()
        for k, event in enumerate(panel_stream(spec)):
            renderer.apply(event)
            if k + 1 >= skip:
                tracker.see(renderer)
                sample()
            else:
                renderer.take_dirty()
        entries.append(legend.entries(tracker.slots(), legend_words(spec)))
        captions.append(sorted(widest, key=widest.__getitem__)[-CAPTION_SAMPLES:])
    return Preview(legend.merged(entries) if scenario.legend else None, captions, entries)


_SHAPES: dict[tuple[str, int], tuple[int, int]] = {}


def panel_shape(spec: PanelSpec, text_size: int = 13) -> tuple[int, int]:
    """The (height, width) in pixels of panel `spec`'s picture (remembered per spec)."""
    key = (repr(spec), text_size)
    if "..." in key[0]:
        return panel_renderer(spec, text_size).raster.shape
    if key not in _SHAPES:
        if len(_SHAPES) > 4096:
            _SHAPES.clear()
        _SHAPES[key] = panel_renderer(spec, text_size).raster.shape
    return _SHAPES[key]


def fits(scenario: Scenario, specs: list[PanelSpec], ahead: Preview | None,
         columns: int | None) -> bool:
    """Whether panels `specs` (with the legend and captions `ahead`) fit `scenario.size`
    in `columns` columns: the layout's arithmetic on the panels' sizes."""
    text_size = text_sizes(scenario).get("caption_size", 13)
    fw, fh = scenario.size or AUTO_CANVAS
    lay = plan_layout([panel_shape(spec, text_size) for spec in specs],
                      [spec.title for spec in specs], ahead.legend or [] if ahead else [],
                      heading=scenario.title,
                      columns=min(columns or default_columns(len(specs)), len(specs)),
                      captions=ahead.captions if ahead else None,
                      frame_width=fw, headers=scenario.table, **layout_sizes(scenario))
    return lay.width <= fw and lay.height <= fh


def layout_sizes(scenario: Scenario) -> dict[str, int]:
    """The canvas's margin, gap and text sizes, as `Canvas` uses them."""
    sizes = {"margin": 12, "gap": 16, "title_size": 16, "caption_size": 13}
    sizes.update(text_sizes(scenario))
    return sizes


def pacing(scenario: Scenario) -> Pacing:
    """The scenario's pacing (`solve_together` runs on the progress clock)."""
    clock = "progress" if scenario.solve_together else scenario.clock
    return Pacing(fps=scenario.fps, steps_per_frame=scenario.steps_per_frame,
                  duration=scenario.duration, clock=clock,
                  hold_first=scenario.hold_first, hold_last=scenario.hold)


def make_canvas(scenario: Scenario) -> Canvas:
    """The canvas with one freshly set-up renderer per panel. With a slide `size`, the
    panels' cell sizes are scaled (whole pixels; even for MP4) to fill the slide."""
    if scenario.size is not None:
        refuse_what_cannot_fit(scenario)
    ahead = preview(scenario)
    if any(is_auto(spec) for spec in scenario.panels):
        scenario.size = scenario.size or AUTO_CANVAS
        if not all(is_auto(spec) for spec in scenario.panels):
            fit_to_slide(scenario, ahead)
        ahead = fill_slots(scenario, ahead)
    elif scenario.size is not None:
        fit_to_slide(scenario, ahead)
    text_size = text_sizes(scenario).get("caption_size", 13)
    panels = [panel_renderer(spec, text_size) for spec in scenario.panels]
    set_up_captions(scenario, panels)
    return Canvas(panels, [spec.title for spec in scenario.panels], heading=scenario.title,
                  columns=scenario.columns, size=scenario.size, key=ahead.legend,
                  captions=ahead.captions, headers=scenario.table, **text_sizes(scenario))


def set_up_captions(scenario: Scenario, panels: list) -> None:
    """What the maze panels' captions need from the pacing, given when the canvas is made so
    that the export and the window (same events, other clock) draw the same captions: when
    each event is drawn and how long a milestone's line stays (`Pacing.caption_hold`
    seconds), the step drawn as "step 0" (`animate: solve`: the built maze is the first
    picture), and whether a solve follows (the maze's figures then wait for its end)."""
    pace = pacing(scenario)
    first = [building_events(spec) if spec.animate == "solve" else 0
             for spec in scenario.panels]
    counts = split = None
    if pace.clock == "progress" or pace.duration:
        counts = [panel_events(spec) - base
                  for spec, base in zip(scenario.panels, first)]
    if scenario.solve_together:
        split = [max(0, building_events(spec) - base)
                 if spec.maze is not None and spec.solver is not None else None
                 for spec, base in zip(scenario.panels, first)]
    clocks = caption_clocks(len(panels), pace, counts, split)
    for spec, panel, clock, base in zip(scenario.panels, panels, clocks, first):
        state = caption_state(panel)
        if state is None:
            continue
        state.caption_clock, state.caption_hold = clock, pace.caption_hold
        state.steps_from = max(0, base - 1)      # the first event, GridCreated, is step 0
        state.figures_wait = spec.maze is not None and spec.solver is not None


def text_sizes(scenario: Scenario) -> dict[str, int]:
    """Title and caption sizes: larger on a slide canvas, so they read from the back."""
    if scenario.size is None:
        return {}
    height = scenario.size[1]
    return {"title_size": max(16, height // 28), "caption_size": max(13, height // 40)}


def _scaled(spec: PanelSpec, factor: float, even: bool) -> PanelSpec:
    """`spec` with its cell size (and wall) multiplied by `factor`, rounded down."""
    def size(value: int) -> int:
        n = max(1, int(value * factor))
        return max(2, n - n % 2) if even else n
    out = replace(spec)
    if spec.maze is not None:
        wall = 0 if spec.maze.wall == 0 else max(1, int(spec.maze.wall * factor))
        out.maze = replace(spec.maze, cell_size=size(spec.maze.cell_size), wall=wall)
        out.cell_size = out.maze.cell_size
    else:
        out.cell_size = size(spec.cell_size)
    return out


def fit_to_slide(scenario: Scenario, ahead: Preview | None = None) -> None:
    """Scale every panel of `scenario` (in place) to the largest size that fits its slide,
    with the legend and captions `ahead` found: each number of columns is tried, and the one
    that makes the cells largest is kept (in `columns`)."""
    even = FORMATS[scenario.format].even
    base = list(scenario.panels)
    fw, fh = scenario.size or AUTO_CANVAS

    def fits_at(factor: float, columns: int) -> bool:
        specs = [spec if is_auto(spec) else _scaled(spec, factor, even) for spec in base]
        return fits(scenario, specs, ahead, columns)

    def largest(columns: int) -> float:
        lo, hi = 0.0, 1.0
        while fits_at(hi, columns) and hi < 64:
            lo, hi = hi, hi * 2
        for _ in range(10):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if fits_at(mid, columns) else (lo, mid)
        return lo

    charts = [i for i, spec in enumerate(base) if spec.life is not None and spec.life.chart]
    # a chart may go beside its grid; not beside auto mazes, which fill what the others leave
    sides = (False, True) if charts and not any(is_auto(spec) for spec in base) else (False,)
    best: tuple[float, bool, int, bool] | None = None
    for beside in sides:
        for i in charts:
            base[i] = replace(base[i], chart_beside=beside)
        for c in range(1, len(base) + 1):
            # the scenario's own `columns` wins a tie; otherwise fewer columns, chart below
            key = (largest(c), c == scenario.columns, -c, not beside)
            best = key if best is None or key > best else best
    assert best is not None, "at least one layout is tried"
    factor, _, columns, below = best
    for i in charts:
        base[i] = replace(base[i], chart_beside=not below)
    if factor == 0.0 and not fits_at(1e-9, -columns):
        raise ScenarioError([f"{scenario.path}: size: the panels do not fit in {fw}x{fh} "
                             f"even with 1-pixel cells; use a larger slide or fewer cells"])
    scenario.columns = -columns
    scenario.panels = [spec if is_auto(spec) else _scaled(spec, factor, even) for spec in base]


def refuse_what_cannot_fit(scenario: Scenario) -> None:
    """Refuse, before any drawing ahead, panels that miss the slide even with 1-pixel
    cells, no legend and single-line captions."""
    fw, fh = scenario.size or AUTO_CANVAS
    tiny = [spec if is_auto(spec) else _scaled(spec, 1e-9, FORMATS[scenario.format].even)
            for spec in scenario.panels]
    bare = Preview(None, [[] for _ in tiny], [[] for _ in tiny])
    if not any(fits(scenario, tiny, bare, c) for c in range(1, len(tiny) + 1)):
        raise ScenarioError([f"{scenario.path}: size: the panels do not fit in {fw}x{fh} "
                             f"even with 1-pixel cells; use a larger slide or fewer cells"])


def is_auto(spec: PanelSpec) -> bool:
    """Whether panel `spec` is a maze whose rows or cols follow its slot (`auto`)."""
    return spec.maze is not None and any(spec.maze.auto)


def maze_of(spec: PanelSpec) -> MazeSpec:
    """The maze of maze panel `spec` (TypeError for a Life panel)."""
    if spec.maze is None:
        raise TypeError(f"panel `{spec.title}` has no maze")
    return spec.maze


def generator_of(spec: PanelSpec) -> AlgorithmChoice:
    """The generator of maze panel `spec` (TypeError for a Life panel)."""
    if spec.generator is None:
        raise TypeError(f"panel `{spec.title}` has no generator")
    return spec.generator


def _resized(spec: PanelSpec, rows: int, cols: int) -> PanelSpec:
    m = maze_of(spec)
    if SURFACES[m.surface].square_only:
        rows = cols = min(rows, cols)
    rows = rows if m.auto[0] else m.rows
    cols = cols if m.auto[1] else m.cols
    out = replace(spec)
    out.maze = replace(m, rows=max(1, min(MAX_SIDE, rows)), cols=max(1, min(MAX_SIDE, cols)))
    return out


def fill_slots(scenario: Scenario, ahead: Preview) -> Preview:
    """Give every `auto` maze of `scenario` (in place) the rows and cols that fill its slot
    on the canvas, at its own cell size: the spare pixels of the layout are shared among the
    rows and columns of the grid that hold an auto maze; the captions and legend are then
    drawn ahead again for the mazes' real size, and the mazes shrink until all fits.
    Returns that last preview."""
    fw, fh = scenario.size or AUTO_CANVAS
    text_size = text_sizes(scenario).get("caption_size", 13)
    autos = [i for i, spec in enumerate(scenario.panels) if is_auto(spec)]

    def layout(specs: list[PanelSpec], seen: Preview) -> Layout:
        return plan_layout([panel_shape(spec, text_size) for spec in specs],
                           [spec.title for spec in specs], seen.legend or [],
                           heading=scenario.title,
                           columns=min(scenario.columns or default_columns(len(specs)),
                                       len(specs)),
                           captions=seen.captions, frame_width=fw, headers=scenario.table,
                           **layout_sizes(scenario))

    specs = list(scenario.panels)
    for _ in range(3):
        lay = layout(specs, ahead)
        grown_rows = {i // lay.columns for i in autos if maze_of(specs[i]).auto[0]}
        grown_cols = {i % lay.columns for i in autos if maze_of(specs[i]).auto[1]}
        spare_h = (fh - lay.height) // max(1, len(grown_rows))
        spare_w = (fw - lay.width) // max(1, len(grown_cols))
        for i in autos:
            r, c = divmod(i, lay.columns)
            h, w = panel_shape(specs[i], text_size)
            m = maze_of(specs[i])
            if m.view == "neighbourhood":
                pitch = 3 * (max(m.cell_size, MIN_CELL) + m.wall)
            else:
                pitch = m.cell_size + m.wall
            rows = m.rows + (lay.row_panel[r] + spare_h - h) // pitch
            cols = m.cols + (lay.col_w[c] + spare_w - w) // pitch
            specs[i] = _resized(specs[i], rows, cols)
    scenario.panels = specs
    ahead = preview(scenario, ahead, set(autos))
    while not fits(scenario, scenario.panels, ahead, scenario.columns):
        while not fits(scenario, scenario.panels, ahead, scenario.columns):
            if all(max(maze_of(scenario.panels[i]).rows, maze_of(scenario.panels[i]).cols)
                   <= 1 for i in autos):
                raise ScenarioError([f"{scenario.path}: size: the panels do not fit in "
                                     f"{fw}x{fh}; use a larger canvas or smaller cells"])
            for i in autos:
                m = maze_of(scenario.panels[i])
                shrink_rows = m.auto[0] and (m.rows >= m.cols or not m.auto[1])
                scenario.panels[i] = _resized(scenario.panels[i], m.rows - shrink_rows,
                                              m.cols - (not shrink_rows))
        ahead = preview(scenario, ahead, set(autos))   # real mazes' captions may be longer
    return ahead


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


def schedule(scenario: Scenario) -> Schedule:
    """The scenario's `Schedule`, shared by the export and the window. Call it after
    `make_canvas(scenario)`: that sizes the `auto` mazes, which changes their events."""
    pace = pacing(scenario)
    counts = None
    if pace.clock == "progress" or pace.duration:
        counts = [panel_events(spec) for spec in scenario.panels]
    first = None
    if any(spec.animate == "solve" for spec in scenario.panels):
        first = [building_events(spec) if spec.animate == "solve" else 0
                 for spec in scenario.panels]
    split = None
    if scenario.solve_together:
        split = [building_events(spec) if spec.maze is not None and spec.solver is not None
                 else None for spec in scenario.panels]
    return Schedule(pace, counts, first, split)


def scenario_frames(scenario: Scenario, canvas: Canvas | None = None,
                    milestones: list[list[tuple[int, str]]] | None = None) -> Iterator[Frame]:
    """Every frame of the scenario, in order. With `milestones` (an empty list), stream i's
    milestones are appended to `milestones[i]` as (event index, label) as they are drawn:
    frame metadata for writers with a timeline (see `milestone_labels`)."""
    canvas = canvas or make_canvas(scenario)
    plan = schedule(scenario)
    streams: list[Iterable] = [panel_stream(spec) for spec in scenario.panels]
    if milestones is not None:
        milestones[:] = [[] for _ in streams]
        streams = [_noting(stream, found, spec.title)
                   for stream, found, spec in zip(streams, milestones, scenario.panels)]
    # questions (stop and predict): stop at each moment, held cards after it
    from .questions.schedule import ask_in_export
    return ask_in_export(scenario, canvas, lambda stops: frames(
        canvas, streams, plan.pacing, plan.counts, plan.first, plan.split, stops=stops))


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


def estimated_frames(scenario: Scenario) -> int:
    """At least how many frames the scenario's export has (its milestones, which end a
    frame early, not counted), worked out from its event counts without drawing."""
    from .render.animate import frame_counts

    plan = schedule(scenario)
    lengths = [panel_events(spec) for spec in scenario.panels]
    return len(frame_counts(lengths, plan.pacing, plan.counts, plan.first, plan.split))


@dataclass
class RenderResult:
    """What a render produced."""

    path: Path
    frames: int
    duration: float
    bytes: int
    seconds: float
    extras: tuple[Path, ...] = ()    # the still and the strip, when asked for


def render(scenario: Scenario, *, progress: Callable[[int], None] | None = None,
           writer_options: dict | None = None, quiz: Path | None = None) -> RenderResult:
    """Render `scenario` into `scenario.output`; the file appears only when complete.
    With `quiz` (a folder), the questions' cards and answers are also saved there as PNGs."""
    from .export import open_writer, writer_for
    from .questions.schedule import CardFrame, QuizSheet, held

    started = time.perf_counter()
    theme = make_theme(scenario.theme, scenario.colours)
    canvas = make_canvas(scenario)
    height, width = canvas.shape
    scenario.output.parent.mkdir(parents=True, exist_ok=True)
    count = 0
    total = 0.0
    options = {**scenario.writer_options(), **(writer_options or {})}
    if FORMATS[scenario.format].titled:
        options.setdefault("title", scenario.title
                           or " / ".join(spec.title for spec in scenario.panels))
    refuse = getattr(writer_for(scenario.output), "refuse", None)
    if refuse is not None:                  # a writer with limits: refuse before drawing
        why = refuse(width, height, estimated_frames(scenario))
        if why:
            raise ScenarioError([f"{scenario.path}: output: {why}"])
    keys = KeyFrames(scenario.strip) if scenario.strip else None
    sheet = QuizSheet() if quiz is not None else None
    last = None
    with open_writer(scenario.output, width=width, height=height, palette=theme.colours,
                     fps=scenario.fps, **options) as writer:
        mark = getattr(writer, "mark", None)    # a writer with a timeline of milestones
        ask = getattr(writer, "held", None)     # a writer that asks the questions itself
        found: list[list[tuple[int, str]]] | None = [] if mark is not None else None
        taken = [0] * len(scenario.panels)
        stream = scenario_frames(scenario, canvas) if found is None else \
            scenario_frames(scenario, canvas, found)
        for frame in stream:
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
    extras = []
    if scenario.still and last is not None:
        from .export.png import save_png
        still = scenario.output.with_suffix(".png")
        save_png(last, still, palette=theme.colours)
        extras.append(still)
    if keys is not None:
        from .export.png import save_strip
        strip = scenario.output.with_name(scenario.output.stem + "_strip.png")
        save_strip(keys.pick(), strip, columns=min(scenario.strip, 4), palette=theme.colours)
        extras.append(strip)
    if sheet is not None and quiz is not None:
        extras.extend(sheet.save(quiz, theme.colours))
    return RenderResult(scenario.output, count, total, scenario.output.stat().st_size,
                        time.perf_counter() - started, tuple(extras))


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

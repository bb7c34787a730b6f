"""Each panel's story, run once and recorded: its transcript.

`record(spec)` runs a panel's algorithms (generator, braiding, endpoints, solver) or steps
its Life engine exactly once and keeps every event; everything that needs the events later
(the legend, the captions, the layout, the pacing, the questions, the statistics, the
window, the HTML player) reads the transcript, never the algorithm again.

A maze panel's transcript keeps its events as they came. A Life panel's keeps each
generation's grid packed one bit per cell (`LifeTranscript`) and rebuilds the `Generation`
events, births and deaths included, when it is read: a long Life run costs an eighth of a
byte per cell and generation, not the three bytes its events hold.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, overload

import numpy as np

from . import events as ev
from .events import Cell
from .choices import Figures, Phase
from .life.spec import life_events
from .life.why import explain
from .maze import Maze, stats
from .maze.braid import braid
from .maze.endpoints import History, place as place_endpoints
from .scenario import AlgorithmChoice, MazeSpec, PanelSpec

#: a span of a transcript: its phase, and the events [start, stop) of that phase
Span = tuple[Phase, int, int]


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


def build_events(spec: PanelSpec, maze: Maze, rng: np.random.Generator
                 ) -> tuple[list[ev.Event], list[Span]]:
    """The building of panel `spec`'s maze into the blank `maze`: the generator's events,
    then the braiding pass's if asked, and their spans (GENERATE, then BRAID)."""
    choice = generator_of(spec)
    generator = choice.algorithm("generator")
    events: list[ev.Event] = list(generator.func(maze, rng=rng, **choice.params))
    spans: list[Span] = []
    _span(spans, Phase.GENERATE, 0, len(events))
    if spec.braid:
        events.extend(braid(maze, spec.braid, rng))
        _span(spans, Phase.BRAID, spans[-1][2] if spans else 0, len(events))
    return events, spans


def _span(spans: list[Span], phase: Phase, start: int, stop: int) -> None:
    """Add the events [start, stop) of `phase` to `spans` (the runs of equal phases: an
    empty one left out, one of the phase before joined to it)."""
    if stop <= start:
        return
    if spans and spans[-1][0] is phase and spans[-1][2] == start:
        spans[-1] = (phase, spans[-1][1], stop)
    else:
        spans.append((phase, start, stop))


def _solve(spec: PanelSpec, maze: Maze, rng: np.random.Generator, events: list[ev.Event],
           spans: list[Span]) -> None:
    """Panel `spec`'s solver's events (SOLVE), then its figures (STATS), added to `events`
    and `spans`."""
    if spec.solver is None:
        return
    solver = spec.solver.algorithm("solver")
    start = len(events)
    events.extend(solver.func(maze, rng=rng, **spec.solver.params))
    _span(spans, Phase.SOLVE, start, len(events))
    events.append(stats.as_event(ev.Scope.SOLVE, stats.solve_stats(events[start:])))
    _span(spans, Phase.STATS, len(events) - 1, len(events))


@dataclass(frozen=True)
class MazeTranscript(Sequence):
    """A maze panel's recorded events (a sequence: `len`, indexing, iteration), the
    phase of each stretch (`spans`), and the state of the panel's random generator when its
    solver started (`solver_rng`: the window solves again from there)."""

    events: tuple[ev.Event, ...]
    spans: tuple[Span, ...]
    solver_rng: dict[str, Any]

    @overload
    def __getitem__(self, index: int) -> ev.Event: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[ev.Event]: ...

    def __getitem__(self, index: int | slice) -> Any:
        return self.events[index]

    def __len__(self) -> int:
        return len(self.events)

    def __iter__(self) -> Iterator[ev.Event]:
        return iter(self.events)

    def phased(self) -> Iterator[tuple[Phase, ev.Event]]:
        """Every event with its phase, in order."""
        for phase, start, stop in self.spans:
            for k in range(start, stop):
                yield phase, self.events[k]

    def count(self, *phases: Phase) -> int:         # type: ignore[override]
        """How many events belong to `phases`."""
        return sum(stop - start for phase, start, stop in self.spans if phase in phases)

    @property
    def building(self) -> int:
        """How many events come before the solve: generator, braiding, endpoints and the
        maze's figures (all of them when there is no solver)."""
        return next((start for phase, start, _ in self.spans if phase is Phase.SOLVE),
                    len(self.events))

    @property
    def built(self) -> tuple[ev.Event, ...]:
        """The events that build the maze (generator and braiding), without the endpoints."""
        stop = max((stop for phase, _, stop in self.spans
                    if phase in (Phase.GENERATE, Phase.BRAID)), default=0)
        return self.events[:stop]

    def solver_generator(self) -> np.random.Generator:
        """A random generator in the state the panel's solver received it."""
        rng = np.random.default_rng()
        rng.bit_generator.state = self.solver_rng
        return rng

    peak = 0      # a maze has no population


class BlockedCells(ValueError):
    """The cells a panel names for its endpoints or its solver's start or goal that its block
    maze left blocked: `cells` holds (key within the panel, cell), e.g.
    ("solver.start", (2, 2)). Raised by `record_maze` once the maze is built, before
    anything is placed or solved in it."""

    def __init__(self, cells: list[tuple[str, Cell]]) -> None:
        super().__init__(", ".join(f"{key}: {list(cell)}" for key, cell in cells))
        self.cells = cells


def named_cells(spec: PanelSpec) -> list[tuple[str, Cell]]:
    """The cells maze panel `spec` names, with their keys within the panel: its endpoints
    (when given as cells) and its solver's start and goal (when given)."""
    named: list[tuple[str, Cell]] = []
    if isinstance(spec.endpoints, tuple):
        named += [("endpoints.entrance", spec.endpoints[0]),
                  ("endpoints.exit", spec.endpoints[1])]
    if spec.solver is not None:
        named += [(f"solver.{key}", spec.solver.params[key])
                  for key in ("start", "goal") if spec.solver.params.get(key) is not None]
    return named


def record_maze(spec: PanelSpec) -> MazeTranscript:
    """Run maze panel `spec`'s story once: generator, braiding, endpoints, the maze's
    figures, the solver and its figures. Raises `BlockedCells` when the built maze blocks
    a cell the panel names for its endpoints or its solver."""
    rng = np.random.default_rng(spec.seed)
    m = maze_of(spec)
    maze = Maze(m.rows, m.cols, m.surface, grid=m.grid, mask=m.mask, weave=m.weave)
    events, spans = build_events(spec, maze, rng)
    blocked = [(key, cell) for key, cell in named_cells(spec) if maze.blocked[cell]]
    if blocked:
        raise BlockedCells(blocked)
    solver_rng = dict(rng.bit_generator.state)
    generated = spans[0][2] if spans and spans[0][0] is Phase.GENERATE else 0
    history = History.of(events[:generated]) if spec.endpoints == "first_backtrack" else None
    start = len(events)
    events.extend(place_endpoints(maze, spec.endpoints, history))
    _span(spans, Phase.ENDPOINTS, start, len(events))
    events.append(stats.as_event(ev.Scope.MAZE, stats.maze_stats(maze),
                                 texture=spec.figures == Figures.TEXTURE))
    _span(spans, Phase.STATS, len(events) - 1, len(events))
    _solve(spec, maze, rng, events, spans)
    return MazeTranscript(tuple(events), tuple(spans), solver_rng)


def _frozen(arr: np.ndarray) -> np.ndarray:
    arr.flags.writeable = False
    return arr


def pack_states(grid: np.ndarray, planes: int) -> np.ndarray:
    """A grid of states packed as `planes` bit planes, lowest bit first, each one bit per
    cell (one plane: the 0/1 grid itself)."""
    flat = grid.reshape(-1)
    if planes == 1:
        return np.packbits(flat & 1)
    return np.concatenate([np.packbits((flat >> p) & 1) for p in range(planes)])


def unpack_states(packed: np.ndarray, shape: tuple[int, int], planes: int) -> np.ndarray:
    """The grid of states `pack_states` packed."""
    cells = shape[0] * shape[1]
    per = (cells + 7) // 8
    out = np.zeros(cells, dtype=np.uint8)
    for p in range(planes):
        out |= np.unpackbits(packed[p * per:(p + 1) * per], count=cells) << np.uint8(p)
    return out.reshape(shape)


@dataclass(frozen=True)
class LifeTranscript(Sequence):
    """A Life panel's recorded generations, each grid packed one bit per cell (a rule of
    more than two states: one bit plane per bit of its largest state, `planes`); reading it
    (`len`, indexing, iteration) gives the `Generation` events the engine yielded."""

    shape: tuple[int, int]
    packed: tuple[np.ndarray, ...]
    populations: tuple[int, ...]
    surface: Any
    rule: str
    #: what the run became and from which generation on: (index, Identity or None) at
    #: each generation where it changed
    identities: tuple[tuple[int, ev.Identity | None], ...] = ()
    #: the cells whose fate each event explains (`Generation.why`), from the panel's spec
    why_cells: tuple[tuple[int, int], ...] = ()

    @property
    def identity(self) -> ev.Identity | None:
        """What the run had become at its last generation (None: nothing repeated)."""
        return self.identities[-1][1] if self.identities else None

    def identity_at(self, k: int) -> ev.Identity | None:
        """What the run had become at generation `k`, as the event then said."""
        known = None
        for index, identity in self.identities:
            if index > k:
                break
            known = identity
        return known
    planes: int = 1

    def _grid(self, k: int) -> np.ndarray:
        cells = self.shape[0] * self.shape[1]
        if self.planes > 1:
            return unpack_states(self.packed[k], self.shape, self.planes)
        flat = np.unpackbits(self.packed[k], count=cells)
        return flat.reshape(self.shape)

    def _event(self, k: int, grid: np.ndarray, before: np.ndarray | None) -> ev.Generation:
        if before is None:
            none = np.zeros(self.shape, dtype=bool)
            births, deaths = none, none.copy()
        elif self.planes > 1:
            births, deaths = (before == 0) & (grid != 0), (before != 0) & (grid == 0)
        else:
            births, deaths = grid > before, grid < before
        why = (explain(grid, self.rule, self.surface, self.why_cells, k) if self.why_cells
               else ())
        return ev.Generation(k, _frozen(grid), _frozen(births), _frozen(deaths),
                             self.populations[k], self.surface, self.rule,
                             self.identity_at(k), why)

    @overload
    def __getitem__(self, index: int) -> ev.Generation: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[ev.Generation]: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return [self[k] for k in range(*index.indices(len(self)))]
        k = index + len(self) if index < 0 else index
        if not 0 <= k < len(self):
            raise IndexError(index)
        return self._event(k, self._grid(k), self._grid(k - 1) if k else None)

    def __len__(self) -> int:
        return len(self.packed)

    def __iter__(self) -> Iterator[ev.Generation]:
        before = None
        for k in range(len(self.packed)):
            grid = self._grid(k)
            yield self._event(k, grid, before)
            before = grid

    def phased(self) -> Iterator[tuple[Phase, ev.Event]]:
        """Every generation with its phase (LIFE)."""
        return ((Phase.LIFE, event) for event in self)

    @property
    def building(self) -> int:
        """Life has no solve: every event comes 'before' it."""
        return len(self.packed)

    @property
    def peak(self) -> int:
        """The largest population of the run (the chart's scale)."""
        return max(self.populations, default=0)


def record_life(spec: PanelSpec) -> LifeTranscript:
    """Step Life panel `spec`'s engine once per generation, keeping each grid packed."""
    packed, populations = [], []
    shape: tuple[int, int] = (0, 0)
    surface: Any = None
    rule = ""
    identities: list[tuple[int, ev.Identity | None]] = []
    assert spec.life is not None, "a Life panel"
    planes = (getattr(spec.life.rule, "states", 2) - 1).bit_length()
    for event in life_events(spec.life, np.random.default_rng(spec.seed)):
        assert isinstance(event, ev.Generation), "a Life stream yields generations only"
        grid = np.asarray(event.grid, dtype=np.uint8)
        shape = (int(grid.shape[0]), int(grid.shape[1]))
        packed.append(pack_states(grid, planes))
        populations.append(event.population)
        surface, rule = event.surface, event.rule
        if event.identity != (identities[-1][1] if identities else None):
            identities.append((event.index, event.identity))
    return LifeTranscript(shape, tuple(packed), tuple(populations), surface, rule,
                          tuple(identities), spec.life.why, planes)


Transcript = MazeTranscript | LifeTranscript


def record(spec: PanelSpec) -> Transcript:
    """Panel `spec`'s transcript: its story run once (a maze or a Life run)."""
    return record_life(spec) if spec.life is not None else record_maze(spec)


__all__ = ["BlockedCells", "LifeTranscript", "MazeTranscript", "Span", "Transcript", "build_events",
           "generator_of", "maze_of", "named_cells", "record", "record_life", "record_maze"]

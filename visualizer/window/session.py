"""What the window lets a student change, without matplotlib: where a maze panel's solver
starts and ends and which solver runs, and which Life cells are alive.

A change never redraws anything itself: it replaces the tail of the panel's event stream
(`Player.replace_tail`) and moves the player to where the new part begins, so stepping back
and forth over an edit works like over any other event.
"""
from __future__ import annotations

import copy
from dataclasses import replace
from typing import Callable, Iterable, Iterator

import numpy as np

from .. import registry
from ..events import Cell, EndpointsSet, Generation, as_cell
from ..life.family_parse import parse_family_rule
from ..life.identify import watch
from ..life.rules import Rule
from ..life.stepping import evolve_any
from ..life.why import explain
from ..maze import Maze, replay
from ..pipeline import Prepared, prepare as _prepare
from ..record import MazeTranscript, record_maze
from ..scenario import PanelSpec, Scenario
from .player import DEFAULT_EVERY, Player

Evolve = Callable[..., Iterable[Generation]]


def generated(transcript: MazeTranscript) -> tuple[list, Maze, np.random.Generator]:
    """A maze panel's maze as its transcript built it (generator, then braiding if asked):
    those events, the maze they build (`replay`), and a random generator in the state the
    panel's solver got it."""
    made = list(transcript.built)
    return made, replay(made), transcript.solver_generator()


def solver_of(spec: PanelSpec, solver: str) -> registry.Algorithm:
    """The solver named `solver` for panel `spec`: the panel's own when it is the one named
    (a student's function among them), else the registered one."""
    if spec.solver is not None and spec.solver.name == solver:
        return spec.solver.algorithm("solver")
    return registry.get("solver", solver)


def solve_events(spec: PanelSpec, solver: str, start: Cell, goal: Cell,
                 made: tuple[list, Maze, np.random.Generator] | None = None
                 ) -> tuple[int, list]:
    """Panel `spec`'s maze solved by `solver` from `start` to `goal`: how many of the panel's
    events to keep (the generator's) and the events that follow them (EndpointsSet, then
    the solver's events). `made` is `generated(transcript)` of the panel's transcript (it
    is used up; recorded here if not given)."""
    events, maze, rng = made or generated(record_maze(spec))
    endpoints = EndpointsSet(as_cell(start), as_cell(goal))
    maze.apply(endpoints)
    algorithm = solver_of(spec, solver)
    params = dict(spec.solver.params) if spec.solver and spec.solver.name == solver else {}
    accepted = {p.name for p in algorithm.params}
    params.update({k: v for k, v in (("start", endpoints.entrance), ("goal", endpoints.exit))
                   if k in accepted})
    return len(events), [endpoints, *algorithm.func(maze, rng=rng, **params)]


def default_evolve(grid: np.ndarray, rule: str, surface, generations: int, start: int = 0
                   ) -> Iterator[Generation]:
    """The Life engines' `evolve_any` for a rule of any family (generation 0 is `grid`
    itself, generation `start` of the run it continues)."""
    return evolve_any(grid, rule, surface, generations, start=start)


def grid_cell_at(renderer, y: float, x: float) -> Cell | None:
    """The cell under pixel (y, x) of a renderer without `cell_at` that draws a grid of
    `rows` x `cols` cells of `cell_size` pixels from (`oy`, `ox`) (the Life panel), or None."""
    try:
        size, rows, cols = renderer.cell_size, renderer.rows, renderer.cols
        oy, ox = getattr(renderer, "oy", 0), getattr(renderer, "ox", 0)
    except AttributeError:
        return None
    r = int((y - oy) // size)
    row_shift = getattr(getattr(renderer, "geometry", None), "row_shift", None)
    shift = row_shift(r) if row_shift is not None and 0 <= r < rows else 0   # hexagonal
    c = int((x - ox - shift) // size)
    return (r, c) if 0 <= r < rows and 0 <= c < cols else None


def _frozen(arr: np.ndarray) -> np.ndarray:
    arr.flags.writeable = False
    return arr


def toggled(current: Generation, cell: Cell) -> Generation:
    """`current` with `cell` flipped: same index, births/deaths relative to `current`."""
    before = np.asarray(current.grid)
    grid = before.astype(np.uint8, copy=True)
    grid[cell] ^= 1
    return Generation(current.index, _frozen(grid), _frozen(grid > before),
                      _frozen(grid < before), int(grid.sum(dtype=np.int64)), current.surface,
                      current.rule)


def continued(tail: list[Generation], why_cells: tuple[Cell, ...] = ()) -> list[Generation]:
    """An edited generation and the run from it (`tail`, indexed as in the whole run), each
    carrying what the run from the edit became (watched from the edit on, the generation it
    settled at counted in the whole run) and why the cells `why_cells` live or die next,
    as a recorded run's events do: the caption and the why overlay go on after an edit."""
    if not tail:
        return tail
    first = tail[0].index
    parsed = parse_family_rule(tail[0].rule)
    rule = parsed if isinstance(parsed, Rule) and why_cells else None  # `why:`: life-like
    out = []
    for event in watch(tail, tail[0].surface):
        found = event.identity
        if found is not None and found.generation is not None:
            found = replace(found, generation=found.generation + first)
        why = explain(event.grid, rule, event.surface, why_cells, event.index) \
            if rule is not None else ()
        out.append(replace(event, identity=found, why=why))
    return out


class Session:
    """A scenario in the window: its `player`, each maze panel's solver, the endpoints placed.

    `evolve(grid, rule, surface, generations, start)` yields Life generations from an edited
    grid, generation `start` of its run (default: the Life engine); `message` says what the
    last action did. With `prepare=False` the player's copies are left for `player.prepare`
    (idle time). `focus` is the maze panel the last click chose (at first the first maze
    panel): the solver menu and the number keys act on it.
    """

    def __init__(self, scenario: Scenario | Prepared, *, every: int = DEFAULT_EVERY,
                 evolve: Evolve | None = None, prepare: bool = True) -> None:
        #: the render the window steps through: transcripts recorded once, the plan
        self.prepared = scenario if isinstance(scenario, Prepared) else _prepare(scenario)
        self.scenario = self.prepared.scenario
        #: the panels as drawn (auto mazes sized)
        self.panels = self.prepared.panels
        self.canvas = self.prepared.canvas()
        #: how the export spreads the events over frames: the window's clock follows it
        self.schedule = self.prepared.plan.schedule
        self.player = Player(self.canvas, list(self.prepared.transcripts),
                             schedule=self.schedule, every=every, prepare=prepare)
        self.solvers = list(registry.algorithms("solver"))
        fallback = "bfs" if "bfs" in self.solvers else (self.solvers[0] if self.solvers
                                                         else None)
        #: the solver of each maze panel (the scenario's, else a default)
        self.chosen: dict[int, str] = {}
        for i, spec in enumerate(self.panels):
            name = spec.solver.name if spec.solver else fallback
            if spec.maze is not None and name is not None:
                self.chosen[i] = name
        self.evolve = evolve or default_evolve
        self.endpoints: dict[int, list[Cell]] = {}
        self._made: dict[int, tuple[list, Maze, np.random.Generator]] = {}
        self.focus = next((i for i, s in enumerate(self.panels) if s.maze is not None), None)
        self.message = ""

    @property
    def solver(self) -> str | None:
        """The solver of the focused panel."""
        return self.chosen.get(self.focus) if self.focus is not None else None

    def title(self, panel: int) -> str:
        """What the window calls panel `panel`: its title, else its place."""
        return self.panels[panel].title or f"panel {panel + 1}"

    # --- where a click lands -------------------------------------------------------------

    def cell_at(self, y: float, x: float) -> tuple[int, Cell] | None:
        """The panel and cell under frame pixel (y, x), or None."""
        found = self.canvas.locate(y, x)
        if found is None:
            return None
        panel, py, px = found
        renderer = self.player.tracks[panel].renderer
        cell_at = getattr(renderer, "cell_at", None)
        cell = cell_at(py, px) if cell_at else grid_cell_at(renderer, py, px)
        return (panel, cell) if cell is not None else None

    def is_life(self, panel: int) -> bool:
        """Whether `panel` shows a Life generation now."""
        track = self.player.tracks[panel]
        return track.consumed > 0 and isinstance(track.events[track.consumed - 1], Generation)

    def click(self, y: float, x: float, *, goal: bool = False) -> bool:
        """A click on frame pixel (y, x): on a maze, place the start (the goal if `goal`)
        and solve from there; on a Life grid, toggle the cell. True if something changed."""
        target = self.cell_at(y, x)
        if target is None:
            return False
        panel, cell = target
        if self.is_life(panel):
            return self.toggle_life(panel, cell)
        if self.panels[panel].maze is None:
            return False
        return self.place(panel, cell, goal=goal)

    # --- mazes ---------------------------------------------------------------------------

    def generated(self, panel: int) -> tuple[list, Maze, np.random.Generator]:
        """`generated(transcript)` for maze panel `panel`, computed once; fresh copies each
        call."""
        if panel not in self._made:
            transcript = self.prepared.transcripts[panel]
            assert isinstance(transcript, MazeTranscript), "a maze panel's transcript"
            self._made[panel] = generated(transcript)
        made, maze, rng = self._made[panel]
        return made, maze.copy(), copy.deepcopy(rng)

    def place(self, panel: int, cell: Cell, *, goal: bool = False) -> bool:
        """Make `cell` the start (or goal) of maze panel `panel` and solve again."""
        _, maze, _ = self.generated(panel)
        if maze.blocked[cell]:
            self.message = f"{self.title(panel)}: {cell} is rock: pick an open cell"
            return False
        ends = self.endpoints.setdefault(panel, list(maze.default_endpoints()))
        ends[1 if goal else 0] = as_cell(cell)
        self.focus = panel
        return self.solve(panel)

    def choose_solver(self, name: str) -> bool:
        """Solve the focused maze panel again with solver `name` (the others keep theirs)."""
        if name not in self.solvers:
            self.message = f"unknown solver `{name}`"
            return False
        if self.focus is None:
            return False
        maze = self.panels[self.focus].maze
        algo = registry.get("solver", name)
        refused = (algo.refusal(maze.surface) or algo.grid_refusal(maze.grid)) if maze else None
        if refused is not None:
            self.message = f"{self.title(self.focus)}: {refused}"
            return False
        self.chosen[self.focus] = name
        return self.solve(self.focus)

    def solve(self, panel: int) -> bool:
        """Replace panel `panel`'s solve by its solver between its placed endpoints, starting
        at the current step (the panel's maze completes there if it was still being built);
        the other panels stay as they are."""
        spec = self.panels[panel]
        solver = self.chosen.get(panel)
        if spec.maze is None or solver is None:
            return False
        if panel not in self.endpoints:
            self.endpoints[panel] = list(self.generated(panel)[1].default_endpoints())
        start, goal = self.endpoints[panel]
        keep, tail = solve_events(spec, solver, start, goal, self.generated(panel))
        here = self.player.position
        self.player.edit(panel, keep, tail, at=here)
        self.player.seek(here)
        self.message = f"{self.title(panel)}: {solver} from {start} to {goal}"
        return True

    # --- Life ----------------------------------------------------------------------------

    def toggle_life(self, panel: int, cell: Cell) -> bool:
        """Flip `cell` in the generation panel `panel` shows, and let evolution continue from
        the edited grid (the edit is one more step: stepping back undoes it)."""
        track = self.player.tracks[panel]
        count = track.consumed
        current = track.events[count - 1]
        if current.surface is None or not current.rule:
            self.message = "this Life stream does not say its rule and surface: cannot edit"
            return False
        edited = toggled(current, cell)
        # as many generations as were left (the panel has room for the scenario's count)
        remaining = sum(isinstance(e, Generation) for e in track.events[count:])
        later = self.evolve(np.asarray(edited.grid).copy(), current.rule, current.surface,
                            remaining, current.index) if remaining else ()
        life = self.panels[panel].life
        tail = continued([edited] + [replace(g, index=current.index + k)
                                     for k, g in enumerate(later) if k > 0],
                         tuple(life.why) if life is not None and life.why else ())
        after = self.player.position + 1
        self.player.edit(panel, count, tail, at=after)
        self.player.seek(after)
        self.message = (f"{self.title(panel)}: cell {cell} "
                        f"{'born' if edited.grid[cell] else 'killed'}")
        return True

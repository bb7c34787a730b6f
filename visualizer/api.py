"""The front door: make a maze, generate and solve it, run Life, build and render scenarios.

Everything a script or a notebook needs, without reaching into the modules (`maze`,
`generate`, `solve`, `run_life`, `make_scenario`, `render` and the `Animation` it returns;
`identify`, what a Life grid becomes; `check` and `check_solver` for a student's own
algorithm):

>>> import visualizer as viz
>>> m = viz.maze(4, 6, "torus")
>>> events = list(viz.generate(m, "kruskal", seed=1))
>>> m.is_perfect()
True
>>> path = [e for e in viz.solve(m, "bfs", start=(0, 0), goal=(3, 5))][-1]
>>> type(path).__name__, path.cells[0], path.cells[-1]
('PathFound', (0, 0), (3, 5))
>>> anim = viz.render(maze={"rows": 3, "cols": 4}, generator="kruskal", solver="bfs")
>>> "vz-player" in anim._repr_html_()
True

Algorithms are generators of frozen events (`visualizer.events`); nothing is drawn until a
scenario is rendered. Importing `visualizer` loads neither matplotlib nor PyAV: they come
with the first render.
"""
from __future__ import annotations

import base64
import dataclasses
import os
import tempfile
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from .events import Event, Identity, Settled
from .export import FORMATS
from .grids.mask_file import read_mask
from .life.identify import identify
from .maze import Maze, graph
from .student.check import check
from .student.solver_check import check_solver
from .surfaces import SURFACE_NAMES

if TYPE_CHECKING:
    from .pipeline import Prepared
    from .scenario import Scenario

#: the files `Animation.save` writes, by extension
SAVE_FORMATS = ("gif", "mp4", "html", "png")
#: how an animation shows itself in a notebook: the player, or a plain GIF (for viewers
#: that strip scripts, such as GitHub's notebook view)
EMBEDS = ("player", "gif")
DICT_PATH = Path("scenario")     # where a scenario built from a dict says its errors are
#: how a scenario file read from Python is allowed to run a student's code
ALLOW_IN_PYTHON = "pass allow_code=True (viz.render(path, allow_code=True))"


def algorithms(kind: str = "generator") -> list[str]:
    """The names of the registered algorithms of `kind` ("generator" or "solver").

    >>> "kruskal" in algorithms("generator") and "bfs" in algorithms("solver")
    True
    """
    from . import registry

    if kind not in registry.KINDS:
        raise ValueError(f"kind `{kind}` must be one of {', '.join(registry.KINDS)}")
    return list(registry.algorithms(kind))


def maze(rows: int, cols: int, surface: str = "plane", *, grid: str = "square",
         mask: list[str] | tuple[str, ...] | str | os.PathLike | None = None,
         weave: bool = False) -> Maze:
    """A blank maze of `rows` x `cols` cells on `surface` (plane, torus, klein, klein_lr,
    projective or sphere), every wall up, ready for `generate`. `grid` is square, hex,
    triangle or polar (for polar, `rows` rings and `cols` unused); `mask` a list of strings
    (`X` = no cell) or the path of a text file or PNG (black = no cell). `weave` lets a
    generator that weaves (backtracker, growing_tree, kruskal) dig passages under straight
    corridors (the square grid only). See docs/grids.md.

    >>> maze(3, 4, "klein").surface.name
    'klein'
    >>> maze(6, 1, "plane", grid="polar").cell_count
    91
    >>> len(maze(2, 3, grid="hex", mask=["X..", "..."]).grid.cells)
    5
    """
    if surface not in SURFACE_NAMES:
        raise ValueError(f"surface `{surface}` must be one of {', '.join(SURFACE_NAMES)}")
    if isinstance(mask, (str, os.PathLike)):
        mask = read_mask(mask)
    if weave and (grid != "square" or mask is not None):
        raise ValueError("a weave needs the square grid without a mask")
    return Maze(rows, cols, surface, grid=grid, mask=mask, weave=weave)


def neighbours(maze: Maze) -> dict[tuple[int, int], list[tuple[int, int]]]:
    """The grid's neighbour relation: `{cell: [cells across its sides]}` for every cell of
    `maze` (its grid's coordinates, side order, each neighbour once).

    >>> neighbours(maze(2, 2))[(0, 0)]
    [(0, 1), (1, 0)]
    >>> neighbours(maze(2, 4, grid="hex"))[(0, 1)]
    [(0, 2), (1, 2), (1, 1), (1, 0), (0, 0)]
    """
    return graph.neighbours(maze)


def adjacency(maze: Maze) -> dict[tuple[int, int], list[tuple[int, int]]]:
    """The passages: `{cell: [cells an open wall joins it to]}` for every cell of `maze`.

    >>> m = maze(1, 3)
    >>> _ = list(generate(m, "kruskal"))
    >>> adjacency(m)[(0, 1)]
    [(0, 2), (0, 0)]
    """
    return graph.adjacency(maze)


def _algorithm(kind: str, name: str, options: dict[str, Any]):
    from . import registry

    known = registry.algorithms(kind)
    if name not in known:
        raise ValueError(f"{kind} `{name}` is not known; use one of {', '.join(known)}")
    algo = known[name]
    allowed = {p.name for p in algo.params}
    unknown = sorted(set(options) - allowed)
    if unknown:
        raise ValueError(f"{kind} `{name}` has no option {', '.join(map(repr, unknown))}; its "
                         f"options: {', '.join(sorted(allowed)) or 'none'}")
    return algo


def _refuse_grid(algo: Any, maze: Maze) -> None:
    """ValueError with the reason when `algo` cannot run on `maze`'s grid."""
    refused = algo.grid_refusal(maze.grid.kind)
    if refused is None and maze.weave:
        refused = algo.weave_refusal()
    if refused is not None:
        raise ValueError(refused)


def generate(maze: Maze, algorithm: str = "backtracker", seed: int = 0,
             **options: Any) -> Iterator[Event]:
    """Carve `maze` with the generator `algorithm`, seeded by `seed`: yields its events
    (GridCreated, WallConsidered, WallOpened, SetsMerged, Milestone …) while it changes
    `maze` in place. Same maze size, algorithm and seed: the same events.

    >>> m = maze(2, 2)
    >>> kinds = [type(e).__name__ for e in generate(m, "backtracker", seed=3)]
    >>> kinds[0], kinds.count("WallOpened")
    ('GridCreated', 3)
    """
    algo = _algorithm("generator", algorithm, options)
    _refuse_grid(algo, maze)
    return algo.func(maze, rng=np.random.default_rng(seed), **options)


def solve(maze: Maze, algorithm: str = "bfs", seed: int = 0, **options: Any
          ) -> Iterator[Event]:
    """Solve the carved `maze` with the solver `algorithm` (options such as `start` and
    `goal` cells; by default the maze's entrance and exit, else opposite corners): yields
    its events, ending with PathFound or NoPath.

    >>> m = maze(1, 3)
    >>> _ = list(generate(m, "kruskal"))
    >>> [e for e in solve(m, "dfs")][-1].cells
    ((0, 0), (0, 1), (0, 2))
    """
    algo = _algorithm("solver", algorithm, options)
    _refuse_grid(algo, maze)
    return algo.func(maze, rng=np.random.default_rng(seed), **options)


def run_life(rows: int, cols: int, *, surface: str = "torus", rule: str = "conway",
         generations: int = 100, init: Any = None, seed: int = 0) -> Iterator[Event]:
    """Run a `rule` of any family Golly knows ("conway", "B36/S23", "B13/S012V", "B2/S34H",
    "B2n3/S23-q", "345/2/4", "W30", "WireWorld" …) on a `rows` x `cols` grid on `surface`
    for `generations` steps: yields one Generation event per step (the grid of states,
    numbered as Golly numbers them, births, deaths, population). `init` is a 2-D numpy
    array of cell states, {"random": 0.3}, {"pattern": "glider", "at": [r, c]} or a list
    of those (default: a random soup).

    >>> gens = list(run_life(8, 8, init={"pattern": "blinker", "at": [3, 3]}, generations=2))
    >>> [g.population for g in gens]
    [3, 3, 3]
    >>> start = np.zeros((4, 6), dtype=np.uint8); start[0, 2] = 1
    >>> [g.population for g in run_life(4, 6, rule="W30", init=start, generations=3)]
    [1, 4, 7, 11]
    """
    from .life.spec import array_events, life_events, parse_life_spec

    array = init if isinstance(init, np.ndarray) else None
    raw: dict[str, Any] = {"rows": rows, "cols": cols, "surface": surface, "rule": rule,
                           "generations": generations}
    if init is not None and array is None:
        raw["init"] = init
    errors: list[str] = []
    spec = parse_life_spec(raw, "life", errors, Path("."))
    if spec is None or errors:
        raise ValueError("; ".join(errors))
    if array is not None:
        return array_events(spec, array, "life.init")
    return life_events(spec, np.random.default_rng(seed))


def make_scenario(source: str | os.PathLike | dict | None = None, /, *,
                  allow_code: bool = False, venue: str | None = None,
                  **keywords: Any) -> "Scenario":
    """A validated scenario from a YAML file (read as `run.py` reads it), a dict, or
    keywords (the scenario keys of `scenarios/README.md`); keywords replace the file's or
    the dict's keys before validation, so they meet the same rules and resource budget.
    Every problem is raised at once as a `ScenarioError` whose lines say where.

    A generator or solver may be your own function (`generator=my_backtracker`, or
    `{"code": "student.py", "function": "my_backtracker"}`): see `check`. A scenario *file*
    that names code runs it only with `allow_code=True`. `venue` is the key `for`.

    >>> s = make_scenario(maze={"rows": 5, "cols": 5}, generator="kruskal", seed=4)
    >>> s.panels[0].generator.name, s.seed
    ('kruskal', 4)
    >>> make_scenario(maze={"rows": 0, "cols": 5}, generator="kruskal")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    visualizer.errors.ScenarioError: scenario: maze.rows: expected a whole number ..., got 0
    """
    from .scenario import Given, load, parse

    if venue is not None:       # the scenario key `for`, named as it was given
        keywords["for"] = venue
    given = Given(keywords, {"for": "venue"} if venue is not None else {})
    if isinstance(source, (str, os.PathLike)):      # the command line's reader and checks
        return load(source, given=given, allow_code=allow_code, how_to_allow=ALLOW_IN_PYTHON)
    if source is not None and not isinstance(source, dict):
        raise TypeError(f"source must be a file path or a dict, not {type(source).__name__}")
    return parse(source or {}, DICT_PATH, given=given, allow_code=True)


def render(source: str | os.PathLike | dict | None = None, /, *, embed: str = "player",
           allow_code: bool = False, venue: str | None = None,
           **keywords: Any) -> "Animation":
    """The animation of a scenario (as for `make_scenario`): shown in a notebook as the HTML
    player (`embed="gif"`: a plain GIF image instead), saved with `.save(path)`. Your own
    generator or solver is given as the function itself (`generator=my_backtracker`); it
    runs once per render. `venue` ("github", "moodle", "powerpoint" …; the scenario key
    `for`) picks what that venue needs; `.save(path)` then meets its byte cap, writes its
    files beside `path` and keeps the line saying what it chose in `.told`.

    >>> anim = render("scenarios/kruskal.yaml", maze={"rows": 4, "cols": 4})
    >>> anim.scenario.panels[0].maze.rows
    4
    """
    if embed not in EMBEDS:
        raise ValueError(f"embed `{embed}` must be one of {', '.join(EMBEDS)}")
    return Animation(make_scenario(source, allow_code=allow_code, venue=venue, **keywords),
                     embed=embed)


class Animation:
    """A scenario ready to be drawn: `save` writes it, a notebook shows it (`_repr_html_`),
    `events` gives a panel's event stream. Drawing happens on demand; the player shown in
    a notebook is drawn once and kept."""

    def __init__(self, scenario: "Scenario", embed: str = "player") -> None:
        self.scenario = scenario
        self.embed = embed
        self._shown: str | None = None
        self._ready: dict[bool, "Prepared"] = {}
        #: what a save for the scenario's venue chose and why, and the files it wrote
        self.told: list[str] = []

    def __repr__(self) -> str:
        titles = ", ".join(p.title for p in self.scenario.panels)
        return f"<Animation of {len(self.scenario.panels)} panel(s): {titles}>"

    def prepared(self, suffix: str | None = None) -> "Prepared":
        """The render decided for a file of `suffix` (default: the scenario's format): each
        panel recorded once and the plan. Kept, so saving again runs nothing again (an MP4,
        whose sizes must be even, has a plan of its own)."""
        from .pipeline import prepare

        fmt = suffix or self.scenario.format
        even = FORMATS[fmt].even
        if even not in self._ready:
            self._ready[even] = prepare(dataclasses.replace(self.scenario, format=fmt))
        return self._ready[even]

    def save(self, path: str | os.PathLike, **options: Any) -> Path:
        """Write the animation to `path`; its extension chooses the file: .gif, .mp4,
        .html (the player) or .png (the last frame). `options` go to the writer (e.g.
        `autoplay=False` for .html), checked as the scenario's keys are (ScenarioError).
        Returns the path written; a render slowed where it would flash more than three
        times a second says so in a warning."""
        from .pipeline import render as render_scenario
        from .scenario import writer_options

        target = Path(path)
        suffix = target.suffix.lower().lstrip(".")
        if suffix not in SAVE_FORMATS:
            raise ValueError(f"cannot save `{target}`: its extension must be one of "
                             + ", ".join(f".{f}" for f in SAVE_FORMATS))
        checked = writer_options(suffix, options, self.scenario.path) if options else None
        if self.scenario.venue is not None and suffix == self.scenario.format and not checked:
            return self._save_for_venue(target)
        ready = self.prepared(suffix)
        todo = dataclasses.replace(ready, scenario=dataclasses.replace(
            ready.scenario, output=target, format=suffix))
        target.parent.mkdir(parents=True, exist_ok=True)
        result = render_scenario(todo, writer_options=checked)
        if result.note:                 # slowed where it flashed: said, as run.py says it
            warnings.warn(f"{result.path}: {result.note}", stacklevel=2)
        return result.path

    def _save_for_venue(self, target: Path) -> Path:
        """Write the animation as its venue needs it (cap met, files beside it)."""
        from .venue_fit import render_for

        target.parent.mkdir(parents=True, exist_ok=True)
        done = render_for(dataclasses.replace(self.scenario, output=target))
        self.told = [done.line, *map(str, done.extras)] \
            + ([done.snippet] if done.snippet else [])
        return done.result.path

    def events(self, panel: int = 0) -> Iterator[Event]:
        """Panel number `panel`'s event stream (0 = the first), as drawn: auto-sized mazes
        at their drawn size, recorded once."""
        return iter(self.prepared().transcripts[panel])

    def html(self) -> str:
        """The player as an HTML fragment (style, container, scripts) for a page or a
        notebook cell; several on one page play independently."""
        from .export.html import fragment

        return fragment(self._drawn("html", autoplay=False).decode("utf-8"))

    def gif(self) -> bytes:
        """The animation as GIF bytes."""
        return self._drawn("gif")

    def _drawn(self, suffix: str, **options: Any) -> bytes:
        with tempfile.TemporaryDirectory(prefix="visualizer-") as folder:
            path = self.save(Path(folder) / f"animation.{suffix}", **options)
            return path.read_bytes()

    def _repr_html_(self) -> str:
        if self._shown is None:
            if self.embed == "gif":
                data = base64.b64encode(self.gif()).decode("ascii")
                self._shown = (f'<img alt="animation" style="image-rendering: pixelated" '
                               f'src="data:image/gif;base64,{data}">')
            else:
                self._shown = self.html()
        return self._shown


__all__ = ["EMBEDS", "SAVE_FORMATS", "Animation", "adjacency", "algorithms", "check",
           "check_solver", "generate", "identify", "Identity", "make_scenario", "maze",
           "neighbours", "render", "run_life", "Settled", "solve"]

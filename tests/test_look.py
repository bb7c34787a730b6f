"""The look of a run read without drawing it is the look of the run drawn: the same legend
entries (the colours shown at some moment, the distance map's farthest distance) and the
same widest captions, for every shipped scenario's panels and for every generator and
solver on the plane, a torus and a twisted surface, in the square and neighbourhood views,
with and without `animate: solve`; and for Life panels."""
from __future__ import annotations

from pathlib import Path

import pytest

from visualizer import pipeline, registry
from visualizer import scenario as sc
from visualizer.choices import Animate
from visualizer.plan import caption_settings
from visualizer.record import record
from visualizer.render.look import look, painted_look

from tiers import shipped, tiered

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = sorted((ROOT / "scenarios").glob("*.yaml"))
SURFACES = ("plane", "torus", "klein")


def assert_same_look(spec, transcript, settings, text_size: int) -> None:
    """The quiet look of panel `spec` is its painted look."""
    skip = transcript.building if spec.animate == Animate.SOLVE else 0
    words = pipeline.legend_words(spec)
    quiet = look(pipeline.renderer(spec, transcript, text_size, settings, quiet=True),
                 transcript, skip=skip, text_size=text_size, words=words)
    painted = painted_look(pipeline.renderer(spec, transcript, text_size, settings),
                           transcript, skip=skip, text_size=text_size, words=words)
    assert quiet == painted, spec.title
    assert quiet.entries, "a panel always shows some colour with words"


@pytest.mark.parametrize("path", shipped())
def test_every_shipped_panel_looks_the_same_drawn_or_not(path):
    ready = pipeline.prepare(sc.load(path))
    for spec, transcript, settings in zip(ready.panels, ready.transcripts,
                                          ready.plan.settings):
        assert_same_look(spec, transcript, settings, ready.plan.text.caption_size)


def panels(raw: list[dict], **top) -> sc.Scenario:
    return sc.parse({"seed": 7, "fps": 10, "duration": 3, "panels": raw, **top},
                    ROOT / "look.yaml")


def check(scenario: sc.Scenario) -> None:
    transcripts = [record(spec) for spec in scenario.panels]
    settings = caption_settings(scenario, scenario.panels, [len(t) for t in transcripts],
                                [t.building for t in transcripts])
    for spec, transcript, s in zip(scenario.panels, transcripts, settings):
        assert_same_look(spec, transcript, s, 13)


def algorithms(kind: str, surface: str) -> list[str]:
    return [name for name, a in registry.algorithms(kind).items() if a.accepts(surface)]


def solvers_for(generator: str, surface: str) -> list[str | None]:
    blocks = registry.get("generator", generator).blocks
    return [None] + [name for name in algorithms("solver", surface)
                     if not blocks or registry.get("solver", name).blocks]


GENERATORS = sorted(registry.algorithms("generator"))


@pytest.mark.parametrize("surface, every", tiered(
    [("torus", False)] + [(s, True) for s in SURFACES], lambda case: not case[1],
    lambda case: f"{case[0]}{'' if case[1] else '-one_solve'}", spread=True))
@pytest.mark.parametrize("generator", GENERATORS)
def test_every_generator_and_solver_looks_the_same_drawn_or_not(generator, surface, every):
    """Every solver after the generator; and each again with `animate: solve` (with `every`
    false, the fast tier's case: one of them, a different one for each generator)."""
    if not registry.get("generator", generator).accepts(surface):
        pytest.skip(f"{generator} does not run on the {surface}")
    raw = []
    solvers = solvers_for(generator, surface)
    solving = solvers[1 + GENERATORS.index(generator) % max(1, len(solvers) - 1)] \
        if len(solvers) > 1 else None
    for k, solver in enumerate(solvers):
        maze = {"rows": 5, "cols": 6 if surface != "klein" else 5, "cell_size": 4,
                "wall": 1, "surface": surface}
        panel = {"title": f"{generator} {solver}", "maze": maze, "generator": generator}
        if solver is not None:
            panel["solver"] = solver
            if every or solver == solving:
                raw.append({**panel, "title": f"{panel['title']} solve",
                            "animate": "solve", "seed": 11 + k})
        raw.append(panel)
    for k in range(0, len(raw), 8):
        check(panels(raw[k:k + 8]))


@pytest.mark.parametrize("surface, every", tiered(
    [("torus", False)] + [(s, True) for s in ("torus", "klein", "plane")],
    lambda case: not case[1],
    lambda case: f"{case[0]}{'' if case[1] else '-one_solver'}", spread=True))
def test_neighbourhood_views_look_the_same_drawn_or_not(surface, every):
    """Every generator with no solver, two solvers and the wall follower (with `every`
    false, the fast tier's case: one of these, in turn)."""
    raw = []
    for k, generator in enumerate(algorithms("generator", surface)):
        solvers = [s for s in solvers_for(generator, surface)[:3] + ["wall_follower"]
                   if s is None or s in solvers_for(generator, surface)]
        for solver in solvers if every else [solvers[k % len(solvers)]]:
            maze = {"rows": 4, "cols": 4, "cell_size": 8, "wall": 2, "surface": surface,
                    "view": "neighbourhood"}
            panel = {"title": f"{generator} {solver}", "maze": maze, "generator": generator}
            if solver is not None:
                panel["solver"] = solver
            raw.append(panel)
    for k in range(0, len(raw), 8):
        check(panels(raw[k:k + 8]))


@pytest.mark.parametrize("grid", ["hex", "triangle"])
def test_grid_neighbourhood_views_look_the_same_drawn_or_not(grid):
    raw = [{"title": f"{grid} {surface} {generator} {solver}", "generator": generator,
            "solver": solver,
            "maze": {"grid": grid, "rows": 4, "cols": 4, "cell_size": 8, "wall": 2,
                     "surface": surface, "view": "neighbourhood"}}
           for surface in ("torus", "plane")
           for generator, solver in (("wilson", "bfs"), ("kruskal", "wall_follower"),
                                     ("backtracker", "tremaux"))]
    check(panels(raw))


@pytest.mark.parametrize("cell_size", [1, 2, 3])
def test_small_cells_under_overlays_look_the_same_drawn_or_not(cell_size):
    """The wall follower's arrow and hand, Trémaux's chalk and a considered wall can cover
    a small cell whole."""
    raw = [{"title": f"{g} {s}", "maze": {"rows": 5, "cols": 5, "cell_size": cell_size,
                                          "wall": 1}, "generator": g, "solver": s}
           for g in ("kruskal", "reverse_delete", "backtracker")
           for s in ("wall_follower", "pledge", "tremaux", "random_mouse")]
    for k in range(0, len(raw), 8):
        check(panels(raw[k:k + 8]))


def test_life_panels_look_the_same_drawn_or_not():
    raw = [{"title": f"life {surface} {chart} {changes}", "cell_size": 4,
            "life": {"rows": 12, "cols": 14, "surface": surface, "generations": 30,
                     "init": {"random": 0.3}, "chart": chart, "colour_changes": changes}}
           for surface in SURFACES for chart in (False, True) for changes in (False, True)]
    check(panels(raw))

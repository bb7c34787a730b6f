"""A maze panel paints what its events change when the picture is read, each cell and face
once: the same pixels and changed rectangles as painting each change at once, however many
events a frame holds — for every generator and solver on the plane, a torus and a twisted
surface, in both views, with the algorithms' marks on small cells, and on every shipped
maze panel."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from visualizer import pipeline, registry
from visualizer import scenario as sc
from visualizer.plan import caption_settings
from visualizer.record import record

from tiers import shipped, tiered

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = sorted((ROOT / "scenarios").glob("*.yaml"))


def at_once(panel):
    """`panel` made to paint each change as it comes."""
    getattr(panel, "centre", panel).defer = False
    return panel


def assert_paints_alike(spec, transcript, settings, every: int) -> None:
    """Panel `spec` drawn deferred and at once, read every `every` events: alike."""
    deferred = pipeline.renderer(spec, transcript, 13, settings)
    now = at_once(pipeline.renderer(spec, transcript, 13, settings))
    last = len(transcript) - 1
    for k, event in enumerate(transcript):
        deferred.apply(event)
        now.apply(event)
        if k % every == 0 or k == last:
            assert deferred.take_dirty() == now.take_dirty(), (spec.title, k)
            assert np.array_equal(deferred.raster, now.raster), (spec.title, k)


def scenario(raw: list[dict]) -> sc.Scenario:
    return sc.parse({"seed": 5, "fps": 10, "duration": 3, "panels": raw}, ROOT / "paint.yaml")


def check(raw: list[dict], every: int) -> None:
    s = scenario(raw)
    transcripts = [record(spec) for spec in s.panels]
    settings = caption_settings(s, s.panels, [len(t) for t in transcripts],
                                [t.building for t in transcripts])
    for spec, transcript, setting in zip(s.panels, transcripts, settings):
        assert_paints_alike(spec, transcript, setting, every)


def accepted(kind: str, surface: str) -> list[str]:
    return sorted(n for n, a in registry.algorithms(kind).items() if a.accepts(surface))


@pytest.mark.parametrize("surface,every,all_pairs", tiered(
    [("torus", 5, False)] + [(s, e, True) for s in ("plane", "torus", "klein") for e in (1, 5, 40)],
    lambda case: not case[2],
    lambda case: f"{case[0]}-{case[1]}{'' if case[2] else '-pairs_in_turn'}", spread=True))
def test_every_generator_and_solver_paints_alike_deferred_or_at_once(surface, every,
                                                                     all_pairs):
    """Every generator alone and with every solver it takes (with `all_pairs` false, the
    fast tier's case: with one solver each, in turn, so that every solver comes once)."""
    raw = []
    turn = 0
    for generator in accepted("generator", surface):
        blocks = registry.get("generator", generator).blocks
        solvers = [s for s in accepted("solver", surface)
                   if not blocks or registry.get("solver", s).blocks]
        if not all_pairs and solvers:
            solvers, turn = [solvers[turn % len(solvers)]], turn + 1
        for solver in [None] + solvers:
            panel = {"title": f"{generator} {solver}", "generator": generator,
                     "maze": {"rows": 5, "cols": 5, "cell_size": 3, "wall": 1,
                              "surface": surface}}
            if solver is not None:
                panel["solver"] = solver
            raw.append(panel)
    for k in range(0, len(raw), 10):
        check(raw[k:k + 10], every)


@pytest.mark.parametrize("cell_size", tiered([1, 2, 5, 8], lambda size: size == 1))
def test_marks_on_small_cells_paint_alike(cell_size):
    """The wall follower's arrow and hand strip overlap in small cells: the last drawn
    wins either way."""
    raw = [{"title": f"{g} {s}", "generator": g, "solver": s,
            "maze": {"rows": 5, "cols": 5, "cell_size": cell_size, "wall": 2}}
           for g in ("kruskal", "reverse_delete", "wilson")
           for s in ("wall_follower", "pledge", "tremaux", "distance_map")]
    for every in (1, 3, 25):
        check(raw, every)


@pytest.mark.parametrize("surface", ["torus", "klein"])
def test_neighbourhood_views_paint_alike(surface):
    raw = [{"title": g, "generator": g, "solver": "bfs",
            "maze": {"rows": 4, "cols": 4, "cell_size": 8, "surface": surface,
                     "view": "neighbourhood"}}
           for g in ("backtracker", "kruskal", "reverse_delete", "threshold")]
    check(raw, 4)


@pytest.mark.parametrize("path", shipped())
def test_every_shipped_maze_panel_paints_alike(path):
    ready = pipeline.prepare(sc.load(path))
    every = max(1, max(len(t) for t in ready.transcripts) // 300)     # about one a frame
    for spec, transcript, settings in zip(ready.panels, ready.transcripts,
                                          ready.plan.settings):
        if spec.maze is not None:
            assert_paints_alike(spec, transcript, settings, every)

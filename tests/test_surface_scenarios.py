"""The surface scenarios load, draw, and say clearly what is wrong with a bad surface."""
from __future__ import annotations

from itertools import islice
from pathlib import Path

import pytest

from visualizer.pipeline import scenario_frames
from visualizer.scenario import ScenarioError, load, parse

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


@pytest.mark.parametrize("name", ["torus", "klein", "projective", "sphere"])
def test_one_scenario_per_surface_generates_and_solves(name):
    scenario = load(SCENARIOS / f"surface_{name}.yaml")
    assert {p.maze.surface for p in scenario.panels} == {name}
    assert all(p.generator and p.solver for p in scenario.panels)
    assert {p.maze.view for p in scenario.panels} == {"square", "neighbourhood"}
    frames = list(islice(scenario_frames(scenario), 3))
    assert len(frames) == 3


def test_the_comparison_puts_four_surfaces_side_by_side():
    scenario = load(SCENARIOS / "surface_compare.yaml")
    assert [p.maze.surface for p in scenario.panels] == ["plane", "torus", "klein",
                                                         "projective"]
    assert len({(p.generator.name, p.seed, p.maze.rows, p.maze.cols)
                for p in scenario.panels}) == 1


def test_a_bad_view_is_a_located_error(tmp_path):
    raw = {"panels": [{"maze": {"rows": 4, "cols": 4, "surface": "torus", "view": "tiles"},
                       "generator": "kruskal"}]}
    with pytest.raises(ScenarioError) as caught:
        parse(raw, tmp_path / "s.yaml")
    assert caught.value.errors == [f"{tmp_path / 's.yaml'}: panels[0].maze.view: expected one "
                                   f"of square, neighbourhood, got 'tiles'"]


def test_an_algorithm_limited_to_some_surfaces_is_refused_elsewhere(tmp_path, monkeypatch):
    from visualizer import registry

    kruskal = registry.get("generator", "kruskal")
    registry.load_all()
    monkeypatch.setitem(registry._REGISTRY["generator"], "plane_only",
                        registry.Algorithm("generator", "plane_only", kruskal.func, "test",
                                           surfaces=frozenset({"plane"})))
    raw = {"maze": {"rows": 4, "cols": 4, "surface": "klein"}, "generator": "plane_only"}
    with pytest.raises(ScenarioError) as caught:
        parse(raw, tmp_path / "s.yaml")
    assert caught.value.errors == [f"{tmp_path / 's.yaml'}: generator.name: `plane_only` cannot "
                                   f"run on the surface `klein`; it works on: plane"]


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("surface_*.yaml")), ids=lambda p: p.stem)
def test_every_surface_scenario_loads_and_draws(path):
    scenario = load(path)
    assert any(p.maze.surface != "plane" for p in scenario.panels)
    assert len(list(islice(scenario_frames(scenario), 3))) == 3

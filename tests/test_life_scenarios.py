"""The Life scenarios in scenarios/ follow the schema and their life: parts validate."""
import pathlib

import numpy as np
import pytest
import yaml

from visualizer.life.spec import life_events, parse_life_spec
from visualizer.render.life_panel import LifePanel

SCENARIOS = pathlib.Path(__file__).resolve().parents[1] / "scenarios"
LIFE_FILES = sorted(SCENARIOS.glob("life_*.yaml"))


def test_there_are_life_scenarios():
    assert len(LIFE_FILES) >= 4


@pytest.mark.parametrize("path", LIFE_FILES, ids=lambda p: p.name)
def test_scenario_validates_and_first_frames_render(path):
    doc = yaml.safe_load(path.read_text())
    assert set(doc) >= {"title", "seed", "fps", "output", "panels"}
    assert isinstance(doc["seed"], int) and doc["output"].startswith("output/")
    errors = []
    specs = [parse_life_spec(panel["life"], f"{path.name}: panels[{k}].life", errors,
                             SCENARIOS) for k, panel in enumerate(doc["panels"])]
    assert errors == []
    for panel, spec in zip(doc["panels"], specs):
        if "table" in doc:      # a panel in a table is named by its row and column headers
            assert "title" not in panel
        else:
            assert isinstance(panel["title"], str)
        assert isinstance(panel["cell_size"], int)
        drawing = LifePanel(spec, panel["cell_size"])
        for event, _ in zip(life_events(spec, np.random.default_rng(doc["seed"])), range(3)):
            drawing.apply(event)
        assert drawing.take_dirty() is not None


def test_sphere_corners_scenario_shows_what_it_says():
    doc = yaml.safe_load((SCENARIOS / "life_sphere_corners.yaml").read_text())
    errors = []
    spec = parse_life_spec(doc["panels"][0]["life"], "x", errors, SCENARIOS)
    last = list(life_events(spec, np.random.default_rng(0)))[-1]
    assert sorted(zip(*map(list, np.nonzero(last.grid)))) == [(0, 0), (7, 7)]

"""The schema is the spec: the scenario types have no defaults of their own (they are filled
from the validated model), the key lists are the models' fields, closed word sets come out
as enum members, and an algorithm's option has one default."""
import dataclasses
import inspect

import pytest

from visualizer import registry
from visualizer.choices import Animate, Clock, Figures, QuestionsAs, View
from visualizer.export import FORMATS
from visualizer.questions.spec import KEYS as QUESTION_KEYS
from visualizer.questions.spec import QUESTIONS
from visualizer.scenario import (
    AlgorithmChoice,
    MazeSpec,
    PanelSpec,
    Scenario,
    ScenarioError,
    parse,
)
from visualizer.schema import model as schema

LAYOUT_STATE = {"chart_beside"}     # set by the slide layout, not a scenario key


@pytest.mark.parametrize("kind", [Scenario, PanelSpec, MazeSpec, AlgorithmChoice])
def test_the_scenario_types_write_no_default(kind):
    defaulted = [f.name for f in dataclasses.fields(kind)
                 if (f.default is not dataclasses.MISSING
                     or f.default_factory is not dataclasses.MISSING)
                 and f.name not in LAYOUT_STATE]
    assert defaulted == [], f"{kind.__name__}: defaults belong in the schema (visualizer/schema/)"


def test_key_lists_are_the_models_fields():
    top, panel = schema.models()
    assert schema.TOP_KEYS == tuple(f.alias or k for k, f in top.model_fields.items()
                                    if k != "shorthand")
    assert set(schema.TOP_KEYS) >= {p.name for f in FORMATS.values() for p in f.options}
    assert schema.PANEL_KEYS == tuple(k for k in panel.model_fields
                                      if k not in ("title", "seed"))
    assert set(QUESTION_KEYS) == {k for m in QUESTIONS.values() for k in m.model_fields}


def test_defaults_come_from_the_schema(tmp_path):
    raw = {"panels": [{"life": {"rows": 6, "cols": 8}},
                      {"maze": {"rows": 3, "cols": 4, "surface": "torus"},
                       "generator": "kruskal", "solver": "bfs"}]}
    s = parse(raw, tmp_path / "lesson.yaml")
    life, maze = s.panels
    assert (life.title, life.cell_size) == (schema.LIFE_TITLE, schema.LIFE_CELL_SIZE)
    assert (maze.title, maze.cell_size, maze.endpoints) == ("kruskal + bfs", 10, "across")
    assert (s.output.as_posix(), s.format, life.seed, maze.seed) == \
        ("output/lesson.gif", "gif", 0, 0)
    top, panel = schema.models()
    for key in ("fps", "clock", "hold", "hold_first", "theme", "strip", "legend"):
        assert getattr(s, key) == top.model_fields[key].default, key
    assert s.options == {p.name: p.default for f in FORMATS.values() for p in f.options}
    assert maze.maze.wall == schema.Maze.model_fields["wall"].default


def test_closed_word_sets_come_out_as_members(tmp_path):
    raw = {"clock": "progress", "output": "x.html", "questions_as": "cards",
           "panels": [{"maze": {"rows": 3, "cols": 3, "surface": "torus",
                                "view": "neighbourhood"},
                       "generator": "kruskal", "solver": "bfs", "animate": "solve",
                       "figures": "texture"}]}
    s = parse(raw, tmp_path / "s.yaml")
    spec = s.panels[0]
    assert s.clock is Clock.PROGRESS and spec.animate is Animate.SOLVE
    assert spec.maze.view is View.NEIGHBOURHOOD and spec.figures is Figures.TEXTURE
    assert s.writer_options()["questions_as"] is QuestionsAs.CARDS
    default = parse({"maze": {"rows": 3, "cols": 3}, "generator": "kruskal"},
                    tmp_path / "s.yaml")
    assert default.clock is Clock.STEPS and default.panels[0].animate is Animate.ALL
    assert default.panels[0].maze.view is View.SQUARE
    assert default.options["questions_as"] is QuestionsAs.ASK


def test_a_maze_word_outside_its_enum_is_a_located_error(tmp_path):
    raw = {"clock": "tick", "maze": {"rows": 3, "cols": 3, "view": "cube"},
           "generator": "kruskal", "figures": "all"}
    with pytest.raises(ScenarioError) as caught:
        parse(raw, tmp_path / "s.yaml")
    assert [line.split(": ", 1)[1] for line in caught.value.errors] == [
        "clock: expected one of steps, progress, got 'tick'",
        "maze.view: expected one of square, neighbourhood, got 'cube'",
        "figures: expected one of summary, texture, got 'all'"]


def test_parameter_kinds_are_members_and_each_option_has_one_default():
    for kind in registry.KINDS:
        for name, algo in registry.algorithms(kind).items():
            signature = inspect.signature(algo.func).parameters
            for p in algo.params:
                assert isinstance(p.kind, registry.ParamKind), (name, p.name)
                assert signature[p.name].default == p.default, (name, p.name)
    assert registry.Param("x", "int").kind is registry.ParamKind.INT   # words still read
    for fmt in FORMATS.values():
        assert all(isinstance(p.kind, registry.ParamKind) for p in fmt.options)

"""The published schema: scenarios/schema.json and docs/scenario-reference.md are current,
agree with the loader, and the shipped scenarios point editors at the schema; writers are
records read lazily."""
import json
import subprocess
import sys
from functools import cache
from pathlib import Path

import jsonschema
import pytest
import yaml

from visualizer.cli import main
from visualizer.export import FORMATS
from visualizer.scenario import ScenarioError, parse
from visualizer.schema import publish
from tiers import shipped

ROOT = Path(__file__).resolve().parents[1]


@cache
def validator():
    """A validator of the published schema, the schema checked once (what
    `jsonschema.validate` does on every call)."""
    schema = publish.json_schema()
    kind = jsonschema.validators.validator_for(schema)
    kind.check_schema(schema)
    return kind(schema)


def test_schema_file_is_current():
    assert (ROOT / "scenarios" / "schema.json").read_text(encoding="utf-8") \
        == publish.schema_text() + "\n", "run: python -m visualizer.schema.publish"


def test_reference_page_is_current_and_names_every_key():
    text = (ROOT / "docs" / "scenario-reference.md").read_text(encoding="utf-8")
    assert text == publish.reference(), "run: python -m visualizer.schema.publish"
    schema = publish.json_schema()
    for key in schema["properties"]:
        assert f"| `{key}` |" in text
    for name in ("Maze", "LifeSection", "InitItem", "Panel"):
        for key in schema["$defs"][name]["properties"]:
            assert f"| `{key}` |" in text, (name, key)


ASKING = {"maze": {"rows": 4, "cols": 4}, "generator": "backtracker", "solver": "bfs"}


def test_every_question_field_is_published():
    """Questions are modelled (a union by `kind`, moments a union by their key), so the
    JSON Schema and the reference page describe each kind's every key and every moment."""
    from visualizer.questions.spec import MOMENTS, QUESTIONS

    schema = publish.json_schema()
    text = (ROOT / "docs" / "scenario-reference.md").read_text(encoding="utf-8")
    items = schema["$defs"]["Panel"]["properties"]["questions"]["items"]["oneOf"]
    assert [item["$ref"].rsplit("/", 1)[1] for item in items] == [
        m.__name__ for m in QUESTIONS.values()]
    for kind, model in QUESTIONS.items():
        section = schema["$defs"][model.__name__]
        assert list(section["properties"]) == list(model.model_fields)
        part = text[text.index(f"### {kind}\n"):]
        part = part[:part.index("\n#", 1)]
        for key in section["properties"]:
            assert f"| `{key}` |" in part, (kind, key)
    for how, form in MOMENTS.items():
        assert list(schema["$defs"][form.__name__]["properties"]) == [how]
        assert f"| `{how}` |" in text


def test_run_py_schema_prints_the_schema(capsys):
    assert main(["--schema"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(publish.schema_text())


@pytest.mark.parametrize("path", shipped(ids=lambda p: p.name))
def test_shipped_scenarios_name_the_schema_and_satisfy_it(path):
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first == publish.MODELINE
    validator().validate(yaml.safe_load(path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("raw", [
    {"maze": {"rows": 3, "cols": 3}, "generator": "kruskal", "fps": 30},
    {"maze": {"rows": 3, "cols": 3, "colour": 1}, "generator": "kruskal"},
    {"maze": {"rows": 0, "cols": 3}, "generator": "kruskal"},
    {"maze": {"rows": 3, "cols": 3}, "generator": {"name": "kruskal", "x": 1}},
    {"panels": [{"life": {"rows": 8, "cols": 8, "surface": "donut"}}]},
    {**ASKING, "questions": [{"kind": "guess", "auto": 1}]},
    {**ASKING, "questions": [{"kind": "how_many", "auto": 1}]},
    {**ASKING, "questions": [{"kind": "way_through"}]},
    {**ASKING, "questions": [{"kind": "way_through", "auto": 1, "at": {"nth": 1}}]},
    {**ASKING, "questions": [{"kind": "way_through", "at": {"generation": 1}}]},
    {**ASKING, "questions": [{"kind": "next_cell", "at": {"milestone": "lunch"}}]},
    {**ASKING, "questions": [{"kind": "next_cell", "about": "walls", "auto": 1}]},
])
def test_what_the_json_schema_refuses_the_loader_refuses_too(raw, tmp_path):
    """fps 30 passes the JSON Schema (MP4 plays it) but not a GIF's rule; the others fail
    both."""
    with pytest.raises(ScenarioError):
        parse(raw, tmp_path / "s.yaml")
    if raw.get("fps") != 30:
        with pytest.raises(jsonschema.ValidationError):
            validator().validate(raw)


def test_validating_a_scenario_does_not_import_a_writer():
    code = ("import sys, visualizer.scenario as s, visualizer.cli; "
            "s.load('scenarios/default.yaml'); "
            "assert 'av' not in sys.modules, 'PyAV'; "
            "assert 'visualizer.export.gif' not in sys.modules, 'gif'")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


def test_writer_records_match_their_writers():
    from visualizer.export import WRITERS, gifimage, mp4

    gif = {p.name: p for p in FORMATS["gif"].options}
    assert gif["effort"].choices == gifimage.EFFORTS
    mp4_options = {p.name: p for p in FORMATS["mp4"].options}
    assert set(mp4_options["preset"].choices) <= set(mp4.PRESETS)
    for name, record in FORMATS.items():
        assert WRITERS[name].suffix == record.suffix or name == "null"


def test_mp4_takes_frame_rates_a_gif_cannot(tmp_path):
    raw = {"maze": {"rows": 3, "cols": 3}, "generator": "kruskal", "fps": 30}
    with pytest.raises(ScenarioError) as info:
        parse(raw, tmp_path / "s.yaml")
    assert info.value.errors == [(f"{tmp_path / 's.yaml'}: fps: expected one of 50, 25, 20, "
                                  "10, 5, 4, 2, 1, got 30 (the frame rates GIF plays exactly)")]
    scenario = parse({**raw, "output": "x.mp4"}, tmp_path / "s.yaml")
    assert (scenario.format, scenario.fps) == ("mp4", 30)
    assert scenario.writer_options() == {"crf": 18, "preset": "medium", "subtitles": False}
    scenario = parse({**raw, "fps": 25, "effort": "fast"}, tmp_path / "s.yaml")
    assert scenario.writer_options() == {"effort": "fast"}

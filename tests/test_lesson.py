"""A scenario as a lesson in words: the header comment's first sentence, what each panel
shows, and the tags read from the validated scenario."""
from __future__ import annotations

from pathlib import Path

from tiers import SCENARIOS, shipped_scenario
from visualizer.lesson import (TagKind, describe, first_sentence, header_comment, one_line,
                               panel_words, tags)
from visualizer.scenario import load, parse


def test_the_header_comment_leaves_out_the_schema_line_and_stops_at_the_yaml(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text("# yaml-language-server: $schema=schema.json\n# First line\n#   goes on.\n"
                    "#\ntitle: x  # not this\n# nor this\n")
    assert header_comment(path) == "First line goes on."
    assert header_comment(tmp_path / "missing.yaml") == ""


def test_first_sentence():
    assert first_sentence("Kruskal: sets (one colour each); walls. Then BFS. x") == \
        "Kruskal: sets (one colour each); walls."
    assert first_sentence("no stop here") == "no stop here"
    assert first_sentence("A 3.5 % maze. Next") == "A 3.5 % maze."


def test_the_default_scenario_is_tagged_from_its_validated_panels():
    scenario = load(SCENARIOS / "default.yaml")
    assert tags(scenario) == [
        (TagKind.GENERATOR, "backtracker"), (TagKind.GENERATOR, "kruskal"),
        (TagKind.GENERATOR, "threshold"), (TagKind.SOLVER, "bfs"),
        (TagKind.SURFACE, "plane"), (TagKind.SURFACE, "torus"),
        (TagKind.GRID, "square"), (TagKind.RULE, "conway")]
    assert one_line(scenario).startswith("The default scenario: four algorithms")
    assert "Life rule B3/S23 (conway) on the torus, 32 by 48 cells" in describe(scenario)


def test_a_scenario_without_a_file_is_described_by_its_panels():
    scenario = parse({"life": {"rows": 6, "cols": 7, "rule": "B36/S23", "surface": "klein",
                               "generations": 3}}, Path("nowhere/x.yaml"))
    assert one_line(scenario) == describe(scenario)
    assert "B36/S23 (highlife) on the Klein bottle, 6 by 7 cells, 3 generations." \
        in describe(scenario)
    assert tags(scenario) == [(TagKind.SURFACE, "klein"), (TagKind.RULE, "highlife")]


def test_every_shipped_scenario_has_a_one_line_description():
    for path in sorted(SCENARIOS.glob("*.yaml")):
        scenario = shipped_scenario(path)
        own = header_comment(path)
        sentence = one_line(scenario)
        assert sentence == (first_sentence(own) if own else panel_words(scenario.panels[0]))
        assert 5 < len(sentence) <= 300, (path, sentence)

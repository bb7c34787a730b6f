"""Variants for a class (`--variants N`): one version per student with seeds by the seed
rule, reproducible from the student number, and the answer key read from each version's
recorded events, numbered as the animation asks."""
from __future__ import annotations

import csv
from pathlib import Path

import pytest

from visualizer import cli, pipeline
from visualizer.export.html import decode
from visualizer.questions.model import accepted_keys
from visualizer.scenario import parse
from visualizer.variants import (SEED_STRIDE, answers_path, student_seed, variant,
                                 variant_path, write_variants)

ASKED = {"title": "asked", "seed": 3, "steps_per_frame": 2, "hold": 0.5,
         "maze": {"rows": 4, "cols": 5, "cell_size": 10, "wall": 2},
         "generator": "kruskal", "solver": "bfs",
         "questions": [{"kind": "merge_or_reject", "auto": 2},
                       {"kind": "how_many", "count": "sets", "auto": 1}]}
TWO = {"title": "two", "seed": 4, "steps_per_frame": 3,
       "panels": [{"title": "shared a", "maze": {"rows": 4, "cols": 4}, "generator": "wilson"},
                  {"title": "shared b", "maze": {"rows": 4, "cols": 4}, "generator": "prim"},
                  {"title": "own", "seed": 9, "cell_size": 4,
                   "life": {"rows": 6, "cols": 6, "generations": 2, "seed": 12}}]}


def test_the_seed_rule_moves_every_seed_and_keeps_shared_ones_shared(tmp_path):
    scenario = parse(TWO, tmp_path / "two.yaml")
    mine = variant(scenario, 7)
    assert mine.seed == 4 + 7 * SEED_STRIDE == student_seed(4, 7)
    assert [p.seed for p in mine.panels] == [7004, 7004, 7009]
    assert mine.panels[2].life is not None and mine.panels[2].life.seed == 7012
    assert variant(scenario, 0) == scenario
    assert variant_path(Path("out/x.gif"), 7, 30) == Path("out/x_student07.gif")
    assert variant_path(Path("x.html"), 7, 120) == Path("x_student007.html")


def test_versions_are_reproducible_and_the_key_comes_from_their_events(tmp_path):
    scenario = parse({**ASKED, "output": str(tmp_path / "a.html")}, tmp_path / "a.yaml")
    lines: list[str] = []
    made = write_variants(scenario, 3, said=lines.append)
    assert made.paths == [tmp_path / f"a_student0{k}.html" for k in (1, 2, 3)]
    assert made.answers == answers_path(tmp_path / "a.html") == tmp_path / "a_answers.csv"
    assert len(lines) == 4 and lines[-1].startswith("answer key: ")
    with open(made.answers, newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 9 and [r["student"] for r in rows] == ["1"] * 3 + ["2"] * 3 + ["3"] * 3
    for k, path in enumerate(made.paths, 1):
        mine = [r for r in rows if r["student"] == str(k)]
        asked = sorted(pipeline.prepare(variant(scenario, k)).asked, key=lambda a: a.index)
        assert [r["accepted replies"] for r in mine] == [" | ".join(accepted_keys(a))
                                                         for a in asked]
        assert [r["answer"] for r in mine] == [a.answer.words for a in asked]
        assert {r["seed"] for r in mine} == {str(3 + SEED_STRIDE * k)}
        # the player asks them in the key's order: question n is row n
        player = decode(path.read_text()).meta["questions"]
        assert [" | ".join(sorted(q["accept"])) for q in player] == \
            [r["accepted replies"] for r in mine]
    again = tmp_path / "again"
    again.mkdir()
    write_variants(scenario, 1, again / "a.html")
    assert (again / "a_student01.html").read_bytes() == made.paths[0].read_bytes()
    assert made.paths[0].read_bytes() != made.paths[1].read_bytes()


def test_the_command_line_and_a_scenario_without_questions(tmp_path, capsys):
    source = tmp_path / "plain.yaml"
    source.write_text("seed: 2\nsteps_per_frame: 4\nmaze: {rows: 4, cols: 4}\n"
                      "generator: backtracker\n")
    out = tmp_path / "out" / "plain.gif"
    assert cli.main([str(source), "--variants", "2", "--out", str(out)]) == 0
    assert sorted(p.name for p in out.parent.iterdir()) == ["plain_student01.gif",
                                                            "plain_student02.gif"]
    assert "student 2: " in capsys.readouterr().out
    assert cli.main([str(tmp_path), "--variants", "2"]) == 2
    assert cli.main([str(source), "--variants", "2", "--interactive"]) == 2
    assert "cannot be used with --interactive" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stop:
        cli.main([str(source), "--variants", "0"])
    assert stop.value.code == 2

"""The shipped scenario that runs students' code (scenarios/own_code/): refused without
--allow-code, with one clear line per code key saying how; rendered with it, the broken
student's problem shown in its panel and warned about at their line."""
from __future__ import annotations

import warnings
from pathlib import Path

import visualizer as viz
from visualizer import cli
from visualizer import events as ev
from visualizer.student.adapter import StudentWarning

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "scenarios" / "own_code"
SCENARIO = FOLDER / "own_code.yaml"


def test_without_allow_code_nothing_runs_and_the_message_says_how(tmp_path, capsys):
    status = cli.main([str(SCENARIO), "--out", str(tmp_path / "x.gif")])
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 2
    assert len(err) == 2 and all("add --allow-code to the command line" in e for e in err)
    assert "panels[0].generator.code: runs the Python code of 'student_backtracker.py'" \
        in err[0]
    assert not (tmp_path / "x.gif").exists()


def test_with_allow_code_it_renders(tmp_path, capsys):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        status = cli.main([str(SCENARIO), "--allow-code", "--out", str(tmp_path / "x.gif")])
    assert status == 0, capsys.readouterr().err
    assert (tmp_path / "x.gif").stat().st_size > 0
    told = [w for w in caught if issubclass(w.category, StudentWarning)]
    assert len(told) == 1 and Path(told[0].filename).name == "student_broken.py"


def test_the_broken_panel_stops_at_its_problem_the_good_one_finishes():
    anim = viz.render(SCENARIO, allow_code=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", StudentWarning)
        good, broken = (list(anim.events(k)) for k in (0, 1))
    assert not any(isinstance(e, ev.Milestone) and "my_backtracker: step" in e.label
                   for e in good)
    notes = [e.label for e in broken if isinstance(e, ev.Milestone)]
    assert any("line 16: carve(" in n for n in notes), notes


def test_the_shipped_students_are_a_correct_and_a_broken_backtracker():
    good = viz.check(FOLDER / "student_backtracker.py", like="backtracker")
    broken = viz.check(FOLDER / "student_broken.py", like="backtracker")
    assert good.ok, str(good)
    assert not broken.ok and broken.first.line == 16

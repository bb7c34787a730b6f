"""A student's own generator or solver runs once per render: through the Python API (a
saved GIF, the notebook's player), the window's session and a scenario file run with
--allow-code, and its calls become the project's own events."""
from __future__ import annotations

import shutil
import warnings
from pathlib import Path

import pytest

import visualizer as viz
from visualizer import events as ev
from visualizer import pipeline
from visualizer.errors import ScenarioError
from visualizer.maze import replay
from visualizer.scenario import load
from visualizer.student import adapter
from visualizer.student.adapter import StudentWarning
from visualizer.student.load import load_function
from visualizer.student.run import run

CODE = Path(__file__).resolve().parent / "student_code"
MY_BACKTRACKER = load_function(CODE / "good_backtracker.py")
MY_BFS = load_function(CODE / "good_bfs.py")
RUNS: list[str] = []


@pytest.fixture(autouse=True)
def counted(monkeypatch):
    """Counts every run of a student's function a render makes (by its name)."""
    def counting(function, *args, **kwargs):
        RUNS.append(function.__name__)
        return run(function, *args, **kwargs)
    RUNS.clear()
    monkeypatch.setattr(adapter, "run", counting)
    yield
    RUNS.clear()


KEYS = dict(maze={"rows": 5, "cols": 6, "surface": "torus"}, generator=MY_BACKTRACKER,
            solver=MY_BFS, seed=3)
BOTH = ["my_backtracker", "my_bfs"]


def test_a_render_through_the_api_runs_each_function_once(tmp_path):
    anim = viz.render(**KEYS)
    anim.save(tmp_path / "own.gif")
    anim._repr_html_()                       # the notebook's player: the same render
    assert sorted(RUNS) == BOTH
    assert (tmp_path / "own.gif").stat().st_size > 0


def test_the_calls_become_our_events_and_replay_to_a_perfect_maze():
    events = list(viz.render(**KEYS).events(0))
    assert isinstance(events[0], ev.GridCreated)
    built = [e for e in events if isinstance(e, (ev.GridCreated, ev.WallOpened))]
    maze = replay(built)
    assert maze.is_perfect() and maze.surface.name == "torus"
    assert sum(isinstance(e, ev.WallOpened) for e in events) == 5 * 6 - 1
    assert any(isinstance(e, ev.PathFound) for e in events)
    assert RUNS.count("my_backtracker") == 1


def test_the_window_session_runs_them_once():
    from visualizer.window.session import Session

    session = Session(viz.make_scenario(**KEYS), every=64, prepare=False)
    session.player.seek(session.player.last)
    assert sorted(RUNS) == BOTH
    session.solve(0)                         # a new solve asked for in the window: one more
    assert RUNS.count("my_bfs") == 2 and RUNS.count("my_backtracker") == 1


def test_a_scenario_file_runs_the_students_file_once(tmp_path):
    shutil.copy(CODE / "good_backtracker.py", tmp_path / "student.py")
    scenario_file = tmp_path / "own.yaml"
    scenario_file.write_text("maze: {rows: 4, cols: 5}\n"
                             "generator: {code: student.py, function: my_backtracker}\n"
                             "solver: bfs\n")
    scenario = load(scenario_file, out=tmp_path / "own.gif", allow_code=True)
    pipeline.render(scenario)
    assert RUNS == ["my_backtracker"]
    assert (tmp_path / "own.gif").exists()


def test_a_problem_is_shown_and_warned_not_raised():
    def carves_too_far(maze, rng):
        maze.carve((0, 0), (0, 1))
        maze.carve((0, 1), (0, 3))

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        events = list(viz.render(maze={"rows": 3, "cols": 4}, generator=carves_too_far
                                 ).events(0))
    told = [w for w in caught if issubclass(w.category, StudentWarning)]
    assert len(told) == 1
    message = str(told[0].message)
    assert "step 2 (test_own_runs_once.py line" in message and "not neighbours" in message
    assert told[0].lineno == carves_too_far.__code__.co_firstlineno + 2
    notes = [e.label for e in events if isinstance(e, ev.Milestone)]
    assert any("carve((0, 1), (0, 3)): these cells are not neighbours" in n for n in notes)


def test_a_scenario_file_with_code_is_refused_without_allow_code(tmp_path):
    (tmp_path / "student.py").write_text("raise SystemExit('this must never run')\n")
    scenario_file = tmp_path / "own.yaml"
    scenario_file.write_text("maze: {rows: 4, cols: 5}\n"
                             "generator: {code: student.py}\n")
    with pytest.raises(ScenarioError) as err:
        load(scenario_file)
    assert "generator.code: runs the Python code of 'student.py'" in str(err.value)
    assert "--allow-code" in str(err.value)

"""A student's own generator or solver runs once per render: through the Python API (a
saved GIF, the notebook's player), the window's session and a scenario file run with
--allow-code, and its calls become the project's own events."""
from __future__ import annotations

import warnings
import pytest

import visualizer as viz
from visualizer import events as ev
from visualizer import pipeline
from visualizer.errors import ScenarioError
from visualizer.maze import replay
from visualizer.scenario import load
from visualizer.student.adapter import StudentWarning

RUNS: list[str] = []


def counted_backtracker(maze, rng):
    """The issue's backtracker, counting its runs."""
    RUNS.append("generator")
    start = maze.random_cell(rng)
    maze.visit(start)
    stack = [start]
    while stack:
        here = stack[-1]
        fresh = [c for c in maze.neighbours(here) if not maze.visited(c)]
        if fresh:
            there = fresh[rng.integers(len(fresh))]
            maze.carve(here, there)
            maze.visit(there)
            stack.append(there)
        else:
            stack.pop()


def counted_bfs(maze, start, goal):
    """Breadth first through the façade, counting its runs."""
    RUNS.append("solver")
    came = {start: None}
    queue = [start]
    while queue:
        here = queue.pop(0)
        maze.visit(here)
        if here == goal:
            path = [here]
            while came[path[-1]] is not None:
                path.append(came[path[-1]])
            return path[::-1]
        for there in maze.links(here):
            if there not in came:
                came[there] = here
                queue.append(there)
    return None


@pytest.fixture(autouse=True)
def fresh_count():
    RUNS.clear()
    yield
    RUNS.clear()


KEYS = dict(maze={"rows": 5, "cols": 6, "surface": "torus"}, generator=counted_backtracker,
            solver=counted_bfs, seed=3)


def test_a_render_through_the_api_runs_each_function_once(tmp_path):
    anim = viz.render(**KEYS)
    anim.save(tmp_path / "own.gif")
    anim._repr_html_()                       # the notebook's player: the same render
    assert sorted(RUNS) == ["generator", "solver"]
    assert (tmp_path / "own.gif").stat().st_size > 0


def test_the_calls_become_our_events_and_replay_to_a_perfect_maze():
    events = list(viz.render(**KEYS).events(0))
    assert isinstance(events[0], ev.GridCreated)
    built = [e for e in events if isinstance(e, (ev.GridCreated, ev.WallOpened))]
    maze = replay(built)
    assert maze.is_perfect() and maze.surface.name == "torus"
    assert sum(isinstance(e, ev.WallOpened) for e in events) == 5 * 6 - 1
    assert any(isinstance(e, ev.PathFound) for e in events)
    assert RUNS.count("generator") == 1


def test_the_window_session_runs_them_once():
    from visualizer.window.session import Session

    session = Session(viz.make_scenario(**KEYS), every=64, prepare=False)
    session.player.seek(session.player.last)
    assert sorted(RUNS) == ["generator", "solver"]
    session.solve(0)                         # a new solve asked for in the window: one more
    assert RUNS.count("solver") == 2 and RUNS.count("generator") == 1


CODE = '''
RUNS = []


def my_backtracker(maze, rng):
    RUNS.append(1)
    here = maze.random_cell(rng)
    maze.visit(here)
    stack = [here]
    while stack:
        fresh = [c for c in maze.neighbours(stack[-1]) if not maze.visited(c)]
        if not fresh:
            stack.pop()
            continue
        there = fresh[rng.integers(len(fresh))]
        maze.carve(stack[-1], there)
        maze.visit(there)
        stack.append(there)
'''


def test_a_scenario_file_runs_the_students_file_once(tmp_path):
    (tmp_path / "student.py").write_text(CODE)
    scenario_file = tmp_path / "own.yaml"
    scenario_file.write_text("maze: {rows: 4, cols: 5}\n"
                             "generator: {code: student.py, function: my_backtracker}\n"
                             "solver: bfs\n")
    scenario = load(scenario_file, out=tmp_path / "own.gif", allow_code=True)
    pipeline.render(scenario)
    own = scenario.panels[0].generator.own
    assert own is not None and own.extra["own"].__globals__["RUNS"] == [1]
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

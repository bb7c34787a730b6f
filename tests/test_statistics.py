"""Statistics on hand-made mazes; scenario options braid / endpoints; --stats; bad input."""
import json

import numpy as np
import pytest

from visualizer import events as ev
from visualizer.maze import stats
from visualizer.cli import main
from visualizer.events import Side
from visualizer.maze import Maze, replay
from visualizer.pipeline import panel_stats
from streams import maze_stream
from visualizer.scenario import ScenarioError, load

# seed 003's `petitLab` (True = passable): a tree of 11 open cells
PETIT_LAB = [[False, True, False, False, False, False],
             [False, True, True, True, True, False],
             [False, True, False, False, False, False],
             [False, True, True, True, True, False],
             [False, False, False, False, True, False]]


def test_stats_of_seed_003_petit_lab():
    s = stats.maze_stats(Maze.from_blocks(PETIT_LAB))
    assert (s["cells"], s["open_cells"], s["blocked"]) == (30, 11, 19)
    assert (s["dead_ends"], s["junctions"], s["corridors"]) == (3, 1, 7)
    assert (s["components"], s["loops"], s["perfect"]) == (1, 0, False)
    assert s["longest_path"] == 9 and s["longest_path_exact"]
    assert sorted(map(tuple, s["longest_path_ends"])) == [(1, 4), (4, 4)]
    assert (s["entrance"], s["exit"], s["solution"]) == ([0, 1], [4, 4], 7)
    assert s["unreachable"] == 0


def test_stats_of_an_open_2x2_room_has_one_loop():
    s = stats.maze_stats(Maze(2, 2, walls_open=True))
    assert s["internal_walls"] == 2 * 2 * 2 - 2 - 2
    assert (s["open_walls"], s["closed_internal_walls"]) == (4, 0)
    assert (s["dead_ends"], s["corridors"], s["loops"], s["perfect"]) == (0, 4, 1, False)
    assert s["longest_path"] == 2 and s["solution"] == 2


def test_stats_of_a_corridor_and_an_unreachable_cell():
    maze = Maze(1, 4)
    maze.open_wall((0, 0), Side.E)
    maze.open_wall((0, 1), Side.E)
    maze.set_endpoints((0, 0), (0, 2))
    s = stats.maze_stats(maze)
    assert s["internal_walls"] == 3 and s["closed_internal_walls"] == 1
    assert (s["dead_ends"], s["corridors"], s["isolated"]) == (2, 1, 1)
    assert (s["components"], s["loops"], s["unreachable"], s["perfect"]) == (2, 0, 1, False)
    assert s["dead_end_share"] == 0.5 and s["solution"] == 2 and s["longest_path"] == 2
    assert "unreachable 1" in stats.maze_summary(s)


def test_stats_of_a_perfect_maze_on_the_plane():
    maze = Maze(6, 9)
    from visualizer.generators.kruskal import kruskal
    for _ in kruskal(maze, rng=np.random.default_rng(0)):
        pass
    s = stats.maze_stats(maze)
    assert s["open_walls"] == 6 * 9 - 1
    assert s["closed_internal_walls"] == 2 * 6 * 9 - 6 - 9 - (6 * 9 - 1)
    assert s["perfect"] and s["loops"] == 0 and s["components"] == 1
    assert s["dead_ends"] + s["corridors"] + s["junctions"] == 54
    assert "perfect" in stats.maze_summary(s)


def test_diameter_estimate_on_large_mazes_with_loops_is_flagged():
    maze = Maze(31, 31, walls_open=True)
    length, a, b, exact = stats.diameter(maze)
    assert length == 60 and not exact


def test_solve_stats():
    events = [ev.CellMarked((0, 0), ev.Mark.START), ev.CellMarked((0, 0), ev.Mark.VISITED),
              ev.CellMarked((0, 1), ev.Mark.FRONTIER), ev.CellMarked((0, 1), ev.Mark.VISITED),
              ev.PathFound(((0, 0), (0, 1)), (Side.E,))]
    assert stats.solve_stats(events) == {"visited": 2, "steps": 5, "found": True,
                                         "path_length": 1, "reason": "", "why": "",
                                         "moves": "e"}
    lost = stats.solve_stats([ev.NoPath("loop detected: round and round", ev.NoPathReason.LOOP)])
    assert lost["why"] == "loop" and "loop detected" in stats.solve_summary(lost)


# --- scenarios ----------------------------------------------------------------------------------

def write(tmp_path, body, name="s.yaml"):
    path = tmp_path / name
    path.write_text(body)
    return path


def test_braid_and_endpoint_options_reach_the_stream(tmp_path):
    path = write(tmp_path, "maze: {rows: 8, cols: 8}\ngenerator: backtracker\nbraid: 1.0\n"
                           "endpoints: first_backtrack\nsolver: wall_follower\n")
    spec = load(path).panels[0]
    events = list(maze_stream(spec))
    labels = [e.label for e in events if isinstance(e, ev.Milestone)]
    assert any(label.startswith("braided") for label in labels)
    maze = replay(e for e in events if not isinstance(e, (ev.PathFound, ev.NoPath)))
    figures = [e for e in events if isinstance(e, ev.Statistics)]
    assert [f.scope for f in figures] == ["maze", "solve"]
    assert dict(figures[0].values)["loops"] > 0 and not maze.is_perfect()
    history_exit = next(e.cell for e in events
                        if isinstance(e, ev.CellMarked) and e.mark == "current")
    assert maze.exit == history_exit


def test_explicit_endpoints(tmp_path):
    path = write(tmp_path, "maze: {rows: 5, cols: 5}\ngenerator: kruskal\n"
                           "endpoints: {entrance: [2, 2], exit: [4, 0]}\nsolver: astar\n")
    stats_ = panel_stats(load(path).panels[0])
    assert stats_["maze"]["entrance"] == [2, 2] and stats_["maze"]["exit"] == [4, 0]
    assert stats_["solve"]["found"]


def test_stats_flag_prints_json_per_panel(tmp_path, capsys):
    path = write(tmp_path, "panels:\n"
                           "  - {maze: {rows: 6, cols: 6}, generator: kruskal, solver: bfs}\n"
                           "  - {maze: {rows: 6, cols: 6}, generator: kruskal_naive}\n")
    assert main([str(path), "--stats"]) == 0
    report = json.loads(capsys.readouterr().out)
    first, second = report["panels"]
    assert first["maze"]["perfect"] and first["maze"]["open_walls"] == 35
    assert first["solve"]["path_length"] == first["maze"]["solution"]
    assert second["solve"] is None and second["generator"] == "kruskal_naive"
    assert not list(tmp_path.glob("*.gif"))


@pytest.mark.parametrize("body,where", [
    ("generator: {name: threshold, threshold: 2}\n", "generator.threshold: expected a number"),
    ("generator: kruskal\nbraid: -1\n", "braid: expected a number"),
    ("generator: threshold\nbraid: 0.5\n", "braid: braiding opens walls"),
    ("generator: {name: threshold, threshold: 1.0}\nsolver: {name: bfs, start: [2, 2]}\n",
     "solver.start: an open cell; [2, 2] is blocked"),
    ("generator: {name: threshold, threshold: 1.0}\nsolver: {name: dfs, goal: [3, 0]}\n",
     "solver.goal: an open cell"),
    ("generator: kruskal\nsolver: {name: astar, start: [4, 0]}\n",
     "solver.start: expected a cell inside the 4x4 maze"),
    ("generator: kruskal\nsolver: {name: wall_follower, hand: middle}\n",
     "solver.hand: expected one of left, right"),
    ("generator: kruskal\nendpoints: first_backtrack\n", "endpoints: `first_backtrack`"),
    ("generator: kruskal\nendpoints: {entrance: [0, 9], exit: [1, 1]}\n",
     "endpoints.entrance: expected a cell inside"),
    ("generator: {name: threshold, threshold: 1.0}\n"
     "endpoints: {entrance: [2, 1], exit: [3, 3]}\n", "endpoints.entrance: an open cell"),
    ("generator: kruskal\nendpoints: middle\n", "endpoints: expected one of corners"),
])
def test_bad_input_is_a_located_error_and_exit_2(tmp_path, capsys, body, where):
    path = write(tmp_path, "maze: {rows: 4, cols: 4}\n" + body)
    out = tmp_path / "o.gif"
    assert main([str(path), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: {where}" in err, err
    assert "Traceback" not in err and not out.exists()
    assert main([str(path), "--stats"]) == 2


def test_panel_errors_are_located_in_the_panel_list(tmp_path):
    path = write(tmp_path, "panels:\n  - {maze: {rows: 3, cols: 3}, generator: kruskal}\n"
                           "  - {maze: {rows: 3, cols: 3}, generator: kruskal, braid: 7}\n")
    with pytest.raises(ScenarioError) as caught:
        load(path)
    assert any("panels[1].braid" in e for e in caught.value.errors)


def test_the_window_solves_on_the_braided_maze(tmp_path):
    from streams import built, panel_stream
    from visualizer.window.session import solve_events

    path = write(tmp_path, "seed: 5\nmaze: {rows: 7, cols: 7}\ngenerator: backtracker\n"
                           "braid: 1.0\nsolver: bfs\n")
    spec = load(path).panels[0]
    keep, tail = solve_events(spec, "bfs", (0, 0), (6, 6))
    full = list(panel_stream(spec))
    assert isinstance(full[keep], ev.EndpointsSet), "generator and braiding events are kept"
    _, maze, _ = built(spec)
    assert tail[-1].cells[-1] == (6, 6)
    assert len(tail[-1].sides) == stats.distances(stats.adjacency(maze), (0, 0))[(6, 6)]

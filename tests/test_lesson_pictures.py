"""What the lessons of threshold mazes, reverse-delete and the two union-finds need to show."""
import numpy as np
import pytest

from visualizer import events as ev
from visualizer import registry
from visualizer.events import Mark
from visualizer.maze import Maze
from streams import maze_stream, panel_renderer
from visualizer.render.maze_panel import MazePanel
from visualizer.render.palette import INDEX
from visualizer.scenario import parse


def cell_colour(panel, cell):
    y, x = panel.cell_origin(cell)
    return int(panel.raster[y + panel.cell_size // 2, x + panel.cell_size // 2])


def panel_for(raw, tmp="x.yaml"):
    from pathlib import Path
    spec = parse(raw, Path(tmp)).panels[0]
    return spec, panel_renderer(spec)


def test_reverse_delete_shows_each_test_its_wall_and_clears_it():
    maze = Maze(3, 3)
    panel = MazePanel(3, 3, cell_size=4, wall=2)
    seen_tested = seen_highlight = False
    for event in registry.get("generator", "reverse_delete").func(
            maze, rng=np.random.default_rng(1)):
        panel.apply(event)
        seen_tested |= bool((panel.raster == INDEX["tested"]).any())
        seen_highlight |= bool((panel.raster == INDEX["considered"]).any())
        if isinstance(event, ev.MarksCleared):
            assert not (panel.raster == INDEX["tested"]).any()
    assert seen_tested and seen_highlight
    assert panel.wall == 2, "reverse-delete is a wall maze: its walls are drawn"
    assert "built 4" in panel.caption() and "kept open 8" in panel.caption()


def test_block_maze_panel_is_laid_out_without_walls():
    spec, panel = panel_for({"maze": {"rows": 4, "cols": 5, "cell_size": 6},
                             "generator": {"name": "threshold", "threshold": 0.5}})
    shape = panel.raster.shape
    for event in maze_stream(spec):
        panel.apply(event)
    m = panel.margin
    assert m >= 1   # a frame shows where the block maze ends
    assert panel.raster.shape == shape == (24 + 2 * m, 30 + 2 * m)
    assert (panel.raster[:m] == INDEX["wall"]).all()
    assert (panel.raster[:, -m:] == INDEX["wall"]).all()
    maze = Maze(4, 5)
    for _ in registry.get("generator", "threshold").func(
            maze, rng=np.random.default_rng(spec.seed), threshold=0.5):
        pass
    for r in range(4):
        for c in range(5):
            assert (cell_colour(panel, (r, c)) == INDEX["blocked"]) == maze.blocked[r, c]


def test_tremaux_single_and_double_marks_have_their_own_colours():
    maze = Maze(1, 3, walls_open=True)
    panel = MazePanel(1, 3, cell_size=4, wall=2)
    panel.apply(ev.GridCreated(1, 3, maze.surface, True, "open"))
    events = list(registry.get("solver", "tremaux").func(maze, start=(0, 1), goal=(0, 0)))
    colours = []
    for event in events:
        panel.apply(event)
        colours.append(cell_colour(panel, (0, 2)))
    # east first: (0, 2) is a dead end, its passage chalked twice on the way back
    assert ev.CellMarked((0, 2), Mark.DEAD_END, 2) in events
    assert colours[-1] == INDEX["dead_end"]
    assert ev.CellMarked((0, 1), Mark.VISITED, 1) in events


def test_dead_end_filling_greys_everything_but_the_way():
    spec, panel = panel_for({"maze": {"rows": 6, "cols": 6}, "generator": "kruskal",
                             "solver": "dead_end_filling"})
    events = list(maze_stream(spec))
    before_path = events[:-2]   # … PathFound, Statistics
    for event in before_path:
        panel.apply(event)
    path = next(e for e in events if isinstance(e, ev.PathFound))
    for r in range(6):
        for c in range(6):
            if (r, c) not in path.cells:
                assert cell_colour(panel, (r, c)) == INDEX["dead_end"]


def test_wall_follower_loop_is_drawn_and_said():
    spec, panel = panel_for({"seed": 3, "maze": {"rows": 12, "cols": 16},
                             "generator": "backtracker", "braid": 0.5,
                             "endpoints": "first_backtrack", "solver": "wall_follower"})
    events = list(maze_stream(spec))
    loop = [e.cell for e in events if isinstance(e, ev.CellMarked) and e.mark == Mark.PATH]
    assert loop and isinstance(events[-2], ev.NoPath)
    for event in events:
        panel.apply(event)
    assert "loop detected" in panel.caption()
    sticky = (panel.maze.entrance, panel.maze.exit, panel.heading.cell)   # + the arrow
    assert all(cell_colour(panel, cell) == INDEX["path"] for cell in loop if cell not in sticky)


def test_union_find_costs_add_up_in_the_caption():
    for name in ("kruskal", "kruskal_naive"):
        maze = Maze(5, 5)
        panel = MazePanel(5, 5)
        events = list(registry.get("generator", name).func(maze, rng=np.random.default_rng(2)))
        for event in events:
            panel.apply(event)
        total = sum(e.cost for e in events if isinstance(e, ev.SetsMerged))
        assert f"sets 1 · cost {total}" in panel.caption()


def test_statistics_replace_the_status_in_the_caption():
    panel = MazePanel(2, 2)
    panel.apply(ev.Statistics("maze", "perfect · solution 2"))
    assert panel.caption().endswith("perfect · solution 2")


def test_animate_solve_draws_the_built_maze_in_the_first_frame():
    from pathlib import Path

    from streams import building_events
    from visualizer.pipeline import scenario_frames

    raw = {"duration": 2, "fps": 10, "clock": "progress",
           "panels": [{"maze": {"rows": 6, "cols": 8}, "generator": "backtracker",
                       "solver": "bfs", "animate": "solve"},
                      {"maze": {"rows": 6, "cols": 8}, "generator": "kruskal",
                       "solver": "dfs"}]}
    scenario = parse(raw, Path("x.yaml"))
    built = building_events(scenario.panels[0])
    stream = list(maze_stream(scenario.panels[0]))
    assert isinstance(stream[built - 1], ev.Statistics) and stream[built - 1].scope == "maze"
    assert not any(isinstance(e, ev.CellMarked) and e.mark == Mark.VISITED
                   for e in stream[:built])
    shown = list(scenario_frames(scenario))
    assert shown[0].steps[0] == built and shown[0].steps[1] == 1
    assert shown[-1].steps == (len(stream), len(list(maze_stream(scenario.panels[1]))))
    # the solve is spread over the frames, not shown at once
    solving = [f.steps[0] for f in shown]
    assert len(set(solving)) > 10 and solving == sorted(solving)


def test_animate_must_be_all_or_solve(tmp_path):
    from visualizer.scenario import ScenarioError, load

    path = tmp_path / "s.yaml"
    path.write_text("maze: {rows: 3, cols: 3}\ngenerator: kruskal\nanimate: some\n")
    with pytest.raises(ScenarioError) as caught:
        load(path)
    assert "animate: expected one of all, solve" in caught.value.errors[0]

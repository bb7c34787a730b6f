"""Weaves (issue 23): passages under straight corridors on the square grid.

Every generator that weaves gives a perfect maze counting each crossing (the graph of
cells and passages, a tunnel one passage between the cells either side of the crossed
cell, is a spanning tree); both faces of every wall agree; replay equals the model;
solvers' paths are walks of `viz.adjacency`; the painter paints event by event what it
paints afresh; bad weave input is refused with its place."""
from __future__ import annotations

import numpy as np
import pytest

import visualizer as viz
from visualizer import cli, registry
from visualizer import events as ev
from visualizer.events import Axis, Side
from visualizer.maze import replay
from visualizer.maze.stats import maze_stats, maze_summary
from visualizer.render.maze_panel import MazePanel
from visualizer.render.palette import INDEX
from visualizer.scenario import ScenarioError, parse

WEAVERS = [name for name, a in registry.algorithms("generator").items()
           if a.extra.get("weave")]
SURFACES = ("plane", "torus", "klein", "klein_lr", "projective", "sphere")
SIZES = ((1, 1), (1, 4), (3, 3), (5, 7), (12, 12))


def is_spanning_tree(adj: dict) -> bool:
    """`adj` (each edge listed from both ends) is connected with cells - 1 edges."""
    edges = sum(len(v) for v in adj.values())
    seen, stack = {next(iter(adj))}, [next(iter(adj))]
    while stack:
        for other in adj[stack.pop()]:
            if other not in seen:
                seen.add(other)
                stack.append(other)
    return edges == 2 * (len(adj) - 1) and len(seen) == len(adj)


def woven(name: str, rows: int, cols: int, surface: str = "plane", seed: int = 0):
    maze = viz.maze(rows, cols, surface, weave=True)
    return maze, list(viz.generate(maze, name, seed=seed))


def test_the_weavers_are_the_backtracker_growing_tree_and_kruskal():
    assert WEAVERS == ["backtracker", "growing_tree", "kruskal"]


@pytest.mark.parametrize("pop", ["newest", "random", "oldest", "middle", "mix"])
def test_every_growing_tree_weaves_a_perfect_maze(pop):
    crossed = 0
    for surface, seed in (("plane", 0), ("torus", 1), ("klein", 2)):
        maze = viz.maze(10, 12, surface, weave=True)
        events = list(viz.generate(maze, "growing_tree", seed=seed, pop=pop))
        assert is_spanning_tree(viz.adjacency(maze)) and replay(events) == maze
        crossed += len(maze.crossings)
    # growing from the oldest or the middle cell, a fresh cell seldom lies beyond a corridor
    assert crossed > 0 or pop in ("oldest", "middle")


@pytest.mark.parametrize("name", WEAVERS)
@pytest.mark.parametrize("surface", SURFACES)
def test_perfect_counting_each_crossing(name, surface):
    crossed = 0
    for rows, cols in SIZES:
        if surface == "sphere" and rows != cols:
            continue
        for seed in range(3):
            maze, events = woven(name, rows, cols, surface, seed)
            adj = viz.adjacency(maze)
            assert len(adj) == rows * cols
            if rows * cols > 1:
                assert is_spanning_tree(adj), (rows, cols, seed)
            assert maze.is_perfect()
            crossed += len(maze.crossings)
            for cell, axis in maze.crossings.items():     # a crossing's cells
                a, b = maze.tunnel_ends(cell)
                assert b in adj[a] and cell not in adj[a] and cell not in adj[b]
                assert len(adj[cell]) == 2                # its own corridor, across
                assert not {side for side, _ in maze.passages(cell)} & set(axis.sides)
                assert len({cell, a, b}) == 3
                assert all(maze.faces[cell[0], cell[1], s] for s in Side)
            assert sum(isinstance(e, ev.TunnelDug) for e in events) == len(maze.crossings)
    assert crossed > 0


@pytest.mark.parametrize("name", WEAVERS)
@pytest.mark.parametrize("surface", ("plane", "torus", "klein"))
def test_faces_agree_and_replay_equals_the_model(name, surface):
    maze, events = woven(name, 8, 9, surface, seed=4)
    for r in range(maze.rows):
        for c in range(maze.cols):
            for side in Side:
                step = maze.move((r, c), side)
                if step is not None:
                    assert maze.faces[r, c, side] == maze.faces[step.cell][step.side]
    again = replay(events)
    assert again == maze and again.crossings == maze.crossings


def test_a_tunnel_links_the_cells_on_either_side_exactly():
    """A 3x3 by hand: the middle cell's corridor runs north-south, a tunnel east-west
    under it; (1, 0) is linked under (1, 1) to (1, 2)."""
    maze = viz.maze(3, 3, weave=True)
    events = [ev.WallOpened((1, 1), Side.N), ev.WallOpened((1, 1), Side.S),
              ev.TunnelDug((1, 1), Axis.EAST_WEST),
              ev.WallOpened((0, 0), Side.E), ev.WallOpened((0, 1), Side.E),
              ev.WallOpened((0, 0), Side.S), ev.WallOpened((1, 2), Side.S),
              ev.WallOpened((2, 0), Side.E)]
    for event in events:
        maze.apply(event)
    adj = viz.adjacency(maze)
    assert adj[(1, 0)] == [(0, 0), (1, 2)]
    assert adj[(1, 2)] == [(2, 2), (1, 0)]
    assert adj[(1, 1)] == [(0, 1), (2, 1)]
    assert maze.is_perfect()
    steps = dict(maze.passages((1, 0)))
    assert steps[Side.E].cell == (1, 2) and steps[Side.E].side == Side.W
    assert maze.wall_key((1, 0), Side.E) == maze.wall_key((1, 2), Side.W)
    stats = maze_stats(maze)          # (0, 1) is the one junction: the crossing is not
    assert stats["junctions"] == 1 and stats["dead_ends"] == 3
    assert stats["crossings"] == 1 and stats["loops"] == 0 and stats["perfect"]
    assert "perfect · crossings 1 · " in maze_summary(stats)
    assert "crossings" not in maze_stats(viz.maze(3, 3))


@pytest.mark.parametrize("solver", sorted(registry.algorithms("solver")))
def test_solvers_walk_the_adjacency(solver):
    for name in WEAVERS:
        maze, _ = woven(name, 9, 11, seed=2)
        maze.set_endpoints((0, 0), (8, 10))
        adj = viz.adjacency(maze)
        shortest = [e for e in viz.solve(maze, "bfs") if isinstance(e, ev.PathFound)][0]
        found = [e for e in viz.solve(maze, solver, seed=1) if isinstance(e, ev.PathFound)]
        if solver in ("random_mouse",) and not found:
            continue
        path = found[-1].cells
        assert all(b in adj[a] for a, b in zip(path, path[1:])), (solver, name)
        if registry.get("solver", solver).family == registry.Family.SHORTEST:
            assert len(path) == len(shortest.cells), (solver, name)


def test_a_path_under_a_crossing_takes_one_move():
    maze, _ = woven("kruskal", 12, 12, seed=5)
    under = [(a, b) for c in maze.crossings for a, b in [maze.tunnel_ends(c)]]
    a, b = under[0]
    path = [e for e in viz.solve(maze, "bfs", start=a, goal=b)
            if isinstance(e, ev.PathFound)][0]
    assert path.cells == (a, b)


@pytest.mark.parametrize("name", WEAVERS)
def test_painted_step_by_step_equals_painted_whole(name):
    maze, events = woven(name, 7, 8, "torus", seed=3)
    maze.set_endpoints((0, 0), (6, 7))
    events += list(viz.solve(maze, "bfs"))
    panel = MazePanel(7, 8, cell_size=10, wall=2, surface="torus", first=events[0])
    for event in events:
        panel.apply(event)
    assert np.array_equal(panel.raster, panel.drawn().raster)
    assert panel.maze.crossings == maze.crossings


def test_a_bridge_shows_its_corridor_walls_and_the_tunnel_stubs():
    maze = viz.maze(3, 3, weave=True)
    panel = MazePanel(3, 3, cell_size=10, wall=2, surface="plane",
                      first=ev.GridCreated(3, 3, maze.surface))
    for event in (ev.WallOpened((1, 1), Side.N), ev.WallOpened((1, 1), Side.S),
                  ev.TunnelDug((1, 1), Axis.EAST_WEST)):
        panel.apply(event)
    y, x = panel.geometry.cell_origin((1, 1))
    block = panel.raster[y:y + 10, x:x + 10]
    wall, passage = INDEX["wall"], INDEX["passage"]
    # cell 10, wall 2: the bridge's sides 2 in from the tunnel's (1 thick), the stubs
    # between, edged with wall 1 thick where they meet the corridor's ends
    assert (block[:, 2] == wall).all() and (block[:, 7] == wall).all()   # bridge sides
    assert (block[1:9, 0:2] == passage).all() and (block[1:9, 8:] == passage).all()
    assert (block[[0, 9], 0:2] == wall).all() and (block[[0, 9], 8:] == wall).all()
    assert (block[:, 3:7] == passage).all()                               # the corridor


@pytest.mark.parametrize("maze, generator, where, words", [
    ("grid: hex, rows: 4, cols: 4, weave: true", "backtracker", "maze.weave",
     "needs the square grid"),
    ("rows: 2, cols: 3, weave: true, mask: ['..X', '...']", "backtracker", "maze.weave",
     "without a mask"),
    ("rows: 4, cols: 4, weave: true, view: neighbourhood", "backtracker", "maze.weave",
     "neighbourhood view"),
    ("rows: 4, cols: 4, weave: true", "eller", "generator.name", "cannot weave"),
    ("rows: 4, cols: 4, weave: true", "wilson", "generator.name",
     "the generators that weave: backtracker, growing_tree, kruskal"),
    ("rows: 4, cols: 4, weave: 1", "backtracker", "maze.weave", "true or false"),
    ("rows: 4, cols: 4, weave: true", "{code: 'def generate(maze): pass'}", "generator",
     "your own function does not"),
    ("rows: 4, cols: 4, weave: true", "kruskal\nsolver: {code: 'def solve(maze): pass'}",
     "solver", "not among the links your own solver"),
])
def test_bad_weave_input_is_located(maze, generator, where, words, tmp_path):
    import yaml

    text = f"maze: {{{maze}}}\ngenerator: {generator}\n"
    data = yaml.safe_load(text if "solver" in text else text + "solver: bfs\n")
    with pytest.raises(ScenarioError) as info:
        parse(data, tmp_path / "s.yaml")
    text = str(info.value)
    assert where in text and words in text, text


def test_a_bad_weave_exits_2_and_writes_nothing(tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    path.write_text("maze: {rows: 4, cols: 5, weave: true}\ngenerator: prim\n")
    out = tmp_path / "out" / "bad.gif"
    assert cli.main([str(path), "--out", str(out)]) == 2
    assert "cannot weave" in capsys.readouterr().err
    assert not out.exists() and not (tmp_path / "out").exists()


def test_the_api_refuses_what_cannot_weave():
    with pytest.raises(ValueError, match="cannot weave"):
        list(viz.generate(viz.maze(4, 4, weave=True), "wilson"))
    with pytest.raises(ValueError, match="square grid"):
        viz.maze(4, 4, grid="hex", weave=True)


@pytest.mark.slow
def test_the_weave_scenario_renders_at_1280x720(tmp_path):
    from PIL import Image

    out = tmp_path / "weave.gif"
    assert cli.main(["scenarios/grids_weave.yaml", "--out", str(out), "--size",
                     "1280x720"]) == 0
    with Image.open(out) as gif:
        assert gif.size == (1280, 720) and gif.n_frames > 100


def test_next_cell_on_a_weave_accepts_the_cells_beyond_a_tunnel_too():
    """The backtracker's "where next?" on a weave: every unvisited neighbour, and every
    unvisited cell it could reach under a corridor at that moment, is right; the step
    it took is always among them."""
    from pathlib import Path

    from streams import phased_events
    from visualizer.questions import Kind, Question
    from visualizer.questions.answers import candidates

    spec = parse({"seed": 5, "maze": {"rows": 6, "cols": 6, "weave": True},
                  "generator": "backtracker"}, Path("lesson.yaml")).panels[0]
    events = phased_events(spec)
    pool = candidates(Question(Kind.NEXT_CELL), events, spec)
    model = viz.maze(6, 6, weave=True)
    applied, seen, tunnelled = 0, set(), 0
    for c in pool:
        for _, event in events[applied + 1:c.index + 1]:
            model.apply(event)
        applied = c.index
        here = events[c.index][1].cell
        seen.add(here)
        seen |= {e.cell for _, e in events[:c.index + 1] if isinstance(e, ev.CellMarked)}
        beyond = {dug[2] for side in Side
                  if (dug := model.tunnel_under(here, side)) is not None
                  and dug[2] not in seen}
        near = {s.cell for side in Side if (s := model.move(here, side)) is not None} - seen
        if near | beyond:
            assert c.answer.accepted == frozenset(near | beyond)
        tunnelled += bool(beyond)
    assert tunnelled > 0


@pytest.mark.slow
def test_the_weave_scenario_plays_in_the_html_player(tmp_path):
    out = tmp_path / "weave.html"
    assert cli.main(["scenarios/grids_weave.yaml", "--out", str(out)]) == 0
    from visualizer.export.html import decode

    player = decode(out.read_text())
    assert len(player.frames) > 100 and player.marks     # milestones marked to jump to

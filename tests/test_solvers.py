"""Every registered solver on wall mazes, braided mazes and block mazes, on every surface."""
from collections import deque

import numpy as np
import pytest

from visualizer import events as ev
from visualizer import registry
from visualizer.maze.braid import braid
from visualizer.events import Mark, Side
from visualizer.maze import Maze
from visualizer.solvers.astar import heuristic
from visualizer.solvers.dfs import follow, moves
from visualizer.solvers.wall_follower import next_state, without_detours
from visualizer.surfaces import SURFACE_NAMES

SOLVERS = registry.algorithms("solver")
KINDS = ["perfect", "braided", "blocks"]


def make(kind, rows=7, cols=7, surface="plane", seed=0):
    """A perfect (Kruskal) maze, the same braided, or a threshold block maze."""
    rng = np.random.default_rng(seed)
    maze = Maze(rows, cols, surface)
    name = "threshold" if kind == "blocks" else "kruskal"
    params = {"threshold": 0.3} if kind == "blocks" else {}
    for _ in registry.get("generator", name).func(maze, rng=rng, **params):
        pass
    if kind == "braided":
        for _ in braid(maze, 0.6, rng):
            pass
    return maze


def reference_distances(maze, start):
    """Moves from `start`, computed from the surface's moves and the raw faces only."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for side in Side:
            step = maze.surface.move(cell, side)
            if step and maze.faces[cell[0], cell[1], side] and not maze.blocked[step.cell] \
                    and step.cell not in dist:
                dist[step.cell] = dist[cell] + 1
                queue.append(step.cell)
    return dist


def assert_valid_path(maze, path, start, goal):
    assert path.cells[0] == start and path.cells[-1] == goal
    assert len(path.sides) == len(path.cells) - 1
    assert len(set(path.cells)) == len(path.cells), "a path visits a cell once"
    for here, side, there in zip(path.cells, path.sides, path.cells[1:]):
        assert maze.faces[here[0], here[1], side], f"{here} {side.name} is a wall"
        assert maze.surface.move(here, side).cell == there
        assert not maze.blocked[there]


def solve(name, maze, **params):
    events = list(SOLVERS[name].func(maze, rng=np.random.default_rng(1), **params))
    assert isinstance(events[-1], (ev.PathFound, ev.NoPath))
    assert sum(isinstance(e, (ev.PathFound, ev.NoPath)) for e in events) == 1
    return events


def endpoints_in(maze, seed):
    """A reachable start/goal pair of open cells far apart (or None)."""
    rng = np.random.default_rng(seed)
    free = [tuple(map(int, c)) for c in np.argwhere(~maze.blocked)]
    start = free[int(rng.integers(len(free)))]
    dist = reference_distances(maze, start)
    if len(dist) < 2:
        return None
    goal = max(dist, key=lambda c: (dist[c], c))
    return start, goal


@pytest.mark.parametrize("name", list(SOLVERS))
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("surface", list(SURFACE_NAMES))
@pytest.mark.parametrize("seed", [0, 1])
def test_paths_are_valid_and_go_where_asked(name, kind, surface, seed):
    algo = SOLVERS[name]
    if algo.surfaces is not None and surface not in algo.surfaces:
        pytest.skip(f"{name} refuses the {surface}")
    maze = make(kind, 6, 6, surface, seed)
    pair = endpoints_in(maze, seed)
    assert pair is not None
    start, goal = pair
    events = solve(name, maze, start=start, goal=goal)
    if algo.family == registry.Family.LOCAL and isinstance(events[-1], ev.NoPath):
        # local rules may fail: the wall follower and Pledge by coming back to a state,
        # the random mouse by using up its moves
        if name == "wall_follower":
            assert kind != "perfect", "the wall follower always exits a perfect maze"
            assert events[-1].reason.startswith("loop detected")
        assert events[-1].why in (ev.NoPathReason.LOOP, ev.NoPathReason.GAVE_UP)
        return
    assert isinstance(events[-1], ev.PathFound), events[-1]
    assert_valid_path(maze, events[-1], start, goal)
    assert events[0] == ev.CellMarked(start, Mark.START)
    assert events[1] == ev.CellMarked(goal, Mark.GOAL)


@pytest.mark.parametrize("name", list(SOLVERS))
def test_unreachable_goal_gives_no_path(name):
    maze = Maze(2, 3, walls_open=True)
    maze.blocked[:, 1] = True
    events = solve(name, maze, start=(0, 0), goal=(1, 2))
    assert isinstance(events[-1], ev.NoPath)


@pytest.mark.parametrize("name", list(SOLVERS))
@pytest.mark.parametrize("start,goal,word", [((1, 1), (0, 0), "blocked"),
                                             ((0, 0), (5, 0), "outside")])
def test_start_or_goal_blocked_or_outside_gives_a_reason(name, start, goal, word):
    maze = Maze(3, 3, walls_open=True)
    maze.blocked[1, 1] = True
    events = solve(name, maze, start=start, goal=goal)
    assert len(events) == 1 and word in events[0].reason


@pytest.mark.parametrize("name", ["bfs", "astar"])
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("surface", list(SURFACE_NAMES))
@pytest.mark.parametrize("seed", range(3))
def test_bfs_and_astar_find_shortest_paths(name, kind, surface, seed):
    maze = make(kind, 8, 8, surface, seed)
    start, goal = endpoints_in(maze, seed + 10)
    path = solve(name, maze, start=start, goal=goal)[-1]
    assert len(path.sides) == reference_distances(maze, start)[goal]


@pytest.mark.parametrize("surface", list(SURFACE_NAMES))
def test_astar_heuristic_is_admissible(surface):
    maze = Maze(6, 6, surface, walls_open=True)
    goal = (1, 4)
    h, _ = heuristic(maze, goal)
    exact = reference_distances(maze, goal)   # all walls open: the true lower bound
    assert all(h(cell) <= exact[cell] for cell in exact)
    assert all(h(cell) == exact[cell] for cell in exact), "tight with no walls"


def test_astar_expands_fewer_cells_than_bfs_in_an_open_room():
    maze = Maze(12, 12, walls_open=True)
    counts = {}
    for name in ("bfs", "astar"):
        events = solve(name, maze, start=(0, 0), goal=(11, 11))
        counts[name] = sum(isinstance(e, ev.CellMarked) and e.mark == Mark.VISITED
                           for e in events)
    assert counts["astar"] < counts["bfs"]


# --- DFS and its move list ---------------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("surface", ["plane", "torus", "klein", "sphere"])
def test_dfs_moves_replay_to_the_goal(kind, surface):
    maze = make(kind, 6, 6, surface, 3)
    start, goal = endpoints_in(maze, 3)
    path = solve("dfs", maze, start=start, goal=goal)[-1]
    french, english = moves(path), moves(path, "en")
    assert set(french) <= set("neso") and set(english) <= set("nesw")
    assert [e if e != "w" else "o" for e in english] == french
    assert follow(maze, start, french) == goal
    assert follow(maze, start, english) == goal


def test_dfs_transcript_and_seed_move_list_on_a_corridor():
    maze = Maze(2, 2)
    maze.open_wall((0, 0), Side.E)
    maze.open_wall((0, 1), Side.S)
    maze.open_wall((1, 1), Side.W)
    events = solve("dfs", maze, start=(0, 0), goal=(1, 0))
    assert events == [
        ev.CellMarked((0, 0), Mark.START), ev.CellMarked((1, 0), Mark.GOAL),
        ev.CellMarked((0, 0), Mark.CURRENT), ev.CellMarked((0, 1), Mark.CURRENT),
        ev.CellMarked((1, 1), Mark.CURRENT), ev.CellMarked((1, 0), Mark.CURRENT),
        ev.PathFound(((0, 0), (0, 1), (1, 1), (1, 0)), (Side.E, Side.S, Side.W)),
    ]
    assert moves(events[-1]) == ["e", "s", "o"]
    assert moves(events[-1], "en") == ["e", "s", "w"]


def test_dfs_backs_up_out_of_a_dead_end():
    maze = Maze(2, 2)
    maze.open_wall((0, 0), Side.E)      # N, E, S, W order: tries east first, a dead end
    maze.open_wall((0, 0), Side.S)
    events = solve("dfs", maze, start=(0, 0), goal=(1, 0))
    assert ev.CellMarked((0, 1), Mark.VISITED) in events
    assert moves(events[-1]) == ["s"]


def test_move_list_through_a_wall_is_refused():
    with pytest.raises(ValueError, match="wall"):
        follow(Maze(2, 2), (0, 0), ["e"])


# --- wall follower -------------------------------------------------------------------------------

def island_maze():
    """A 3x3 maze: a ring of 8 cells round a walled-off island (1, 1), whose north wall is
    open to (0, 1). A follower whose hand is on the outer wall circles the ring for ever."""
    maze = Maze(3, 3)
    ring = [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0)]
    for a, b in zip(ring, ring[1:] + ring[:1]):
        side = next(s for s in Side if maze.surface.move(a, s) and
                    maze.surface.move(a, s).cell == b)
        maze.open_wall(a, side)
    maze.open_wall((0, 1), Side.S)      # into the island cell
    return maze


@pytest.mark.parametrize("hand", ["left", "right"])
def test_wall_follower_detects_the_loop_round_an_island(hand):
    maze = island_maze()
    events = solve("wall_follower", maze, start=(0, 0), goal=(1, 1), hand=hand)
    assert isinstance(events[-1], ev.NoPath)
    assert events[-1].reason.startswith("loop detected")
    assert isinstance(events[-2], ev.Milestone) and events[-2].label == "loop detected"
    circled = {e.cell for e in events if isinstance(e, ev.CellMarked) and e.mark == Mark.PATH}
    assert circled == {(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0)}
    assert isinstance(solve("bfs", maze, start=(0, 0), goal=(1, 1))[-1], ev.PathFound)


def test_wall_follower_with_its_hand_on_the_island_gets_in():
    maze = island_maze()
    events = solve("wall_follower", maze, start=(0, 1), goal=(1, 1), hand="right")
    assert isinstance(events[-1], ev.PathFound)
    assert_valid_path(maze, events[-1], (0, 1), (1, 1))


def test_wall_follower_transcript_on_a_1x2_grid():
    maze = Maze(1, 2)
    maze.open_wall((0, 0), Side.E)
    maze.set_endpoints((0, 0), (0, 1), Side.W, Side.E)
    assert solve("wall_follower", maze) == [
        ev.CellMarked((0, 0), Mark.START), ev.CellMarked((0, 1), Mark.GOAL),
        ev.CellMarked((0, 0), Mark.CURRENT), ev.Heading((0, 0), Side.E, Side.N),
        ev.CellMarked((0, 0), Mark.VISITED, 1), ev.Heading((0, 1), Side.E, Side.N),
        ev.CellMarked((0, 1), Mark.CURRENT, 1),
        ev.PathFound(((0, 0), (0, 1)), (Side.E,)),
    ]


@pytest.mark.parametrize("surface", list(SURFACE_NAMES))
@pytest.mark.parametrize("seed", range(4))
def test_wall_follower_always_exits_a_perfect_maze(surface, seed):
    maze = make("perfect", 7, 7, surface, seed)
    start, goal = endpoints_in(maze, seed)
    for hand in ("left", "right"):
        events = solve("wall_follower", maze, start=start, goal=goal, hand=hand)
        assert isinstance(events[-1], ev.PathFound), (hand, events[-1])


@pytest.mark.parametrize("surface,twisted", [("plane", False), ("torus", False),
                                              ("klein", True), ("projective", True)])
def test_wall_follower_swaps_hands_across_a_twist(surface, twisted):
    """Leaving (2, 1) southwards: through the plane's interior, the torus's straight gluing,
    or the twisted top/bottom gluing of the Klein bottle and projective plane, where the
    walker arrives mirrored and keeps its hand on the same wall with the other hand."""
    maze = Maze(3, 3, surface)
    cell = (1, 1) if surface == "plane" else (2, 1)
    maze.open_wall(cell, Side.S)
    side, arrived, heading, hand = next_state(maze, cell, Side.S, "left")
    assert side == Side.S and heading == Side.S
    assert hand == ("right" if twisted else "left")


def test_without_detours_cuts_returns():
    cells = [(0, 0), (0, 1), (0, 2), (0, 1), (1, 1)]
    sides = [Side.E, Side.E, Side.W, Side.S]
    assert without_detours(cells, sides) == ev.PathFound(((0, 0), (0, 1), (1, 1)),
                                                         (Side.E, Side.S))


# --- dead-end filling and Trémaux ----------------------------------------------------------

@pytest.mark.parametrize("surface", list(SURFACE_NAMES))
@pytest.mark.parametrize("seed", range(4))
def test_dead_end_filling_leaves_exactly_the_solution_on_a_perfect_maze(surface, seed):
    maze = make("perfect", 8, 8, surface, seed)
    start, goal = endpoints_in(maze, seed)
    events = solve("dead_end_filling", maze, start=start, goal=goal)
    filled = {e.cell for e in events if isinstance(e, ev.CellMarked) and e.mark == Mark.DEAD_END}
    path = events[-1]
    assert set(path.cells) == {(r, c) for r in range(8) for c in range(8)} - filled
    assert len(path.sides) == reference_distances(maze, start)[goal]


def test_tremaux_marks_count_once_or_twice_and_the_way_is_marked_once():
    maze = make("braided", 9, 9, "plane", 5)
    start, goal = endpoints_in(maze, 5)
    events = solve("tremaux", maze, start=start, goal=goal)
    counts = {(e.mark, e.count) for e in events if isinstance(e, ev.CellMarked)
              and e.mark in (Mark.VISITED, Mark.DEAD_END)}
    assert counts <= {(Mark.VISITED, 1), (Mark.DEAD_END, 2)}
    assert (Mark.DEAD_END, 2) in counts
    path = events[-1]
    dead = {e.cell for e in events if isinstance(e, ev.CellMarked) and e.mark == Mark.DEAD_END}
    assert not dead & set(path.cells)


def test_tremaux_gives_up_when_every_passage_is_marked_twice():
    maze = Maze(1, 3)
    maze.open_wall((0, 0), Side.E)
    events = solve("tremaux", maze, start=(0, 0), goal=(0, 2))
    assert isinstance(events[-1], ev.NoPath) and "twice" in events[-1].reason

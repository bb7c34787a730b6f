"""Each generator's own rules: threshold, reverse-delete, naive Kruskal; braiding; endpoints."""
import numpy as np
import pytest

from visualizer import events as ev
from visualizer import registry
from visualizer.maze import stats
from visualizer.maze.braid import braid, dead_ends
from visualizer.maze.endpoints import History, place
from visualizer.events import Mark, Side
from visualizer.generators.reverse_delete import fisher_yates
from visualizer.generators.threshold import always_open
from visualizer.maze import Maze, replay
from visualizer.surfaces import SURFACE_NAMES

GENERATORS = registry.algorithms("generator")
SURFACES = list(SURFACE_NAMES)


def build(name, rows, cols, surface="plane", seed=0, **params):
    maze = Maze(rows, cols, surface)
    events = list(GENERATORS[name].func(maze, rng=np.random.default_rng(seed), **params))
    return maze, events


def is_spanning_tree(maze):
    """cells - 1 open walls and every cell connected, counted independently of the model."""
    adj = stats.adjacency(maze)
    return len(maze.open_walls()) == maze.cells - 1 and \
        len(stats.distances(adj, (0, 0))) == maze.cells


# --- every generator, every surface ---------------------------------------------------------

@pytest.mark.parametrize("name,surface", [(n, s) for n, a in GENERATORS.items() if a.perfect
                                          for s in SURFACES if a.accepts(s)])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_perfect_generators_make_spanning_trees_on_every_surface(name, surface, seed):
    maze, events = build(name, 5, 5, surface, seed)
    assert is_spanning_tree(maze)
    assert maze.is_perfect()
    assert replay(events) == maze


@pytest.mark.parametrize("name,surface", [(n, s) for n, a in GENERATORS.items()
                                          for s in ("plane", "klein") if a.accepts(s)])
def test_replay_equals_model(name, surface):
    maze, events = build(name, 6, 6, surface, 3)
    assert isinstance(events[0], ev.GridCreated)
    assert replay(events) == maze


# --- threshold maze ---------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(20))
def test_threshold_maze_keeps_entrance_exit_and_neighbour_open(seed):
    maze, events = build("threshold", 7, 9, seed=seed, threshold=0.9)
    for cell in [(0, 0), (0, 1), (6, 8)]:
        assert not maze.blocked[cell]
    assert maze.faces[:, :, Side.E][:, :-1].all() and maze.faces[:, :, Side.S][:-1].all()
    assert sum(isinstance(e, ev.CellBlocked) for e in events) == maze.blocked.sum()


@pytest.mark.parametrize("threshold", [0.1, 0.407, 0.7])
def test_threshold_blocked_share_is_close_to_the_threshold(threshold):
    rows, cols, seeds = 20, 20, 50
    free = rows * cols - len(always_open(rows, cols))
    blocked = sum(build("threshold", rows, cols, seed=s, threshold=threshold)[0].blocked.sum()
                  for s in range(seeds))
    share = blocked / (free * seeds)
    sigma = (threshold * (1 - threshold) / (free * seeds)) ** 0.5
    assert abs(share - threshold) < 4 * sigma


def test_threshold_extremes():
    assert not build("threshold", 4, 4, threshold=0.0)[0].blocked.any()
    full = build("threshold", 4, 4, threshold=1.0)[0]
    assert full.blocked.sum() == 16 - 3


def test_threshold_transcript_on_a_2x2_grid():
    maze, events = build("threshold", 2, 2, threshold=1.0)
    assert events == [ev.GridCreated(2, 2, maze.surface, True, "passage"),
                      ev.CellBlocked((1, 0)),
                      ev.Milestone("blocked 1 of 4 cells", kind=ev.MilestoneKind.BLOCKED)]


def test_threshold_rejects_an_impossible_threshold():
    with pytest.raises(ValueError, match="threshold"):
        build("threshold", 3, 3, threshold=2)


# --- reverse-delete ---------------------------------------------------------------------------

def test_fisher_yates_swaps_each_slot_with_a_later_one_and_permutes():
    walls = list(range(10))
    swaps = list(fisher_yates(walls, np.random.default_rng(4)))
    assert [i for i, _ in swaps] == list(range(9))
    assert all(j >= i for i, j in swaps)
    assert sorted(walls) == list(range(10)) and walls != list(range(10))


def test_reverse_delete_transcript_on_a_1x2_grid():
    maze, events = build("reverse_delete", 1, 2)
    assert events == [
        ev.GridCreated(1, 2, maze.surface, True, "open"),
        ev.Milestone("Fisher–Yates shuffle of 1 wall", kind=ev.MilestoneKind.SHUFFLE),
        ev.Milestone("shuffled: try each wall", kind=ev.MilestoneKind.SHUFFLED),
        ev.WallConsidered((0, 0), Side.E),
        ev.CellMarked((0, 0), Mark.TESTED),          # the test starts from both sides
        ev.CellMarked((0, 1), Mark.TESTED),
        ev.WallRejected((0, 0), Side.E, ev.Rejection.WOULD_DISCONNECT),
        ev.MarksCleared(Mark.TESTED),
        ev.Milestone("spanning tree", kind=ev.MilestoneKind.SPANNING_TREE),
    ]


def test_reverse_delete_on_a_2x2_grid_builds_one_wall_after_a_full_test():
    maze, events = build("reverse_delete", 2, 2, seed=5)
    verdicts = [e for e in events if isinstance(e, (ev.WallClosed, ev.WallRejected))]
    assert len(verdicts) == 4
    # the first wall tried closes the only cycle: its test walks round the other three walls
    assert isinstance(verdicts[0], ev.WallClosed)
    assert all(isinstance(v, ev.WallRejected) and v.reason is ev.Rejection.WOULD_DISCONNECT
               for v in verdicts[1:])
    first = events.index(verdicts[0])
    tested = [e.cell for e in events[:first] if isinstance(e, ev.CellMarked)]
    assert len(tested) == 4 and len(set(tested)) == 4
    assert events[first + 1] == ev.MarksCleared(Mark.TESTED)


# --- Kruskal, two union-finds -------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(5))
def test_naive_union_cost_is_the_number_of_cells_relabelled(seed):
    maze, events = build("kruskal_naive", 6, 7, seed=seed)
    zone = {(r, c): (r, c) for r in range(6) for c in range(7)}
    for e in events:
        if isinstance(e, ev.SetsMerged):
            moved = [cell for cell, z in zone.items() if z == e.b]
            assert e.cost == len(moved) and e.root == e.a
            for cell in moved:
                zone[cell] = e.a
    assert len(set(zone.values())) == 1
    assert is_spanning_tree(maze)


def test_tarjan_union_costs_less_than_naive_relabelling_on_a_large_grid():
    total = {}
    for name in ("kruskal", "kruskal_naive"):
        _, events = build(name, 30, 30, seed=1)
        total[name] = sum(e.cost for e in events if isinstance(e, ev.SetsMerged))
    assert total["kruskal"] < total["kruskal_naive"]


# --- braiding ---------------------------------------------------------------------------------

@pytest.mark.parametrize("share", [0.0, 0.3, 0.5, 1.0])
@pytest.mark.parametrize("surface", ["plane", "torus", "projective"])
def test_braid_removes_the_asked_share_of_dead_ends(share, surface):
    maze, _ = build("backtracker", 8, 8, surface, seed=2)
    before = len(dead_ends(maze))
    events = list(braid(maze, share, np.random.default_rng(0)))
    removed = before - len(dead_ends(maze))
    target = round(share * before)
    assert target <= removed <= target + 1
    opened = [e for e in events if isinstance(e, ev.WallOpened)]
    assert stats.maze_stats(maze)["loops"] == len(opened)
    assert isinstance(events[0], ev.Milestone) and isinstance(events[-1], ev.Milestone)
    assert maze.is_perfect() == (share == 0.0 or not opened)


def test_braid_share_out_of_range():
    with pytest.raises(ValueError, match="braid"):
        list(braid(Maze(2, 2), -1, np.random.default_rng(0)))


# --- entrance and exit ------------------------------------------------------------------------

def test_first_backtrack_rule_reads_the_backtracker_events():
    maze, events = build("backtracker", 6, 6, seed=3)
    history = History()
    for e in events:
        history.see(e)
    first_current = next(e.cell for e in events
                         if isinstance(e, ev.CellMarked) and e.mark == Mark.CURRENT)
    backtrack = next(e.cell for e in events
                     if isinstance(e, ev.Milestone) and e.label == "first backtrack")
    placed = list(place(maze, "first_backtrack", history))
    assert placed[0].entrance == backtrack and placed[0].exit == first_current
    assert (maze.entrance, maze.exit) == (backtrack, first_current)


def test_openings_rule_opens_top_of_first_cell_and_bottom_of_last():
    maze, _ = build("kruskal", 4, 5)
    event = list(place(maze, "openings"))[0]
    assert event == ev.EndpointsSet((0, 0), (3, 4), Side.N, Side.S)
    assert maze.faces[0, 0, Side.N] and maze.faces[3, 4, Side.S]


@pytest.mark.parametrize("name", ["kruskal", "threshold"])
def test_longest_rule_puts_the_ends_a_diameter_apart(name):
    maze, _ = build(name, 7, 7, seed=4)
    event = list(place(maze, "longest"))[0]
    adj = stats.adjacency(maze)
    eccentricity = max(max(stats.distances(adj, cell).values()) for cell in adj)
    assert stats.distances(adj, event.entrance)[event.exit] == eccentricity


def test_explicit_endpoints_open_the_border_when_they_are_on_it():
    maze, _ = build("kruskal", 4, 4)
    event = list(place(maze, ((2, 0), (1, 1))))[0]
    assert event == ev.EndpointsSet((2, 0), (1, 1), Side.W, None)


def test_naive_kruskal_transcript_on_a_1x2_grid():
    maze, events = build("kruskal_naive", 1, 2)
    assert events == [
        ev.GridCreated(1, 2, maze.surface, False, "sets"),
        ev.WallConsidered((0, 0), Side.E),
        ev.SetsMerged((0, 0), (0, 1), (0, 0), 1),
        ev.WallOpened((0, 0), Side.E),
        ev.Milestone("all sets merged", kind=ev.MilestoneKind.ALL_MERGED),
    ]


def test_braid_transcript_on_a_2x2_u_shape():
    maze = Maze(2, 2)
    for cell, side in (((0, 0), Side.S), ((1, 0), Side.E), ((1, 1), Side.N)):
        maze.open_wall(cell, side)
    events = list(braid(maze, 1.0, np.random.default_rng(0)))
    assert events == [
        ev.Milestone("braiding: remove 2 of 2 dead ends", kind=ev.MilestoneKind.BRAIDING),
        events[1], ev.Milestone("braided: 2 → 0 dead ends", kind=ev.MilestoneKind.BRAIDED)]
    assert events[1] in (ev.WallOpened((0, 0), Side.E), ev.WallOpened((0, 1), Side.W))


@pytest.mark.parametrize("raw", [
    {"maze": {"rows": 7, "cols": 9}, "generator": "backtracker", "braid": 0.7,
     "endpoints": "first_backtrack"},
    {"maze": {"rows": 5, "cols": 5, "surface": "klein"}, "generator": "kruskal_naive",
     "braid": 0.4, "endpoints": "longest"},
    {"maze": {"rows": 6, "cols": 6}, "generator": {"name": "threshold", "threshold": 0.4},
     "endpoints": {"entrance": [0, 0], "exit": [5, 5]}},
    {"maze": {"rows": 5, "cols": 6}, "generator": "reverse_delete", "endpoints": "openings"},
])
def test_whole_panel_stream_replays_to_the_model(raw):
    from pathlib import Path

    from streams import maze_phases
    from visualizer.scenario import parse

    spec = parse(raw, Path("x.yaml")).panels[0]
    m = spec.maze
    model = Maze(m.rows, m.cols, m.surface)
    events = [e for _, e in maze_phases(spec, model)]
    assert replay(events) == model
    assert model.entrance is not None and model.exit is not None


def test_built_gives_the_maze_and_rng_the_solver_sees():
    from pathlib import Path

    from streams import built, maze_stream
    from visualizer.scenario import parse

    spec = parse({"maze": {"rows": 6, "cols": 7}, "generator": "backtracker", "braid": 0.5,
                  "solver": "bfs"}, Path("x.yaml")).panels[0]
    events, maze, rng = built(spec)
    stream = list(maze_stream(spec))
    assert stream[:len(events)] == events
    assert replay(events) == maze and not maze.is_perfect()

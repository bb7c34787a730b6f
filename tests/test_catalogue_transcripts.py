"""The catalogue's generators on tiny grids: exact event transcripts where the moves are
forced, the shape of each step where they are not, and the surfaces each one refuses."""
from __future__ import annotations

import numpy as np
import pytest

from visualizer import events as ev
from visualizer import registry
from visualizer.events import Mark, Side
from visualizer.maze import Maze, replay

E, W, N, S = Side.E, Side.W, Side.N, Side.S


def run(name: str, rows: int, cols: int, surface: str = "plane", seed: int = 0, **params):
    maze = Maze(rows, cols, surface)
    events = list(registry.get("generator", name).func(maze, rng=np.random.default_rng(seed),
                                                       **params))
    assert isinstance(events[0], ev.GridCreated)
    assert replay(events) == maze
    return maze, events[1:]


def test_aldous_broder_on_a_1x2_grid():
    _, events = run("aldous_broder", 1, 2, start=(0, 0))
    assert events == [ev.CellMarked((0, 0), Mark.WALKER), ev.WallOpened((0, 0), E),
                      ev.CellMarked((0, 1), Mark.WALKER, 1), ev.CellMarked((0, 1), Mark.CLEAR)]


def test_aldous_broder_counts_every_step_and_carves_only_first_visits():
    maze, events = run("aldous_broder", 4, 4, seed=3)
    walks = [e for e in events if isinstance(e, ev.CellMarked) and e.mark == Mark.WALKER]
    assert [e.count for e in walks] == list(range(len(walks)))
    first_visits, seen = 0, {walks[0].cell}
    for b in walks[1:]:
        if b.cell not in seen:
            seen.add(b.cell)
            first_visits += 1
    assert first_visits == maze.cells - 1 == sum(isinstance(e, ev.WallOpened) for e in events)


def test_wilson_on_a_1x2_grid():
    _, events = run("wilson", 1, 2, start=(0, 0))
    assert events == [
        ev.CellMarked((0, 0), Mark.CLEAR),
        ev.CellMarked((0, 1), Mark.WALKER),
        ev.WallOpened((0, 1), W),
        ev.MarksCleared(Mark.WALK), ev.MarksCleared(Mark.WALKER),
        ev.Milestone("the first walk, its loops erased, joins the maze", (0, 1)),
    ]


def test_wilson_erases_loops_and_opens_only_the_loop_erased_walk():
    """Replaying the walk events by hand: the walk is a path (no cell twice), an erased
    loop is exactly the walk's cells after the cell returned to, and the opened walls are
    the walk's steps."""
    maze, events = run("wilson", 5, 5, "torus", seed=8)
    walk: list = []
    pending: list = []
    erased = 0
    for e in events:
        if isinstance(e, ev.CellMarked) and e.mark == Mark.WALKER:
            if e.cell in walk:                      # back onto the walk: a loop was erased
                assert walk[walk.index(e.cell) + 1:] == pending
                erased += len(pending)
                del walk[walk.index(e.cell) + 1:]
            else:
                walk.append(e.cell)
            pending = []
        elif isinstance(e, ev.CellMarked) and e.mark == Mark.ERASED:
            pending.append(e.cell)
        elif isinstance(e, ev.MarksCleared) and e.mark == Mark.WALKER:
            walk = []
        assert len(set(walk)) == len(walk)
    assert erased > 0
    assert maze.is_perfect()


@pytest.mark.parametrize("seed", range(4))
def test_hunt_and_kill_hunts_when_stuck(seed):
    _, events = run("hunt_and_kill", 1, 3, seed=seed, start=(0, 1))
    went = events[1].side                           # the walk's one step, east or west
    far, other = ((0, 2), (0, 0)) if went == E else ((0, 0), (0, 2))
    assert events == [
        ev.CellMarked((0, 1), Mark.WALKER), ev.WallOpened((0, 1), went),
        ev.CellMarked(far, Mark.WALKER),
        ev.Milestone("stuck: the hunt scans row by row", far),
        ev.CellsMarked(((0, 0), (0, 1), (0, 2)), Mark.SCAN, True),    # the row, one event
        ev.WallOpened(other, went),          # back towards the start, as the walk went
        ev.CellMarked(other, Mark.WALKER),
        ev.Milestone("hunt 1: found a cell next to the maze", other),
        ev.MarksCleared(Mark.SCAN), ev.CellMarked(other, Mark.CLEAR),
    ]


def test_hunt_and_kill_on_a_3x1_grid_skips_full_rows():
    """From the middle the walk goes one way; the hunt skips the rows with no cell outside
    the maze (no event for them) and scans the last row only."""
    for seed in range(4):
        _, events = run("hunt_and_kill", 3, 1, seed=seed, start=(1, 0))
        went = events[1].side
        far, other = ((0, 0), (2, 0)) if went == N else ((2, 0), (0, 0))
        assert events == [
            ev.CellMarked((1, 0), Mark.WALKER), ev.WallOpened((1, 0), went),
            ev.CellMarked(far, Mark.WALKER),
            ev.Milestone("stuck: the hunt scans row by row", far),
            ev.CellsMarked((other,), Mark.SCAN, replacing=True),
            ev.WallOpened(other, went), ev.CellMarked(other, Mark.WALKER),   # towards (1, 0)
            ev.Milestone("hunt 1: found a cell next to the maze", other),
            ev.MarksCleared(Mark.SCAN), ev.CellMarked(other, Mark.CLEAR),
        ]


@pytest.mark.parametrize("surface", ["plane", "torus", "klein", "sphere"])
def test_hunt_and_kill_scans_whole_rows_down_to_the_first_cell_it_can_join(surface):
    """Every hunt: one CellsMarked(scan, replacing) per row, whole rows in order from the
    first row with a cell outside the maze; a row without a joinable cell is followed by the
    next row's, the cell found is the first of its row outside the maze with a neighbour in
    it, and the scan line is cleared after it. Only the first hunt has milestones."""
    rows, cols = 6, 6                     # square: the sphere needs it
    failed_rows = hunts = 0
    for seed in range(6):
        events = list(registry.get("generator", "hunt_and_kill").func(
            Maze(rows, cols, surface), rng=np.random.default_rng(seed)))
        state = Maze(rows, cols, surface)
        inside: set[tuple[int, int]] = set()
        scanned: list[int] = []
        for before, e in zip(events, events[1:]):
            if isinstance(e, ev.CellsMarked):
                if isinstance(before, ev.CellsMarked):      # the row before: none to join
                    failed_rows += 1
                    assert not [c for c in range(cols)
                                if joinable(state, inside, (scanned[-1], c))]
                row = e.cells[0][0]
                assert e.mark == Mark.SCAN and e.replacing
                assert e.cells == tuple((row, c) for c in range(cols))
                if not scanned:
                    assert row == min(r for r in range(rows) for c in range(cols)
                                      if (r, c) not in inside)
                else:
                    assert row > scanned[-1]
                scanned.append(row)
            elif isinstance(e, ev.MarksCleared):
                assert e.mark == Mark.SCAN and isinstance(before, (ev.CellMarked, ev.Milestone))
            elif isinstance(e, ev.WallOpened) and scanned:
                first = [c for c in range(cols) if joinable(state, inside, (scanned[-1], c))]
                assert e.cell == (scanned[-1], first[0])
                hunts += 1
                scanned = []
            if isinstance(e, ev.CellMarked) and e.mark == Mark.WALKER:
                inside.add(e.cell)
            state.apply(e)
        assert len([e for e in events if isinstance(e, ev.Milestone)]) == 2
        assert state.is_perfect() and len(inside) == rows * cols
    assert hunts > 12
    assert failed_rows > 0 or surface != "plane"   # glued rows always touch the maze here


def joinable(maze: Maze, inside: set, cell: tuple[int, int]) -> bool:
    """`cell` is outside the maze and has a neighbour in it."""
    return cell not in inside and any(step.cell in inside
                                      for _, step in maze.surface.neighbours(cell))


def test_growing_tree_newest_on_a_1x2_grid():
    _, events = run("growing_tree", 1, 2, start=(0, 0))
    assert events == [
        ev.CellMarked((0, 0), Mark.CURRENT), ev.WallOpened((0, 0), E),
        ev.CellMarked((0, 1), Mark.CURRENT), ev.CellMarked((0, 1), Mark.DONE),
        ev.CellMarked((0, 0), Mark.CURRENT), ev.CellMarked((0, 0), Mark.DONE),
    ]


@pytest.mark.parametrize("pop", ["newest", "oldest", "middle", "random", "mix"])
def test_growing_tree_grows_from_an_active_cell(pop):
    """Every wall opened leaves the current cell, which is active (marked, not done)."""
    maze, events = run("growing_tree", 5, 6, "klein", seed=2, pop=pop)
    current, done = None, set()
    for e in events:
        if isinstance(e, ev.CellMarked):
            if e.mark == Mark.CURRENT:
                assert e.cell not in done
                current = e.cell
            elif e.mark == Mark.DONE:
                done.add(e.cell)
        elif isinstance(e, ev.WallOpened):
            assert e.cell == current
    assert len(done) == maze.cells and maze.is_perfect()


def test_growing_tree_oldest_grows_breadth_first():
    """With pop: oldest the first cell is done before any other (it grows until full)."""
    _, events = run("growing_tree", 4, 4, seed=1, pop="oldest", start=(1, 1))
    first_done = next(e for e in events if isinstance(e, ev.CellMarked) and e.mark == Mark.DONE)
    assert first_done.cell == (1, 1)


def test_prim_on_a_1x2_grid():
    _, events = run("prim", 1, 2, start=(0, 0))
    assert events == [
        ev.CellMarked((0, 1), Mark.FRONTIER), ev.CellMarked((0, 1), Mark.WALKER),
        ev.WallOpened((0, 1), W), ev.CellMarked((0, 1), Mark.CLEAR),
    ]


def test_prim_joins_frontier_cells_only():
    _, events = run("prim", 6, 6, "projective", seed=4)
    frontier = set()
    for e in events:
        if isinstance(e, ev.CellMarked) and e.mark == Mark.FRONTIER:
            frontier.add(e.cell)
        elif isinstance(e, ev.CellMarked) and e.mark == Mark.WALKER:
            assert e.cell in frontier
            frontier.remove(e.cell)


def test_prim_true_on_a_1x2_grid():
    _, events = run("prim_true", 1, 2, start=(0, 0))
    assert events[0] == ev.CellMarked((0, 0), Mark.CLEAR)
    assert events[1].cell == (0, 1) and events[1].mark in (Mark.CHEAP, Mark.MIDDLING, Mark.DEAR)
    assert events[2:] == [ev.WallConsidered((0, 0), E), ev.WallOpened((0, 0), E),
                          ev.CellMarked((0, 1), Mark.CLEAR)]


@pytest.mark.parametrize("rows, cols, surface", [(5, 5, "plane"), (24, 31, "plane"),
                                                 (20, 20, "sphere"), (17, 22, "klein")])
def test_prim_true_always_opens_the_lightest_wall_out_of_the_maze(rows, cols, surface):
    """The tree is the minimum spanning tree of the wall weights (drawn again from the same
    seed, each wall weighing what its smaller face draws), built here by Kruskal; on the
    bigger grids its heavy walls wait in many small queues."""
    maze = Maze(rows, cols, surface)
    rng = np.random.default_rng(6)
    list(registry.get("generator", "prim_true").func(maze, rng=rng))
    weights = np.random.default_rng(6).random((rows * cols, 4))
    target, entered, _ = maze.surface.step_table
    edges = []
    for r, c, side in maze.surface.internal_walls:
        i = r * cols + c
        j, back = int(target[i, side]), int(entered[i, side])
        edges.append((min((i, side, weights[i, side]), (j, back, weights[j, back]),
                          key=lambda t: t[:2])[2], (r, c, side), i, j))
    parent = list(range(rows * cols))

    def find(x):
        while parent[x] != x:
            x = parent[x]
        return x
    mst = set()
    for _, key, i, j in sorted(edges):
        if find(i) != find(j):
            parent[find(i)] = find(j)
            mst.add(key)
    assert set(maze.open_walls()) == mst


def test_eller_works_row_by_row():
    maze, events = run("eller", 4, 5, seed=5)
    assert run("eller", 4, 5, seed=5)[0] == maze
    row = -1
    for e in events:
        if isinstance(e, ev.WallConsidered):
            assert e.cell[0] >= row
            row = e.cell[0]
            assert e.side in (E, S)
    assert events[-1] == ev.Milestone("all sets merged", kind=ev.MilestoneKind.ALL_MERGED)
    reasons = {e.reason for e in events if isinstance(e, ev.WallRejected)}
    assert reasons <= {ev.Rejection.SAME_SET, ev.Rejection.CHANCE}
    # each row starts with one CellsMarked(clear): its cells not linked down from above
    linked = {(e.cell[0] + 1, e.cell[1]) for e in events
              if isinstance(e, ev.WallOpened) and e.side == S}
    fresh = [e for e in events if isinstance(e, ev.CellsMarked)]
    assert [e.mark for e in fresh] == [Mark.CLEAR] * len(fresh)
    assert [c for e in fresh for c in e.cells] == [
        (r, c) for r in range(4) for c in range(5) if (r, c) not in linked]


def test_eller_on_a_1x2_and_a_2x1_grid():
    _, events = run("eller", 1, 2)
    assert events == [
        ev.CellsMarked(((0, 0), (0, 1)), Mark.CLEAR), ev.CellMarked((0, 0), Mark.WALKER),
        ev.WallConsidered((0, 0), E), ev.SetsMerged((0, 0), (0, 1), (0, 0), 0),
        ev.WallOpened((0, 0), E), ev.MarksCleared(Mark.WALKER),
        ev.Milestone("all sets merged", kind=ev.MilestoneKind.ALL_MERGED)]
    _, events = run("eller", 2, 1)
    assert events == [
        ev.CellsMarked(((0, 0),), Mark.CLEAR), ev.CellMarked((0, 0), Mark.WALKER),
        ev.WallConsidered((0, 0), S), ev.SetsMerged((0, 0), (1, 0), (0, 0), 0),
        ev.WallOpened((0, 0), S), ev.MarksCleared(Mark.WALKER),
        ev.Milestone("all sets merged", kind=ev.MilestoneKind.ALL_MERGED)]


def test_eller_uses_the_rows_glued_ends_on_the_torus():
    glued = 0
    for seed in range(4):
        maze, _ = run("eller", 4, 4, "torus", seed=seed)
        assert maze.is_perfect()
        glued += sum(maze.faces[r, 3, E] for r in range(4))
    assert glued > 0


def test_sidewinder_on_a_1x3_grid():
    _, events = run("sidewinder", 1, 3)
    assert events == [
        ev.CellMarked((0, 0), Mark.RUN), ev.WallConsidered((0, 0), E), ev.WallOpened((0, 0), E),
        ev.CellMarked((0, 1), Mark.RUN), ev.WallConsidered((0, 1), E), ev.WallOpened((0, 1), E),
        ev.CellMarked((0, 2), Mark.RUN), ev.MarksCleared(Mark.RUN),
        ev.MarksCleared(Mark.WALKER),
    ]


def test_sidewinder_opens_north_from_a_cell_of_the_run():
    _, events = run("sidewinder", 5, 6, seed=1)
    run_cells: list = []
    for e in events:
        if isinstance(e, ev.CellMarked) and e.mark == Mark.RUN:
            run_cells.append(e.cell)
        elif isinstance(e, ev.WallOpened) and e.side == N:
            assert e.cell in run_cells
        elif isinstance(e, ev.MarksCleared) and e.mark == Mark.RUN:
            run_cells = []


def test_binary_tree_on_a_2x2_grid():
    maze, events = run("binary_tree", 2, 2, seed=0)
    events = [e for e in events if not isinstance(e, ev.WallConsidered)]
    assert events[:2] == [ev.CellMarked((0, 0), Mark.WALKER), ev.WallOpened((0, 0), E)]
    assert events[2] == ev.CellMarked((0, 1), Mark.WALKER)            # the corner: no wall
    assert events[3] == ev.CellMarked((1, 0), Mark.WALKER)
    assert events[4].side in (N, E) and events[4].cell == (1, 0)
    assert events[5:] == [ev.CellMarked((1, 1), Mark.WALKER), ev.WallOpened((1, 1), N),
                          ev.MarksCleared(Mark.WALKER)]
    # the bias: the top row and the east column are corridors
    assert maze.faces[0, 0, E] and maze.faces[1, 1, N]


def test_recursive_division_on_a_2x2_grid():
    _, events = run("recursive_division", 2, 2, seed=3)
    assert events[0] == ev.CellsMarked(((0, 0), (0, 1), (1, 1), (1, 0)), Mark.CHAMBER)
    built, door = events[1], events[2]
    assert isinstance(built, ev.WallClosed) and isinstance(door, ev.WallConsidered)
    assert built.side == door.side
    assert events[3:] == [ev.WallRejected(door.cell, door.side, ev.Rejection.GAP),
                          ev.MarksCleared(Mark.CHAMBER)]


def test_recursive_division_splits_across_the_longer_side():
    _, events = run("recursive_division", 2, 7, seed=0)
    first = next(e for e in events if isinstance(e, ev.WallClosed))
    assert first.side == E


LIMITED = {"eller": {"plane", "torus", "klein"}, "sidewinder": {"plane"},
           "binary_tree": {"plane"}, "recursive_division": {"plane"}}


@pytest.mark.parametrize("name", sorted(LIMITED))
def test_limited_generators_say_where_and_why(name):
    algo = registry.get("generator", name)
    assert algo.surfaces == LIMITED[name]
    reason = algo.extra["surface_reason"]
    where = "plane only" if LIMITED[name] == {"plane"} else "plane, torus, Klein bottle"
    assert f"({where}: " in algo.summary                      # --list says where, and why
    with pytest.raises(ValueError) as refused:
        list(algo.func(Maze(3, 3, "sphere"), rng=np.random.default_rng(0)))
    assert str(refused.value) == f"{name} cannot run on the surface `sphere`: {reason}"


def test_every_new_generator_runs_on_every_surface_it_accepts():
    """A perfect maze on each accepted surface, on a grid with glued double edges."""
    for name in ("aldous_broder", "wilson", "hunt_and_kill", "growing_tree", "prim",
                 "prim_true", "eller", "sidewinder", "binary_tree", "recursive_division"):
        algo = registry.get("generator", name)
        for surface in ("plane", "torus", "klein", "klein_lr", "projective", "sphere"):
            if algo.surfaces is None or surface in algo.surfaces:
                maze, _ = run(name, 2, 2, surface, seed=1)
                assert maze.is_perfect(), (name, surface)


def test_recursive_division_outlines_each_chamber():
    """The chamber marks before each new wall (one CellsMarked) run once round the edge of
    a rectangle that holds the wall, clockwise from its north-west corner."""
    _, events = run("recursive_division", 5, 6, seed=2)
    ring: list = []
    chambers = 0
    for e in events:
        assert not isinstance(e, ev.CellMarked)
        if isinstance(e, ev.CellsMarked):
            assert e.mark == Mark.CHAMBER and not ring
            ring = list(e.cells)
        elif isinstance(e, ev.WallClosed) and ring:
            rows = [r for r, _ in ring]
            cols = [c for _, c in ring]
            top, bottom, left, right = min(rows), max(rows), min(cols), max(cols)
            clockwise = [(top, c) for c in range(left, right + 1)] \
                + [(r, right) for r in range(top + 1, bottom + 1)] \
                + [(bottom, c) for c in range(right - 1, left - 1, -1)] \
                + [(r, left) for r in range(bottom - 1, top, -1)]
            assert ring == clockwise
            assert top <= e.cell[0] <= bottom and left <= e.cell[1] <= right
            ring = []
            chambers += 1
    assert chambers > 5


@pytest.mark.parametrize("name", ["binary_tree", "sidewinder"])
def test_each_choice_is_shown_before_the_wall_opens(name):
    _, events = run(name, 4, 5, seed=3)
    for before, after in zip(events, events[1:]):
        if isinstance(after, ev.WallOpened):
            assert before == ev.WallConsidered(after.cell, after.side)


def test_prim_true_heavy_queue_gives_its_keys_smallest_first():
    from visualizer.generators.prim import _Buckets

    rng = np.random.default_rng(0)
    queue = _Buckets(1000, 60_000)
    keys = rng.choice(np.arange(1000, 60_000), size=5000, replace=False).tolist()
    waiting: set[int] = set()
    for k, key in enumerate(keys):              # pushes and pops mixed, as prim_true does
        queue.push(key)
        waiting.add(key)
        if k % 3 == 2:
            smallest = queue.pop()
            assert smallest == min(waiting)
            waiting.remove(smallest)
    while queue:
        smallest = queue.pop()
        assert smallest == min(waiting)
        waiting.remove(smallest)
    assert not waiting
    assert len(queue.heaps) <= 2048
    for key in (1000 + 7, 59_999, 30_000):
        queue.push(key)
    assert [queue.pop() for _ in range(3)] == [1007, 30_000, 59_999]

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


def test_aldous_broder_on_a_1x3_plane():
    """Worked by hand from the seed's sides (N E S W = 0 1 2 3; a side that leads nowhere
    stays put): E enters (0, 1); then S W W W W N S N W W S W S N E S W W E S N E wanders
    (0, 1) → (0, 0) and back twice, the last E enters (0, 2): 22 steps, 23 in all."""
    _, events = run("aldous_broder", 1, 3, start=(0, 0))
    assert events == [
        ev.CellMarked((0, 0), Mark.WALKER),
        ev.Walked((0, 1), 1, 1, bytes([1])), ev.WallOpened((0, 0), E),
        ev.Walked((0, 2), 22, 23, bytes([2, 3, 3, 3, 3, 0, 2, 0, 3, 3, 2, 3, 2, 0, 1, 2, 3,
                                         3, 1, 2, 0, 1])), ev.WallOpened((0, 1), E),
        ev.CellMarked((0, 2), Mark.CLEAR)]


def test_aldous_broder_carves_across_a_glued_edge():
    """The same draws on a one-row torus: S from (0, 1) is glued to itself (a step that
    stays), W W crosses from (0, 0) to (0, 2) over the glued edge, which is opened."""
    _, events = run("aldous_broder", 1, 3, "torus", start=(0, 0))
    assert events == [
        ev.CellMarked((0, 0), Mark.WALKER),
        ev.Walked((0, 1), 1, 1, bytes([1])), ev.WallOpened((0, 0), E),
        ev.Walked((0, 2), 3, 4, bytes([2, 3, 3])), ev.WallOpened((0, 0), W),
        ev.CellMarked((0, 2), Mark.CLEAR)]


def walker_cells(surface, start, trail):
    """The cells a trail goes through, stepped one side at a time with `Surface.move`."""
    here, out = start, []
    for side in trail:
        step = surface.move(here, Side(side))
        here = here if step is None else step.cell
        out.append(here)
    return out


@pytest.mark.parametrize("surface", ["plane", "klein", "sphere"])
def test_aldous_broder_counts_every_step_and_carves_only_first_visits(surface):
    """Each stretch, replayed side by side with `Surface.move`: it ends on its cell, enters
    no new cell before its last step, and its last step is the wall opened."""
    maze, events = run("aldous_broder", 4, 4, surface, seed=3)
    here = events[0].cell
    seen, count = {here}, 0
    for walked, opened in zip(events[1:-1:2], events[2:-1:2]):
        assert isinstance(walked, ev.Walked) and isinstance(opened, ev.WallOpened)
        assert len(walked.trail) == walked.steps and walked.count == count + walked.steps
        assert walked.cut == 0 and walked.grew == ()
        path = walker_cells(maze.surface, here, walked.trail)
        assert path[-1] == walked.cell and walked.cell not in seen
        assert set(path[:-1]) <= seen                       # no first visit before the last
        before = path[-2] if len(path) > 1 else here
        assert opened == ev.WallOpened(before, Side(walked.trail[-1]))
        assert maze.surface.move(before, opened.side).cell == walked.cell
        seen.add(walked.cell)
        here, count = walked.cell, walked.count
    assert len(seen) == maze.cells and events[-1] == ev.CellMarked(here, Mark.CLEAR)


def test_wilson_on_a_1x3_plane():
    """The root is (0, 0); the walk from (0, 2): S stays put, W grows the walk to (0, 1),
    W enters the maze: one stretch of 3 steps, both cells kept, walls opened from the head
    back."""
    _, events = run("wilson", 1, 3, start=(0, 0))
    assert events == [
        ev.CellMarked((0, 0), Mark.CLEAR),
        ev.Walked((0, 0), 3, 3, bytes([2, 3, 3]), 0, ((0, 2), (0, 1))),
        ev.WallOpened((0, 1), W), ev.WallOpened((0, 2), W),
        ev.MarksCleared(Mark.WALK),
        ev.Milestone("the first walk, its loops erased, joins the maze", (0, 1)),
        ev.MarksCleared(Mark.WALKER),
    ]


def loop_erased(cells):
    """Chronological loop erasure of a walk given as its cells, done here independently."""
    walk: list = []
    for cell in cells:
        if cell in walk:
            del walk[walk.index(cell) + 1:]
        else:
            walk.append(cell)
    return walk


@pytest.mark.parametrize("surface,seed", [("torus", 8), ("plane", 2), ("projective", 5)])
def test_wilson_erases_loops_and_opens_only_the_loop_erased_walk(surface, seed):
    """Replaying each walk's trails step by step and erasing its loops here: after every
    Walked event the walk it tells (cut, grew, then loop) is the loop-erased walk so far; a
    loop of two or more cells ends a stretch, and only such a loop; the opened walls are
    the loop-erased walk's steps."""
    maze, events = run("wilson", 10, 10, surface, seed=seed)
    in_tree = {events[0].cell}
    told: list = []
    steps: list = []
    here, count, loops, opened, fresh = None, 0, 0, [], True
    for e in events[1:]:
        if isinstance(e, ev.Walked) and fresh:              # a walk starts on its first cell
            here, steps, told, fresh = e.grew[0], [e.grew[0]], [], False
        if isinstance(e, ev.Walked):
            assert len(e.trail) == e.steps and e.count == count + e.steps
            path = walker_cells(maze.surface, here, e.trail)
            before = loop_erased(steps)
            steps += path
            assert path[-1] == e.cell
            if e.cell in in_tree:                           # the walk joins the maze
                after = loop_erased(steps[:-1])
            else:
                after = loop_erased(steps)
            del told[len(told) - e.cut:]
            told += e.grew
            if e.loop:                                      # the stretch ends with a loop
                loops += 1
                assert e.loop >= 2 and largest_loop(before, path[:-1]) < 2
                assert told == loop_erased(steps[:-1])      # ... its last step closes
                assert largest_loop(told, path[-1:]) == e.loop
                del told[len(told) - e.loop:]
            else:                                           # no loop of 2+ cells inside
                assert largest_loop(before, path) < 2
            assert told == after
            here, count = e.cell, e.count
        elif isinstance(e, ev.WallOpened):
            opened.append(e)
        elif isinstance(e, ev.MarksCleared) and e.mark == Mark.WALK:
            walk = told + [here]
            assert opened == [ev.WallOpened(a, side) for a, side in
                              reversed(list(zip(walk, sides_between(maze, walk))))]
            in_tree |= set(told)
            opened, fresh = [], True
    assert loops > 0 and len(in_tree) == maze.cells
    assert maze.is_perfect()


def largest_loop(walk, cells):
    """The most cells one step of `cells` erases from the loop-erased `walk` (0 if none)."""
    walk, most = list(walk), 0
    for cell in cells:
        if cell in walk:
            most = max(most, len(walk) - 1 - walk.index(cell))
            del walk[walk.index(cell) + 1:]
        else:
            walk.append(cell)
    return most


def sides_between(maze, walk):
    """The side each cell of `walk` is left by to reach the next (the one wall between
    them that is open)."""
    out = []
    for a, b in zip(walk, walk[1:]):
        sides = [s for s in Side if maze.surface.move(a, s) is not None
                 and maze.surface.move(a, s).cell == b and maze.is_open(a, s)]
        assert len(sides) == 1
        out.append(sides[0])
    return out


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

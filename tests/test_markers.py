"""Every algorithm's own marker: the wall follower's heading and hand, the wall Kruskal and
reverse-delete consider (and their verdict), Trémaux's chalk on passages, A*'s open set."""
import numpy as np
import pytest

from visualizer import events as ev
from visualizer import registry
from visualizer.events import Mark, Side
from visualizer.maze import Maze, replay
from visualizer.render.maze_panel import MazePanel
from visualizer.render.palette import INDEX, make_theme

THEMES = ("light", "dark")


def run(kind, name, maze, **params):
    return list(registry.get(kind, name).func(maze, **params))


def perfect(rows, cols, surface="plane", seed=0):
    maze = Maze(rows, cols, surface)
    for _ in registry.get("generator", "kruskal").func(maze, rng=np.random.default_rng(seed)):
        pass
    return maze


def built(maze):
    """The events that draw the finished `maze` from a blank grid."""
    return [ev.GridCreated(maze.rows, maze.cols, maze.surface)] + [
        ev.WallOpened((r, c), Side(side)) for r, c, side in maze.open_walls()]


def panel_of(maze, cell_size=13, wall=2):
    """A panel showing the finished `maze` (as an `animate: solve` scenario starts)."""
    panel = MazePanel(maze.rows, maze.cols, cell_size=cell_size, wall=wall,
                      surface=maze.surface.name)
    for event in built(maze):
        panel.apply(event)
    return panel


def inside(panel, cell):
    y, x = panel.cell_origin(cell)
    s = panel.cell_size
    return panel.raster[y:y + s, x:x + s]


def pointing(panel, cell):
    """Where the arrow drawn in `cell` points: the half of the cell with the fewest arrow
    pixels (a triangle narrows towards its tip)."""
    arrow = inside(panel, cell) == INDEX["heading"]
    assert arrow.sum() >= 3, f"no arrow in {cell}"
    s = panel.cell_size
    h = s // 2
    halves = {Side.N: arrow[:h].sum(), Side.S: arrow[s - h:].sum(),
              Side.W: arrow[:, :h].sum(), Side.E: arrow[:, s - h:].sum()}
    return min(halves, key=halves.get)


def strip(panel, cell, side, depth=1, middle=False):
    """The pixels of the wall face on `side` of `cell` and `depth` pixels inside the cell
    (with `middle`, only the middle half of its length: clear of the other sides' strips)."""
    y, x = panel.cell_origin(cell)
    s, w = panel.cell_size, panel.wall
    a, b = (s // 4, s - s // 4) if middle else (0, s)
    return {
        Side.N: panel.raster[y - w:y + depth, x + a:x + b],
        Side.S: panel.raster[y + s - depth:y + s + w, x + a:x + b],
        Side.W: panel.raster[y + a:y + b, x - w:x + depth],
        Side.E: panel.raster[y + a:y + b, x + s - depth:x + s + w],
    }[side]


# --- the wall follower ----------------------------------------------------------------------

def twisted_corridor(surface):
    """(1, 1) → (2, 1) → across the bottom edge: on the Klein bottle the gluing is twisted
    and the walker arrives at (0, 1) mirrored; on the torus straight, also at (0, 1)."""
    maze = Maze(3, 3, surface)
    maze.open_wall((1, 1), Side.S)
    maze.open_wall((2, 1), Side.S)
    return maze


def test_wall_follower_transcript_across_a_twisted_edge():
    events = run("solver", "wall_follower", twisted_corridor("klein"), start=(1, 1),
                 goal=(0, 1))
    assert events == [
        ev.CellMarked((1, 1), Mark.START), ev.CellMarked((0, 1), Mark.GOAL),
        ev.CellMarked((1, 1), Mark.CURRENT), ev.Heading((1, 1), Side.S, Side.E),
        ev.CellMarked((1, 1), Mark.VISITED, 1), ev.Heading((2, 1), Side.S, Side.E),
        ev.CellMarked((2, 1), Mark.CURRENT, 1),
        # the left hand was on the east wall; mirrored, it is the right hand, on the west
        ev.CellMarked((2, 1), Mark.VISITED, 1), ev.Heading((0, 1), Side.S, Side.W),
        ev.CellMarked((0, 1), Mark.CURRENT, 1),
        ev.PathFound(((1, 1), (2, 1), (0, 1)), (Side.S, Side.S)),
    ]


@pytest.mark.parametrize("surface,after", [("klein", Side.W), ("torus", Side.E)])
def test_the_hand_is_drawn_on_the_other_side_after_a_twisted_edge(surface, after):
    maze = twisted_corridor(surface)
    panel = panel_of(maze)
    seen = []
    for event in run("solver", "wall_follower", maze, start=(1, 1), goal=(0, 1)):
        panel.apply(event)
        if isinstance(event, ev.Heading):
            cell = event.cell
            east = (strip(panel, cell, Side.E) == INDEX["hand"]).mean()
            west = (strip(panel, cell, Side.W) == INDEX["hand"]).mean()
            seen.append((cell, Side.E if east > west else Side.W, max(east, west)))
    assert [cell for cell, _, _ in seen] == [(1, 1), (2, 1), (0, 1)]
    assert [side for _, side, _ in seen] == [Side.E, Side.E, after]
    assert all(share > 0.9 for _, _, share in seen), "the hand's face is in the hand colour"


@pytest.mark.parametrize("surface", ["plane", "klein", "projective"])
def test_every_heading_is_drawn_in_its_cell_with_the_hand_on_its_side(surface):
    maze = perfect(8, 8, surface, seed=3)
    panel = panel_of(maze)
    sides = set()
    hands = set()
    for event in run("solver", "wall_follower", maze, start=(0, 0), goal=(7, 7)):
        panel.apply(event)
        if isinstance(event, ev.Heading):
            assert pointing(panel, event.cell) == event.side
            assert (strip(panel, event.cell, event.hand_side) == INDEX["hand"]).mean() > 0.9
            for other in set(Side) - {event.hand_side}:
                assert not (strip(panel, event.cell, other, middle=True)
                            == INDEX["hand"]).any()
            # one arrow, one hand, on the whole panel
            assert (panel.raster == INDEX["hand"]).any()
            sides.add(event.side)
            hands.add((event.hand_side - event.side) % 4)
    assert sides == set(Side), "the arrow turns as the walker turns"
    if surface == "plane":
        assert hands == {3}, "the left hand: always on the left of the heading"
    else:
        assert hands == {1, 3}, "after a twisted edge the hand is on the other side"


def test_the_arrow_turns_when_the_walker_turns():
    maze = Maze(2, 2)
    maze.open_wall((0, 0), Side.E)
    maze.open_wall((0, 1), Side.S)
    panel = panel_of(maze)
    directions = []
    for event in run("solver", "wall_follower", maze, start=(0, 0), goal=(1, 1)):
        panel.apply(event)
        if isinstance(event, ev.Heading):
            directions.append((event.cell, pointing(panel, event.cell)))
    # it faces the way it walked in; at (0, 1) its left hand is on the north wall, the
    # way ahead is walled: it turns right, and faces south in (1, 1)
    assert directions == [((0, 0), Side.E), ((0, 1), Side.E), ((1, 1), Side.S)]
    # the arrow left (0, 0) and (0, 1) behind: only the walker's cell has one
    assert not (inside(panel, (0, 0)) == INDEX["heading"]).any()
    assert not (inside(panel, (0, 1)) == INDEX["heading"]).any()


def test_the_walker_is_drawn_whole_between_its_events():
    """Whichever event a frame ends on, exactly one cell shows the walker."""
    maze = perfect(6, 6, seed=1)
    panel = panel_of(maze)
    started = False
    for event in run("solver", "wall_follower", maze, start=(0, 0), goal=(5, 5)):
        panel.apply(event)
        started |= isinstance(event, ev.Heading)
        if started and not isinstance(event, ev.PathFound):
            arrows = [(r, c) for r in range(6) for c in range(6)
                      if (inside(panel, (r, c)) == INDEX["heading"]).any()]
            assert len(arrows) == 1
            assert (panel.raster == INDEX["stack"]).sum() == 0, "no stack in this lesson"


# --- Kruskal and reverse-delete: the considered wall and its verdict -------------------------

VERDICT = {ev.WallOpened: "opened", ev.WallRejected: "rejected", ev.WallClosed: "built"}
WALL_MARKS = ("considered", "opened", "rejected", "built")


def wall_mark_pixels(panel):
    return {name: int((panel.raster == INDEX[name]).sum()) for name in WALL_MARKS}


@pytest.mark.parametrize("name", ["kruskal", "kruskal_naive", "reverse_delete"])
@pytest.mark.parametrize("per_frame", [1, 7, 23])
def test_every_frame_shows_the_wall_considered_coloured_by_its_verdict(name, per_frame):
    maze = Maze(6, 8)
    events = run("generator", name, maze, rng=np.random.default_rng(4))
    panel = MazePanel(6, 8, cell_size=10, wall=2)
    last, verdict, frames_checked = None, None, 0
    for start in range(0, len(events), per_frame):
        chunk = events[start:start + per_frame]
        for event in chunk:
            panel.apply(event)
            if isinstance(event, ev.WallConsidered):
                last, verdict = event, "considered"
            elif last is not None and type(event) in VERDICT \
                    and (event.cell, event.side) == (last.cell, last.side):
                verdict = VERDICT[type(event)]
            elif not isinstance(event, (ev.SetsMerged, ev.CellMarked, ev.MarksCleared,
                                        ev.WallOpened, ev.WallClosed, ev.WallRejected)):
                last = None         # a milestone: the phase is over
        pixels = wall_mark_pixels(panel)
        if last is None:
            assert sum(pixels.values()) == 0
            continue
        frames_checked += 1
        # exactly one wall marked, in the colour of its verdict
        assert [k for k, v in pixels.items() if v] == [verdict], (start, pixels)
        assert (strip(panel, last.cell, last.side) == INDEX[verdict]).mean() > 0.9
    assert frames_checked >= len(events) // per_frame // 2


def test_opened_and_rejected_walls_look_different():
    for theme in map(make_theme, THEMES):
        colours = {tuple(theme.colours[INDEX[name]]) for name in WALL_MARKS}
        assert len(colours) == len(WALL_MARKS), theme.name
    assert len({INDEX[name] for name in WALL_MARKS}) == len(WALL_MARKS)


def test_kruskal_shows_both_verdicts_and_clears_the_wall_when_done():
    maze = Maze(5, 5)
    panel = MazePanel(5, 5, cell_size=8, wall=2)
    seen = set()
    for event in run("generator", "kruskal", maze, rng=np.random.default_rng(0)):
        panel.apply(event)
        seen |= {k for k, v in wall_mark_pixels(panel).items() if v}
    assert seen == {"considered", "opened", "rejected"}
    assert sum(wall_mark_pixels(panel).values()) == 0, "all sets merged: nothing considered"


@pytest.mark.parametrize("name", ["kruskal", "kruskal_naive", "reverse_delete"])
@pytest.mark.parametrize("surface", ["plane", "klein", "projective"])
def test_replay_rebuilds_the_generated_maze(name, surface):
    maze = Maze(5, 5, surface)
    events = run("generator", name, maze, rng=np.random.default_rng(7))
    assert replay(events) == maze


# --- Trémaux: chalk on the passages ----------------------------------------------------------

def corridor():
    maze = Maze(1, 3)
    maze.open_wall((0, 0), Side.E)
    maze.open_wall((0, 1), Side.E)
    return maze


def test_tremaux_transcript_chalks_passages():
    events = run("solver", "tremaux", corridor(), start=(0, 1), goal=(0, 0))
    assert events == [
        ev.CellMarked((0, 1), Mark.START), ev.CellMarked((0, 0), Mark.GOAL),
        ev.CellMarked((0, 1), Mark.CURRENT),
        ev.PassageMarked((0, 1), Side.E, 1), ev.CellMarked((0, 1), Mark.VISITED, 1),
        ev.CellMarked((0, 2), Mark.CURRENT, 1),
        # a dead end: back the same way, the passage now chalked twice
        ev.PassageMarked((0, 2), Side.W, 2), ev.CellMarked((0, 2), Mark.DEAD_END, 2),
        ev.CellMarked((0, 1), Mark.CURRENT, 2),
        ev.PassageMarked((0, 1), Side.W, 1), ev.CellMarked((0, 1), Mark.VISITED, 1),
        ev.CellMarked((0, 0), Mark.CURRENT, 1),
        ev.PathFound(((0, 1), (0, 0)), (Side.W,)),
    ]


def test_tremaux_chalk_is_drawn_across_the_passages_not_over_the_cells():
    maze = corridor()
    panel = panel_of(maze, cell_size=12, wall=2)
    events = run("solver", "tremaux", maze, start=(0, 1), goal=(0, 0))
    for event in events[:-1]:
        panel.apply(event)
    # the passage (0,1)-(0,2) is chalked twice, (0,0)-(0,1) once: on the face between
    y, x = panel.cell_origin((0, 1))
    s, w = panel.cell_size, panel.wall
    mid = y + s // 2
    assert (panel.raster[mid, x + s:x + s + w] == INDEX["twice"]).all()
    assert (panel.raster[mid, x - w:x] == INDEX["once"]).all()
    # a bar across the passage: it reaches a little into both cells, not their middles
    assert panel.raster[mid, x + s - 1] == INDEX["twice"]
    assert panel.raster[mid, x + s + w] == INDEX["twice"]
    for cell in [(0, 0), (0, 1), (0, 2)]:
        cy, cx = panel.cell_origin(cell)
        assert panel.raster[cy + s // 2, cx + s // 2] not in (INDEX["once"], INDEX["twice"])
    # the ends of the face, along the wall, stay the passage's own colour
    assert panel.raster[y, x + s] not in (INDEX["once"], INDEX["twice"])


def test_tremaux_chalk_survives_repainting_and_snapshots():
    maze = perfect(6, 6, seed=2)
    panel = panel_of(maze)
    events = run("solver", "tremaux", maze, start=(0, 0), goal=(5, 5))
    chalked = {}
    for event in events:
        if isinstance(event, ev.PathFound):
            snap = panel.snapshot()
        panel.apply(event)
        if isinstance(event, ev.PassageMarked):
            chalked[maze.surface.wall_key(event.cell, event.side)] = (event, event.count)
    for picture in (panel, snap):
        for (event, count) in chalked.values():
            face = strip(picture, event.cell, event.side)
            colour = INDEX["once" if count == 1 else "twice"]
            assert (face == colour).any(), (event, count)
    assert snap.chalk == panel.chalk and snap.chalk is not panel.chalk


# --- BFS and A*: frontiers ------------------------------------------------------------------

def marks_seen(name, maze):
    panel = panel_of(maze, cell_size=6)
    seen = set()
    for event in run("solver", name, maze, start=(0, 0), goal=(7, 7)):
        panel.apply(event)
        seen |= set(np.unique(panel.raster).tolist())
    return seen


def test_bfs_frontier_and_visited_and_astar_open_set_are_distinct():
    maze = perfect(8, 8, seed=5)
    bfs, astar = marks_seen("bfs", maze), marks_seen("astar", maze)
    assert {INDEX["frontier"], INDEX["visited"]} <= bfs and INDEX["open_set"] not in bfs
    assert {INDEX["open_set"], INDEX["visited"]} <= astar and INDEX["frontier"] not in astar
    for theme in map(make_theme, THEMES):
        frontier, visited, open_set = (tuple(theme.colours[INDEX[k]])
                                       for k in ("frontier", "visited", "open_set"))
        assert len({frontier, visited, open_set}) == 3, theme.name


def test_astar_transcript_marks_its_open_set():
    maze = corridor()
    assert run("solver", "astar", maze, start=(0, 0), goal=(0, 2)) == [
        ev.CellMarked((0, 0), Mark.START), ev.CellMarked((0, 2), Mark.GOAL),
        ev.Milestone("heuristic: Manhattan", kind=ev.MilestoneKind.HEURISTIC),
        ev.CellMarked((0, 0), Mark.VISITED), ev.CellMarked((0, 1), Mark.OPEN_SET),
        ev.CellMarked((0, 1), Mark.VISITED), ev.CellMarked((0, 2), Mark.OPEN_SET),
        ev.CellMarked((0, 2), Mark.VISITED),
        ev.PathFound(((0, 0), (0, 1), (0, 2)), (Side.E, Side.E)),
    ]


@pytest.mark.parametrize("name", ["wall_follower", "tremaux", "astar"])
def test_solver_events_leave_the_model_as_it_was(name):
    maze = perfect(6, 6, "klein", seed=4)
    before = maze.copy()
    events = run("solver", name, maze, start=(0, 0), goal=(5, 5))
    assert any(isinstance(e, (ev.Heading, ev.PassageMarked)) for e in events) \
        or name == "astar"
    assert replay(built(before) + events) == before
    assert maze == before


def test_new_events_are_in_the_closed_vocabulary():
    assert ev.Heading in ev.EVENT_TYPES and ev.PassageMarked in ev.EVENT_TYPES
    assert Mark.OPEN_SET in tuple(Mark)

"""The distance map: exact transcripts on tiny mazes, the ramp the panel paints, the
legend's words, and the longest path against the exact diameter."""
import numpy as np
import pytest

from visualizer import events as ev
from visualizer import registry
from visualizer.maze import stats
from visualizer.events import Mark, MilestoneKind, Side
from visualizer.maze import Maze
from visualizer.render import legend
from visualizer.render.maze_panel import MazePanel, ramp_band
from visualizer.render.palette import INDEX, RAMP
from visualizer.solvers.distance_map import distance_map


def corridor(n):
    maze = Maze(1, n)
    for c in range(n - 1):
        maze.open_wall((0, c), Side.E)
    return maze


def test_transcript_on_a_corridor():
    assert list(distance_map(corridor(3), start=(0, 0), goal=(0, 2))) == [
        ev.CellMarked((0, 0), Mark.START), ev.CellMarked((0, 2), Mark.GOAL),
        ev.CellMarked((0, 0), Mark.DISTANCE, 0), ev.CellMarked((0, 1), Mark.DISTANCE, 1),
        ev.CellMarked((0, 2), Mark.DISTANCE, 2),
        ev.Milestone("farthest: (0, 2), 2 moves away", (0, 2), MilestoneKind.FARTHEST),
        ev.PathFound(((0, 0), (0, 1), (0, 2)), (Side.E, Side.E)),
    ]


def test_transcript_with_the_second_flood():
    """From the middle of a corridor of 3 the first flood ends at (0, 0) (ties: the last
    reached, west after east); the second flood from there finds the whole corridor."""
    events = list(distance_map(corridor(3), start=(0, 1), goal=(0, 2), longest=True))
    assert events == [
        ev.CellMarked((0, 1), Mark.START), ev.CellMarked((0, 2), Mark.GOAL),
        ev.CellMarked((0, 1), Mark.DISTANCE, 0), ev.CellMarked((0, 2), Mark.DISTANCE, 1),
        ev.CellMarked((0, 0), Mark.DISTANCE, 1),
        ev.Milestone("farthest: (0, 0), 1 move away", (0, 0), MilestoneKind.FARTHEST),
        ev.MarksCleared(Mark.DISTANCE),
        ev.CellMarked((0, 0), Mark.DISTANCE, 0), ev.CellMarked((0, 1), Mark.DISTANCE, 1),
        ev.CellMarked((0, 2), Mark.DISTANCE, 2),
        ev.Milestone("farthest: (0, 2), 2 moves away", (0, 2), MilestoneKind.FARTHEST),
        ev.CellMarked((0, 0), Mark.LONGEST), ev.CellMarked((0, 1), Mark.LONGEST),
        ev.CellMarked((0, 2), Mark.LONGEST),
        ev.Milestone("longest path: 2 moves from (0, 0) to (0, 2)", (0, 2),
                     MilestoneKind.LONGEST_PATH),
        ev.PathFound(((0, 1), (0, 2)), (Side.E,)),
    ]


def perfect(rows, cols, surface, seed):
    maze = Maze(rows, cols, surface)
    for _ in registry.get("generator", "kruskal").func(maze, rng=np.random.default_rng(seed)):
        pass
    return maze


@pytest.mark.parametrize("surface", ["plane", "torus", "klein", "projective", "sphere"])
@pytest.mark.parametrize("seed", range(3))
def test_two_floods_find_a_longest_path_of_a_perfect_maze(surface, seed):
    maze = perfect(9, 9, surface, seed)
    events = list(distance_map(maze, rng=None, start=(4, 4), goal=(0, 0), longest=True))
    longest = [e for e in events if isinstance(e, ev.Milestone)
               and e.kind == MilestoneKind.LONGEST_PATH]
    on_it = [e.cell for e in events if isinstance(e, ev.CellMarked) and e.mark == Mark.LONGEST]
    assert len(longest) == 1 and len(on_it) - 1 == stats.diameter(maze)[0]
    distances = {e.cell: e.count for e in events
                 if isinstance(e, ev.CellMarked) and e.mark == Mark.DISTANCE}
    assert len(distances) == 81           # the second flood reached every cell


def test_every_cell_gets_its_distance_from_the_start():
    maze = perfect(8, 8, "plane", 4)
    events = list(distance_map(maze, start=(3, 5), goal=(7, 7)))
    got = {e.cell: e.count for e in events
           if isinstance(e, ev.CellMarked) and e.mark == Mark.DISTANCE}
    assert got == stats.distances(stats.adjacency(maze), (3, 5))
    assert len(events[-1].sides) == got[(7, 7)]


@pytest.mark.parametrize("farthest", [0, 1, 3, 4, 7, 57])
def test_ramp_bands_split_the_distances_evenly(farthest):
    bands = [ramp_band(d, farthest) for d in range(farthest + 1)]
    assert bands == sorted(bands) and bands[0] == 0
    if farthest + 1 >= len(RAMP):
        assert bands[-1] == len(RAMP) - 1
        counts = np.bincount(bands, minlength=len(RAMP))
        assert counts.max() - counts.min() <= 1


def test_the_panel_paints_each_cell_in_its_band_of_the_final_ramp():
    """The ramp stretches as the flood goes on: the cells repainted on the way end up in
    the colour a panel painting the finished map at once would give them."""
    maze = perfect(10, 10, "plane", 2)
    panel = MazePanel(10, 10, cell_size=4, wall=1)
    for r in range(10):
        for c in range(10):
            for side in Side:
                if maze.faces[r, c, side]:
                    panel.apply(ev.WallOpened((r, c), side))
    events = list(distance_map(maze, start=(0, 0), goal=(9, 9)))
    for event in events[:-1]:          # the map, without the path drawn over it
        panel.apply(event)
    distances = {e.cell: e.count for e in events
                 if isinstance(e, ev.CellMarked) and e.mark == Mark.DISTANCE}
    farthest = max(distances.values())
    assert panel.farthest == farthest
    for cell, d in distances.items():
        if cell in ((0, 0), (9, 9)):
            continue                   # start and goal keep their colours
        colour = INDEX[RAMP[ramp_band(d, farthest)]]
        y, x = panel.cell_origin(cell)
        assert panel.fill(cell) == colour and panel.raster[y + 1, x + 1] == colour


def test_clearing_the_distances_starts_a_new_ramp():
    panel = MazePanel(1, 3, cell_size=4, wall=1)
    for cell, d in (((0, 0), 0), ((0, 1), 1), ((0, 2), 2)):
        panel.apply(ev.CellMarked(cell, Mark.DISTANCE, d))
    panel.apply(ev.MarksCleared(Mark.DISTANCE))
    assert panel.farthest == 0 and (panel.distance == -1).all()
    panel.apply(ev.CellMarked((0, 2), Mark.DISTANCE, 0))
    assert panel.fill((0, 2)) == INDEX[RAMP[0]]


def test_the_legend_names_the_farthest_distance():
    tracker = legend.SlotTracker()
    panel = MazePanel(1, 3, cell_size=4, wall=1)
    tracker.see(panel)
    for cell, d in (((0, 0), 0), ((0, 1), 1), ((0, 2), 2)):
        panel.apply(ev.CellMarked(cell, Mark.DISTANCE, d))
        tracker.see(panel)
    entries = legend.entries(tracker.slots())
    ramp = [e for e in entries if e.farthest]
    assert [e.label for e in ramp] == ["distance 0 … 2 moves"]
    other = legend.Entry(ramp[0].colours, "distance 0 … 9 moves", 9)
    words = [e.label for e in legend.merged([entries, [other]]) if e.farthest or
             set(e.colours) <= {INDEX[n] for n in RAMP}]
    assert words == ["distance 0 … 2 | 9 moves, panel by panel"]


def test_no_path_when_the_flood_never_reaches_the_goal():
    maze = Maze(1, 3)
    maze.open_wall((0, 0), Side.E)
    events = list(distance_map(maze, start=(0, 0), goal=(0, 2)))
    assert isinstance(events[-1], ev.NoPath) and events[-1].why == ev.NoPathReason.UNREACHABLE


def test_a_neighbourhood_view_names_the_farthest_distance_too():
    from visualizer.render.neighbourhood import NeighbourhoodPanel

    maze = perfect(6, 6, "torus", 1)
    panel = NeighbourhoodPanel(6, 6, cell_size=8, wall=1, surface="torus")
    tracker = legend.SlotTracker()
    for r, c, side in maze.open_walls():
        panel.apply(ev.WallOpened((r, c), Side(side)))
    for event in distance_map(maze, start=(0, 0), goal=(5, 5)):
        panel.apply(event)
        tracker.see(panel)
    farthest = max(stats.distances(stats.adjacency(maze), (0, 0)).values())
    assert [e.farthest for e in legend.entries(tracker.slots()) if e.farthest] == [farthest]

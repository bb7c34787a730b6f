"""The window's model without matplotlib: exact stepping back, scrubbing, edits."""
from __future__ import annotations

import numpy as np
import pytest

from visualizer import events as ev
from visualizer import pipeline, registry
import streams
from visualizer.maze import Maze
from visualizer.render.canvas import Canvas
from visualizer.render.maze_panel import MazePanel
from visualizer.scenario import load
from visualizer.surfaces import SURFACE_NAMES
from visualizer.window.player import Player, Track, lockstep, progress
from visualizer.window.session import Session, solve_events
from visualizer.window.snapshot import clone

from pictures import forward_pictures
from tiers import tiered

SQUARE_SURFACES = sorted(SURFACE_NAMES)


def write_scenario(tmp_path, text: str, name: str = "s.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return load(path)


def forward_frame(scenario, position: int) -> np.ndarray:
    """The frame after stepping a fresh player forward one step at a time (no checkpoints
    involved: one copy at the start only)."""
    canvas = streams.make_canvas(scenario)
    player = Player(canvas, [streams.panel_stream(s) for s in scenario.panels],
                    clock=scenario.clock, every=10**9)
    for _ in range(position):
        player.step(1)
    return player.frame.copy()


def maze_events(generator: str, surface: str = "plane", n: int = 5, seed: int = 1) -> list:
    return list(registry.get("generator", generator).func(
        Maze(n, n, surface), rng=np.random.default_rng(seed)))


@pytest.mark.parametrize("generator,surface", tiered(
    [(g, s) for g, algo in registry.algorithms("generator").items() for s in SQUARE_SURFACES
     if algo.accepts(s)],
    # the fast tier: every generator on the torus, every surface with Kruskal
    lambda case: case[1] == "torus" or case[0] == "kruskal", lambda case: "-".join(case),
    spread=True))
def test_every_step_back_lands_on_the_forward_picture(generator, surface):
    events = maze_events(generator, surface)
    pictures = forward_pictures(MazePanel(5, 5, cell_size=4, wall=1, first=events[0]), events)
    player = Player(Canvas([MazePanel(5, 5, cell_size=4, wall=1, first=events[0])], ["t"]),
                    [events], every=7)
    assert len(player.tracks[0].checkpoints) >= 2
    player.seek(player.last)
    for position in range(player.last, -1, -1):
        player.seek(position)
        assert np.array_equal(player.frame, pictures[position]), position


@pytest.mark.parametrize("prepare", [True, False])
def test_random_scrubbing_matches_a_forward_run(tmp_path, prepare):
    scenario = write_scenario(tmp_path, """
title: two
seed: 5
clock: progress
panels:
  - {title: B, maze: {rows: 6, cols: 7, cell_size: 5, wall: 1, surface: torus},
     generator: backtracker, solver: bfs}
  - {title: K, maze: {rows: 5, cols: 5, cell_size: 5, wall: 1}, generator: kruskal,
     solver: bfs}
""")
    player = Player(streams.make_canvas(scenario),
                    [streams.panel_stream(s) for s in scenario.panels], clock="progress",
                    every=16, prepare=prepare)
    rng = np.random.default_rng(0)
    for position in [*rng.integers(0, player.last + 1, 12), player.last, 0, 3]:
        player.seek(int(position))
        assert np.array_equal(player.frame, forward_frame(scenario, int(position))), position
        player.prepare(0.001)          # idle time between jumps takes a few more copies


@pytest.mark.parametrize("clock", ["steps", "progress"])
def test_export_frames_are_reached_by_their_event_counts(tmp_path, clock):
    scenario = write_scenario(tmp_path, f"""
title: export
seed: 11
clock: {clock}
steps_per_frame: 3
panels:
  - {{title: B, maze: {{rows: 5, cols: 6, cell_size: 4, wall: 1}}, generator: backtracker,
     solver: bfs}}
  - {{title: K, maze: {{rows: 4, cols: 4, cell_size: 4, wall: 1}}, generator: kruskal}}
""")
    frames = list(pipeline.scenario_frames(scenario))
    player = Player(streams.make_canvas(scenario),
                    [streams.panel_stream(s) for s in scenario.panels], clock=clock, every=10)
    for frame in frames[::-1]:
        player.seek_counts(frame.steps)
        assert np.array_equal(player.frame, frame.image), frame.index


def test_step_index_is_the_export_frame_index_with_one_event_per_frame(tmp_path):
    scenario = write_scenario(tmp_path, """
title: lockstep
seed: 2
steps_per_frame: 1
panels:
  - {title: B, maze: {rows: 4, cols: 5, cell_size: 4, wall: 1}, generator: backtracker,
     solver: bfs}
  - {title: K, maze: {rows: 4, cols: 4, cell_size: 4, wall: 1}, generator: kruskal}
""")
    frames = list(pipeline.scenario_frames(scenario))
    player = Player(streams.make_canvas(scenario),
                    [streams.panel_stream(s) for s in scenario.panels], every=9)
    assert player.last == frames[-1].index
    for frame in frames[::-3]:
        player.seek(frame.index)
        assert player.counts(frame.index) == frame.steps
        assert np.array_equal(player.frame, frame.image)


def test_clocks():
    assert lockstep((3, 5), 0) == (1, 1)
    assert lockstep((3, 5), 3) == (3, 4)
    assert progress((3, 5), 0) == (1, 1)
    assert progress((3, 5), 2) == (2, 3)
    assert progress((3, 5), 4) == (3, 5)
    assert progress((1, 1), 0) == (1, 1)


def test_next_milestone_stops_at_each_milestone_event():
    events = maze_events("backtracker", n=4) + [ev.Milestone("one"), ev.Milestone("two")]
    player = Player(Canvas([MazePanel(4, 4)], ["t"]), [events], every=5)
    expected = [j for j, e in enumerate(events) if isinstance(e, ev.MILESTONE_TYPES)]
    reached = []
    while not player.at_end:
        player.seek(player.next_milestone())
        reached.append(player.position)
    # at step p the panel has consumed p + 1 events: the milestone is the last one consumed
    assert reached == [j for j in expected if j > 0]
    assert isinstance(events[reached[0]], ev.Milestone)


def test_replace_tail_keeps_the_prefix_and_drops_later_copies():
    events = maze_events("backtracker", n=4)
    track = Track(MazePanel(4, 4), events, every=4)
    track.seek(len(events))
    track.replace_tail(10, [ev.Milestone("new")])
    assert track.events == events[:10] + [ev.Milestone("new")]
    assert max(track.checkpoints) <= 11
    assert track.milestones == [10]
    track.seek(11)
    assert track.renderer.status == "new"


def test_clone_copies_what_changes_and_shares_what_cannot():
    panel = MazePanel(4, 4)
    for event in maze_events("kruskal", n=4)[:20]:
        panel.apply(event)
    copy = clone(panel)
    assert copy.maze.surface is panel.maze.surface
    assert copy.raster is not panel.raster and np.array_equal(copy.raster, panel.raster)
    copy.maze.faces[:] = True
    before = panel.colouring.next.copy()
    copy.colouring.next[:] = 0
    assert not panel.maze.faces.all()
    assert np.array_equal(panel.colouring.next, before)


# --- playing with a maze -------------------------------------------------------------------


@pytest.mark.parametrize("surface", SQUARE_SURFACES)
@pytest.mark.parametrize("solver", list(registry.algorithms("solver")))
def test_solving_from_chosen_cells_ends_at_the_goal(tmp_path, surface, solver):
    surfaces = registry.get("solver", solver).surfaces
    if surfaces is not None and surface not in surfaces:
        pytest.skip(f"{solver} refuses the {surface}")
    scenario = write_scenario(tmp_path, f"""
title: play
seed: 4
maze: {{rows: 6, cols: 6, cell_size: 5, wall: 1, surface: {surface}}}
generator: backtracker
solver: bfs
""")
    keep, tail = solve_events(scenario.panels[0], solver, (4, 1), (1, 5))
    full = list(streams.panel_stream(scenario.panels[0]))
    assert isinstance(full[keep], ev.EndpointsSet)         # the generator's events are kept
    assert tail[0] == ev.EndpointsSet((4, 1), (1, 5))
    found = tail[-1]
    assert isinstance(found, ev.PathFound)
    assert found.cells[0] == (4, 1) and found.cells[-1] == (1, 5)


def test_session_places_start_and_goal_by_pixel(tmp_path):
    scenario = write_scenario(tmp_path, """
title: play
seed: 9
maze: {rows: 5, cols: 7, cell_size: 6, wall: 2}
generator: kruskal
solver: bfs
""")
    session = Session(scenario, every=8)
    panel = session.canvas.panels[0]
    slot = session.canvas.slots[0]

    def pixel(cell):
        y, x = panel.cell_origin(cell)
        return slot.y + y + 2, slot.x + x + 2

    assert session.click(*pixel((3, 2)))
    assert session.click(*pixel((0, 6)), goal=True)
    assert session.endpoints[0] == [(3, 2), (0, 6)]
    track = session.player.tracks[0]
    last = track.events[-1]
    assert isinstance(last, ev.PathFound)
    assert (last.cells[0], last.cells[-1]) == ((3, 2), (0, 6))
    # the player stands where the new solve begins: the endpoints were just placed
    assert isinstance(track.events[track.consumed - 1], ev.EndpointsSet)
    session.player.seek(session.player.last)
    assert session.player.tracks[0].renderer.status.startswith("path:")


def test_clone_shares_the_attributes_a_renderer_declares_fixed():
    class Panel:
        snapshot_shared = ("table",)

        def __init__(self):
            self.table = [[1, 2], [3]]
            self.state = [[1, 2], [3]]

    panel = Panel()
    copy = clone(panel)
    assert copy.table is panel.table
    assert copy.state == panel.state and copy.state[0] is not panel.state[0]


def test_lazy_preparation_takes_the_same_copies_bit_by_bit():
    events = maze_events("kruskal", n=6)
    eager = Track(MazePanel(6, 6), events, every=5)
    lazy = Track(MazePanel(6, 6), events, every=5, prepare=False)
    assert list(lazy.checkpoints) == [0] and not lazy.prepared
    lazy.seek(40)
    assert lazy.ready == 40
    rounds = 0
    while not lazy.prepare(0.0):
        rounds += 1
    assert rounds > 1                  # it stopped at the deadline and went on from there
    for count in (len(events), 3, 57, 0):
        eager.seek(count)
        lazy.seek(count)
        assert np.array_equal(eager.renderer.raster, lazy.renderer.raster)
        assert eager.renderer.caption() == lazy.renderer.caption()


def test_clone_keeps_views_linked_to_the_copied_grid():
    class Panel:
        def __init__(self):
            self.flat = None                      # the view comes before its base
            self.grid = np.zeros((3, 4), dtype=np.uint8)
            self.flat = self.grid.reshape(-1)
            self.column = self.grid[:, 1]

    panel = Panel()
    copy = clone(panel)
    copy.flat[5] = 7
    assert copy.grid[1, 1] == 7 and copy.column[1] == 7
    assert panel.grid[1, 1] == 0
    copy.grid[2, 1] = 9
    assert copy.column[2] == 9 and panel.column[2] == 0


def test_solving_a_braided_maze_keeps_the_braiding(tmp_path):
    scenario = write_scenario(tmp_path, """
title: braided
seed: 4
maze: {rows: 6, cols: 6, cell_size: 5, wall: 1}
generator: backtracker
braid: 1.0
solver: bfs
""")
    spec = scenario.panels[0]
    keep, tail = solve_events(spec, "bfs", (0, 0), (5, 5))
    full = list(streams.panel_stream(spec))
    assert isinstance(full[keep], ev.EndpointsSet)
    generator_only = list(registry.get("generator", "backtracker").func(
        Maze(6, 6), rng=np.random.default_rng(4)))
    assert keep > len(generator_only)                    # the braiding's events are kept
    assert isinstance(tail[-1], ev.PathFound)


def test_life_panels_step_back_onto_the_export_frames(tmp_path):
    scenario = write_scenario(tmp_path, """
title: Life
seed: 6
panels:
  - title: torus
    cell_size: 4
    life: {rows: 10, cols: 10, surface: torus, rule: conway, generations: 30,
           init: {random: 0.35}, chart: true, colour_changes: true}
  - title: projective plane
    cell_size: 4
    life: {rows: 9, cols: 9, surface: projective, rule: highlife, generations: 25,
           init: {random: 0.35}}
""")
    frames = list(pipeline.scenario_frames(scenario))
    player = Player(streams.make_canvas(scenario),
                    [streams.panel_stream(s) for s in scenario.panels], every=4)
    for frame in frames[::-1]:
        player.seek_counts(frame.steps)
        assert np.array_equal(player.frame, frame.image), frame.index


@pytest.mark.parametrize("clock", ["steps", "progress"])
def test_an_edit_retimes_its_panel_only(clock):
    first, second = maze_events("backtracker", n=4), maze_events("kruskal", n=5)
    player = Player(Canvas([MazePanel(4, 4), MazePanel(5, 5)], ["a", "b"]),
                    [first, second], clock=clock, every=6)
    before = [player.counts(p)[0] for p in range(player.last + 1)]
    here = player.last // 2
    keep = 10
    player.edit(1, keep, [ev.Milestone("one"), ev.Milestone("two"), ev.Milestone("three")],
                at=here)
    assert [player.counts(p)[0] for p in range(len(before))] == before
    # from the anchor on, the edited panel plays its new events one per step
    assert [player.count(1, here + k) for k in range(4)] == [11, 12, 13, 13]
    assert player.count(1, here - 1) <= keep
    assert player.last == max(len(first) - 1 if clock == "steps" else len(before) - 1,
                              here + 2)
    player.seek(here + 1)
    assert player.tracks[1].renderer.status == "two"
    # a second edit anchored earlier replaces the first from its anchor on
    player.edit(1, keep, [ev.Milestone("again")], at=here - 3)
    assert player.count(1, here - 3) == 11 and player.count(1, here + 5) == 11
    assert [player.counts(p)[0] for p in range(len(before))] == before


def test_every_panel_states_its_own_snapshot_and_the_canvas_copies_through_them():
    from visualizer.render.life_panel import LifePanel
    from visualizer.render.neighbourhood import NeighbourhoodPanel

    for kind in (MazePanel, LifePanel, NeighbourhoodPanel):
        assert "snapshot" in vars(kind), kind.__name__
    panel = MazePanel(3, 3, cell_size=6)
    canvas = Canvas([panel], ["one"])
    calls = []
    original = MazePanel.snapshot

    def counted(self):
        calls.append(self)
        return original(self)

    MazePanel.snapshot = counted
    try:
        twin = clone(canvas)
    finally:
        MazePanel.snapshot = original
    assert calls == [panel]
    assert twin.panels[0] is not panel and twin.panels[0].raster is not panel.raster

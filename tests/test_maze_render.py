"""The maze renderer and the pacing, checked on pixels and frame counts."""
import numpy as np
import pytest

from visualizer import events as ev
from visualizer.events import Mark, Side
from visualizer.generators.backtracker import backtracker
from visualizer.generators.kruskal import kruskal
from visualizer.maze import Maze
from visualizer.render.animate import Pacing, frames
from visualizer.render.canvas import Canvas
from visualizer.render.maze_panel import MazePanel
from visualizer.render.palette import INDEX, SIZE, make_theme


def drawn(events, rows, cols, **kw):
    panel = MazePanel(rows, cols, **kw)
    for e in events:
        panel.apply(e)
    return panel


def face_pixels(panel, cell, side):
    y0, y1, x0, x1 = panel._face_rect(cell, side)
    return panel.raster[y0:y1, x0:x1]


@pytest.mark.parametrize("gen", [backtracker, kruskal])
def test_walls_in_the_picture_match_the_model(gen):
    maze = Maze(6, 9)
    panel = drawn(gen(maze, rng=np.random.default_rng(3)), 6, 9, cell_size=5, wall=2)
    for r in range(6):
        for c in range(9):
            for side in Side:
                pixels = face_pixels(panel, (r, c), side)
                if maze.is_open((r, c), side):
                    assert (pixels != INDEX["wall"]).all()
                else:
                    assert (pixels == INDEX["wall"]).all()


def test_incremental_picture_equals_a_fresh_drawing_of_the_final_state():
    events = list(kruskal(Maze(7, 7), rng=np.random.default_rng(1)))
    panel = drawn(events, 7, 7)
    again = drawn(events[:1], 7, 7)
    for e in events[1:]:
        again.apply(e)
    assert np.array_equal(panel.raster, again.raster)
    # after all sets merged, the whole maze is plain passages
    inside = panel.raster[panel.wall::panel.cell_size + panel.wall,
                          panel.wall::panel.cell_size + panel.wall]
    assert len(np.unique(inside)) == 1 and inside[0, 0] == INDEX["passage"]


def test_kruskal_sets_have_colours_that_merge():
    maze = Maze(4, 4)
    panel = MazePanel(4, 4)
    colours_before = None
    for e in kruskal(maze, rng=np.random.default_rng(2)):
        panel.apply(e)
        if isinstance(e, ev.GridCreated):
            colours_before = {panel.fill((r, c)) for r in range(4) for c in range(4)}
        if isinstance(e, ev.SetsMerged):
            assert panel.fill(e.a) == panel.fill(e.b) == panel.fill(e.root)
    assert len(colours_before) > 4


def test_backtracker_shows_current_cell_and_stack():
    panel = MazePanel(1, 3)
    stream = [ev.GridCreated(1, 3, Maze(1, 3).surface), ev.CellMarked((0, 0), Mark.CURRENT),
              ev.WallOpened((0, 0), Side.E), ev.CellMarked((0, 1), Mark.CURRENT)]
    for e in stream:
        panel.apply(e)
    assert panel.fill((0, 0)) == INDEX["stack"]
    assert panel.fill((0, 1)) == INDEX["current"]
    assert panel.fill((0, 2)) == INDEX["unvisited"]
    panel.apply(ev.CellMarked((0, 1), Mark.DONE))
    assert panel.fill((0, 1)) == INDEX["passage"]


def test_dirty_rectangle_covers_every_change():
    events = list(backtracker(Maze(5, 5), rng=np.random.default_rng(0)))
    panel = MazePanel(5, 5)
    panel.apply(events[0])
    panel.take_dirty()
    before = panel.raster.copy()
    for e in events[1:]:
        panel.apply(e)
        rect = panel.take_dirty()
        changed = np.argwhere(before != panel.raster)
        if len(changed):
            y0, y1, x0, x1 = rect
            assert changed[:, 0].min() >= y0 and changed[:, 0].max() < y1
            assert changed[:, 1].min() >= x0 and changed[:, 1].max() < x1
        before = panel.raster.copy()


def test_frames_draw_title_and_step_counter_in_palette():
    panel = MazePanel(3, 3)
    canvas = Canvas([panel], ["A title"])
    stream = list(kruskal(Maze(3, 3), rng=np.random.default_rng(0)))
    out = list(frames(canvas, [stream], Pacing(fps=25, steps_per_frame=1)))
    assert out[0].image.max() < SIZE
    first_text = (out[0].image == INDEX["text"]).sum()
    assert first_text > 0
    assert not np.array_equal(out[1].image, out[-1].image)
    assert panel.caption().startswith(f"step {len(stream) - 1}")


def test_pacing_steps_clock_and_holds():
    stream = list(kruskal(Maze(3, 3), rng=np.random.default_rng(0)))
    canvas = Canvas([MazePanel(3, 3)], ["k"])
    pace = Pacing(fps=10, steps_per_frame=4, hold_first=1.0, hold_last=2.0)
    out = list(frames(canvas, [stream], pace))
    assert out[0].duration == pytest.approx(1.1)
    assert out[-1].duration == pytest.approx(2.1)
    assert all(f.duration == pytest.approx(0.1) for f in out[1:-1])
    assert out[-1].steps == (len(stream),)
    # every frame advances at most 4 events, and a milestone ends its frame
    for a, b in zip(out, out[1:]):
        assert 0 < b.steps[0] - a.steps[0] <= 4


def test_progress_clock_finishes_panels_together():
    short = list(kruskal(Maze(2, 2), rng=np.random.default_rng(0)))
    long = list(backtracker(Maze(6, 6), rng=np.random.default_rng(0)))
    canvas = Canvas([MazePanel(2, 2), MazePanel(6, 6)], ["a", "b"])
    pace = Pacing(fps=25, steps_per_frame=2, clock="progress")
    out = list(frames(canvas, [short, long], pace, [len(short), len(long)]))
    assert out[-1].steps == (len(short), len(long))
    # the short panel is spread over (nearly) all frames instead of finishing early
    finished_short = next(i for i, f in enumerate(out) if f.steps[0] == len(short))
    assert finished_short >= len(out) - 3


def test_steps_clock_holds_the_panel_that_ends_first():
    short = list(kruskal(Maze(2, 2), rng=np.random.default_rng(0)))
    long = list(backtracker(Maze(6, 6), rng=np.random.default_rng(0)))
    canvas = Canvas([MazePanel(2, 2), MazePanel(6, 6)], ["a", "b"])
    out = list(frames(canvas, [short, long], Pacing(steps_per_frame=1)))
    assert out[-1].steps == (len(short), len(long))
    assert out[len(short) + 2].steps[0] == len(short)


def test_themes_have_the_palette_size():
    for name in ("light", "dark"):
        assert make_theme(name).colours.shape == (SIZE, 3)
    with pytest.raises(ValueError):
        make_theme("sepia")


def test_kruskal_sets_in_the_picture_are_the_union_find_sets():
    maze = Maze(6, 6)
    panel = MazePanel(6, 6)
    roots = {(r, c): (r, c) for r in range(6) for c in range(6)}

    def find(x):
        while roots[x] != x:
            x = roots[x]
        return x
    for e in kruskal(maze, rng=np.random.default_rng(4)):
        panel.apply(e)
        if isinstance(e, ev.SetsMerged):
            roots[e.b if e.root == e.a else e.a] = e.root
            expected = sorted(c for c in roots if find(c) == e.root)
            assert sorted(panel.members(e.a)) == expected


def test_entrance_and_exit_stay_visible_on_the_found_path():
    """The path's colour runs through the open walls into the entrance and exit, and the
    entrance and exit keep their own colours after the path is found."""
    from visualizer.maze.endpoints import place
    from visualizer.solvers.bfs import bfs
    maze = Maze(5, 7)
    events = list(backtracker(maze, rng=np.random.default_rng(4)))
    events += list(place(maze, "corners"))
    solve = list(bfs(maze))
    panel = drawn(events + solve, 5, 7, cell_size=6, wall=2)
    path = next(e for e in solve if isinstance(e, ev.PathFound)).cells
    assert path[0] == maze.entrance and path[-1] == maze.exit
    assert panel.fill(maze.entrance) == INDEX["start"]
    assert panel.fill(maze.exit) == INDEX["goal"]
    assert all(panel.fill(cell) == INDEX["path"] for cell in path[1:-1])
    for a, b in zip(path, path[1:]):
        side = next(s for s in Side if maze.surface.move(a, s) is not None
                    and maze.surface.move(a, s).cell == b)
        assert (face_pixels(panel, a, side) == INDEX["path"]).all(), (a, b)


def test_captions_wrap_after_separators_and_are_never_cut():
    from visualizer.render.text import text_width
    from visualizer.render.wrap import wrap
    text = "step 1546 · sets 1 · cost 273 · perfect · solution 36 · dead ends 85 (30%)"
    assert wrap(text, 13, 1000) == [text]
    lines = wrap(text, 13, 200)
    assert lines[0] == "step 1546 · sets 1 · cost 273"
    assert " · ".join(lines) == text and all(text_width(x, 13) <= 200 for x in lines)
    assert wrap("", 13, 50) == [""]
    # a title without separators breaks between words; a word wider than a line splits
    assert wrap("Threshold maze and BFS", 16, 90, bold=True) == ["Threshold", "maze and", "BFS"]
    assert "".join(wrap("Supercalifragilistic", 16, 60)) == "Supercalifragilistic"


class _Captioned:
    """A blank panel whose caption the test sets."""

    def __init__(self) -> None:
        self.raster = np.full((20, 120), INDEX["background"], np.uint8)
        self.text = ""

    def apply(self, event) -> None:
        pass

    def take_dirty(self):
        return None

    def caption(self) -> str:
        return self.text


def test_second_caption_line_is_drawn_and_cleared():
    from visualizer.render.text import line_metrics
    panel = _Captioned()
    canvas = Canvas([panel], ["t"])
    slot = canvas.slots[0]
    _, line_h = line_metrics(canvas.caption_size)

    def ink(k):
        y = slot.caption_y + k * line_h
        return int((canvas.frame[y:y + line_h, slot.x_text:slot.x_text + slot.width]
                    == INDEX["text"]).sum())

    panel.text = " · ".join(["visited 123"] * 6)
    dirty = canvas.compose()
    assert ink(0) and ink(1)
    assert dirty[1] >= slot.caption_y + 2 * line_h - 2
    panel.text = "visited 1"
    canvas.compose()
    assert ink(0) and not ink(1)
    assert canvas.frame.shape[0] >= slot.caption_y + 2 * line_h

"""A Life question's answer explains its cells on the picture: the answer frame draws the why
overlay on the cells the question names (each one's live-neighbour count, an outline inside
the cell where it is born or dies next, a dot on each neighbour counted across a seam),
where the question frame shows the cells alone. Checked pixel by pixel on the frames."""
from pathlib import Path

import numpy as np

from visualizer.events import Generation, Verdict
from visualizer.life.why import why
from visualizer.pipeline import prepare, scenario_frames
from visualizer.questions import Kind
from visualizer.questions.schedule import CardFrame, Role
from visualizer.render.life_why import OUTLINE, _ink, digit_size, seam_colours
from visualizer.render.palette import INDEX
from visualizer.scenario import parse

LESSON = {
    "title": "why", "seed": 3, "size": "640x480",
    "panels": [{
        "title": "a glider crossing the corner of a torus", "cell_size": 24,
        "life": {"rows": 10, "cols": 10, "surface": "torus", "generations": 12,
                 "init": {"pattern": "glider", "at": [5, 5]}},
        "questions": [{"kind": "neighbours", "at": {"generation": 9}},
                      {"kind": "next_generation", "at": {"generation": 3}}],
    }]}


def _frames():
    """The prepared lesson, its canvas, and for each question (in order) its question
    card's picture and its answer's."""
    ready = prepare(parse(LESSON, Path("why.yaml")))
    canvas = ready.canvas()
    held: dict[int, dict[Role, np.ndarray]] = {}
    for frame in scenario_frames(ready, canvas):
        if isinstance(frame, CardFrame) and frame.asked is not None:
            held.setdefault(id(frame.asked), {})[frame.role] = frame.image.copy()
    return ready, canvas, [(a, held[id(a)][Role.CARD], held[id(a)][Role.ANSWER])
                           for a in ready.asked]


def _block(canvas, panel: int, cell) -> tuple[int, int, int, int]:
    """The frame pixels (y0, y1, x0, x1) of `cell` inside its grid lines."""
    renderer, slot = canvas.panels[panel], canvas.slots[panel]
    cs, inset = renderer.cell_size, int(renderer.lines)
    y0 = slot.y + renderer.oy + cell[0] * cs
    x0 = slot.x + renderer.ox + cell[1] * cs
    return y0 + inset, y0 + cs, x0 + inset, x0 + cs


def test_the_whys_are_the_engines_counts_at_the_questions_moment():
    ready, _, found = _frames()
    events = list(ready.transcripts[0].phased())
    assert [a.kind for a, _, _ in found] == [Kind.NEXT_GENERATION, Kind.NEIGHBOURS]
    for a, _, _ in found:
        event = events[a.index][1]
        assert isinstance(event, Generation)
        assert [w.cell for w in a.whys] == list(a.cells)
        assert a.whys == tuple(why(np.asarray(event.grid), "B3/S23", event.surface, c,
                                   event.index) for c in a.cells)
    neighbours = found[1][0]
    assert neighbours.answer.accepted == {neighbours.whys[0].count}
    assert neighbours.whys[0].across                    # counted across the torus's seam


#: the pixels along a cell's block edge that an outline of a neighbouring highlighted cell
#: may cover (a question's ring reaches three pixels into the cells around it)
REACH = 4


def test_the_answer_frame_writes_each_count_in_its_cell():
    _, canvas, found = _frames()
    size = digit_size(canvas.panels[0].cell_size)
    assert size
    for a, question, answer in found:
        for w in a.whys:
            y0, y1, x0, x1 = _block(canvas, a.panel, w.cell)
            before, after = question[y0:y1, x0:x1], answer[y0:y1, x0:x1]
            colour = before[(y1 - y0) // 2, (x1 - x0) // 2]
            assert (before[REACH:-REACH, REACH:-REACH] == colour).all()   # the cell alone
            ink = _ink(size, str(w.count))
            ty, tx = (y1 - y0 - ink.shape[0]) // 2, (x1 - x0 - ink.shape[1]) // 2
            pen = INDEX["background"] if colour == INDEX["alive"] else INDEX["text"]
            digit = after[ty:ty + ink.shape[0], tx:tx + ink.shape[1]]
            assert np.array_equal(digit == pen, ink), (a.kind, w)


def _free_sides(a, cell):
    """The sides of `cell` (as (dr, dc)) whose neighbour no ring of the answer outlines."""
    ringed = set(a.cells) | set(a.answer.shown)
    return [(dr, dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if (cell[0] + dr, cell[1] + dc) not in ringed]


def _side(image, block, side) -> np.ndarray:
    """The pixels of `block` along `side`, its corners left out."""
    y0, y1, x0, x1 = block
    ys, xs = {(-1, 0): (y0, slice(x0 + REACH, x1 - REACH)),
              (1, 0): (y1 - 1, slice(x0 + REACH, x1 - REACH)),
              (0, -1): (slice(y0 + REACH, y1 - REACH), x0),
              (0, 1): (slice(y0 + REACH, y1 - REACH), x1 - 1)}[side]
    return image[ys, xs]


def test_cells_that_change_are_outlined_inside_and_the_others_not():
    _, canvas, found = _frames()
    outlined = kept = 0
    for a, question, answer in found:
        for w in a.whys:
            block = _block(canvas, a.panel, w.cell)
            sides = _free_sides(a, w.cell)
            assert sides, w
            for side in sides:
                if w.verdict in OUTLINE:
                    assert (_side(answer, block, side) == OUTLINE[w.verdict]).all(), w
                else:
                    assert np.array_equal(_side(answer, block, side),
                                          _side(question, block, side)), w
            outlined += w.verdict in OUTLINE
            kept += w.verdict not in OUTLINE
    assert outlined and kept
    assert any(w.verdict == Verdict.BORN for a, _, _ in found for w in a.whys)


def test_neighbours_across_the_seam_are_dotted_in_the_edges_colour():
    _, canvas, found = _frames()
    a, question, answer = found[1]
    seams = seam_colours("torus")
    dots = 0
    for w in a.whys:
        for cell, edge in w.across:
            y0, _, x0, _ = _block(canvas, a.panel, cell)
            inner = REACH + 1            # the dot's inner corner (it is a third of a cell)
            assert answer[y0 + inner, x0 + inner] == seams[edge] != \
                question[y0 + inner, x0 + inner]
            dots += 1
    assert dots == len(a.whys[0].across) >= 1
    assert {seams[edge] for _, edge in a.whys[0].across} <= {INDEX["glue_a"],
                                                               INDEX["glue_b"]}

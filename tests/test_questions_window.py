"""The window asks, headless (Agg): synthetic keys and clicks answer right and wrong; the
feedback, the score, the outlined answer and the next frame are checked."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.backend_bases import MouseEvent  # noqa: E402

from test_window_headless import open_window, press_key  # noqa: E402, F401 (a fixture)
from visualizer.questions import Reply  # noqa: E402
from visualizer.render.cards import cell_box  # noqa: E402
from visualizer.render.palette import INDEX, make_theme  # noqa: E402
from visualizer.window.figure import Window  # noqa: E402

MAZE = """
title: asked
seed: 3
steps_per_frame: 1
maze: {rows: 4, cols: 5, cell_size: 10, wall: 2}
generator: kruskal
solver: bfs
questions:
  - {kind: merge_or_reject, at: {nth: 3}}
  - {kind: how_many, count: sets, at: {nth: 6}}
  - {kind: next_cell, at: {nth: 2}}
"""

LIFE = """
title: life asked
seed: 2
panels:
  - life: {rows: 8, cols: 8, surface: torus, generations: 5, init: {random: 0.4}}
    cell_size: 10
    questions:
      - {kind: next_generation, at: {generation: 2}}
"""


@pytest.fixture
def asked(open_window):  # noqa: F811 (the imported fixture)
    """A window on a scenario text (the shared `open_window` fixture of the window tests)."""
    return open_window


def click_cell(window: Window, panel: int, cell) -> None:
    renderer = window.player.tracks[panel].renderer
    slot = window.session.canvas.slots[panel]
    y0, y1, x0, x1 = cell_box(renderer, cell)
    dx, dy = window.ax.transData.transform((slot.x + (x0 + x1) // 2, slot.y + (y0 + y1) // 2))
    canvas = window.fig.canvas
    for name in ("button_press_event", "button_release_event"):
        canvas.callbacks.process(name, MouseEvent(name, canvas, dx, dy, button=1))


def step_to_question(window: Window) -> None:
    """Step forward until a question is asked."""
    for _ in range(window.player.last + 1):
        if window.quiz.question is not None:
            return
        press_key(window, "right")
    raise AssertionError("no question was asked")


def ring(window: Window, cell, colour: str) -> bool:
    """Whether the picture shown outlines `cell` of panel 0 in `colour` (the row 1 px above
    the cell, past the halo a cell of the ring's colour gets)."""
    theme = make_theme()
    slot = window.session.canvas.slots[0]
    y0, _, x0, x1 = cell_box(window.player.tracks[0].renderer, cell)
    row = np.asarray(window.image.get_array())[slot.y + y0 - 2, slot.x + x0:slot.x + x1]
    return bool((row == theme.colours[INDEX[colour]]).all())


def test_stepping_stops_at_the_moment_and_says_the_question(asked):
    window = asked(MAZE)
    quiz = window.quiz
    assert len(quiz.asked) == 3
    step_to_question(window)
    a = quiz.question
    assert window.player.counts(window.player.position)[0] == a.index + 1
    assert f"? {a.prompt}" in window.status_lines()
    at = window.player.position
    press_key(window, "right")                  # no going on while it is asked…
    assert quiz.question is a and window.player.position == at
    window.play()
    window.tick()
    assert not window.playing and window.player.position == at
    press_key(window, "left")                   # … but going back to look is allowed
    assert window.player.position == at - 1 and quiz.question is a
    press_key(window, "right", 3)               # forward leads back to the question, no further
    assert window.player.position == at and quiz.question is a
    assert all(ring(window, c, "considered") for c in a.cells)


@pytest.mark.slow
def test_yes_no_right_then_number_wrong_then_cell_right(asked):
    window = asked(MAZE)
    quiz = window.quiz
    step_to_question(window)
    a = quiz.question
    assert a.reply == Reply.YES_NO
    press_key(window, "y" if True in a.answer.accepted else "n")
    assert quiz.question is None and quiz.feedback.startswith("Right!")
    assert quiz.right == 1 and quiz.answered == 1
    assert "score 1/1 · 2 to come" in window.status_lines()
    assert all(ring(window, c, "goal") for c in a.answer.shown)

    step_to_question(window)
    b = quiz.question
    assert b.reply == Reply.NUMBER
    wrong = next(iter(b.answer.accepted)) + 1
    press_key(window, str(wrong)[0])
    for digit in str(wrong)[1:]:
        press_key(window, digit)
    press_key(window, "enter")
    assert quiz.feedback.startswith("Not quite.")
    assert b.answer.words in quiz.feedback and b.explanation in quiz.feedback
    assert (quiz.right, quiz.answered) == (1, 2)

    step_to_question(window)
    c = quiz.question
    assert c.reply == Reply.CELL
    position = window.player.position
    click_cell(window, 0, next(iter(c.answer.accepted)))
    assert quiz.feedback.startswith("Right!")
    assert (quiz.right, quiz.answered) == (2, 3)
    assert window.player.position == position      # the click answered, it placed no start
    press_key(window, "right")                         # and the animation goes on
    assert window.player.position == position + 1
    assert "score 2/3 · 0 to come" in window.status_lines()


@pytest.mark.slow
def test_s_skips_and_the_next_frame_follows(asked):
    window = asked(MAZE)
    step_to_question(window)
    at = window.player.position
    frame = window.player.frame.copy()
    press_key(window, "s")
    quiz = window.quiz
    assert quiz.skipped == 1 and quiz.answered == 0
    assert quiz.feedback.startswith("skipped — answer: ")
    assert np.array_equal(window.player.frame, frame)   # a skip changes no picture
    assert window.saved is None                          # `s` skipped, it saved nothing
    press_key(window, "right")
    assert window.player.position == at + 1
    press_key(window, "s")                                   # no question: `s` saves again
    assert window.saved is not None


def test_life_cells_toggled_then_enter(asked):
    window = asked(LIFE)
    quiz = window.quiz
    step_to_question(window)
    a = quiz.question
    assert a.reply == Reply.CELLS and a.cells
    (alive,) = a.answer.accepted
    grid = np.asarray(window.player.tracks[0].events[a.index].grid).copy()
    for cell in alive:
        click_cell(window, 0, cell)
    assert quiz.toggled == set(alive)
    # the Life grid itself was not edited by these clicks
    assert np.array_equal(np.asarray(window.player.tracks[0].events[a.index].grid), grid)
    press_key(window, "enter")
    assert quiz.feedback.startswith("Right!")


def test_life_wrong_choice(asked):
    window = asked(LIFE)
    quiz = window.quiz
    step_to_question(window)
    a = quiz.question
    (alive,) = a.answer.accepted
    wrong = next(c for c in a.cells if c not in alive) if len(alive) < len(a.cells) \
        else a.cells[0]
    click_cell(window, 0, wrong)
    press_key(window, "enter")
    assert quiz.feedback.startswith("Not quite.")
    assert (quiz.right, quiz.answered) == (0, 1)


def test_play_stops_at_a_question(asked):
    window = asked(MAZE)
    window.speed = 8                     # a fast speed (SPEEDS[8] steps per second)
    window.play()
    for _ in range(400):
        window.tick()
        if not window.playing:
            break
    assert window.quiz.question is not None
    a = window.quiz.question
    assert window.player.counts(window.player.position)[0] == a.index + 1


def test_progress_clock_stops_exactly_at_the_moment(asked):
    window = asked(MAZE.replace("steps_per_frame: 1", "clock: progress\nduration: 2"))
    step_to_question(window)
    a = window.quiz.question
    assert window.player.tracks[0].consumed == a.index + 1


@pytest.mark.slow
def test_an_edited_panel_asks_no_more(asked):
    window = asked(MAZE)
    press_key(window, "end")
    press_key(window, "home")
    window.session.place(0, (1, 1))               # a new start: the solve is replaced
    assert window.player.edits[0]
    for _ in range(window.player.last):
        press_key(window, "right")
    assert window.quiz.question is None

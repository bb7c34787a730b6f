"""The HTML player asks the questions, in a real Chromium (Selenium, the system's chromium
and chromedriver): for each kind a right and a wrong answer (clicks on the canvas at a
cell's pixel centre, keys, buttons), the feedback and the score, the true answer's frame
shown, skip, continue resumes, scrubbing past does not ask but playing into it does, two
panels with several questions; with `questions_as: cards` the file plays the GIF's cards.
No test leaves an error in the browser's console. Tiny scenarios, one browser session.

The embedded data is checked without a browser too: the accepted keys are exactly the
replies `questions.model.check` accepts, and the cell grid is the one `cell_box` draws."""
from __future__ import annotations

import io
import json
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageSequence

from test_html_browser import at_width, canvas_pixels, chromium, ready, shown, wait_for
from visualizer import pipeline
import streams
from visualizer.export.html import decode
from visualizer.questions import Reply, check
from streams import resolve
from visualizer.questions.model import reply_key
from visualizer.render.cards import cell_box, highlight
from visualizer.render.palette import INDEX
from visualizer.scenario import parse

ZOOM = 2      # the player is shown at twice its pixels: clicks go through the scaling

MAZE = {"title": "asked", "seed": 3, "steps_per_frame": 2, "hold": 0.5, "autoplay": False,
        "speed": 8, "maze": {"rows": 4, "cols": 5, "cell_size": 10, "wall": 2},
        "generator": "kruskal", "solver": "bfs",
        "questions": [{"kind": "merge_or_reject", "at": {"nth": 3}},
                      {"kind": "how_many", "count": "sets", "at": {"nth": 6}},
                      {"kind": "next_cell", "at": {"nth": 2}}]}
LIFE = {"title": "life asked", "seed": 2, "autoplay": False, "speed": 8,
        "panels": [{"life": {"rows": 8, "cols": 8, "surface": "torus", "generations": 5,
                             "init": {"random": 0.4}}, "cell_size": 10,
                    "questions": [{"kind": "next_generation", "at": {"generation": 2}}]}]}
BECOMES = {"title": "what it becomes", "seed": 2, "autoplay": False, "speed": 8,
           "panels": [{"life": {"rows": 8, "cols": 8, "surface": "klein", "generations": 8,
                                "init": {"pattern": "toad", "at": [0, 2]}}, "cell_size": 10,
                       "questions": [{"kind": "period", "at": {"generation": 0}},
                                     {"kind": "settles", "at": {"generation": 1}},
                                     {"kind": "neighbours", "at": {"generation": 3}}]}]}
THRESHOLD = {"title": "through?", "seed": 4, "steps_per_frame": 3, "autoplay": False,
             "speed": 8, "maze": {"rows": 5, "cols": 6, "cell_size": 10},
             "generator": {"name": "threshold", "threshold": 0.4}, "solver": "bfs",
             "questions": [{"kind": "way_through", "auto": 1}]}
RANDOM = {"title": "any of these", "seed": 11, "steps_per_frame": 2, "autoplay": False,
          "speed": 8, "maze": {"rows": 4, "cols": 5, "cell_size": 10, "wall": 2},
          "generator": "backtracker",
          "questions": [{"kind": "next_cell", "about": "generator", "auto": 3}]}
VIEW = {"title": "around a torus", "seed": 3, "steps_per_frame": 3, "autoplay": False,
        "speed": 8, "maze": {"rows": 5, "cols": 6, "cell_size": 10, "surface": "torus",
                             "view": "neighbourhood"},
        "generator": "backtracker", "questions": [{"kind": "next_cell", "auto": 1}]}
TWO = {"title": "two panels", "seed": 6, "steps_per_frame": 2, "autoplay": False,
       "speed": 8, "columns": 2,
       "panels": [{"title": "Kruskal", "maze": {"rows": 4, "cols": 5, "cell_size": 10},
                   "generator": "kruskal",
                   "questions": [{"kind": "merge_or_reject", "auto": 2}]},
                  {"title": "Life", "cell_size": 8,
                   "life": {"rows": 6, "cols": 6, "surface": "torus", "generations": 4,
                            "init": {"random": 0.4}},
                   "questions": [{"kind": "next_generation", "at": {"generation": 1}},
                                 {"kind": "next_generation", "at": {"generation": 3}}]}]}


@pytest.fixture(scope="module")
def browser():
    """Chromium keeping its console log (a page error fails the test that caused it)."""
    yield from chromium(console=True)


@pytest.fixture
def page(browser):
    """Opens a rendered player (zoomed, focused) and, after the test, checks that the
    console holds no error."""
    browser.get_log("browser")                  # what an earlier page left
    from selenium.webdriver.common.by import By

    def open_page(path: Path, zoom: int = ZOOM):
        browser.get(path.as_uri())
        player = browser.find_element(By.CSS_SELECTOR, ".vz-player")
        ready(browser, player)
        meta = json.loads(browser.find_element(By.CSS_SELECTOR, "script[data-vz-meta]")
                          .get_attribute("textContent"))
        at_width(browser, player, zoom * meta["width"])
        browser.execute_script("arguments[0].focus()", player)
        return player, meta

    yield open_page
    errors = [e for e in browser.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]
    assert not errors, errors


_RENDERED: dict[tuple[str, str], tuple[Path, object]] = {}


def rendered(tmp_path_factory, name: str, raw: dict, **extra) -> tuple[Path, object]:
    """The scenario `raw` rendered as a player (once per module): (path, scenario)."""
    key = (name, json.dumps(extra, sort_keys=True))
    if key not in _RENDERED:
        folder = tmp_path_factory.mktemp(name)
        scenario = parse({**raw, **extra, "output": str(folder / f"{name}.html")},
                         folder / f"{name}.yaml")
        pipeline.render(scenario)
        _RENDERED[key] = (folder / f"{name}.html", scenario)
    return _RENDERED[key]


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    return lambda name, raw, **extra: rendered(tmp_path_factory, name, raw, **extra)


# -- in the page ----------------------------------------------------------------------------

def quiz_state(player) -> str:
    return player.get_attribute("data-quiz") or ""


def text(player, part: str) -> str:
    from selenium.webdriver.common.by import By

    return player.find_element(By.CSS_SELECTOR, f".vz-q-{part}").text


def button(player, part: str):
    from selenium.webdriver.common.by import By

    return player.find_element(By.CSS_SELECTOR, f".vz-q-{part}")


def step_into(browser, player, q: dict) -> None:
    """Put the player on question `q`'s moment and step forward into it: it is asked."""
    from selenium.webdriver.common.keys import Keys

    browser.execute_script("arguments[0].vzSeek(arguments[1])", player, q["moment"])
    player.send_keys(Keys.ARROW_RIGHT)
    assert quiz_state(player) == "ask"
    assert shown(player) == q["moment"]


def click_cell(browser, player, q: dict, cell, zoom: int = ZOOM) -> None:
    """A click on the canvas at the pixel centre of `cell` of `q`'s panel."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    canvas = player.find_element(By.CSS_SELECTOR, "canvas.vz-canvas")
    g = q["grid"]
    y = (g["y"] + cell[0] * g["dy"] + g["size"] / 2) * zoom
    x = (g["x"] + cell[1] * g["dx"] + g["size"] / 2) * zoom
    size = canvas.size
    ActionChains(browser).move_to_element_with_offset(
        canvas, int(x - size["width"] / 2), int(y - size["height"] / 2)).click().perform()


def shows_frame(player, decoded, k: int) -> bool:
    """Whether the canvas shows exactly frame `k` of the file (every ZOOM-th pixel)."""
    return bool(np.array_equal(canvas_pixels(player, zoom=ZOOM),
                               decoded.palette[decoded.frames[k]]))


def shows_asked(player, decoded, scenario, q: dict) -> bool:
    """Whether the canvas shows `q`'s moment with its cells outlined as a card outlines
    them (`cards.highlight`), and nothing else over it."""
    want = decoded.frames[q["moment"]].copy()
    highlight(want, streams.make_canvas(scenario), q["panel"], [tuple(c) for c in q["cells"]],
              INDEX["considered"])
    return bool(np.array_equal(canvas_pixels(player, zoom=ZOOM), decoded.palette[want]))


def asked_of(scenario) -> list:
    asked, errors = resolve(scenario)
    assert not errors
    return sorted(asked, key=lambda a: (a.index, a.panel))


def a_wrong(a):
    """A reply to `a` that `check` refuses."""
    if a.reply == Reply.YES_NO:
        return not next(iter(a.answer.accepted))
    if a.reply == Reply.NUMBER:
        return next(iter(a.answer.accepted)) + 1
    if a.reply == Reply.CELLS:
        right = next(iter(a.answer.accepted))
        return frozenset(right ^ {a.cells[0]})
    cells = [(r, c) for r in range(4) for c in range(5)]     # the tiny mazes' cells
    return next(c for c in cells if c not in a.answer.accepted)


def a_right(a):
    return sorted(a.answer.accepted, key=str)[0]


def reply_in_page(browser, player, q: dict, a, response) -> None:
    """Give `response` the way a student does: a click, y/n, digits and Enter, toggles
    and Enter (or the check button)."""
    from selenium.webdriver.common.keys import Keys

    if a.reply == Reply.CELL:
        click_cell(browser, player, q, response)
    elif a.reply == Reply.YES_NO:
        player.send_keys("y" if response else "n")
    elif a.reply == Reply.NUMBER:
        for digit in str(response):
            player.send_keys(digit)
        player.send_keys(Keys.ENTER)
    else:
        for cell in sorted(response):
            click_cell(browser, player, q, cell)
        button(player, "check").click()


# -- without a browser ------------------------------------------------------------------

@pytest.mark.parametrize("name, raw", [("maze", MAZE), ("life", LIFE), ("becomes", BECOMES),
                                       ("threshold", THRESHOLD), ("random", RANDOM),
                                       ("view", VIEW), ("two", TWO)])
def test_the_embedded_answers_are_the_models(tmp_path, name, raw):
    out = tmp_path / f"{name}.html"
    scenario = parse({**raw, "output": str(out)}, tmp_path / f"{name}.yaml")
    pipeline.render(scenario)
    decoded = decode(out.read_text())
    qs = decoded.meta["questions"]
    asked = asked_of(scenario)
    assert len(qs) == len(asked) > 0
    canvas = streams.make_canvas(scenario)
    held = set()
    for q, a in zip(qs, asked):
        assert (q["panel"], q["prompt"], q["reply"]) == (a.panel, a.prompt, str(a.reply))
        assert q["accept"] == sorted(reply_key(a.reply, r) for r in a.answer.accepted)
        for response in a.answer.accepted:
            assert check(a, response) and reply_key(a.reply, response) in q["accept"]
        assert not check(a, a_wrong(a)) and reply_key(a.reply, a_wrong(a)) not in q["accept"]
        # the question's five frames follow its moment; no question added the moment
        assert q["card"] + 4 == q["answer"] and q["moment"] not in held
        held |= set(range(q["card"], q["answer"] + 1))
        g = q["grid"]
        assert g is not None
        renderer, slot = canvas.panels[a.panel], canvas.slots[a.panel]
        for r in range(g["rows"]):
            for c in range(g["cols"]):
                y0, y1, x0, x1 = cell_box(renderer, (r, c))
                assert (slot.y + y0, slot.x + x0, y1 - y0) == \
                    (g["y"] + r * g["dy"], g["x"] + c * g["dx"], g["size"])
    if name == "random":
        assert any(q["any_of"] and len(q["accept"]) > 1 for q in qs)


def test_the_file_holds_the_gifs_frames_in_both_modes(tmp_path):
    gif = tmp_path / "maze.gif"
    pipeline.render(parse({**MAZE, "output": str(gif)}, tmp_path / "a.yaml"))
    with Image.open(gif) as im:
        want = [np.asarray(f.convert("RGB")) for f in ImageSequence.Iterator(im)]
    for mode in ("ask", "cards"):
        out = tmp_path / f"{mode}.html"
        pipeline.render(parse({**MAZE, "questions_as": mode, "output": str(out)},
                              tmp_path / "a.yaml"))
        got = decode(out.read_text())
        assert got.meta["questions_as"] == mode and len(got.meta["questions"]) == 3
        assert len(got.frames) == len(want)
        assert all(np.array_equal(got.palette[a], b) for a, b in zip(got.frames, want))


# -- in Chromium ------------------------------------------------------------------------------

CASES = [("maze", MAZE, 0), ("maze", MAZE, 1), ("maze", MAZE, 2), ("life", LIFE, 0),
         ("threshold", THRESHOLD, 0), ("view", VIEW, 0), ("becomes", BECOMES, 0),
         ("becomes", BECOMES, 1), ("becomes", BECOMES, 2)]


@pytest.mark.slow
@pytest.mark.parametrize("right", [True, False], ids=["right", "wrong"])
@pytest.mark.parametrize("name, raw, k", CASES,
                         ids=["merge_or_reject", "how_many", "next_cell", "next_generation",
                              "way_through", "next_cell_in_a_view", "period", "settles",
                              "neighbours"])
def test_each_kind_right_and_wrong(browser, page, files, name, raw, k, right):
    path, scenario = files(name, raw)
    player, meta = page(path)
    decoded = decode(path.read_text())
    q, a = meta["questions"][k], asked_of(scenario)[k]
    step_into(browser, player, q)
    assert text(player, "prompt") == a.prompt
    assert player.get_attribute("data-playing") == "0"
    assert shows_asked(player, decoded, scenario, q)   # the moment, no card over it
    reply_in_page(browser, player, q, a, a_right(a) if right else a_wrong(a))
    assert quiz_state(player) == "told"
    feedback = text(player, "feedback")
    assert feedback.startswith("Right!" if right else "Not quite.")
    assert a.answer.words in feedback and a.explanation in feedback
    assert text(player, "score") == ("1 of 1 right" if right else "0 of 1 right")
    assert shown(player) == q["answer"] and shows_frame(player, decoded, q["answer"])


@pytest.mark.slow
def test_typing_in_the_number_field_then_space_goes_on(browser, page, files):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    path, scenario = files("maze", MAZE)
    player, meta = page(path)
    q, a = meta["questions"][1], asked_of(scenario)[1]
    step_into(browser, player, q)
    field = button(player, "number")
    field.click()
    field.send_keys(str(a_right(a)) + Keys.ENTER)
    assert quiz_state(player) == "told" and text(player, "feedback").startswith("Right!")
    ActionChains(browser).send_keys(Keys.SPACE).perform()   # to whatever has the focus
    assert quiz_state(player) == "" and shown(player) > q["answer"]


@pytest.mark.slow
def test_the_asked_cells_are_outlined_and_toggles_show(browser, page, files):
    path, scenario = files("life", LIFE)
    player, meta = page(path)
    decoded = decode(path.read_text())
    q = meta["questions"][0]
    step_into(browser, player, q)
    palette = decoded.palette
    g = q["grid"]

    from selenium.webdriver.common.by import By

    def ring_colour(cell):
        y = (g["y"] + cell[0] * g["dy"] - 2) * ZOOM + ZOOM // 2   # 1 px above the cell
        x = (g["x"] + cell[1] * g["dx"] + g["size"] // 2) * ZOOM + ZOOM // 2
        png = player.find_element(By.CSS_SELECTOR, "canvas").screenshot_as_png
        return tuple(np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))[y, x])

    cell = tuple(q["cells"][0])
    assert ring_colour(cell) == tuple(palette[q["outline"]])
    click_cell(browser, player, q, cell)
    assert ring_colour(cell) == tuple(palette[q["chosen"]])
    click_cell(browser, player, q, cell)             # again: not chosen
    assert ring_colour(cell) == tuple(palette[q["outline"]])
    outside = next((r, c) for r in range(g["rows"]) for c in range(g["cols"])
                   if [r, c] not in q["cells"])
    click_cell(browser, player, q, outside)
    assert quiz_state(player) == "ask" and "outlined" in text(player, "feedback")


@pytest.mark.slow
def test_any_of_several_cells_is_right(browser, page, files):
    path, scenario = files("random", RANDOM)
    player, meta = page(path)
    k = next(k for k, q in enumerate(meta["questions"]) if len(q["accept"]) > 1)
    q, a = meta["questions"][k], asked_of(scenario)[k]
    step_into(browser, player, q)
    click_cell(browser, player, q, sorted(a.answer.accepted)[-1])
    assert text(player, "feedback").startswith("Right!")
    assert "(any of these was right)" in text(player, "feedback")


@pytest.mark.slow
def test_skip_then_continue_resumes_playing(browser, page, files):
    from selenium.webdriver.common.keys import Keys

    path, scenario = files("maze", MAZE)
    player, meta = page(path)
    q, a = meta["questions"][0], asked_of(scenario)[0]
    step_into(browser, player, q)
    player.send_keys(Keys.SPACE)                      # no playing on while asked
    assert quiz_state(player) == "ask" and player.get_attribute("data-playing") == "0"
    player.send_keys("s")
    assert quiz_state(player) == "told" and shown(player) == q["answer"]
    assert text(player, "feedback").startswith("Skipped.")
    assert a.explanation in text(player, "feedback")
    assert text(player, "score") == "0 of 0 right, 1 skipped"
    player.send_keys(Keys.SPACE)                      # continue: playing on (at 8x, it may
    assert player.get_attribute("data-playing") == "1" or \
        player.get_attribute("data-question") == "1"  # have reached the next one already)
    wait_for(lambda: quiz_state(player) == "ask", "playing on into the next question")
    nxt = meta["questions"][1]
    assert shown(player) == nxt["moment"] and player.get_attribute("data-question") == "1"
    assert player.get_attribute("data-playing") == "0"
    button(player, "skip").click()
    button(player, "continue").click()
    assert player.get_attribute("data-playing") == "1"
    assert shown(player) > nxt["answer"]
    # the asked questions' frames are stepped over from now on, both ways
    player.send_keys(Keys.SPACE)
    browser.execute_script("arguments[0].vzSeek(arguments[1])", player, nxt["answer"] + 1)
    player.send_keys(Keys.ARROW_LEFT)
    assert shown(player) == nxt["moment"]
    player.send_keys(Keys.ARROW_RIGHT)
    assert shown(player) == nxt["answer"] + 1 and quiz_state(player) == ""


@pytest.mark.slow
def test_scrubbing_past_does_not_ask_playing_into_does(browser, page, files):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    path, scenario = files("maze", MAZE)
    player, meta = page(path)
    qs = meta["questions"]
    track = player.find_element(By.CSS_SELECTOR, ".vz-track")
    width = track.size["width"]
    ActionChains(browser).move_to_element_with_offset(track, width // 2 - 2, 0).click().perform()
    assert shown(player) > qs[-1]["answer"] and quiz_state(player) == ""
    player.send_keys(Keys.HOME)
    player.send_keys("n")                             # milestone jumps do not ask either
    player.send_keys(Keys.END)
    assert quiz_state(player) == ""
    player.send_keys(Keys.HOME)
    player.send_keys(Keys.SPACE)                      # playing into the first one asks it
    wait_for(lambda: quiz_state(player) == "ask", "playing into the first question")
    assert shown(player) == qs[0]["moment"] and player.get_attribute("data-question") == "0"
    # scrubbing while asked leaves the question unanswered, to be asked again
    ActionChains(browser).move_to_element_with_offset(track, -width // 2 + 2, 0).click().perform()
    assert quiz_state(player) == "" and shown(player) < qs[0]["moment"]
    assert player.get_attribute("data-score") == "0/0/0"
    for _ in range(qs[0]["moment"] + 1):
        player.send_keys(Keys.ARROW_RIGHT)
        if quiz_state(player) == "ask":
            break
    assert player.get_attribute("data-question") == "0" and shown(player) == qs[0]["moment"]


@pytest.mark.slow
def test_two_panels_several_questions_each(browser, page, files):
    from selenium.webdriver.common.keys import Keys

    path, scenario = files("two", TWO)
    player, meta = page(path)
    decoded = decode(path.read_text())
    qs, asked = meta["questions"], asked_of(scenario)
    assert sorted({q["panel"] for q in qs}) == [0, 1] and len(qs) == 4
    player.send_keys(Keys.SPACE)
    for k, (q, a) in enumerate(zip(qs, asked)):
        wait_for(lambda: quiz_state(player) == "ask", f"playing into question {k}")
        assert player.get_attribute("data-question") == str(k) and shown(player) == q["moment"]
        assert text(player, "prompt") == a.prompt
        assert text(player, "panel") == scenario.panels[a.panel].title + ":"
        reply_in_page(browser, player, q, a, a_right(a) if k % 2 == 0 else a_wrong(a))
        assert shows_frame(player, decoded, q["answer"])
        assert text(player, "score") == f"{k // 2 + 1} of {k + 1} right"
        player.send_keys(Keys.ENTER)                 # continue
    assert player.get_attribute("data-score") == "2/4/0"


@pytest.mark.slow
def test_cards_mode_plays_the_gifs_cards(browser, page, files):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    path, _ = files("maze", MAZE, questions_as="cards")
    player, meta = page(path)
    decoded = decode(path.read_text())
    assert not player.find_elements(By.CSS_SELECTOR, ".vz-quiz")
    q = meta["questions"][0]
    browser.execute_script("arguments[0].vzSeek(arguments[1])", player, q["moment"])
    for k in range(q["moment"] + 1, q["answer"] + 2):   # card, countdown, answer, on
        player.send_keys(Keys.ARROW_RIGHT)
        assert shown(player) == k and not player.get_attribute("data-quiz")
        assert shows_frame(player, decoded, k)
    player.send_keys(Keys.HOME)
    player.send_keys(Keys.SPACE)
    def past_the_answer() -> bool:                       # plays through the held frames
        assert not player.get_attribute("data-quiz")
        return shown(player) > q["answer"]

    wait_for(past_the_answer, "playing through the card's frames", every=0.05)
    assert player.get_attribute("data-playing") == "1"


TALL = {"title": "a tall picture", "seed": 3, "steps_per_frame": 2, "hold": 0.5,
        "autoplay": False, "speed": 8,
        "maze": {"rows": 40, "cols": 8, "cell_size": 20, "wall": 2},
        "generator": "kruskal", "questions": [{"kind": "merge_or_reject", "at": {"nth": 5}}]}


@pytest.mark.slow
def test_a_tall_page_is_never_shrunk_and_scrolls_to_its_question(browser, files):
    """A page of its own shows the picture at one CSS pixel per pixel at least (shrunk
    pixel text blurs); a question below the fold is scrolled into view when asked."""
    from selenium.webdriver.common.by import By

    path, _ = files("tall", TALL)
    browser.get(path.as_uri())
    player = browser.find_element(By.CSS_SELECTOR, ".vz-player")
    ready(browser, player)
    meta = json.loads(browser.find_element(By.CSS_SELECTOR, "script[data-vz-meta]")
                      .get_attribute("textContent"))
    inner = browser.execute_script("return window.innerHeight")
    assert meta["height"] > inner                          # taller than the window
    shown_w = browser.execute_script(
        "return document.querySelector('canvas').getBoundingClientRect().width")
    assert shown_w >= meta["width"]
    q = meta["questions"][0]
    browser.execute_script("arguments[0].focus()", player)
    step_into(browser, player, q)
    bottom = browser.execute_script(
        "return document.querySelector('.vz-quiz').getBoundingClientRect().bottom")
    assert bottom <= inner


@pytest.mark.slow
def test_a_click_on_a_copy_around_a_view_answers_with_the_cell_it_shows(browser, page, files):
    """In a neighbourhood view a neighbour across a glued edge is drawn in a dimmed copy
    next to the square: clicking it there answers with that cell, as the window does."""
    path, scenario = files("view", VIEW)
    player, meta = page(path)
    q = meta["questions"][0]
    right = [int(v) for v in q["accept"][0].split(",")]
    copy = next(k for k in q["copies"] if k[2:] == right)   # where the answer shows again
    g = q["grid"]
    r = (copy[0] - g["y"]) / g["dy"]
    c = (copy[1] - g["x"]) / g["dx"]
    assert not (0 <= r < g["rows"] and 0 <= c < g["cols"])   # outside the square
    step_into(browser, player, q)
    click_cell(browser, player, q, (r, c))
    assert quiz_state(player) == "told"
    assert text(player, "feedback").startswith("Right!")


@pytest.mark.parametrize("surface", ["torus", "klein", "projective", "sphere"])
def test_the_copies_show_the_cells_across_each_glued_edge(surface):
    """The copy just outside the square beside cell (r, c) of an edge shows the cell one
    step from (r, c) through that edge, as the surface's step table says."""
    from visualizer.render.cards import copies_of, grid_of

    n = 5
    scenario = parse({"seed": 1, "maze": {"rows": n, "cols": n, "cell_size": 10,
                                          "surface": surface, "view": "neighbourhood"},
                      "generator": "backtracker"}, Path("view.yaml"))
    canvas = streams.make_canvas(scenario)
    g = grid_of(canvas, 0)
    shown = {(round((y - g["y"]) / g["dy"]), round((x - g["x"]) / g["dx"])): (r, c)
             for y, x, r, c in copies_of(canvas, 0)}
    target = canvas.panels[0].maze.surface.step_table[0]
    for k in range(n):
        for (row, col), side, outside in (((0, k), 0, (-1, k)), ((k, n - 1), 1, (k, n)),
                                          ((n - 1, k), 2, (n, k)), ((k, 0), 3, (k, -1))):
            across = int(target[row * n + col, side])
            assert shown[outside] == divmod(across, n), (surface, row, col, side)

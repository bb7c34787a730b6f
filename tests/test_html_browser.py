"""The HTML player in a real Chromium (Selenium, the system's chromium and chromedriver):
keys, buttons, the scrubber and its milestone marks, pixels against the GIF's frames, two
players in reveal.js-style slides. One browser session for the module; tiny scenarios."""
from __future__ import annotations

import io
import shutil
import tempfile
import time
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageSequence

from visualizer import pipeline
from visualizer.export.html import decode, fragment
from visualizer.scenario import parse

#: a real Chromium starts for these: the full suite runs them (`-m "not slow"` leaves them out)
pytestmark = pytest.mark.slow

CHROMEDRIVER = Path("/usr/bin/chromedriver")
TINY = {"seed": 1, "maze": {"rows": 4, "cols": 5, "cell_size": 6, "wall": 2},
        "generator": "backtracker", "solver": "bfs", "autoplay": False}


def _missing() -> str | None:
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install selenium)"
    if not CHROMEDRIVER.exists():
        return "no /usr/bin/chromedriver (apt-get install chromium chromium-driver)"
    if not (shutil.which("chromium") or shutil.which("chromium-browser")):
        return "no chromium on PATH (apt-get install chromium chromium-driver)"
    return None


def chromium(*, console: bool = False):
    """Debian's headless Chromium through its chromedriver, closed after use (a generator
    for a fixture); with `console`, keeping the page's console log. Skips the test, with
    the reason printed, when either is missing."""
    why = _missing()
    if why:
        print(f"skipping the browser tests: {why}")
        pytest.skip(why)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    profile = tempfile.mkdtemp(prefix="vz-chromium-")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--no-first-run", f"--user-data-dir={profile}",
                "--window-size=1200,1000", "--force-device-scale-factor=1"):
        options.add_argument(arg)
    if console:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="module")
def browser():
    yield from chromium()


@pytest.fixture(scope="module")
def lesson(tmp_path_factory):
    """A tiny scenario rendered as a GIF and as a player: (html path, GIF RGB frames,
    decoded player)."""
    folder = tmp_path_factory.mktemp("html")
    for name in ("lesson.gif", "lesson.html"):
        pipeline.render(parse({**TINY, "title": "tiny", "output": str(folder / name)},
                              folder / "lesson.yaml"))
    with Image.open(folder / "lesson.gif") as im:
        frames = [np.asarray(f.convert("RGB")) for f in ImageSequence.Iterator(im)]
    page = (folder / "lesson.html").read_text()
    return folder / "lesson.html", frames, decode(page)


#: how long a page may take to do what a test waits for: generous, as a busy machine (the
#: other core running a test job) slows Chromium; a test waits for the thing, not the time
PATIENCE = 120.0


def wait_for(condition, what: str = "", timeout: float = PATIENCE, every: float = 0.02):
    """Poll `condition()` until it is true (its value is returned); fail after `timeout`."""
    end = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        assert time.monotonic() < end, f"waited {timeout:.0f} s for {what or condition}"
        time.sleep(every)


def ready(driver, player, timeout=PATIENCE):
    """Wait until `player` has inflated its data."""
    wait_for(lambda: player.get_attribute("data-vz-state") == "ready",
             "the player to inflate its data", timeout)


def shown(player) -> int:
    return int(player.get_attribute("data-frame"))


def canvas_pixels(player, zoom=1) -> np.ndarray:
    """The player's canvas as the screen shows it (RGB), every `zoom`-th pixel."""
    from selenium.webdriver.common.by import By

    canvas = player.find_element(By.CSS_SELECTOR, "canvas")
    # a screenshot shows what is on the screen: a page scrolled to a question below a tall
    # picture is scrolled back to the picture's top first
    player.parent.execute_script("arguments[0].scrollIntoView({block: 'start'})", canvas)
    png = canvas.screenshot_as_png
    picture = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
    return picture[zoom // 2::zoom, zoom // 2::zoom]


def at_width(driver, player, width: int) -> None:
    """Make `player` exactly `width` CSS pixels wide (the page caps it to the window)."""
    driver.execute_script(f"arguments[0].style.cssText = 'width: {width}px; max-width: none'",
                          player)


def open_player(driver, path: Path):
    from selenium.webdriver.common.by import By

    driver.get(path.as_uri())
    player = driver.find_element(By.CSS_SELECTOR, ".vz-player")
    ready(driver, player)
    return player


def test_keys_move_and_the_pixels_are_the_gifs(browser, lesson):
    from selenium.webdriver.common.keys import Keys

    path, gif, decoded = lesson
    player = open_player(browser, path)
    w = gif[0].shape[1]
    at_width(browser, player, w)
    browser.execute_script("arguments[0].focus()", player)
    assert shown(player) == 0 and player.get_attribute("data-playing") == "0"
    assert np.array_equal(canvas_pixels(player), gif[0])
    for _ in range(3):
        player.send_keys(Keys.ARROW_RIGHT)
    assert shown(player) == 3
    assert np.array_equal(canvas_pixels(player), gif[3])
    player.send_keys(Keys.END)
    assert shown(player) == len(gif) - 1
    assert np.array_equal(canvas_pixels(player), gif[-1])
    player.send_keys(Keys.ARROW_LEFT)     # a step back undoes the last frame's changes
    assert np.array_equal(canvas_pixels(player), gif[-2])
    player.send_keys(Keys.HOME)
    player.send_keys(Keys.ARROW_LEFT)
    assert shown(player) == 0
    marks = [i for i, _ in decoded.marks]
    player.send_keys("n")
    assert shown(player) == marks[0]
    assert np.array_equal(canvas_pixels(player), gif[marks[0]])
    player.send_keys("n")
    assert shown(player) == marks[1]
    player.send_keys("p")
    assert shown(player) == marks[0]
    player.send_keys(Keys.SPACE)
    assert player.get_attribute("data-playing") == "1"
    wait_for(lambda: shown(player) > marks[0], "playing to move past the first milestone")
    player.send_keys(Keys.SPACE)
    assert player.get_attribute("data-playing") == "0" and shown(player) > marks[0]
    frame = shown(player)
    assert np.array_equal(canvas_pixels(player), gif[frame])


def test_scaling_is_nearest_neighbour(browser, lesson):
    path, gif, _ = lesson
    player = open_player(browser, path)
    w = gif[0].shape[1]
    at_width(browser, player, 3 * w)
    browser.execute_script("arguments[0].vzSeek(5)", player)
    assert np.array_equal(canvas_pixels(player, zoom=3), gif[5])


def test_scrubber_and_milestone_marks(browser, lesson):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    path, gif, decoded = lesson
    player = open_player(browser, path)
    w = gif[0].shape[1]
    at_width(browser, player, w)
    marks = player.find_elements(By.CSS_SELECTOR, ".vz-mark")
    assert [int(m.get_attribute("data-frame")) for m in marks] == [i for i, _ in decoded.marks]
    assert [m.get_attribute("title") for m in marks] == \
        [f"frame {i}: {label}" for i, label in decoded.marks]
    marks[-1].click()
    assert shown(player) == decoded.marks[-1][0]
    assert np.array_equal(canvas_pixels(player), gif[decoded.marks[-1][0]])
    track = player.find_element(By.CSS_SELECTOR, ".vz-track")
    width = track.size["width"]
    ActionChains(browser).move_to_element_with_offset(track, -width // 4, 0).click().perform()
    assert abs(shown(player) - (len(gif) - 1) / 4) <= 1
    ActionChains(browser).move_to_element_with_offset(track, 0, 0).click().perform()
    assert abs(shown(player) - (len(gif) - 1) / 2) <= 1
    assert np.array_equal(canvas_pixels(player), gif[shown(player)])
    buttons = {b.get_attribute("aria-label"): b
               for b in player.find_elements(By.CSS_SELECTOR, ".vz-btn")}
    buttons["last frame (End)"].click()
    assert shown(player) == len(gif) - 1
    buttons["previous milestone (p)"].click()
    assert shown(player) == decoded.marks[-1][0]
    buttons["previous milestone (p)"].click()
    assert shown(player) == decoded.marks[-2][0]
    buttons["one frame back (←)"].click()
    buttons["one frame forward (→)"].click()
    buttons["one frame forward (→)"].click()
    assert shown(player) == decoded.marks[-2][0] + 1
    assert np.array_equal(canvas_pixels(player), gif[shown(player)])
    buttons["first frame (Home)"].click()
    assert shown(player) == 0


def test_two_players_in_slides_do_not_interfere(browser, lesson, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    path, _, _ = lesson
    other = tmp_path / "other.html"
    pipeline.render(parse({**TINY, "seed": 4, "title": "other", "output": str(other)},
                          tmp_path / "other.yaml"))
    deck = tmp_path / "deck.html"
    deck.write_text(
        "<!DOCTYPE html><html><head><meta charset='utf-8'></head><body>"
        "<script>window.deckKeys = 0; document.addEventListener('keydown', "
        "function () { window.deckKeys += 1; });</script>"
        "<div class='reveal'><div class='slides'>"
        f"<section><h2>one</h2>{fragment(path.read_text())}</section>"
        f"<section><h2>two</h2>{fragment(other.read_text())}</section>"
        f"<section><iframe src='{path.name}' width='600' height='500'></iframe></section>"
        "</div></div></body></html>")
    shutil.copy(path, tmp_path / path.name)
    browser.get(deck.as_uri())
    first, second = browser.find_elements(By.CSS_SELECTOR, ".vz-player")
    ready(browser, first)
    ready(browser, second)
    browser.execute_script("arguments[0].focus()", first)
    first.send_keys(Keys.ARROW_RIGHT)
    first.send_keys(Keys.ARROW_RIGHT)
    assert (shown(first), shown(second)) == (2, 0)
    browser.execute_script("arguments[0].focus()", second)
    second.send_keys(Keys.END)
    assert shown(first) == 2 and shown(second) > 2
    assert browser.execute_script("return window.deckKeys") == 0   # the slides saw no key
    browser.switch_to.frame(browser.find_element(By.TAG_NAME, "iframe"))
    inner = browser.find_element(By.CSS_SELECTOR, ".vz-player")
    ready(browser, inner)
    browser.execute_script("arguments[0].focus()", inner)
    inner.send_keys("n")
    assert shown(inner) > 0
    browser.switch_to.default_content()
    assert shown(first) == 2


def test_player_as_notebook_output(browser, lesson, tmp_path):
    """A cell's HTML output as JupyterLab shows it: set as innerHTML (scripts inert), then
    each script replaced by a fresh copy, which runs."""
    import json

    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    path, gif, _ = lesson
    page = tmp_path / "notebook.html"
    cell_output = json.dumps(fragment(path.read_text())).replace("</", "<\\/")
    page.write_text(
        "<!DOCTYPE html><html><head><meta charset='utf-8'></head><body>"
        "<div class='cell'>In [1]:</div><div id='out'></div><script>"
        f"const html = {cell_output};"
        "const out = document.getElementById('out');"
        "for (let k = 0; k < 2; k++) {"                       # the same output twice
        "  const host = document.createElement('div'); out.appendChild(host);"
        "  host.innerHTML = html;"
        "  host.querySelectorAll('script').forEach(function (old) {"
        "    const s = document.createElement('script');"
        "    for (const a of old.attributes) s.setAttribute(a.name, a.value);"
        "    s.textContent = old.textContent; old.parentNode.replaceChild(s, old); });"
        "}</script></body></html>")
    browser.get(page.as_uri())
    one, two = browser.find_elements(By.CSS_SELECTOR, ".vz-player")
    ready(browser, one)
    ready(browser, two)
    browser.execute_script("arguments[0].focus()", two)
    two.send_keys(Keys.END)
    assert (shown(one), shown(two)) == (0, len(gif) - 1)


def test_jumps_anywhere_show_the_frame(browser, tmp_path):
    """Jumps in every direction, far and near, through the snapshots (forward from the one
    before, undoing from the one after) and from the picture shown: the canvas holds
    exactly the file's frame each time."""
    import base64

    out = tmp_path / "long.html"
    raw = {**TINY, "steps_per_frame": 1, "maze": {"rows": 16, "cols": 20, "cell_size": 6,
                                                  "wall": 2}, "output": str(out)}
    pipeline.render(parse(raw, tmp_path / "long.yaml"))
    decoded = decode(out.read_text())
    player = open_player(browser, out)
    assert int(player.get_attribute("data-snapshots")) >= 3
    n = len(decoded.frames)
    rng = np.random.default_rng(3)
    targets = [n - 1, 0, n // 2, n // 2 - 1, n // 2 + 2] + rng.integers(0, n, 25).tolist()
    for target in targets:
        data = browser.execute_script(
            "const p = arguments[0]; p.vzSeek(arguments[1]);"
            "const c = p.querySelector('canvas');"
            "const px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
            "let s = ''; for (let i = 0; i < px.length; i += 8192) "
            "s += String.fromCharCode.apply(null, px.subarray(i, i + 8192)); return btoa(s);",
            player, int(target))
        rgba = np.frombuffer(base64.b64decode(data), np.uint8).reshape(
            decoded.frames[0].shape + (4,))
        assert shown(player) == target
        assert np.array_equal(rgba[..., :3], decoded.palette[decoded.frames[target]]), target

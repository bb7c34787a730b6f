"""The reveal venue's player in a real Chromium: it pauses when reveal.js says its slide
was left (the `slidechanged` event, which reveal.js dispatches on the deck and which
bubbles to the document) and plays again when its slide comes back."""
from __future__ import annotations

import pytest

from test_html_browser import chromium, ready, wait_for
from test_venues import tiny
from visualizer.venue_fit import render_for

#: a real Chromium starts for these: the full suite runs them (`-m "not slow"` leaves them out)
pytestmark = pytest.mark.slow

SLIDE_CHANGED = """
var deck = document.querySelector('.reveal');
var event = new CustomEvent('slidechanged', {bubbles: true});
event.currentSlide = document.querySelectorAll('section')[arguments[0]];
deck.dispatchEvent(event);
"""


@pytest.fixture(scope="module")
def browser():
    yield from chromium()


def test_the_player_pauses_when_its_slide_is_left(browser, tmp_path):
    from selenium.webdriver.common.by import By

    done = render_for(tiny(tmp_path, "reveal", output=str(tmp_path / "t.html"),
                           duration=30))
    (section,) = done.extras
    deck = tmp_path / "deck.html"
    deck.write_text("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
                    "<title>deck</title></head><body><div class='reveal'><div class='slides'>"
                    f"{section.read_text()}<section><h2>next</h2></section>"
                    "</div></div></body></html>")
    browser.get(deck.as_uri())
    player = browser.find_element(By.CSS_SELECTOR, ".vz-player")
    ready(browser, player)
    wait_for(lambda: player.get_attribute("data-playing") == "1", "autoplay")
    browser.execute_script(SLIDE_CHANGED, 1)
    assert player.get_attribute("data-playing") == "0"
    left_at = player.get_attribute("data-frame")
    browser.execute_script(SLIDE_CHANGED, 0)
    assert player.get_attribute("data-playing") == "1"
    wait_for(lambda: player.get_attribute("data-frame") != left_at, "playing on")


def test_the_notebooks_gif_shows_under_its_png_label(browser, tmp_path):
    """GitHub's notebook view renders an `image/png` output as `<img src="data:image/png;
    base64,…">`; the browser recognises the GIF by its bytes and shows (and animates) it."""
    import json

    done = render_for(tiny(tmp_path, "notebook", output=str(tmp_path / "t.gif")))
    (notebook,) = done.extras
    (out,) = [o for c in json.loads(notebook.read_text())["cells"]
              for o in c.get("outputs", [])]
    page = tmp_path / "shown.html"
    page.write_text("<!DOCTYPE html><html lang='en'><head><title>nb</title></head><body>"
                    f"<img alt='x' src='data:image/png;base64,{out['data']['image/png']}'>"
                    "</body></html>")
    browser.get(page.as_uri())
    size = wait_for(lambda: browser.execute_script(
        "var i = document.images[0]; return i.complete && i.naturalWidth ? "
        "[i.naturalWidth, i.naturalHeight] : null;"), "the image to load")
    assert size == [320, 180]

"""The HTML player for everyone (issue 25): a page with a language, a main landmark and a
heading; the lesson's description as the picture's text alternative; every control named;
milestones and questions announced in an `aria-live` region; axe-core in Chromium finds no
serious or critical violation (the browser tests are slow: a Chromium starts)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from accessibility import by_impact, violations
from test_html_browser import chromium, ready, wait_for
from visualizer import pipeline
from visualizer.export.html import fragment
from visualizer.lesson import describe
from visualizer.scenario import parse

HEADER = ("# yaml-language-server: $schema=schema.json\n"
          "# A tiny lesson. The backtracker carves, BFS solves.\n")
TINY = {"title": "tiny & small", "seed": 1, "autoplay": False,
        "maze": {"rows": 4, "cols": 5, "cell_size": 6, "wall": 2},
        "generator": "backtracker", "solver": "bfs"}
ASKED = {"title": "asked", "seed": 3, "steps_per_frame": 2, "hold": 0.5, "autoplay": False,
         "speed": 8, "maze": {"rows": 4, "cols": 5, "cell_size": 10, "wall": 2},
         "generator": "kruskal", "solver": "bfs",
         "questions": [{"kind": "merge_or_reject", "at": {"nth": 3}}]}


def player(folder: Path, raw: dict, name: str = "lesson") -> tuple[Path, str]:
    """`raw` (written with a header comment) rendered as a player: (path, description)."""
    source = folder / f"{name}.yaml"
    source.write_text(HEADER)
    scenario = parse({**raw, "output": str(folder / f"{name}.html")}, source)
    pipeline.render(scenario)
    return folder / f"{name}.html", describe(scenario)


def test_the_page_has_a_language_a_landmark_a_heading_and_a_text_alternative(tmp_path):
    path, description = player(tmp_path, TINY)
    page = path.read_text()
    assert '<html lang="en">' in page
    assert page.count("<main>") == 1 and page.count("</main>") == 1
    assert '<h1 class="vz-sr">tiny &amp; small</h1>' in page
    assert description.startswith("A tiny lesson. The backtracker carves, BFS solves. ")
    assert "built by backtracker, solved by bfs" in description
    about = re.search(r'<p class="vz-sr" data-vz-about>(.*?)</p>', page)
    assert about is not None and about.group(1) == description.replace("&", "&amp;")
    assert 'role="region" aria-label="tiny &amp; small"' in page


def test_a_fragment_keeps_the_text_alternative_but_not_the_page_around(tmp_path):
    path, _ = player(tmp_path, TINY)
    part = fragment(path.read_text())
    assert "data-vz-about" in part
    assert "<main" not in part and "</main>" not in part and "<h1" not in part


@pytest.fixture(scope="module")
def browser():
    yield from chromium(console=True)


def opened(driver, path: Path):
    """The player of the page at `path`, ready, after the page's earlier console lines."""
    from selenium.webdriver.common.by import By

    driver.get_log("browser")
    driver.get(path.as_uri())
    element = driver.find_element(By.CSS_SELECTOR, ".vz-player")
    ready(driver, element)
    return element


def live_text(element) -> str:
    from selenium.webdriver.common.by import By

    return element.find_element(By.CSS_SELECTOR, "[aria-live]").get_attribute("textContent")


@pytest.mark.slow
def test_axe_finds_nothing_serious_and_every_control_is_named(browser, tmp_path):
    from selenium.webdriver.common.by import By

    path, description = player(tmp_path, TINY)
    element = opened(browser, path)
    assert violations(browser) == []
    counts = by_impact(browser)
    print("axe-core on the player page, violations by impact:", counts)
    for control in element.find_elements(By.CSS_SELECTOR, "button, select, input"):
        name = control.get_attribute("aria-label") or browser.execute_script(
            "return arguments[0].labels && arguments[0].labels.length ? "
            "arguments[0].labels[0].textContent : arguments[0].textContent", control)
        assert name.strip(), control.get_attribute("outerHTML")
    canvas = element.find_element(By.CSS_SELECTOR, "canvas")
    assert canvas.get_attribute("role") == "img"
    about = browser.find_element(By.ID, canvas.get_attribute("aria-describedby"))
    assert about.get_attribute("textContent") == description
    assert not [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]


@pytest.mark.slow
def test_milestones_and_questions_are_announced(browser, tmp_path):
    from selenium.webdriver.common.by import By

    path, _ = player(tmp_path, ASKED, "asked")
    element = opened(browser, path)
    browser.execute_script("arguments[0].focus()", element)
    element.send_keys("n")                   # to the first milestone
    label = element.find_element(By.CSS_SELECTOR, ".vz-status").text.lstrip("\u25c6 ")
    assert label and live_text(element).startswith("Milestone, frame ")
    assert live_text(element).endswith(label)
    element.send_keys("\ue011")              # Home, then play into the question
    element.send_keys(" ")
    wait_for(lambda: element.get_attribute("data-quiz") == "ask", "the question to be asked")
    said = live_text(element)
    prompt = element.find_element(By.CSS_SELECTOR, ".vz-q-prompt").text
    assert said.startswith("Question 1 of 1. ") and prompt in said
    assert violations(browser) == []         # the question's controls shown, named
    element.send_keys("s")                   # skipped: the answer is said
    wait_for(lambda: live_text(element).startswith("Skipped. Answer: "), "the answer said")
    assert "0 of 0 right, 1 skipped" in live_text(element)
    assert not [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]

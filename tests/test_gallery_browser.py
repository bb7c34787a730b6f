"""The gallery in a real Chromium (slow: a browser starts): every link and image of every
page resolves, every lesson's player loads with no console error, and axe-core finds no
serious or critical violation on the index, a tag page and the lesson pages."""
from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from accessibility import by_impact, violations
from test_gallery import lessons, make
from test_html_browser import chromium, ready, wait_for

pytestmark = pytest.mark.slow

ASKED = """# Stop and predict on a tiny maze.
title: Asked
seed: 3
steps_per_frame: 2
hold: 0.5
maze: {rows: 4, cols: 5, cell_size: 10, wall: 2}
generator: kruskal
solver: bfs
questions: [{kind: merge_or_reject, at: {nth: 3}}]
"""


@pytest.fixture(scope="module")
def browser():
    yield from chromium(console=True)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("gallery")
    source = lessons(folder / "src", broken=True)
    (source / "asked.yaml").write_text(ASKED)
    assert make(source, folder / "site", jobs=2) == 1      # the broken one fails
    return folder / "site"


def targets(driver) -> list[str]:
    """Every link's and image's URL on the page shown, resolved by the browser."""
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('a[href]')).map(a => a.href)"
        ".concat(Array.from(document.querySelectorAll('img')).map(i => i.src))")


def local(url: str) -> Path:
    parsed = urlparse(url)
    assert parsed.scheme == "file", f"a link leaves the gallery: {url}"
    return Path(unquote(parsed.path))


def console_errors(driver) -> list:
    return [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def test_every_link_resolves_and_every_player_loads(browser, site):
    from selenium.webdriver.common.by import By

    browser.get_log("browser")
    seen: set[Path] = set()
    todo = [site / "index.html"]
    while todo:
        page = todo.pop()
        if page in seen:
            continue
        seen.add(page)
        browser.get(page.as_uri())
        # the posters load lazily: load them all now, and each must decode
        browser.execute_script("Array.from(document.images).forEach(i => i.loading = 'eager')")
        wait_for(lambda: browser.execute_script(
            "return Array.from(document.images).every(i => i.complete)"), "the images")
        broken = browser.execute_script(
            "return Array.from(document.images).filter(i => !i.naturalWidth).map(i => i.src)")
        assert broken == [], page
        for url in targets(browser):
            path = local(url.split("#")[0])
            assert path.is_file(), f"{page}: {url}"
            if path.suffix == ".html" and path.name == "index.html" or "/tags/" in url:
                todo.append(path)
        for player in browser.find_elements(By.CSS_SELECTOR, ".vz-player"):
            ready(browser, player)
        assert console_errors(browser) == [], page
    lesson_pages = [p for p in seen if p.parent.parent.name == "lessons"]
    assert len(lesson_pages) == 5 and any(p.parent.name == "broken" for p in lesson_pages)


@pytest.mark.parametrize("page", ["index.html", "tags/generator-kruskal.html",
                                  "lessons/asked/index.html", "lessons/broken/index.html"])
def test_axe_finds_nothing_serious(browser, site, page):
    from selenium.webdriver.common.by import By

    browser.get((site / page).as_uri())
    for player in browser.find_elements(By.CSS_SELECTOR, ".vz-player"):
        ready(browser, player)
    assert violations(browser) == []
    print(f"axe-core on the gallery's {page}, violations by impact:", by_impact(browser))


def test_served_by_a_static_server_the_pages_and_players_work(browser, site):
    import functools
    import http.server
    import threading
    import urllib.request

    from selenium.webdriver.common.by import By

    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    handler.log_message = lambda *a: None                    # type: ignore[attr-defined]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        browser.get_log("browser")
        browser.get(base + "index.html")
        lessons = [a.get_attribute("href") for a in
                   browser.find_elements(By.CSS_SELECTOR, ".card h2 a")]
        assert len(lessons) == 5 and all(u.startswith(base) for u in lessons)
        for page in lessons:
            browser.get(page)
            for url in targets(browser):
                assert url.startswith(base), url
                with urllib.request.urlopen(url.split("#")[0]) as answer:
                    assert answer.status == 200, url
            for player in browser.find_elements(By.CSS_SELECTOR, ".vz-player"):
                ready(browser, player)
        browser.get(base + "lessons/asked/asked.html")        # a player on its own page
        ready(browser, browser.find_element(By.CSS_SELECTOR, ".vz-player"))
        assert console_errors(browser) == []
    finally:
        server.shutdown()

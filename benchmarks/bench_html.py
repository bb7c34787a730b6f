"""The HTML player against the GIF export, in the same run.

    python benchmarks/bench_html.py size [SCENARIO ...]   # bytes over the shipped scenarios
    python benchmarks/bench_html.py jump [--size 1280x720]  # a 10,000-frame file in Chromium
    python benchmarks/bench_html.py --quick               # both, small: a few seconds

`size` renders each scenario twice through the public entry point, as a GIF and as a player
(the bar: the HTML file at most 1.3x the GIF's bytes over all the shipped scenarios). `jump`
renders a maze with more than 10,000 frames into a player, opens it in headless Chromium and
times jumps to random frames (seek and a read-back of the canvas, so the picture is drawn; the bar:
every jump within 50 ms), plus the page's load (inflate, snapshots).
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402
import yaml  # noqa: E402

from visualizer.pipeline import render  # noqa: E402
from visualizer.scenario import load  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
#: small shipped scenarios for --quick
QUICK = ("scenarios/tremaux.yaml", "scenarios/life_glider_projective.yaml")


def both(path: Path, folder: Path) -> tuple[int, int, int, float]:
    """Render the scenario at `path` as a GIF and as a player, through the public entry
    point, one after the other: (frames, GIF bytes, HTML bytes, seconds of both)."""
    started = time.perf_counter()
    gif = render(load(path, out=folder / "x.gif"))
    page = render(load(path, out=folder / "x.html"))
    return page.frames, gif.bytes, page.bytes, time.perf_counter() - started


def size(files: list[Path]) -> None:
    print(f"{'scenario':34} {'frames':>6} {'gif':>10} {'html':>10} {'ratio':>6} {'s':>6}")
    total_gif = total_html = 0
    with tempfile.TemporaryDirectory() as tmp:
        for path in files:
            frames, g, h, seconds = both(path, Path(tmp))
            total_gif += g
            total_html += h
            print(f"{path.name:34} {frames:6} {g:10,} {h:10,} {h / g:6.2f} {seconds:6.1f}",
                  flush=True)
    print(f"{'all':34} {'':6} {total_gif:10,} {total_html:10,} "
          f"{total_html / total_gif:6.2f}")


JUMP = {"title": "A long solve", "seed": 5, "steps_per_frame": 1, "hold": 0, "hold_first": 0,
        "maze": {"rows": 38, "cols": 52, "cell_size": 8, "wall": 2},
        "generator": "backtracker", "solver": "bfs",
        "autoplay": False}


QUICK_JUMP = {**JUMP, "title": "A short solve", "maze": {"rows": 6, "cols": 8, "cell_size": 8,
                                                          "wall": 2}}


def browser_missing() -> str | None:
    """Why the browser part cannot run here (None: it can)."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed"
    if not shutil.which("chromedriver") and not Path("/usr/bin/chromedriver").exists():
        return "chromedriver is not on PATH"
    if not any(shutil.which(name) for name in ("chromium", "chromium-browser", "google-chrome",
                                                "chrome")):
        return "no Chromium on PATH"
    return None


def jump(count: int, size: str | None, quick: bool = False) -> None:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "long.html"
        raw = {**(QUICK_JUMP if quick else JUMP), **({"size": size} if size else {})}
        source = Path(tmp) / "long.yaml"
        source.write_text(yaml.safe_dump(raw), encoding="utf-8")
        scenario = load(source, out=out)
        started = time.perf_counter()
        result = render(scenario)
        print(f"rendered {result.frames:,} frames of {scenario.size or 'natural size'} "
              f"({result.bytes:,} bytes) in "
              f"{time.perf_counter() - started:.1f} s")
        options = webdriver.ChromeOptions()
        for arg in ("--headless=new", "--no-sandbox", "--disable-gpu",
                    "--disable-background-networking", "--disable-component-update",
                    "--disable-sync", "--no-first-run", f"--user-data-dir={tmp}/profile",
                    "--window-size=1200,1000"):
            options.add_argument(arg)
        driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")
                                                  or "/usr/bin/chromedriver"),
                                  options=options)
        try:
            t0 = time.perf_counter()
            driver.get(out.as_uri())
            player = driver.find_element(By.CSS_SELECTOR, ".vz-player")
            while player.get_attribute("data-vz-state") != "ready":
                time.sleep(0.01)
            print(f"page ready in {time.perf_counter() - t0:.2f} s; "
                  f"{player.get_attribute('data-snapshots')} snapshots")
            n = int(driver.execute_script(
                "return JSON.parse(document.querySelector('[data-vz-meta]').textContent)"
                ".delays.length"))
            targets = np.random.default_rng(0).integers(0, n, count).tolist()
            times = driver.execute_script("""
                const p = arguments[0], targets = arguments[1];
                const ctx = p.querySelector('canvas').getContext('2d');
                const out = [];
                for (const t of targets) {
                  const t0 = performance.now();
                  p.vzSeek(t);
                  ctx.getImageData(0, 0, 1, 1);      // the picture is drawn
                  out.push(performance.now() - t0);
                }
                return out;""", player, targets)
        finally:
            driver.quit()
    ms = np.array(times)
    slowest = np.argsort(ms)[::-1][:3]
    print(f"{n:,}-frame player, {count} jumps to random frames: median {np.median(ms):.1f} ms, "
          f"95th percentile {np.percentile(ms, 95):.1f} ms, max {ms.max():.1f} ms; slowest "
          + ", ".join(f"jump {k} ({ms[k]:.1f} ms)" for k in slowest)
          + f"; load average {os.getloadavg()[0]:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", nargs="?", choices=("size", "jump"),
                        help="size or jump (with --quick, leave it out for both)")
    parser.add_argument("files", nargs="*", help="scenario files (default: scenarios/*.yaml)")
    parser.add_argument("--jumps", type=int, default=200)
    parser.add_argument("--size", help="jump: render on a canvas of this size (e.g. 1280x720)")
    parser.add_argument("--quick", action="store_true",
                        help="a few seconds: size of " + ", ".join(QUICK) + "; jump in a "
                             "6x8 maze's player, 20 jumps (skipped without a browser)")
    args = parser.parse_args()
    if args.what is None and not args.quick:
        parser.error("say what to measure: size or jump")
    if args.what in (None, "size"):
        files = [Path(f) for f in args.files] or (
            [ROOT / f for f in QUICK] if args.quick
            else sorted((ROOT / "scenarios").glob("*.yaml")))
        size(files)
    if args.what in (None, "jump"):
        missing = browser_missing()
        if missing and args.quick:
            print(f"jump: skipped, {missing}")
        else:
            jump(20 if args.quick else args.jumps, args.size, quick=args.quick)


if __name__ == "__main__":
    main()

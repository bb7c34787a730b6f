"""A real window: `run.py --interactive` with TkAgg on an Xvfb display, keys sent with
xdotool, the screen grabbed and compared with the frames an export draws."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from visualizer import pipeline
from visualizer.render.palette import make_theme
from visualizer.scenario import load

#: an X server and a Tk window start for this: the full suite runs it
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent

SCENARIO = """
title: Tk window
seed: 8
steps_per_frame: 1
maze: {rows: 8, cols: 10, cell_size: 12, wall: 3}
generator: backtracker
solver: bfs
"""


def _missing() -> str | None:
    """Why this machine cannot run the test, or None."""
    try:
        import tkinter  # noqa: F401
    except ImportError as exc:
        return f"tkinter cannot be imported in this Python ({exc}): install python3-tk"
    for tool in ("Xvfb", "xdotool"):
        if shutil.which(tool) is None:
            return f"`{tool}` is not installed (apt-get install xvfb xdotool)"
    from PIL import features

    if not features.check("xcb"):
        return "Pillow was built without XCB: it cannot grab an X screen"
    return None


@pytest.fixture
def display():
    """A fresh Xvfb display (":N"), stopped afterwards."""
    reason = _missing()
    if reason:
        pytest.skip(reason)
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24",
                               "-nolisten", "tcp"], pass_fds=(write,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    if not number:
        server.kill()
        pytest.skip("Xvfb did not start")
    yield f":{number}"
    server.terminate()
    server.wait(timeout=10)


def xdotool(display: str, *args: str) -> str:
    result = subprocess.run(["xdotool", *args], env=dict(os.environ, DISPLAY=display),
                            capture_output=True, text=True, timeout=30)
    return result.stdout.strip()


def packed(rgb: np.ndarray) -> np.ndarray:
    """An RGB image as one int32 per pixel (0xRRGGBB): one comparison per pixel."""
    rgb = rgb.astype(np.int32)
    return (rgb[..., 0] << 16) | (rgb[..., 1] << 8) | rgb[..., 2]


def find_frame(screen: np.ndarray, frame: np.ndarray) -> tuple[int, int, int] | None:
    """Where `frame` (RGB) appears in `screen`, scaled by a whole zoom k (each frame pixel a
    k x k block): (y, x, k), or None."""
    screen, frame = packed(screen), packed(frame)
    for k in range(1, 12):
        scaled = np.repeat(np.repeat(frame, k, 0), k, 1)
        if scaled.shape[0] > screen.shape[0] or scaled.shape[1] > screen.shape[1]:
            return None
        where = find_exact(screen, scaled)
        if where is not None:
            return (*where, k)
    return None


def find_exact(screen: np.ndarray, frame: np.ndarray) -> tuple[int, int] | None:
    """Where `frame` appears pixel for pixel in `screen` (both `packed`), or None."""
    h, w = frame.shape
    # anchor on the frame's first pixel that differs from its background
    ay, ax = np.argwhere(frame != frame[0, 0])[0]
    ys, xs = np.nonzero(screen == frame[ay, ax])
    ys, xs = ys - ay, xs - ax
    inside = (ys >= 0) & (xs >= 0) & (ys + h <= screen.shape[0]) & (xs + w <= screen.shape[1])
    ys, xs = ys[inside], xs[inside]
    # thin the candidates out on a grid of the frame's pixels, all candidates at once (a
    # colour such as the walls' matches thousands of places), then compare the survivors whole
    for py in np.linspace(0, h - 1, 9).astype(int):
        for px in np.linspace(0, w - 1, 9).astype(int):
            keep = screen[ys + py, xs + px] == frame[py, px]
            ys, xs = ys[keep], xs[keep]
    for y, x in zip(ys, xs):
        if np.array_equal(screen[y:y + h, x:x + w], frame):
            return int(y), int(x)
    return None


#: how long the window may take to show what a key asks for: generous, as a busy machine
#: (the other core running a test job) slows the window and the screen search alike
PATIENCE = 180.0


def grab_until(display: str, frame: np.ndarray, timeout: float = PATIENCE, zoom: int = 1):
    """Grab the screen until `frame` shows in it scaled by `zoom` or more; the last grab and
    where the frame was found in it, at any zoom (None: nowhere)."""
    from PIL import ImageGrab

    deadline = time.monotonic() + timeout
    while True:
        screen = np.asarray(ImageGrab.grab(xdisplay=display).convert("RGB"))
        where = find_frame(screen, frame)
        if (where is not None and where[2] >= zoom) or time.monotonic() > deadline:
            return screen, where
        time.sleep(0.1)


def test_a_real_tk_window_shows_the_maze_and_obeys_keys(display, tmp_path):
    path = tmp_path / "tk.yaml"
    path.write_text(SCENARIO)
    scenario = load(path)
    theme = make_theme()
    frames = [theme.rgb(f.image) for f in pipeline.scenario_frames(scenario)]

    env = dict(os.environ, DISPLAY=display, MPLBACKEND="TkAgg")
    window = subprocess.Popen([sys.executable, str(ROOT / "run.py"), str(path), "--interactive"],
                              cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    try:
        wid = ""
        deadline = time.monotonic() + PATIENCE
        while not wid and time.monotonic() < deadline and window.poll() is None:
            wid = xdotool(display, "search", "--name", "visualizer").split("\n")[0]
            time.sleep(0.3)
        if not wid:
            window.kill()
            _, err = window.communicate(timeout=10)
            pytest.fail(f"no window appeared; stderr: {err}")

        screen, where = grab_until(display, frames[0])
        assert where is not None, "the first frame is not on the screen"
        # not an empty window: the maze's walls and unvisited cells are there
        y, x, k = where
        shown = screen[y:y + k * frames[0].shape[0], x:x + k * frames[0].shape[1]]
        for name in ("wall", "unvisited"):
            colour = theme.colours[["transparent", "background", "text", "wall", "passage",
                                    "unvisited"].index(name)]
            assert (shown == colour).all(-1).sum() > 100, name

        xdotool(display, "windowfocus", "--sync", wid)
        # the first key may come before the window takes keys: again until the frame shows,
        # enlarged (End twice is End; a window just mapped may show it at zoom 1 while it
        # takes its size)
        deadline = time.monotonic() + PATIENCE
        while True:
            xdotool(display, "key", "--window", wid, "End")
            _, where = grab_until(display, frames[-1], timeout=10, zoom=2)
            if (where is not None and where[2] >= 2) or time.monotonic() > deadline:
                break
        assert where is not None, "End did not show the last frame"
        assert where[2] >= 2, "the picture is not scaled up to fill the window"
        xdotool(display, "key", "--window", wid, "Left")
        xdotool(display, "key", "--window", wid, "Left")
        _, where = grab_until(display, frames[-3])
        assert where is not None, "two steps back did not show the frame two before the end"
    finally:
        window.terminate()
        try:
            window.wait(timeout=10)
        except subprocess.TimeoutExpired:
            window.kill()

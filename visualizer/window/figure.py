"""The matplotlib window: the canvas's frame in an image, a slider, buttons and keys.

It draws nothing itself: the picture is `theme.rgb(player.frame)`, the very frame an export
writes, scaled by a whole factor (nearest neighbour, no axes) to fill the figure, again at
every resize. The controls sit beside or below it (`layout.arrange`), their texts wrapped
so that none runs into another. Every control calls the `Session`/`Player` model and then
shows its frame.
"""
from __future__ import annotations

import functools
import gc
from bisect import bisect_left
from functools import lru_cache
from pathlib import Path
from typing import Callable

import numpy as np

from .. import events as ev
from ..render.palette import Theme
from ..render.timeline import milestone_text
from . import layout
from .layout import Box
from .quiz import Quiz          # questions
from .session import Session

#: steps per second the ↑/↓ keys choose from
SPEEDS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000)
DEFAULT_SPEED = 50
TICK_MS = 40
PREPARE_EVERY_MS, PREPARE_SECONDS = 50, 0.02   # idle work: 20 ms of every 50
HELP_ITEMS = ("space play/pause", "←/→ step", "↑/↓ speed", "Home/End",
              "n next milestone", "s save PNG", "click: start (shift: goal) in that panel",
              "1-9 solver of that panel", "Life: click toggles a cell")
HELP = " · ".join(HELP_ITEMS)
#: our keys, taken away from matplotlib's default keymap (← → were toolbar back/forward)
KEYS = (" ", "left", "right", "up", "down", "home", "end", "n", "s", "enter",
        *"123456789", "0", "backspace")     # questions: 0 and backspace for numbers
DPI = 100
#: the first window at most (logical pixels) when the screen's size is unknown, and at least
MAX_SIZE, MIN_SIZE = (1400.0, 860.0), (960.0, 540.0)
SCREEN_SHARE = (0.9, 0.85)       # of the screen the first window may take
MENU_HEADING = "solver for:"


def free_keys() -> None:
    """Remove our keys from matplotlib's default keymap (rcParams `keymap.*`)."""
    import matplotlib

    for name in [k for k in matplotlib.rcParams if k.startswith("keymap.")]:
        keys = matplotlib.rcParams[name]
        kept = [k for k in keys if k.lower() not in KEYS]
        if kept != list(keys):
            matplotlib.rcParams[name] = kept


@lru_cache(maxsize=1)
def _renderer():
    from matplotlib.backends.backend_agg import RendererAgg

    return RendererAgg(8, 8, DPI)


@lru_cache(maxsize=8192)
def measure(text: str, size: float) -> float:
    """The width in logical pixels of `text` at `size` points (matplotlib's default font)."""
    from matplotlib.font_manager import FontProperties

    width, _, _ = _renderer().get_text_width_height_descent(
        text, FontProperties(size=size), ismath=False)
    return float(width)




def latest_milestone(player) -> tuple[int, ev.Event] | None:
    """The panel and event of the milestone reached last (at the latest step) among the
    events the panels show now, or None."""
    best: tuple[int, int, ev.Event] | None = None
    for i, track in enumerate(player.tracks):
        k = bisect_left(track.milestones, track.consumed) - 1
        if k < 0:
            continue
        j = track.milestones[k]
        at = player.position_for(i, j + 1)
        if best is None or at > best[0]:
            best = (at, i, track.events[j])
    return None if best is None else (best[1], best[2])


def _fraction(box: Box, size: tuple[float, float]) -> tuple[float, float, float, float]:
    x, y, w, h = box
    return x / size[0], y / size[1], w / size[0], h / size[1]


class Window:
    """A figure showing `session`'s frames in `theme`, with its controls.

    `save_dir` is where `s` writes PNGs. `figure_factory` makes the figure
    (default `pyplot.figure`, so the current backend opens a window).
    """

    def __init__(self, session: Session, theme: Theme, *, save_dir: Path = Path("output"),
                 figure_factory: Callable | None = None,
                 prepare_in_background: bool = False) -> None:
        import matplotlib
        import matplotlib.pyplot as plt

        free_keys()
        self.session, self.player, self.theme = session, session.player, theme
        self.save_dir = Path(save_dir)
        self.playing = False
        self.speed = SPEEDS.index(DEFAULT_SPEED)
        self._carry = 0.0
        self._syncing = False
        self.place_goal = False
        self.saved: Path | None = None
        self.quiz = Quiz(session)      # questions: asked when the player reaches them
        self.zoom = 1.0
        self.menu_labels = session.solvers[:9] if session.chosen else []
        self._menu_state: tuple | None = None
        self.heading_lines = max((len(self._heading(i, layout.MENU_W))
                                  for i in session.chosen), default=0)

        make = figure_factory or plt.figure
        width, height = self.first_size(MAX_SIZE)
        # no navigation toolbar: its home/back/forward and zoom would fight the stepping
        # and resample the picture
        with matplotlib.rc_context({"toolbar": "None"}):
            self.fig = fig = make(figsize=(width / DPI, height / DPI), dpi=DPI)
        manager = getattr(fig.canvas, "manager", None)
        if manager is not None:
            manager.set_window_title(f"visualizer — {session.scenario.title or 'scenario'}")
        self._fit_screen()
        self.ax = fig.add_axes((0, 0, 1, 1))
        self.ax.set_axis_off()
        self.image = self.ax.imshow(theme.rgb(self.player.frame), interpolation="nearest",
                                    aspect="auto")
        self._add_controls()
        self.layout()
        fig.canvas.mpl_connect("resize_event", self.on_resize)

        # what changes every step is drawn over a saved background (blitting): a full redraw
        # re-renders every text of the controls, ~100 ms
        self._background = None
        self.slider.drawon = False
        self._animated = [self.image, self.status] + [
            getattr(self.slider, name) for name in ("poly", "vline", "_handle", "valtext")
            if hasattr(self.slider, name)]
        if not getattr(fig.canvas, "supports_blit", False):
            self._animated = []      # such backends redraw everything each time
        for artist in self._animated:
            artist.set_animated(True)
        fig.canvas.mpl_connect("draw_event", self._on_draw)
        fig.canvas.mpl_connect("key_press_event", self.on_key)
        fig.canvas.mpl_connect("button_press_event", self.on_click)
        self.timer = fig.canvas.new_timer(interval=TICK_MS)
        self.timer.add_callback(self.tick)
        # the player's copies (for exact stepping back) are taken in idle time
        self.background = prepare_in_background
        self.preparing = prepare_in_background and self.player.prepared < 1
        self.prep_timer = fig.canvas.new_timer(interval=PREPARE_EVERY_MS)
        self.prep_timer.add_callback(self.prepare_some)
        if self.preparing:
            self.prep_timer.start()
        self.show()

    # --- size and places -----------------------------------------------------------------

    def _arrange_options(self) -> dict:
        return dict(menu_rows=len(self.menu_labels), heading_lines=self.heading_lines,
                    help_items=HELP_ITEMS, measure=measure)

    def first_size(self, limit: tuple[float, float]) -> tuple[float, float]:
        """The figure size (logical pixels) within `limit` that shows the frame at the
        largest whole zoom, snug around it; at zoom 1 (beyond `limit`) when even that does
        not fit."""
        h, w = self.player.frame.shape
        top = max(1, int(min(limit[0] / w, limit[1] / h)))
        best: tuple[int, bool, tuple[float, float]] | None = None
        for kind in ("beside", "below"):
            for zoom in range(top, 0, -1):
                size = layout.needed(kind, (h, w), zoom, minimum=MIN_SIZE,
                                     **self._arrange_options())
                if size[0] <= limit[0] and size[1] <= limit[1]:
                    option = (zoom, kind == "beside", size)
                    best = option if best is None or option[:2] > best[:2] else best
                    break
        if best is None:      # too big even at zoom 1: the arrangement that overshoots least
            sizes = [layout.needed(kind, (h, w), 1, minimum=MIN_SIZE, **self._arrange_options())
                     for kind in ("beside", "below")]
            return min(sizes, key=lambda size: max(size[0] / limit[0], size[1] / limit[1]))
        return best[2]

    def _fit_screen(self) -> None:
        """Once the figure has a window: size it for the screen, if the backend says how
        big the screen is (Tk)."""
        window = getattr(getattr(self.fig.canvas, "manager", None), "window", None)
        if window is None:
            return
        try:
            screen = (window.winfo_screenwidth(), window.winfo_screenheight())
        except Exception:        # not Tk, or no window: keep the first size
            return
        scale = self.fig.dpi / DPI
        limit = (screen[0] * SCREEN_SHARE[0] / scale, screen[1] * SCREEN_SHARE[1] / scale)
        width, height = self.first_size(limit)
        self.fig.set_size_inches(width / DPI, height / DPI, forward=True)

    def _on_button(self, action: Callable[[], object], _event: object) -> None:
        self._act(action)

    def _on_menu(self, name: str | None) -> None:
        if name is not None:
            self._act(lambda: self.choose_solver(name))

    def _add_controls(self) -> None:
        """The slider, the buttons, the solver menu, the status, heading and help texts
        (placed by `layout`)."""
        from matplotlib.widgets import Button, RadioButtons, Slider

        fig, session = self.fig, self.session
        self.slider = Slider(fig.add_axes((0, 0, 0.1, 0.1)), "step", 0,
                             max(self.player.last, 1), valinit=0, valstep=1, valfmt="%d")
        self.slider.on_changed(self._on_slider)
        actions = {"|◀": self.home, "◀": lambda: self.step(-1), "play": self.toggle,
                   "▶": lambda: self.step(1), "▶|": self.end, "next ★": self.next_milestone,
                   "save": self.save, "click: start": self.toggle_mode}
        self.buttons = {}
        for label, action in actions.items():
            button = Button(fig.add_axes((0, 0, 0.1, 0.1)), label)
            button.on_clicked(functools.partial(self._on_button, action))
            self.buttons[label] = button
        self.radio = self.heading = None
        if self.menu_labels:
            shown = self.menu_labels
            active = shown.index(session.solver) if session.solver in shown else 0
            self.radio = RadioButtons(fig.add_axes((0, 0, 0.1, 0.1)), shown, active=active)
            for text in self.radio.labels:
                text.set_fontsize(layout.MENU_SIZE)
            self.radio.on_clicked(self._on_menu)
            self.heading = fig.text(0, 0, "", fontsize=layout.MENU_SIZE, va="top")
        self.status = fig.text(0, 0, "", fontsize=layout.STATUS_SIZE, va="top")
        self.help = fig.text(0, 0, "", fontsize=layout.HELP_SIZE, va="top", color="#555555")

    def _heading(self, panel: int | None, width: float) -> list[str]:
        """The words above the solver menu: which panel it acts on."""
        if panel is None:
            return [MENU_HEADING]
        return layout.wrap_lines([MENU_HEADING, self.session.title(panel)], width,
                                 layout.MENU_SIZE, measure)

    def layout(self) -> bool:
        """Place everything for the figure's current size; True if the picture moved."""
        width, height = self.fig.bbox.width, self.fig.bbox.height
        if width < 2 or height < 2:
            return False
        scale = self.fig.dpi / DPI
        size = (width / scale, height / scale)
        self.places = places = layout.arrange(size, self.player.frame.shape, scale=scale,
                                              **self._arrange_options())
        self.slider.ax.set_position(_fraction(places.slider, size))
        # "step" and the value a few pixels either side, however long the slider is
        self.slider.label.set_x(-6 / places.slider[2])
        self.slider.valtext.set_x(1 + 12 / places.slider[2])     # clear of the handle
        for label, button in self.buttons.items():
            button.ax.set_position(_fraction(places.buttons[label], size))
        if self.radio is not None and places.menu is not None and places.heading is not None:
            self.radio.ax.set_position(_fraction(places.menu, size))
            self._place_text(self.heading, places.heading, size)
        self._place_text(self.status, places.status, size)
        self._place_text(self.help, places.help, size)
        self.help.set_text("\n".join(places.help_lines))
        return self.fit_picture()

    @staticmethod
    def _place_text(text, box: Box, size: tuple[float, float]) -> None:
        """Hang `text` from the top left of `box`."""
        text.set_position((box[0] / size[0], (box[1] + box[3]) / size[1]))

    def fit_picture(self) -> bool:
        """Place the picture on whole screen pixels, at the largest whole zoom (1 frame pixel
        = k x k screen pixels) that fits its room, so that it stays as sharp as the export;
        smaller (averaged, not picked) only when the window is smaller than the frame.
        Screens with a pixel ratio (HiDPI, Tk's scaling) are measured in their own pixels.
        True if it moved."""
        width, height = self.fig.bbox.width, self.fig.bbox.height
        scale = self.fig.dpi / DPI
        h, w = self.player.frame.shape
        rx, ry, rw, rh = (v * scale for v in self.places.picture)
        self.zoom = layout.zoom_for(self.places.picture, (h, w), scale)
        # whole zooms repeat pixels exactly; shrinking averages them, which keeps walls and
        # text readable where dropping pixels would break them
        self.image.set_interpolation("nearest" if self.zoom >= 1 else "antialiased")
        pw, ph = w * self.zoom, h * self.zoom
        x0 = int(rx + max(0, (rw - pw) // 2))
        y0 = int(ry + max(0, (rh - ph) // 2))
        place = (x0 / width, y0 / height, pw / width, ph / height)
        if np.allclose(self.ax.get_position().bounds, place, rtol=0, atol=1e-9):
            return False
        self.ax.set_position(place)
        return True

    def on_resize(self, _event=None) -> None:
        """The figure changed size: place everything again (the backend redraws)."""
        self.layout()
        self._background = None
        self.show()

    def _on_draw(self, _event) -> None:
        """After a full draw: keep the still parts, then draw the moving ones over them.
        (A backend may change the pixel ratio without a resize event: place again, redraw.)"""
        canvas = self.fig.canvas
        if self.layout():
            canvas.draw_idle()
            return
        copy_from_bbox = getattr(canvas, "copy_from_bbox", None)
        if getattr(canvas, "supports_blit", False) and copy_from_bbox is not None:
            self._background = copy_from_bbox(self.fig.bbox)
        for artist in self._animated:
            self.fig.draw_artist(artist)

    def refresh(self, full: bool = False) -> None:
        """Bring the screen up to date: only the moving parts unless `full`."""
        canvas = self.fig.canvas
        if full or self._background is None:
            canvas.draw_idle()
            return
        canvas.restore_region(self._background)
        for artist in self._animated:
            self.fig.draw_artist(artist)
        canvas.blit(self.fig.bbox)

    # --- what the status line and the menu say --------------------------------------------

    def status_lines(self) -> list[str]:
        """The status line's parts, one line each before wrapping: where the player is, the
        milestone reached last, and the panel the last action touched with its solver."""
        player, session = self.player, self.session
        first = [f"step {player.position}/{player.last}",
                 "playing" if self.playing else "paused", f"{SPEEDS[self.speed]} steps/s"]
        if self.preparing:
            first.append(f"preparing {player.prepared:.0%}")
        lines = [" · ".join(first)] + self.quiz.lines()     # questions
        reached = latest_milestone(player)
        if reached is not None:
            panel, event = reached
            where = f" ({session.title(panel)})" if len(player.tracks) > 1 else ""
            lines.append(f"★ {milestone_text(event)}{where}")
        if session.message:
            lines.append(session.message)
        elif session.solver and session.focus is not None:
            lines.append(f"{session.title(session.focus)}: solver {session.solver}")
        return lines

    def _sync_menu(self) -> bool:
        """Show the focused panel's solver and name the panel above the menu; True if that
        changed (the menu is not redrawn by blitting)."""
        if self.radio is None or self.heading is None or self.places.heading is None:
            return False
        width = self.places.heading[2]
        state = (self.session.focus, self.session.solver, width)
        if state == self._menu_state:
            return False
        self._menu_state = state
        if self.session.solver in self.menu_labels:
            index = self.menu_labels.index(self.session.solver)
            if self.radio.index_selected != index:
                self.radio.eventson = False
                self.radio.set_active(index)
                self.radio.eventson = True
        lines = self._heading(self.session.focus, width)
        self.heading.set_text("\n".join(lines))
        return True

    def show(self) -> None:
        """Put the player's frame, the slider, the status line and the menu on screen."""
        self.image.set_data(self.theme.rgb(self.quiz.overlay(self.player.frame)))
        full = self._sync_menu()
        if self.slider.valmax != max(self.player.last, 1):
            self.slider.valmax = max(self.player.last, 1)
            self.slider.ax.set_xlim(self.slider.valmin, self.slider.valmax)
            full = True
        if int(self.slider.val) != self.player.position:
            self._syncing = True
            self.slider.set_val(self.player.position)
            self._syncing = False
        if self.preparing and self.player.prepared >= 1:    # a seek to the end did it
            self._prepared()
        elif self.background and not self.preparing and self.player.prepared < 1:
            self.preparing = True                            # an edit brought new events
            self.prep_timer.start()
        box = self.places.status
        lines, size = layout.fit_text(self.status_lines(), box[2], self.places.status_lines,
                                      measure)
        self.status.set_text("\n".join(lines))
        self.status.set_fontsize(size)
        label = self.buttons["play"].label
        if label.get_text() != ("pause" if self.playing else "play"):
            label.set_text("pause" if self.playing else "play")
            full = True
        self.refresh(full)

    def prepare_some(self) -> None:
        """Idle time: take more of the player's copies; once all are there, stop."""
        if not self.preparing:
            return
        if self.player.prepare(PREPARE_SECONDS):
            self._prepared()
        if not self.playing:
            self.show()

    def _prepared(self) -> None:
        self.preparing = False
        self.prep_timer.stop()
        gc.freeze()   # the copies live as long as the window: keep them out of collections

    def _act(self, action: Callable[[], object]) -> None:
        action()
        self.show()

    # --- actions (each leaves the picture to `show`) -------------------------------------

    def go(self, position: int) -> None:
        self.player.seek(position)

    def step(self, delta: int) -> None:
        self.pause()
        if self.quiz.active is not None and delta > 0:  # questions: back to it, answer first
            self.quiz.ask(self.quiz.active)
            return
        before = self.player.position
        self.player.step(delta)
        self.quiz.reached(before, self.player.position)     # questions

    def home(self) -> None:
        self.pause()
        self.player.seek(0)

    def end(self) -> None:
        self.pause()
        self.player.seek(self.player.last)

    def next_milestone(self) -> None:
        self.pause()
        self.player.seek(self.player.next_milestone())

    def toggle(self) -> None:
        if self.playing:
            self.pause()
        else:
            self.play()

    def play(self) -> None:
        if self.player.at_end:
            self.player.seek(0)
        self.playing = True
        self._carry = 0.0
        self.timer.start()

    def pause(self) -> None:
        self.playing = False
        self.timer.stop()

    def faster(self, delta: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + delta))

    def tick(self) -> None:
        """One timer tick while playing: advance by the speed's share of steps."""
        if not self.playing:
            return
        if self.quiz.question is not None:     # questions: the animation waits for an answer
            self.pause()
            self.show()
            return
        self._carry += SPEEDS[self.speed] * TICK_MS / 1000
        steps, self._carry = int(self._carry), self._carry % 1
        if steps:
            before = self.player.position
            self.player.step(steps)
            if self.quiz.reached(before, self.player.position):    # questions: stop and ask
                self.pause()
        if self.player.at_end:
            self.pause()
        self.show()

    def save(self) -> Path:
        """Write the current frame as a PNG in `save_dir`; returns its path."""
        from PIL import Image

        self.save_dir.mkdir(parents=True, exist_ok=True)
        stem = self.session.scenario.path.stem if self.session.scenario.path else "frame"
        path = self.save_dir / f"{stem}_step{self.player.position:06d}.png"
        Image.fromarray(self.theme.rgb(self.player.frame)).save(path)
        self.session.message = f"saved {path}"
        self.saved = path
        return path

    def toggle_mode(self) -> None:
        self.place_goal = not self.place_goal
        self.buttons["click: start"].label.set_text(
            "click: goal" if self.place_goal else "click: start")
        self.refresh(full=True)

    def choose_solver(self, name: str) -> None:
        if self.session.choose_solver(name):
            self.play()

    # --- matplotlib events ---------------------------------------------------------------

    def on_key(self, event) -> None:
        key = (event.key or "").lower()
        if self.quiz.key(key):           # questions: y/n, digits, Enter, s while one is asked
            self.show()
            return
        actions: dict[str, Callable[[], object]] = {
            " ": self.toggle, "right": lambda: self.step(1), "left": lambda: self.step(-1),
            "up": lambda: self.faster(1), "down": lambda: self.faster(-1),
            "home": self.home, "end": self.end, "n": self.next_milestone, "s": self.save,
        }
        if key in actions:
            self._act(actions[key])
        elif key.isdigit() and key != "0" and self.session.solvers:
            index = int(key) - 1
            if index < len(self.session.solvers):
                name = self.session.solvers[index]
                if self.radio is not None and index < len(self.radio.labels):
                    self.radio.set_active(index)     # calls choose_solver through on_clicked
                else:
                    self._act(lambda: self.choose_solver(name))

    def on_click(self, event) -> None:
        if event.inaxes is not self.ax or event.button != 1 or event.xdata is None:
            return
        y, x = int(np.floor(event.ydata + 0.5)), int(np.floor(event.xdata + 0.5))
        goal = self.place_goal or (event.key or "").lower() == "shift"
        target = self.session.cell_at(y, x)
        if self.quiz.question is not None:   # questions: a click answers or toggles
            if target is not None:
                self.quiz.click(*target)
            self.show()
            return
        if target is not None and self.session.is_life(target[0]):
            self.pause()
            self._act(lambda: self.session.click(y, x))
            return
        if self.session.click(y, x, goal=goal):
            self.play()
        self.show()

    def _on_slider(self, value: float) -> None:
        if self._syncing:
            return
        self.pause()
        self.player.seek(int(round(value)))
        self.show()

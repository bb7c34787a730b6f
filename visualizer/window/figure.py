"""The matplotlib window: the canvas's frame in an image, a slider, buttons and keys.

It draws nothing itself: the picture is `theme.rgb(player.frame)`, the very frame an export
writes, shown pixel for pixel (nearest interpolation, no axes). Every control calls the
`Session`/`Player` model and then shows its frame.
"""
from __future__ import annotations

import gc
from pathlib import Path
from typing import Callable

import numpy as np

from ..render.palette import Theme
from .session import Session

#: steps per second the ↑/↓ keys choose from
SPEEDS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000)
DEFAULT_SPEED = 50
TICK_MS = 40
PREPARE_EVERY_MS, PREPARE_SECONDS = 50, 0.02   # idle work: 20 ms of every 50
HELP = ("space play/pause · ←/→ step · ↑/↓ speed · Home/End · n next milestone · "
        "s save PNG · click: start (shift: goal) · 1-9 solver · Life: click toggles a cell")
#: our keys, taken away from matplotlib's default keymap (← → were toolbar back/forward)
KEYS = (" ", "left", "right", "up", "down", "home", "end", "n", "s", "enter",
        *"123456789")
CONTROLS_PX = 150          # room under the picture for the slider, buttons and help (at least)
DPI = 100


def free_keys() -> None:
    """Remove our keys from matplotlib's default keymap (rcParams `keymap.*`)."""
    import matplotlib

    for name in [k for k in matplotlib.rcParams if k.startswith("keymap.")]:
        keys = matplotlib.rcParams[name]
        kept = [k for k in keys if k.lower() not in KEYS]
        if kept != list(keys):
            matplotlib.rcParams[name] = kept


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

        h, w = self.player.frame.shape
        menu = len(session.solvers[:9]) if session.focus is not None else 0
        self.controls_px = max(CONTROLS_PX, 16 * menu + 95)
        fig_w, fig_h = max(w + 20, 960), h + self.controls_px + 20
        make = figure_factory or plt.figure
        # no navigation toolbar: its home/back/forward and zoom would fight the stepping
        # and resample the picture
        with matplotlib.rc_context({"toolbar": "None"}):
            self.fig = fig = make(figsize=(fig_w / DPI, fig_h / DPI), dpi=DPI)
        manager = getattr(fig.canvas, "manager", None)
        if manager is not None:
            manager.set_window_title(f"visualizer — {session.scenario.title or 'scenario'}")
        fx, fy = (lambda px: px / fig_w), (lambda px: px / fig_h)
        self._picture_bottom = fy(self.controls_px + 10)
        self.ax = fig.add_axes((fx((fig_w - w) // 2), fy(self.controls_px + 10), fx(w), fy(h)))
        self.ax.set_axis_off()
        self.image = self.ax.imshow(theme.rgb(self.player.frame), interpolation="nearest")
        self.zoom = 1.0
        self.fit_picture()
        fig.canvas.mpl_connect("resize_event", self.fit_picture)

        self._add_controls(fx, fy, fig_w)

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

    def _add_controls(self, fx: Callable, fy: Callable, fig_w: int) -> None:
        """The slider, the buttons, the solver menu, the status and help lines (positions in
        pixels of the figure's initial size, through `fx`/`fy`)."""
        from matplotlib.widgets import Button, RadioButtons, Slider

        fig, session = self.fig, self.session
        row = self.controls_px - 40
        self.slider = Slider(fig.add_axes((fx(70), fy(row), fx(fig_w - 160), fy(22))),
                             "step", 0, max(self.player.last, 1), valinit=0, valstep=1,
                             valfmt="%d")
        self.slider.on_changed(self._on_slider)

        labels = [("|◀", self.home), ("◀", lambda: self.step(-1)), ("play", self.toggle),
                  ("▶", lambda: self.step(1)), ("▶|", self.end),
                  ("next ★", self.next_milestone), ("save", self.save),
                  ("click: start", self.toggle_mode)]
        self.buttons: dict[str, Button] = {}
        x = 10
        for label, action in labels:
            width = 44 if len(label) <= 2 else 90
            button = Button(fig.add_axes((fx(x), fy(row - 40), fx(width), fy(28))), label)
            button.on_clicked(lambda _event, act=action: self._act(act))
            self.buttons[label] = button
            x += width + 6
        self.radio = None
        if session.solvers and session.focus is not None:
            shown = session.solvers[:9]
            self.radio = RadioButtons(
                fig.add_axes((fx(x + 10), fy(30), fx(190), fy(16 * len(shown) + 12))),
                shown, active=shown.index(session.solver) if session.solver in shown else 0)
            self.radio.on_clicked(lambda name: self._act(lambda: self.choose_solver(name)))
        self.status = fig.text(fx(10), fy(row - 62), "", fontsize=9)
        fig.text(fx(10), fy(10), HELP, fontsize=8, color="#555555")

    # --- showing -------------------------------------------------------------------------

    def fit_picture(self, _event=None) -> bool:
        """Place the picture on whole screen pixels, at a whole zoom (1 frame pixel = k
        screen pixels) when it fits, so that it stays as sharp as the export; smaller only
        when the window is smaller than the frame. Screens with a pixel ratio (HiDPI, Tk's
        scaling) are measured in their own pixels."""
        width, height = self.fig.bbox.width, self.fig.bbox.height
        if width < 2 or height < 2:
            return False
        h, w = self.player.frame.shape
        bottom = self._picture_bottom * height
        room_w, room_h = width - 4, height - bottom - 4
        fit = min(room_w / w, room_h / h)
        self.zoom = float(int(fit)) if fit >= 1 else fit
        pw, ph = w * self.zoom, h * self.zoom
        x0 = int((width - pw) // 2)
        y0 = int(bottom + max(0, (room_h - ph) // 2))
        place = (x0 / width, y0 / height, pw / width, ph / height)
        if np.allclose(self.ax.get_position().bounds, place, rtol=0, atol=1e-9):
            return False
        self.ax.set_position(place)
        return True

    def _on_draw(self, _event) -> None:
        """After a full draw: keep the still parts, then draw the moving ones over them.
        (A backend may change the pixel ratio without a resize event: refit, redraw.)"""
        canvas = self.fig.canvas
        if self.fit_picture():
            canvas.draw_idle()
            return
        if getattr(canvas, "supports_blit", False):
            self._background = canvas.copy_from_bbox(self.fig.bbox)
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

    def show(self) -> None:
        """Put the player's frame, the slider and the status line on screen."""
        self.image.set_data(self.theme.rgb(self.player.frame))
        full = False
        if self.slider.valmax != max(self.player.last, 1):
            self.slider.valmax = max(self.player.last, 1)
            self.slider.ax.set_xlim(self.slider.valmin, self.slider.valmax)
            full = True
        if int(self.slider.val) != self.player.position:
            self._syncing = True
            self.slider.set_val(self.player.position)
            self._syncing = False
        state = "playing" if self.playing else "paused"
        parts = [f"step {self.player.position}/{self.player.last}", state,
                 f"{SPEEDS[self.speed]} steps/s"]
        if self.session.solver and self.session.focus is not None:
            parts.append(f"solver {self.session.solver}")
        if self.preparing and self.player.prepared >= 1:    # a seek to the end did it
            self._prepared()
        elif self.background and not self.preparing and self.player.prepared < 1:
            self.preparing = True                            # an edit brought new events
            self.prep_timer.start()
        if self.preparing:
            parts.append(f"preparing {self.player.prepared:.0%}")
        if self.session.message:
            parts.append(self.session.message)
        self.status.set_text(" · ".join(parts))
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
        self.player.step(delta)

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
        self._carry += SPEEDS[self.speed] * TICK_MS / 1000
        steps, self._carry = int(self._carry), self._carry % 1
        if steps:
            self.player.step(steps)
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

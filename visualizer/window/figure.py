"""The matplotlib window: the canvas's frame in an image, a slider, buttons and keys.

It draws nothing itself: the picture is `theme.rgb(player.frame)`, the very frame an export
writes, scaled by a whole factor (nearest neighbour, no axes) to fill the figure, again at
every resize. The controls sit beside or below it (`layout.arrange`), their texts wrapped
so that none runs into another. Every control calls the `Session`/`Player` model and then
shows its frame.

`Window` is set up here; it places its parts as `figure_layout.FigureLayout`, draws as
`figure_drawing.FigureDrawing` and acts on keys, clicks and the slider as
`figure_input.FigureInput`. Every public name of those modules is importable from here.
"""
from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from ..render.palette import Theme
from . import layout
from .figure_drawing import latest_milestone
from .figure_input import KEYS, FigureInput, free_keys
from .figure_layout import (DPI, HELP, HELP_ITEMS, MAX_SIZE, MENU_HEADING, MIN_SIZE, SCREEN_SHARE,
                            measure)
from .figure_parts import DEFAULT_SPEED, PREPARE_EVERY_MS, PREPARE_SECONDS, SPEEDS, TICK_MS
from .quiz import Quiz          # questions
from .session import Session

if TYPE_CHECKING:
    from matplotlib.figure import Figure


class Window(FigureInput):
    """A figure showing `session`'s frames in `theme`, with its controls.

    `save_dir` is where `s` writes PNGs. `figure_factory` makes the figure
    (default `pyplot.figure`, so the current backend opens a window).
    """

    def __init__(self, session: Session, theme: Theme, *, save_dir: Path = Path("output"),
                 figure_factory: Callable | None = None,
                 prepare_in_background: bool = False) -> None:
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

        self.fig = fig = self._open_figure(figure_factory)
        self._fit_screen()
        self.ax = fig.add_axes((0, 0, 1, 1))
        self.ax.set_axis_off()
        self.image = self.ax.imshow(theme.rgb(self.player.frame), interpolation="nearest",
                                    aspect="auto")
        self._add_controls()
        self.layout()
        fig.canvas.mpl_connect("resize_event", self.on_resize)
        self._set_up_blitting()
        fig.canvas.mpl_connect("draw_event", self._on_draw)
        fig.canvas.mpl_connect("key_press_event", self.on_key)
        fig.canvas.mpl_connect("button_press_event", self.on_click)
        self._set_up_timers(prepare_in_background)
        self.show()

    def _open_figure(self, figure_factory: Callable | None) -> Figure:
        """The figure (from `figure_factory`, default `pyplot.figure`) at its first size,
        its window titled by the scenario."""
        import matplotlib
        import matplotlib.pyplot as plt

        make = figure_factory or plt.figure
        width, height = self.first_size(MAX_SIZE)
        # no navigation toolbar: its home/back/forward and zoom would fight the stepping
        # and resample the picture
        with matplotlib.rc_context({"toolbar": "None"}):
            fig = make(figsize=(width / DPI, height / DPI), dpi=DPI)
        manager = getattr(fig.canvas, "manager", None)
        if manager is not None:
            manager.set_window_title(f"visualizer — {self.session.scenario.title or 'scenario'}")
        return fig

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

    def _set_up_blitting(self) -> None:
        """What changes every step is drawn over a saved background (blitting): a full
        redraw re-renders every text of the controls, ~100 ms."""
        self._background = None
        self.slider.drawon = False
        self._animated = [self.image, self.status] + [
            getattr(self.slider, name) for name in ("poly", "vline", "_handle", "valtext")
            if hasattr(self.slider, name)]
        if not getattr(self.fig.canvas, "supports_blit", False):
            self._animated = []      # such backends redraw everything each time
        for artist in self._animated:
            artist.set_animated(True)

    def _set_up_timers(self, prepare_in_background: bool) -> None:
        """The play timer, and the idle one that takes the player's copies (for exact
        stepping back), started now if `prepare_in_background` and there are copies to take."""
        self.timer = self.fig.canvas.new_timer(interval=TICK_MS)
        self.timer.add_callback(self.tick)
        self.background = prepare_in_background
        self.preparing = prepare_in_background and self.player.prepared < 1
        self.prep_timer = self.fig.canvas.new_timer(interval=PREPARE_EVERY_MS)
        self.prep_timer.add_callback(self.prepare_some)
        if self.preparing:
            self.prep_timer.start()


__all__ = ["DEFAULT_SPEED", "DPI", "HELP", "HELP_ITEMS", "KEYS", "MAX_SIZE", "MENU_HEADING",
           "MIN_SIZE", "PREPARE_EVERY_MS", "PREPARE_SECONDS", "SCREEN_SHARE", "SPEEDS", "TICK_MS",
           "Window", "free_keys", "latest_milestone", "measure"]

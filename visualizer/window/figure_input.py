"""What the viewer does in the window: the actions (play, step, seek, save, choose a
solver), each leaving the picture to `show`, and the key, mouse, slider, button and resize
events of matplotlib that call them."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

import numpy as np

from .figure_drawing import FigureDrawing
from .figure_parts import SPEEDS, TICK_MS

#: our keys, taken away from matplotlib's default keymap (← → were toolbar back/forward)
KEYS = (" ", "left", "right", "up", "down", "home", "end", "n", "s", "enter",
        *"123456789", "0", "backspace")     # questions: 0 and backspace for numbers


def free_keys() -> None:
    """Remove our keys from matplotlib's default keymap (rcParams `keymap.*`)."""
    import matplotlib

    for name in [k for k in matplotlib.rcParams if k.startswith("keymap.")]:
        keys = matplotlib.rcParams[name]
        kept = [k for k in keys if k.lower() not in KEYS]
        if kept != list(keys):
            matplotlib.rcParams[name] = kept


class FigureInput(FigureDrawing):
    """The window's actions and the events that call them."""

    # --- actions (each leaves the picture to `show`) -------------------------------------

    def _act(self, action: Callable[[], object]) -> None:
        action()
        self.show()

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

    def on_resize(self, _event=None) -> None:
        """The figure changed size: place everything again (the backend redraws)."""
        self.layout()
        self._background = None
        self.show()

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

    def _on_button(self, action: Callable[[], object], _event: object) -> None:
        self._act(action)

    def _on_menu(self, name: str | None) -> None:
        if name is not None:
            self._act(lambda: self.choose_solver(name))


__all__ = ["KEYS", "FigureInput", "free_keys"]

"""The window's frame and controls brought on screen: the picture (the very frame an export
writes), the slider, the status line and the solver menu; the moving parts are blitted over
a saved background. Idle time takes the player's copies for exact stepping back."""
from __future__ import annotations

import gc
from bisect import bisect_left
from typing import Any

from .. import events as ev
from ..render.timeline import milestone_text
from . import layout
from .figure_layout import FigureLayout, measure
from .figure_parts import PREPARE_SECONDS, SPEEDS


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


class FigureDrawing(FigureLayout):
    """What the window shows, and how it reaches the screen."""

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
        # a background is saved only on a canvas that blits (Agg's), which restores it
        canvas: Any = self.fig.canvas
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


__all__ = ["FigureDrawing", "latest_milestone"]

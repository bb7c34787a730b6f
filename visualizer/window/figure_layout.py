"""The window's figure sized and laid out: its first size (for the screen, snug around the
frame at the largest whole zoom), the places of the picture and controls for its size now
(`layout.arrange`), and the picture on whole screen pixels."""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from . import layout
from .figure_parts import WindowParts
from .layout import Box

DPI = 100
#: the first window at most (logical pixels) when the screen's size is unknown, and at least
MAX_SIZE, MIN_SIZE = (1400.0, 860.0), (960.0, 540.0)
SCREEN_SHARE = (0.9, 0.85)       # of the screen the first window may take
MENU_HEADING = "solver for:"
HELP_ITEMS = ("space play/pause", "←/→ step", "↑/↓ speed", "Home/End",
              "n next milestone", "s save PNG", "click: start (shift: goal) in that panel",
              "1-9 solver of that panel", "Life: click toggles a cell")
HELP = " · ".join(HELP_ITEMS)


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


def _fraction(box: Box, size: tuple[float, float]) -> tuple[float, float, float, float]:
    x, y, w, h = box
    return x / size[0], y / size[1], w / size[0], h / size[1]


class FigureLayout(WindowParts):
    """The figure's size and the places of its parts."""

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


__all__ = ["DPI", "HELP", "HELP_ITEMS", "MAX_SIZE", "MENU_HEADING", "MIN_SIZE", "SCREEN_SHARE",
           "FigureLayout", "measure"]

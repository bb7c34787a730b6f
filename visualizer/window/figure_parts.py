"""What every part of the window reads and changes: the model it shows, the figure's
artists and widgets, and the play state. `Window.__init__` sets them; the layers that
place (`figure_layout`), draw (`figure_drawing`) and act (`figure_input`) share them
through `WindowParts`, their common base."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.artist import Artist
    from matplotlib.axes import Axes
    from matplotlib.backend_bases import TimerBase
    from matplotlib.figure import Figure
    from matplotlib.image import AxesImage
    from matplotlib.text import Text
    from matplotlib.widgets import Button, RadioButtons, Slider

    from ..render.palette import Theme
    from .layout import Places
    from .player import Player
    from .quiz import Quiz
    from .session import Session

#: steps per second the ↑/↓ keys choose from
SPEEDS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000)
DEFAULT_SPEED = 50
TICK_MS = 40
PREPARE_EVERY_MS, PREPARE_SECONDS = 50, 0.02   # idle work: 20 ms of every 50


class WindowParts:
    """The window's state, declared once for the layers that share it."""

    # the model shown
    session: Session
    player: Player
    theme: Theme
    quiz: Quiz                       # questions: asked when the player reaches them
    save_dir: Path
    # the figure, its picture and its controls
    fig: Figure
    ax: Axes
    image: AxesImage
    slider: Slider
    buttons: dict[str, Button]
    radio: RadioButtons | None       # the solver menu (None without one)
    heading: Text | None             # the words above the menu
    status: Text
    help: Text
    places: Places                   # where everything is, for the figure's size now
    zoom: float
    menu_labels: list[str]
    heading_lines: int
    # drawing: the still parts saved for blitting, and the parts drawn over them
    _background: Any
    _animated: list[Artist]
    _menu_state: tuple | None
    # the play state
    playing: bool
    speed: int                       # an index into SPEEDS
    _carry: float                    # the share of a step carried to the next tick
    _syncing: bool                   # the slider is being set from the player
    place_goal: bool
    saved: Path | None
    timer: TimerBase
    background: bool                 # the player's copies are taken in idle time
    preparing: bool
    prep_timer: TimerBase


__all__ = ["DEFAULT_SPEED", "PREPARE_EVERY_MS", "PREPARE_SECONDS", "SPEEDS", "TICK_MS",
           "WindowParts"]

"""`python run.py SCENARIO --interactive`: step through a scenario in a matplotlib window.

The model (`visualizer.window.player`, `.session`) knows nothing of matplotlib; the window
(`visualizer.window.figure`) shows its frames. Any interactive backend works; without a
display the user is told, in one line, how to get one.
"""
from __future__ import annotations

import os
import sys

from .pipeline import scenario_colours
from .render.palette import make_theme
from .scenario import Scenario

NO_DISPLAY = ("no display: run it in a desktop session (X11/Wayland: DISPLAY is unset), "
              "or headless with `xvfb-run python run.py SCENARIO --interactive`")
NON_INTERACTIVE = {"agg", "cairo", "pdf", "pgf", "ps", "svg", "template",
                   "module://matplotlib_inline.backend_inline"}


def display_problem() -> str | None:
    """Why no window can open here (one line), or None if one can."""
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY")
                                                 or os.environ.get("WAYLAND_DISPLAY")):
        return NO_DISPLAY
    import matplotlib.pyplot as plt

    backend = plt.get_backend().lower()
    if backend in NON_INTERACTIVE:
        return (f"no interactive backend: matplotlib uses `{backend}`; install Tk (python3-tk) "
                f"or Qt, or set MPLBACKEND=TkAgg")
    return None


def open_window(scenario: Scenario, *, evolve=None):
    """The window for `scenario` (not yet shown): a `visualizer.window.figure.Window`."""
    from .window.figure import Window
    from .window.session import Session

    session = Session(scenario, evolve=evolve, prepare=False)
    theme = make_theme(scenario.theme, scenario_colours(scenario))
    return Window(session, theme, save_dir=scenario.output.parent, prepare_in_background=True)


def run(scenario: Scenario) -> int:
    """Open the window and wait until it is closed; the exit status (2: no display)."""
    problem = display_problem()
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2
    import matplotlib.pyplot as plt

    from .scenario import ScenarioError

    try:
        window = open_window(scenario)
    except ScenarioError as exc:     # questions whose moments an `auto` maze does not have
        for line in exc.errors:
            print(line, file=sys.stderr)
        return 2
    except Exception as exc:  # a backend that cannot reach its display (TclError, …)
        if "display" in str(exc).lower():
            print(f"{NO_DISPLAY} ({exc})", file=sys.stderr)
            return 2
        raise
    print(f"{scenario.path}: {window.player.last} steps; keys: see the help line",
          file=sys.stderr)
    plt.show()
    return 0

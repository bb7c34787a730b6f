"""visualizer: maze and Game-of-Life algorithms as teaching animations.

    import visualizer as viz
    viz.render("scenarios/kruskal.yaml")          # in a notebook: the player, inline

The front door is `visualizer.api`, re-exported here: `maze`, `generate`, `solve`, `run_life`,
`make_scenario`, `render` and the `Animation` it returns, and `check` / `check_solver` for a
student's own generator or solver (`viz.render(generator=my_backtracker)` animates it).
"""
# The subpackage `visualizer.render` (the drawing) is imported first, so that the name
# `render` below stays the front door's function: Python binds a subpackage to its parent's
# name only when it first loads it.
from . import render as _drawing  # noqa: F401  (it is empty; nothing heavy is loaded)
from .api import (EMBEDS, SAVE_FORMATS, Animation, adjacency, algorithms, check, check_solver,
                  generate, make_scenario, maze, neighbours, render, run_life, solve)
from .api import Identity, Settled, identify

__all__ = ["EMBEDS", "SAVE_FORMATS", "Animation", "adjacency", "algorithms", "check",
           "check_solver", "generate", "identify", "Identity", "make_scenario", "maze",
           "neighbours", "render", "run_life", "Settled", "solve"]

"""Imports a library that is not installed."""
# check: generator
# expect: load
import mazes_for_programmers  # <- problem


def my_backtracker(maze, rng):
    mazes_for_programmers.carve(maze)

"""Forgets a colon."""
# check: generator
# expect: load


def my_backtracker(maze, rng)  # <- problem
    maze.visit((0, 0))

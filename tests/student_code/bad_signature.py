"""Asks for an argument nobody gives."""
# check: generator
# expect: signature


def my_backtracker(maze, rng, depth):  # <- problem
    maze.visit((0, 0))

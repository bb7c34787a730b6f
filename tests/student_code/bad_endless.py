"""Forgets to pop: the loop never ends, and it calls nothing."""
# check: generator
# expect: time


def my_backtracker(maze, rng):
    stack = [(0, 0)]
    while stack:  # <- problem
        pass

"""Pops from an empty stack."""
# check: generator
# expect: crash, after step 3


def my_backtracker(maze, rng):
    stack = [(0, 0)]
    maze.visit((0, 0))
    maze.carve((0, 0), (0, 1))
    maze.visit((0, 1))
    stack.pop()
    stack.pop()  # <- problem

"""Carves the same wall twice."""
# check: generator
# expect: illegal call, step 4


def my_backtracker(maze, rng):
    maze.visit((0, 0))
    maze.carve((0, 0), (0, 1))
    maze.visit((0, 1))
    maze.carve((0, 1), (0, 0))  # <- problem

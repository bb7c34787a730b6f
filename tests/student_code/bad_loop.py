"""Carves round a square of four cells: the fourth carve closes a loop."""
# check: generator
# expect: loop, step 4


def my_generator(maze, rng):
    maze.carve((0, 0), (0, 1))
    maze.carve((0, 1), (1, 1))
    maze.carve((1, 1), (1, 0))
    maze.carve((1, 0), (0, 0))  # <- problem

"""Carves and builds the same wall forever: millions of steps."""
# check: generator max_steps=2000
# expect: steps


def my_generator(maze, rng):
    while True:
        maze.carve((0, 0), (0, 1))  # <- problem
        maze.build((0, 0), (0, 1))  # <- problem

"""Walks off the bottom of the maze."""
# check: generator
# expect: illegal call, step 3


def my_generator(maze, rng):
    maze.visit((maze.rows - 1, 0))
    maze.carve((maze.rows - 2, 0), (maze.rows - 1, 0))
    maze.visit((maze.rows, 0))  # <- problem

"""Stops after the first row: the other cells are never carved into."""
# check: generator
# expect: not perfect


def my_generator(maze, rng):
    for col in range(maze.cols - 1):
        maze.carve((0, col), (0, col + 1))

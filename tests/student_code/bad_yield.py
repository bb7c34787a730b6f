"""Yields the cells it carves into, which are no events."""
# check: generator
# expect: yield, after step 1


def my_generator(maze, rng):
    maze.carve((0, 0), (0, 1))
    yield (0, 1)  # <- problem

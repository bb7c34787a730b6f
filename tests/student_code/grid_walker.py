"""Steps to a slot of the rectangle that is no cell (a masked-out `X`, or past the end of
an inner ring of a disc)."""
# used by tests/test_own_grids.py, not by the per-file checks


def my_generator(maze, rng):
    maze.visit((0, 0))
    maze.visit((0, 1))  # <- problem

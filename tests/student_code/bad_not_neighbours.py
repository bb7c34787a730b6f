"""A backtracker whose neighbours reach two columns over."""
# check: generator
# expect: illegal call, step 2


def my_backtracker(maze, rng):
    here = (0, 0)
    maze.visit(here)
    there = (here[0], here[1] + 2)
    maze.carve(here, there)  # <- problem
    maze.visit(there)

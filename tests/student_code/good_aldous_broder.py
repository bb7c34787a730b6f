"""Aldous–Broder: a random walk carves into every cell it sees for the first time."""
# check: generator like=aldous_broder


def my_aldous_broder(maze, rng):
    here = maze.random_cell(rng)
    maze.visit(here)
    left = len(maze.cells()) - 1
    while left:
        options = maze.neighbours(here)
        there = options[int(rng.integers(len(options)))]
        if not maze.visited(there):
            maze.carve(here, there)
            maze.visit(there)
            left -= 1
        here = there

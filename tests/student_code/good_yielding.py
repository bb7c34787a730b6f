"""A backtracker written as a generator function: bare yields and display events."""
# check: generator like=backtracker
from visualizer.events import CellMarked, Mark


def my_yielding_backtracker(maze, rng):
    start = maze.random_cell(rng)
    maze.visit(start)
    stack = [start]
    while stack:
        here = stack[-1]
        yield CellMarked(here, Mark.CURRENT)
        fresh = [c for c in maze.neighbours(here) if not maze.visited(c)]
        if not fresh:
            stack.pop()
            yield
            continue
        there = fresh[int(rng.integers(len(fresh)))]
        maze.carve(here, there)
        maze.visit(there)
        stack.append(there)

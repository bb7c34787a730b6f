"""Makes its own random generator: the same seed does not give the same maze."""
# check: generator
# expect: not repeatable
import numpy as np


def my_backtracker(maze, rng):
    own = np.random.default_rng()
    start = (0, 0)
    maze.visit(start)
    stack = [start]
    while stack:
        fresh = [c for c in maze.neighbours(stack[-1]) if not maze.visited(c)]
        if not fresh:
            stack.pop()
            continue
        there = fresh[int(own.integers(len(fresh)))]
        maze.carve(stack[-1], there)  # <- problem
        maze.visit(there)
        stack.append(there)

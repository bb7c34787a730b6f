"""A backtracker that draws from Python's global random."""
# check: generator
# expect: global random
import random


def my_backtracker(maze, rng):
    start = (0, 0)
    maze.visit(start)
    stack = [start]
    while stack:
        fresh = [c for c in maze.neighbours(stack[-1]) if not maze.visited(c)]
        if not fresh:
            stack.pop()
            continue
        there = random.choice(fresh)
        maze.carve(stack[-1], there)
        maze.visit(there)
        stack.append(there)

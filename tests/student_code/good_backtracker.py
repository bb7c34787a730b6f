"""The recursive backtracker, as the issue writes it."""
# check: generator like=backtracker


def my_backtracker(maze, rng):
    start = maze.random_cell(rng)
    maze.visit(start)
    stack = [start]
    while stack:
        here = stack[-1]
        fresh = [c for c in maze.neighbours(here) if not maze.visited(c)]
        if fresh:
            there = fresh[rng.integers(len(fresh))]
            maze.carve(here, there)
            maze.visit(there)
            stack.append(there)
        else:
            stack.pop()

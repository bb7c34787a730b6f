"""A student's recursive backtracker, written against the maze façade: it never sees a
wall's side, only cells (`neighbours`, `carve`, `visit`, `visited`, `mark`)."""


def my_backtracker(maze, rng):
    start = maze.random_cell(rng)
    maze.visit(start)
    stack = [start]
    while stack:
        here = stack[-1]
        maze.mark(here, "current")
        fresh = [c for c in maze.neighbours(here) if not maze.visited(c)]
        if fresh:
            there = fresh[rng.integers(len(fresh))]
            maze.carve(here, there)
            maze.visit(there)
            stack.append(there)
        else:
            maze.mark(stack.pop(), "done")

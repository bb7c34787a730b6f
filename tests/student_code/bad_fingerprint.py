"""Says it is a backtracker, but grows from a random frontier wall (Prim)."""
# check: generator like=backtracker
# expect: fingerprint


def my_backtracker(maze, rng):
    here = (0, 0)
    maze.visit(here)
    walls = [(here, n) for n in maze.neighbours(here)]
    while walls:
        inside, outside = walls.pop(int(rng.integers(len(walls))))
        if maze.visited(outside):
            continue
        maze.carve(inside, outside)  # <- problem
        maze.visit(outside)
        walls += [(outside, n) for n in maze.neighbours(outside) if not maze.visited(n)]

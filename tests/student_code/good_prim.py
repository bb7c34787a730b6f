"""Prim's algorithm (simplified): grow the tree from a random frontier wall."""
# check: generator like=prim


def my_prim(maze, rng):
    here = maze.random_cell(rng)
    maze.visit(here)
    walls = [(here, n) for n in maze.neighbours(here)]
    while walls:
        inside, outside = walls.pop(int(rng.integers(len(walls))))
        if maze.visited(outside):
            continue
        maze.carve(inside, outside)
        maze.visit(outside)
        for n in maze.neighbours(outside):
            if not maze.visited(n):
                walls.append((outside, n))
                maze.mark(n, "frontier")

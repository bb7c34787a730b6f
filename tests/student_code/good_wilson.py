"""Wilson: loop-erased random walks from each cell not in the maze to the maze."""
# check: generator like=wilson


def my_wilson(maze, rng):
    cells = maze.cells()
    first = cells[int(rng.integers(len(cells)))]
    maze.visit(first)
    for cell in cells:
        if maze.visited(cell):
            continue
        walk = [cell]
        where = {cell: 0}
        while not maze.visited(walk[-1]):
            options = maze.neighbours(walk[-1])
            step = options[int(rng.integers(len(options)))]
            if step in where:                       # a loop: erase it
                for gone in walk[where[step] + 1:]:
                    del where[gone]
                walk = walk[:where[step] + 1]
            else:
                where[step] = len(walk)
                walk.append(step)
        for a, b in zip(walk, walk[1:]):
            maze.carve(a, b)
            maze.visit(a)

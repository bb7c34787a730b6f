"""Kruskal with a union-find of its own, showing its sets."""
# check: generator like=kruskal


def my_kruskal(maze, rng):
    parent = {cell: cell for cell in maze.cells()}

    def find(cell):
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    walls = []
    for cell in maze.cells():
        for n in maze.neighbours(cell):
            if cell < n:
                walls.append((cell, n))
    order = rng.permutation(len(walls))
    for k in order:
        a, b = walls[int(k)]
        ra, rb = find(a), find(b)
        if ra != rb:
            maze.carve(a, b)
            maze.merge(a, b)
            parent[ra] = rb

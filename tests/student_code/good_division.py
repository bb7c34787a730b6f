"""Recursive division: every wall starts open; build walls with one doorway each (on the
plane: on a torus the walls it builds leave loops round the glued edges)."""
# check: generator start=open surfaces=plane


def my_division(maze, rng):
    def divide(top, left, height, width):
        if height < 2 or width < 2:
            return
        if height >= width:                          # a horizontal wall
            row = top + int(rng.integers(height - 1))
            door = left + int(rng.integers(width))
            for col in range(left, left + width):
                if col != door:
                    maze.build((row, col), (row + 1, col))
            divide(top, left, row - top + 1, width)
            divide(row + 1, left, top + height - row - 1, width)
        else:                                         # a vertical wall
            col = left + int(rng.integers(width - 1))
            door = top + int(rng.integers(height))
            for row in range(top, top + height):
                if row != door:
                    maze.build((row, col), (row, col + 1))
            divide(top, left, height, col - left + 1)
            divide(top, col + 1, height, left + width - col - 1)

    divide(0, 0, maze.rows, maze.cols)

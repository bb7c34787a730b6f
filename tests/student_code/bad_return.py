"""Returns the number of carves instead of nothing."""
# check: generator
# expect: return


def my_generator(maze, rng):
    count = 0
    for col in range(maze.cols - 1):
        maze.carve((0, col), (0, col + 1))
        count += 1
    return count

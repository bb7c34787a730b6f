"""Writes its maze to a file (the grader forbids it)."""
# check: generator
# expect: files


def my_generator(maze, rng):
    maze.visit((0, 0))
    with open("maze.txt", "w") as out:  # <- problem
        out.write("visited (0, 0)\n")

"""Ends the program instead of returning."""
# check: generator
# expect: exit, after step 1
import sys


def my_generator(maze, rng):
    maze.visit((0, 0))
    sys.exit(0)  # <- problem

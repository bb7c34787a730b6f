"""Sleeps for a minute."""
# check: generator
# expect: time
import time


def my_generator(maze, rng):
    maze.visit((0, 0))
    time.sleep(60)  # <- problem

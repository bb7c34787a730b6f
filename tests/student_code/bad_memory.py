"""Keeps every list it ever made."""
# check: generator
# expect: memory
KEPT = []


def my_generator(maze, rng):
    while True:
        KEPT.append(bytearray(16 << 20))  # <- problem

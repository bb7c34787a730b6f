"""Keeps asking for a gigabyte more."""
# check: generator
# expect: memory
KEPT = []


def my_generator(maze, rng):
    while True:
        KEPT.append(bytearray(1 << 30))  # <- problem

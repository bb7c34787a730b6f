"""Writes the algorithm at the top level, in no function."""
# check: generator
# expect: load
stack = [(0, 0)]
visited = {(0, 0)}

"""Breadth-first search through the façade."""
# check: solver like=bfs
from collections import deque


def my_bfs(maze, start, goal):
    came = {start: None}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        maze.visit(here)
        if here == goal:
            path = [here]
            while came[path[-1]] is not None:
                path.append(came[path[-1]])
            return path[::-1]
        for there in maze.links(here):
            if there not in came:
                came[there] = here
                maze.mark(there, "frontier")
                queue.append(there)
    return None

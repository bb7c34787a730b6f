"""Calls itself breadth first, but takes the newest cell first (a stack)."""
# check: solver like=bfs
# expect: fingerprint


def my_bfs(maze, start, goal):
    came = {start: None}
    todo = [start]
    while todo:
        here = todo.pop()
        maze.visit(here)  # <- problem
        if here == goal:
            path = [here]
            while came[path[-1]] is not None:
                path.append(came[path[-1]])
            return path[::-1]
        for there in maze.links(here):
            if there not in came:
                came[there] = here
                todo.append(there)
    return None

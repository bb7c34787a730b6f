"""Depth-first search with an explicit stack."""
# check: solver like=dfs


def my_dfs(maze, start, goal):
    stack = [(start, [start])]
    seen = set()
    while stack:
        here, path = stack.pop()
        if here in seen:
            continue
        seen.add(here)
        maze.visit(here)
        if here == goal:
            return path
        for there in maze.links(here):
            if there not in seen:
                stack.append((there, path + [there]))
    return None

"""Gives up after looking at the start's neighbours only."""
# check: solver
# expect: path


def my_bfs(maze, start, goal):
    for there in maze.links(start):
        maze.visit(there)
        if there == goal:
            return [start, goal]
    return None

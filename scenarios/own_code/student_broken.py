"""The same backtracker with a classic slip: it forgets to skip the cells it has already
visited, so it carves back into the maze (a loop) and, soon after, through a wall that is
already open. `python run.py --check scenarios/own_code --like backtracker` says where."""


def my_backtracker(maze, rng):
    start = maze.random_cell(rng)
    maze.visit(start)
    stack = [start]
    while stack:
        here = stack[-1]
        maze.mark(here, "current")
        fresh = [c for c in maze.neighbours(here)]      # the slip: visited cells too
        if fresh:
            there = fresh[rng.integers(len(fresh))]
            maze.carve(here, there)
            maze.visit(there)
            stack.append(there)
        else:
            maze.mark(stack.pop(), "done")

"""The two union-finds (`kruskal_naive`, `kruskal`) are one algorithm: with the same seed
they consider the same walls in the same order, give the same verdicts and build the same
maze; only the cost of a union differs (scenarios/union_finds.yaml's lesson)."""
import numpy as np
import pytest

from visualizer import events as ev
from visualizer import registry
from visualizer.maze import Maze
from visualizer.surfaces import SURFACES

GENERATORS = registry.algorithms("generator")
NAIVE, TARJAN = GENERATORS["kruskal_naive"], GENERATORS["kruskal"]
SHARED = [name for name in SURFACES if NAIVE.accepts(name) and TARJAN.accepts(name)]
#: from tiny (one cell, a wall from a cell into itself) to the scenario's 18x18
SHAPES = [(1, 1), (1, 2), (2, 1), (2, 2), (3, 3), (4, 7), (6, 6), (18, 18)]
CASES = [(surface, shape) for surface in SHARED for shape in SHAPES
         if shape[0] == shape[1] or not SURFACES[surface].square_only]
SEEDS = [0, 1, 8, 2024]


def run(algorithm, shape, surface, seed):
    maze = Maze(*shape, surface)
    events = list(algorithm.func(maze, rng=np.random.default_rng(seed)))
    return maze, events


def decisions(events):
    """The walls considered and each verdict, by cell and side, in order."""
    return [(type(e).__name__, e.cell, e.side) for e in events
            if isinstance(e, (ev.WallConsidered, ev.WallOpened, ev.WallRejected))]


def costs(events):
    return [e.cost for e in events if isinstance(e, ev.SetsMerged)]


def test_every_surface_is_compared():
    assert set(SHARED) == set(SURFACES)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("surface", "shape"), CASES)
def test_same_seed_same_walls_same_verdicts_same_maze(surface, shape, seed):
    naive_maze, naive = run(NAIVE, shape, surface, seed)
    tarjan_maze, tarjan = run(TARJAN, shape, surface, seed)
    assert decisions(naive) == decisions(tarjan)
    assert np.array_equal(naive_maze.faces, tarjan_maze.faces)
    assert naive_maze.open_walls() == tarjan_maze.open_walls()
    assert naive[-1] == tarjan[-1] == ev.Milestone("all sets merged",
                                                   kind=ev.MilestoneKind.ALL_MERGED)
    # a merge for every opened wall in both, a reason of each one's own words
    assert len(costs(naive)) == len(costs(tarjan)) == shape[0] * shape[1] - 1
    assert {e.reason for e in naive if isinstance(e, ev.WallRejected)} <= {
        ev.Rejection.SAME_ZONE}
    assert {e.reason for e in tarjan if isinstance(e, ev.WallRejected)} <= {
        ev.Rejection.SAME_SET}


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("surface", SHARED)
def test_the_random_generator_is_left_in_one_state(surface, seed):
    """The solver, braiding and endpoints that follow draw from the same generator."""
    after = []
    for algorithm in (NAIVE, TARJAN):
        rng = np.random.default_rng(seed)
        list(algorithm.func(Maze(6, 6, surface), rng=rng))
        after.append(rng.integers(1 << 62))
    assert after[0] == after[1]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("surface", SHARED)
def test_only_the_cost_differs(surface, seed):
    _, naive = run(NAIVE, (18, 18), surface, seed)
    _, tarjan = run(TARJAN, (18, 18), surface, seed)
    assert costs(naive) != costs(tarjan)
    # the naive cost is the number of cells relabelled: the 323 merges of 324 cells relabel
    # at least one cell each and far more in all than Tarjan's links followed
    assert min(costs(naive)) >= 1
    assert sum(costs(naive)) > sum(costs(tarjan))

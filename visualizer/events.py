"""The event vocabulary: the contract between algorithms, renderer, window and tests.

Algorithms are generator functions that yield these small frozen records and never draw.
The vocabulary is closed: `EVENT_TYPES` lists every type, and the renderer and `replay`
handle each of them (or deliberately ignore it).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Union

from .words import Cell, Side, _Word
from .words import as_cell as as_cell


class Fill(_Word):
    """What a cell is before an algorithm reaches it (`GridCreated.fill`)."""

    UNVISITED = "unvisited"  # carvers: not reached yet
    SETS = "sets"            # union-find: every cell its own set
    PASSAGE = "passage"      # block mazes: no thin walls
    OPEN = "open"            # a wall maze whose walls all start open (reverse-delete)
    # --- the generator catalogue
    ROWS = "row sets"        # set-based, row by row (Eller): a cell shows its set's colour
    #                          once its row is reached, "unvisited" before


class Rejection(_Word):
    """Why a considered wall was left as it was (`WallRejected.reason`)."""

    SAME_SET = "same set"                # union-find: both sides already joined
    SAME_ZONE = "same zone"              # naive union-find: both sides carry one label
    WOULD_DISCONNECT = "would disconnect"  # reverse-delete: the wall is a bridge
    SAME_TREE = "same tree"              # a tree-growing carver: the cell is already in
    # --- the generator catalogue
    CHANCE = "by chance"                 # Eller: two sets left apart by a coin flip
    GAP = "the gap"                      # recursive division: the doorway left in a new wall


class MilestoneKind(_Word):
    """What a `Milestone` marks; consumers dispatch on it, never on the label's words."""

    NOTE = "note"                        # worth a frame, nothing depends on it
    FIRST_BACKTRACK = "first backtrack"  # a carver meets its first dead end
    ALL_MERGED = "all sets merged"       # union-find: one set left
    SHUFFLE = "shuffle"                  # the walls are about to be shuffled
    SHUFFLED = "shuffled"
    SPANNING_TREE = "spanning tree"      # a wall remover is done
    BRAIDING = "braiding"                # braid post-pass starts
    BRAIDED = "braided"
    BLOCKED = "blocked"                  # a block maze's cells are drawn
    HEURISTIC = "heuristic"              # A* names its heuristic
    LOOP = "loop detected"               # a solver is back where it was, facing the same way
    ENDPOINTS = "endpoints"              # the entrance and exit are chosen
    # --- the distance map and the Pledge walker (solvers) ---
    FARTHEST = "farthest"                # a flood has ended: its farthest cell and distance
    LONGEST_PATH = "longest path"        # the two floods found a longest path
    LEFT_WALL = "left the wall"          # Pledge: turns back to 0, facing its way: walks on
    # --- a student's own algorithm ---
    STOPPED = "stopped"                  # it stopped short on a problem: the caption keeps it


class NoPathReason(_Word):
    """Why a solver gave up (`NoPath.why`)."""

    UNREACHABLE = "unreachable"   # a complete search never reached the goal
    LOOP = "loop"                 # the solver came back to a state it had been in
    NO_WAY_OUT = "no way out"     # the start has no open side
    EXHAUSTED = "exhausted"       # every passage used up (Trémaux)
    UNUSABLE = "unusable"         # the start or goal is outside the maze or blocked
    # --- the random mouse ---
    GAVE_UP = "gave up"           # a walker used up its allowed number of steps


class Scope(_Word):
    """What a `Statistics` event describes."""

    MAZE = "maze"
    SOLVE = "solve"


# --- the grid and its walls -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GridCreated:
    """A blank maze: `rows x cols` cells on `surface`, every wall closed (or all open).
    `fill` says what a cell is before the algorithm reaches it: "unvisited" (carvers),
    "sets" (every cell its own set: union-find), "passage" (block mazes: no thin walls),
    "open" (a wall maze whose walls all start open: reverse-delete). `grid` is the
    hex, triangle, polar or masked grid the cells are on (None for the square grid)."""

    rows: int
    cols: int
    surface: Any  # a visualizer.surfaces.Surface
    walls_open: bool = False
    fill: Fill = Fill.UNVISITED
    grid: Any = None  # a visualizer.grids.Grid; None: the square grid, no mask


@dataclass(frozen=True, slots=True)
class WallConsidered:
    """An algorithm looks at the wall on `side` of `cell` (Kruskal, reverse-delete)."""

    cell: Cell
    side: Side


@dataclass(frozen=True, slots=True)
class WallOpened:
    """The wall on `side` of `cell` becomes a passage (both faces of a glued wall)."""

    cell: Cell
    side: Side


@dataclass(frozen=True, slots=True)
class WallClosed:
    """The wall on `side` of `cell` is built."""

    cell: Cell
    side: Side


@dataclass(frozen=True, slots=True)
class WallRejected:
    """The wall on `side` of `cell` was considered and left as it was, and why."""

    cell: Cell
    side: Side
    reason: Rejection


class Axis(_Word):
    """The way a weave's tunnel runs under a square cell: through its east and west sides
    (under a north-south corridor) or through its north and south sides."""

    EAST_WEST = "east-west"
    NORTH_SOUTH = "north-south"

    @property
    def sides(self) -> tuple[Side, Side]:
        """The two sides of the crossed cell the tunnel goes through."""
        return (Side.E, Side.W) if self is Axis.EAST_WEST else (Side.N, Side.S)


@dataclass(frozen=True, slots=True)
class TunnelDug:
    """A weave: a passage goes under `cell` along `axis`, joining the two cells beyond its
    sides on that axis; both walls of `cell` on the axis open (the tunnel's mouths), and
    `cell` keeps its own corridor across the other axis (it is crossed, not a junction)."""

    cell: Cell
    axis: Axis


@dataclass(frozen=True, slots=True)
class CellBlocked:
    """A whole cell becomes solid rock (block mazes)."""

    cell: Cell


@dataclass(frozen=True, slots=True)
class CellOpened:
    """A whole cell becomes passable (block mazes)."""

    cell: Cell


@dataclass(frozen=True, slots=True)
class EndpointsSet:
    """The maze's entrance and exit: a cell each, and the side opened to the outside
    (None when the opening is not on a border, e.g. on a closed surface)."""

    entrance: Cell
    exit: Cell
    entrance_side: Side | None = None
    exit_side: Side | None = None


# --- marks: what a cell means to the algorithm right now -------------------------------


class Mark(_Word):
    """What a cell means to the algorithm right now (the renderer's palette keys)."""

    CLEAR = "clear"          # back to the maze's own colour
    CURRENT = "current"      # the cell the algorithm stands on (one at a time)
    STACK = "stack"          # on the backtracker's / DFS's stack
    DONE = "done"            # left for good (popped from the stack)
    FRONTIER = "frontier"    # queued (BFS, A*)
    VISITED = "visited"      # expanded
    DEAD_END = "dead_end"    # filled in (dead-end filling)
    PATH = "path"            # on the solution path
    START = "start"
    GOAL = "goal"
    TESTED = "tested"        # reached by a connectivity test (reverse-delete)
    OPEN_SET = "open_set"    # queued by A* (its open set; drawn apart from BFS's queue)
    # --- the generator catalogue
    WALKER = "walker"        # a random walker / the cell a sweep stands on: moves on without
    #                          leaving a trail (the previous walker cell goes back to its colour);
    #                          `count` = the walk's length so far, shown in the caption
    WALK = "walk"            # Wilson: on the loop-erased walk, not in the maze yet
    ERASED = "erased"        # Wilson: on a loop of the walk, being erased
    SCAN = "scan"            # hunt-and-kill: on the hunt's scan line
    RUN = "run"              # sidewinder: in the current run
    CHAMBER = "chamber"      # recursive division: the chamber being divided
    CHEAP = "cheap"          # weighted Prim: a frontier cell whose cheapest wall is light
    MIDDLING = "middling"    # ... middling
    DEAR = "dear"            # ... heavy
    # --- the distance map (solvers); a solver's walker is `WALKER` too
    DISTANCE = "distance"    # reached by a flood; `count` = moves from the flood's source
    LONGEST = "longest"      # on a longest path (the distance map's second flood)


@dataclass(frozen=True, slots=True)
class CellMarked:
    """`cell` now carries `mark`; `count` is an optional visit count."""

    cell: Cell
    mark: Mark
    count: int = 0


@dataclass(frozen=True, slots=True)
class CellsMarked:
    """Every cell of `cells` now carries `mark`, all at once (e.g. a row on the hunt's scan
    line): one event where a `CellMarked` per cell would be many. Cells carrying `start`
    or `goal` keep it, as with `CellMarked`. With `replacing`, the cells that carried
    `mark` lose it first (as after `MarksCleared(mark)`): a line that moves on, so that
    every moment of its sweep shows it."""

    cells: tuple[Cell, ...]
    mark: Mark
    replacing: bool = False


@dataclass(frozen=True, slots=True)
class MarksCleared:
    """Every cell carrying `mark` goes back to the maze's own colour (e.g. the `tested`
    marks of one reverse-delete connectivity test)."""

    mark: Mark


@dataclass(frozen=True, slots=True)
class SetsMerged:
    """Union-find joined the sets whose roots are `a` and `b`; `root` survives.
    `cost` is the work it took: cells relabelled (naive) or links followed (Tarjan)."""

    a: Cell
    b: Cell
    root: Cell
    cost: int = 0


# --- a random walk, a stretch at a time (Aldous–Broder, Wilson) -------------------------


@dataclass(frozen=True, slots=True)
class Walked:
    """A random walker took `steps` more steps (`count` in all) and now stands on `cell`.
    `trail` holds the side taken at each step, one byte (0-3: N, E, S, W) each, in the
    square's coordinates of the cell being left; a side that leads nowhere is a step that
    stays put. A consumer that wants the stretch's cells replays the trail from where the
    walker stood with the surface's step table (`visualizer.maze.trail`). A walker that
    keeps a loop-erased walk (Wilson) says how it changed: its last `cut` cells were
    erased (small loops closed on the way), then the cells `grew` were appended, in order,
    then its last `loop` cells were erased (the loop the stretch's last step closed). A new
    walk (the last one was cleared with `MarksCleared(Mark.WALK)`) starts on its first
    `grew` cell, which is where that stretch's trail starts."""

    cell: Cell
    steps: int
    count: int
    trail: bytes
    cut: int = 0
    grew: tuple[Cell, ...] = ()
    loop: int = 0


# --- solving -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Heading:
    """The wall follower stands in `cell` facing `side`, its hand on `hand_side` of the
    cell (the wall it keeps its hand on, or the opening it is about to turn into). The
    hand is on the left of the heading for the left hand, on the right for the right hand;
    after a twisted gluing it is the other hand. `hand_side` is None while a walker walks
    with no hand on a wall (Pledge going straight); `turns` is Pledge's turn count (quarter
    turns, + towards the hand), None for walkers that keep none."""

    cell: Cell
    side: Side
    hand_side: Side | None
    turns: int | None = None


@dataclass(frozen=True, slots=True)
class PassageMarked:
    """Trémaux chalks the passage on `side` of `cell` (both its ends): it now carries
    `count` marks (1 or 2)."""

    cell: Cell
    side: Side
    count: int


@dataclass(frozen=True, slots=True)
class PathFound:
    """The solution: consecutive cells and the side each step leaves through."""

    cells: tuple[Cell, ...]
    sides: tuple[Side, ...]


@dataclass(frozen=True, slots=True)
class NoPath:
    """The solver gave up: `why` (a closed set of reasons) and `reason`, a sentence for the
    caption."""

    reason: str
    why: NoPathReason = NoPathReason.UNREACHABLE


# --- Life --------------------------------------------------------------------------------


class Settled(_Word):
    """What a Life pattern became (`Identity.kind`)."""

    STILL_LIFE = "still life"    # the same grid every generation
    OSCILLATOR = "oscillator"    # the same grid again every `period` generations
    SPACESHIP = "spaceship"      # the same picture, moved by `shift`, every `period`
    DIED = "died"                # nothing left alive
    UNSETTLED = "unsettled"      # no repeat seen within the generations looked at


@dataclass(frozen=True, slots=True)
class Identity:
    """What a Life pattern became: `kind`, `period` (0: unsettled), the `shift` (rows down,
    columns right) each period, the `generation` it repeats from (None: unsettled)."""

    kind: Settled
    period: int = 0
    shift: Cell = (0, 0)
    generation: int | None = None

    @property
    def found(self) -> int | None:
        """The generation the repeat is first seen at."""
        return None if self.generation is None else self.generation + self.period

    def summary(self) -> str:
        """"oscillator of period 2", "spaceship of period 4 moving (1, 1)", "died" …"""
        if self.kind == Settled.OSCILLATOR:
            return f"oscillator of period {self.period}"
        if self.kind == Settled.SPACESHIP:
            return f"spaceship of period {self.period} moving {self.shift}"
        return str(self.kind)


class Verdict(_Word):
    """What a Life rule does with a cell and its live-neighbour count (`Why.verdict`)."""

    BORN = "born"
    SURVIVES = "stays alive"
    STAYS_DEAD = "stays dead"
    LONELY = "dies: lonely"      # fewer live neighbours than any count it survives with
    CROWDED = "dies: crowded"    # more than any count it survives with
    DIES = "dies"                # a count between two it survives with


@dataclass(frozen=True, slots=True)
class Why:
    """Why a Life cell lives or dies next: `alive`, its live neighbours (`count`, across
    glued edges), the `verdict`, those from across a seam (`across`: cell, edge crossed)."""

    cell: Cell
    alive: bool
    count: int
    verdict: Verdict
    across: tuple[tuple[Cell, Side], ...] = ()

    def text(self) -> str:
        return f"{self.count} → {self.verdict}"     # "3 → born", "4 → dies: crowded"


@dataclass(frozen=True, slots=True, eq=False)
class Generation:
    """Life generation `index`: the grid (read-only uint8 0/1), the cells born and the cells
    that died since the previous generation (bool masks), and the population. `identity`
    is what the run became, once known (from generation `identity.found` on); `why`
    explains what the rule does next with the cells a panel asked about."""

    index: int
    grid: Any
    births: Any
    deaths: Any
    population: int
    surface: Any = None
    rule: str = ""
    identity: Identity | None = None
    why: tuple[Why, ...] = ()


# --- figures -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Statistics:
    """Figures about the maze (`Scope.MAZE`) or a solve (`Scope.SOLVE`): `summary` is a
    short line for the caption, `values` the full (name, value) pairs."""

    scope: Scope
    summary: str
    values: tuple[tuple[str, Any], ...] = ()


# --- anything worth its own frame --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Milestone:
    """A lesson-worthy moment: `kind` says which (consumers dispatch on it), `label` is the
    caption's words, `cell` where it happened, if anywhere."""

    label: str
    cell: Cell | None = None
    kind: MilestoneKind = MilestoneKind.NOTE


Event = Union[
    GridCreated, WallConsidered, WallOpened, WallClosed, WallRejected, CellBlocked,
    CellOpened, EndpointsSet, CellMarked, SetsMerged, PathFound, NoPath, Generation, Milestone,
    MarksCleared, Statistics, Heading, PassageMarked,
    Walked,
    CellsMarked, TunnelDug,
]

EVENT_TYPES: tuple[type, ...] = (
    GridCreated, WallConsidered, WallOpened, WallClosed, WallRejected, CellBlocked,
    CellOpened, EndpointsSet, CellMarked, SetsMerged, PathFound, NoPath, Generation, Milestone,
    MarksCleared, Statistics, Heading, PassageMarked,
    Walked,
    CellsMarked, TunnelDug,
)

#: Events that always get a frame of their own when animated.
MILESTONE_TYPES: tuple[type, ...] = (PathFound, NoPath, Milestone)


# --- consumers ---------------------------------------------------------------------------


class Dispatch:
    """One consumer's answer to every event type: a handler `(owner, event)`, or a deliberate
    "nothing to do". Calling it with an event type it has not declared raises TypeError, so
    a new event is never dropped silently. Every table registers itself in `DISPATCHERS`,
    where a test checks that each one covers `EVENT_TYPES`."""

    def __init__(self, consumer: str, handled: dict[type, Callable[[Any, Any], None]],
                 ignored: tuple[type, ...] = ()) -> None:
        self.consumer = consumer
        self.handled = dict(handled)
        self.ignored = frozenset(ignored)
        DISPATCHERS.append(self)

    def missing(self) -> list[str]:
        """The event types this consumer neither handles nor ignores, by name."""
        return [t.__name__ for t in EVENT_TYPES
                if t not in self.handled and t not in self.ignored]

    def __call__(self, owner: Any, event: Any) -> None:
        handler = self.handled.get(type(event))
        if handler is not None:
            handler(owner, event)
        elif type(event) not in self.ignored:
            raise TypeError(f"{self.consumer} has no rule for the event "
                            f"{type(event).__name__}")


#: every consumer's table, in import order
DISPATCHERS: list[Dispatch] = []

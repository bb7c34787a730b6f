"""Every palette slot as one record: its light and dark colour, its legend words and place,
the panels that show it and the marks drawn in it.

The palette (`palette.NAMES`, `INDEX`, the themes' colours, `ALIASES`, `MAZE_SLOTS`,
`LIFE_SLOTS`, `RAMP`, the set colours), the legend (`legend.WORDS`, `GROUPS`, `ORDER`) and
the maze panel's mark colours (`palette.MARK_COLOUR`) are all derived from `SLOTS` and
`GROUPS`, so that a new mark is a `Mark` member plus one `Slot` here. A slot's palette index
is its position in `SLOTS`: a new slot goes at the end, and moving one changes the bytes of
every rendered file.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Flag

from ..events import Mark


class Panels(Flag):
    """The panels that can show a slot; every two colours one panel can show are checked to
    stand apart (`tests/test_palette.py`)."""

    NONE = 0
    MAZE = 1     # a maze panel, its neighbourhood view included
    LIFE = 2     # a Life panel, its chart included
    BOTH = MAZE | LIFE


MAZE, LIFE, BOTH = Panels.MAZE, Panels.LIFE, Panels.BOTH


@dataclass(frozen=True)
class Slot:
    """One palette slot.

    `light` and `dark` are its colour in each theme, or `like` names the slot whose colour it
    shares because it means the same thing on screen (an open cell and the background, the
    ink of walls, rock and text). `words` are its legend entry and `legend` that entry's
    place (entries are listed by it, smallest first; every entry's place is unique); a slot
    without words has no entry of its own: structure (walls, grid lines), or one stripe of a
    `Group`. `on` are the panels that can show it; `marks` the `Mark`s a maze panel draws in
    its colour (each mark in exactly one slot)."""

    name: str
    light: str = ""
    dark: str = ""
    words: str = ""
    legend: int = 0
    like: str = ""
    on: Panels = MAZE
    marks: tuple[Mark, ...] = ()

    def __post_init__(self) -> None:
        if bool(self.like) == bool(self.light and self.dark):
            raise ValueError(f"slot {self.name}: give its light and dark colour, or like=")
        if bool(self.words) != bool(self.legend):
            raise ValueError(f"slot {self.name}: legend words and a legend place go together")


@dataclass(frozen=True)
class Group:
    """A legend entry that stands for several colours: one swatch striped with them all.
    `stripes` are named slots, in the swatch's order; Kruskal's sets have colours of their
    own instead (`light`, `dark`), placed after every named slot in the palette."""

    name: str
    words: str
    legend: int
    stripes: tuple[str, ...] = ()
    light: tuple[str, ...] = ()
    dark: tuple[str, ...] = ()


# The colours were chosen by a search that keeps every pair that can share a panel at least
# CIE76 ΔE 20 apart, and 10 apart under deuteranopia and protanopia (Machado et al. 2009),
# near Okabe-Ito hues for the marks; `tests/test_palette.py` checks them.
SLOTS: tuple[Slot, ...] = (
    Slot("transparent", "#ff00ff", "#ff00ff", on=Panels.NONE),  # GIF frame differencing only
    Slot("background", "#ffffff", "#15171c", on=BOTH),          # the canvas around the panels
    Slot("text", like="wall", on=BOTH),
    Slot("wall", "#1a1a1a", "#f2f2f2", on=BOTH),
    Slot("passage", like="background"),                         # an open cell of a finished maze
    Slot("unvisited", "#70888d", "#57525f", "not visited yet", legend=10),
    Slot("current", "#c75d04", "#bf5311", "current cell", legend=40,
         marks=(Mark.CURRENT, Mark.WALKER)),
    Slot("stack", "#e4e940", "#fdf569", "on the stack", legend=70, marks=(Mark.STACK, Mark.RUN)),
    Slot("done", like="background"),
    Slot("frontier", "#659bd8", "#0cb3ff", "queued, to visit", legend=80,
         marks=(Mark.FRONTIER,)),
    Slot("visited", "#a8f0ff", "#003965", "visited", legend=100, marks=(Mark.VISITED,)),
    Slot("path", "#e4ab00", "#ffbc00", "path found", legend=210, marks=(Mark.PATH,)),
    Slot("dead_end", "#d2c3d7", "#433923", "dead end, filled in", legend=180,
         marks=(Mark.DEAD_END,)),
    Slot("blocked", words="rock", legend=30, like="wall"),       # a block maze's solid cell
    Slot("start", "#0a875e", "#41c099", "start", legend=190, marks=(Mark.START,)),
    Slot("goal", "#e57eba", "#e99fc4", "goal", legend=200, marks=(Mark.GOAL,)),
    Slot("tested", "#88c1ac", "#32664e", "reached by the connectivity test", legend=110,
         marks=(Mark.TESTED,)),
    Slot("alive", words="alive", legend=220, like="wall", on=LIFE),
    Slot("dead", like="background", on=LIFE),
    Slot("born", "#44e890", "#2ccccc", "born", legend=230, on=LIFE),
    Slot("died", "#c87c4c", "#681c38", "died", legend=240, on=LIFE),
    Slot("chart", "#7874b8", "#10707c", "population", legend=250, on=LIFE),
    Slot("grid", "#c4c4c4", "#45484f", on=LIFE),
    # border identifications: one colour per glued pair of edges (the "glue" group)
    Slot("glue_a", "#175d9e", "#009cc0", on=BOTH),
    Slot("glue_b", "#86003f", "#fe6e00", on=BOTH),
    # the wall an algorithm is looking at (Kruskal, reverse-delete), and its verdict
    Slot("considered", words="wall being considered", legend=120, like="current"),
    Slot("opened", "#049f48", "#6add87", "wall opened", legend=130),
    Slot("rejected", "#ab1210", "#fc5a5b", "wall left closed", legend=140),
    # the wall follower's arrow (where it faces) and the wall its hand touches
    Slot("heading", words="where it faces", legend=50, like="wall"),
    Slot("hand", "#902d74", "#dd6bc3", "wall under its hand", legend=60),
    Slot("open_set", "#47cbff", "#91e5f5", "open set (to expand, by cost)", legend=90,
         marks=(Mark.OPEN_SET,)),                               # apart from BFS's queue
    # Trémaux's chalk on the passages
    Slot("once", "#f6d167", "#cab452", "passage marked once", legend=160),
    Slot("twice", "#a14644", "#be6475", "passage marked twice", legend=170),
    # a neighbourhood view: the dimmed glued copies (the "ghost" group) and the central one
    Slot("ghost_wall", "#b69889", "#88969a"),
    Slot("ghost_fill", "#d6d3b1", "#412040"),
    Slot("frame", "#023d99", "#9ec0ee", "the surface; copies around it", legend=260),
    Slot("built", "#3c5adc", "#7c86ff", "wall built", legend=150),  # reverse-delete's verdict
    # --- the generator catalogue
    Slot("walk", "#9c74ec", "#0d00ff", "the random walk, loops erased", legend=290,
         marks=(Mark.WALK,)),
    Slot("erased", "#0a01f7", "#bc041c", "a loop of the walk, erased", legend=300,
         marks=(Mark.ERASED,)),
    Slot("scan", "#287064", "#9cdcc0", "the hunt's scan line", legend=310, marks=(Mark.SCAN,)),
    Slot("chamber", "#4106b3", "#0c60ec", "the chamber being divided", legend=320,
         marks=(Mark.CHAMBER,)),
    # weighted Prim: a frontier cell whose lightest wall is light, middling or heavy
    Slot("cheap", "#30193d", "#fcd8b0", "light weight", legend=330, marks=(Mark.CHEAP,)),
    Slot("middling", "#6c6020", "#8c803c", "middling weight", legend=340,
         marks=(Mark.MIDDLING,)),
    Slot("dear", "#643c24", "#5c0000", "heavy weight", legend=350, marks=(Mark.DEAR,)),
    # --- the distance map (solvers): a ramp from near the flood's source to far, dark to
    # bright (viridis-like in light, plasma-like in dark, clear of every other maze colour;
    # a distance's own colour is picked from the ramp by the panel), and the longest path
    # its two floods find
    Slot("ramp_0", "#420054", "#0c0684", marks=(Mark.DISTANCE,)),
    Slot("ramp_1", "#307296", "#a21eb4"),
    Slot("ramp_2", "#54901e", "#c08436"),
    Slot("ramp_3", "#f6fc84", "#f0fc24"),
    Slot("longest", "#ea0c6c", "#c6247e", "a longest path (two floods)", legend=370,
         marks=(Mark.LONGEST,)),
    # --- Life explained: the chart's births and deaths (the colours of born and died
    # cells: the same thing counted)
    Slot("births", words="births per generation", legend=252, like="born", on=LIFE),
    Slot("deaths", words="deaths per generation", legend=254, like="died", on=LIFE),
    # cells that were ever alive (LifeHistory's envelope), faint
    Slot("history", "#eff6c8", "#102147", "alive at some time before", legend=225, on=LIFE),
    # the why overlay: a cell's live-neighbour count written in it, outlined by its fate
    # when it changes (a dot on a neighbour counted across a glued edge is drawn in that
    # edge's own colour: glue_a, glue_b)
    Slot("why_born", words="outlined: born next (in it: its live neighbours)", legend=256,
         like="born", on=LIFE),
    Slot("why_dies", words="outlined: dies next (in it: its live neighbours)", legend=257,
         like="died", on=LIFE),
    # --- Life rules of more than two states: a Generations rule's dying states, fading from
    # alive towards dead, or a rule table's own states (its @COLORS replace these colours);
    # a rule with more states shares them out in runs (`render/life_states.py`)
    Slot("state_2", "#ab5b70", "#57fd93", "state 2", legend=221, on=LIFE),
    Slot("state_3", "#0de2e6", "#9309ae", "state 3", legend=222, on=LIFE),
    Slot("state_4", "#fafaa0", "#261770", "state 4", legend=223, on=LIFE),
    Slot("state_5", "#2f276b", "#73eda8", "state 5", legend=224, on=LIFE),
)

#: the legend entries that stand for several colours
GROUPS: tuple[Group, ...] = (
    Group("sets", "a set of joined cells (one colour each)", legend=20,
          light=("#39b0bf", "#9e9dff", "#85c166", "#7cf9d8", "#ffc18f", "#a6aa43",
                 "#c8ffb3", "#97a870"),
          dark=("#885d36", "#15449a", "#916c98", "#225300", "#823f8d", "#7b9d64",
                "#98193b", "#3b80d6")),
    Group("glue", "glued edges (arrows show how)", legend=280, stripes=("glue_a", "glue_b")),
    Group("ghost", "glued copies, dimmed", legend=270, stripes=("ghost_fill", "ghost_wall")),
    # its words name the farthest distance shown, when known (`legend.ramp_words`)
    Group("ramp", "distance, near to far", legend=360,
          stripes=("ramp_0", "ramp_1", "ramp_2", "ramp_3")),
)

#: the marks that give a cell back its own colour (the maze's, or its set's): no slot
UNMARKED = frozenset({Mark.CLEAR, Mark.DONE})

SETS = next(group for group in GROUPS if group.light)   # Kruskal's set colours

"""Running Golly's command-line `bgolly` on a grid (for agreement tests and benchmarks).

The grid goes in as RLE with the bounded-grid suffix and `#CXRLE Pos=`; it comes back as a
macrocell file from the HashLife algorithm, which (unlike bgolly's RLE output) keeps the
cells' absolute position.

bgolly runs a B0 rule by holding the field in negative (all generations under B0 with S8,
the odd ones under B0 without S8: `held_in_negative`); `write_rle` hands it the grid in
that convention and `run_bgolly` reads it back through it, so both sides compare the
rule's own cells. Its HashLife refuses
B0 without S8 and its QuickLife writes RLE without positions: such rules compare through
`bgolly_box`, the bounding box of the cells bgolly holds.
"""
from __future__ import annotations

import pathlib
import shutil
import subprocess
import tempfile
import time

import numpy as np

from ..surfaces import Surface
from .engine import background
from .formats import LifeFormatError, parse_rle, write_rle
from .families import FamilyRule, RuleFamily
from .family_parse import parse_family_rule
from .rule_table import RULE_DIRS
from .rules import Rule


def bgolly_path() -> str | None:
    """The path of `bgolly` on PATH, or None."""
    return shutil.which("bgolly")


def parse_macrocell(text: str, source: str = "<macrocell>") -> list[tuple[int, int]]:
    """The live cells `(x, y)` (Golly's coordinates) of a macrocell file."""
    return [(x, y) for x, y, _ in parse_macrocell_states(text, source)]


def _mc_nodes(text: str, source: str) -> tuple[list, list[int]]:
    """A macrocell file's nodes (node 0 empty) and their levels: two-state leaves as lists
    of (x, y) cells, multi-state level-1 leaves as their four states, others as
    (level, nw, ne, sw, se)."""
    nodes: list = [None]  # node 0 is the empty node
    levels: list[int] = [0]
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("[") or line.startswith("#"):
            continue
        if line[0] in ".*$":
            cells: list[tuple[int, int]] = []
            for y, row in enumerate(line.split("$")):
                cells.extend((x, y) for x, ch in enumerate(row) if ch == "*")
            nodes.append(cells)
            levels.append(3)
            continue
        try:
            level, nw, ne, sw, se = (int(p) for p in line.split())
        except ValueError:
            raise LifeFormatError(source, lineno, f"expected a leaf or 'level nw ne sw se', "
                                                  f"found {line!r}") from None
        nodes.append((level, nw, ne, sw, se))
        levels.append(level)
    return nodes, levels


def parse_macrocell_states(text: str, source: str = "<macrocell>"
                           ) -> list[tuple[int, int, int]]:
    """The cells `(x, y, state)` in a state other than 0 (Golly's coordinates) of a
    two-state or multi-state macrocell file."""
    nodes, levels = _mc_nodes(text, source)
    if len(nodes) == 1:
        return []
    root = len(nodes) - 1
    out: list[tuple[int, int, int]] = []
    stack = [(root, 0, 0)]
    while stack:
        k, x0, y0 = stack.pop()
        if k == 0:
            continue
        node = nodes[k]
        if isinstance(node, list):
            out.extend((x0 + x, y0 + y, 1) for x, y in node)
            continue
        level, nw, ne, sw, se = node
        if level == 1:       # a multi-state leaf: the states themselves
            out.extend((x0 + dx, y0 + dy, s) for (dx, dy), s in
                       zip(((0, 0), (1, 0), (0, 1), (1, 1)), (nw, ne, sw, se)) if s)
            continue
        half = 1 << (level - 1)
        stack += [(nw, x0, y0), (ne, x0 + half, y0), (sw, x0, y0 + half),
                  (se, x0 + half, y0 + half)]
    # the root is centred on the origin with y growing downward and shifted by one row
    half_root = 1 << (levels[root] - 1)
    return [(x - half_root, y - half_root + 1, s) for x, y, s in out]


def algorithm_for(rule: "Rule | FamilyRule") -> str:
    """The bgolly algorithm that runs `rule` and writes macrocell files."""
    if isinstance(rule, FamilyRule) and rule.family == RuleFamily.TABLE:
        return "RuleLoader"
    if isinstance(rule, FamilyRule) and rule.family == RuleFamily.GENERATIONS:
        return "Generations"
    return "HashLife"


def run_bgolly_file(rle_path: "str | pathlib.Path", surface: Surface, generations: int,
                    *, timeout: float = 120.0, algorithm: str = "HashLife",
                    rule_dirs: tuple[pathlib.Path, ...] = RULE_DIRS) -> np.ndarray:
    """The grid bgolly reaches `generations` steps after loading the RLE file `rle_path`
    (whose rule names the bounded grid `surface`) with `algorithm`, as a rows x cols uint8
    array of states."""
    exe = bgolly_path()
    if exe is None:
        raise FileNotFoundError("bgolly is not on PATH")
    h, w = surface.rows, surface.cols
    search = [arg for d in rule_dirs[-1:] for arg in ("-s", f"{d}/")]   # Golly's own
    with tempfile.TemporaryDirectory(prefix="bgolly-") as tmp:
        dst = pathlib.Path(tmp, "out.mc")
        subprocess.run([exe, "-a", algorithm, *search, "-m", str(generations), "-q", "-q",
                        "-o", str(dst), str(rle_path)], check=True, capture_output=True,
                       timeout=timeout)
        cells = parse_macrocell_states(dst.read_text(), str(dst))
    out = np.zeros((h, w), dtype=np.uint8)
    for x, y, state in cells:
        r, c = y + h // 2, x + w // 2
        if not (0 <= r < h and 0 <= c < w):
            raise ValueError(f"bgolly returned a cell at ({x}, {y}), outside the {w}x{h} grid")
        out[r, c] = state
    return out


def held_in_negative(rule: "Rule | FamilyRule", generation: int) -> bool:
    """Whether bgolly holds the field of `rule` in negative at `generation` (cell 1 where
    the rule's field is 0): B0 with S8 always, B0 without S8 at odd generations. It is
    also the state of the cells outside a bounded plane (`engine.background`)."""
    return background(rule, generation) == 1


def run_bgolly(grid: np.ndarray, rule: "Rule | FamilyRule | str", surface: Surface,
               generations: int, *, timeout: float = 120.0) -> np.ndarray:
    """The grid after `generations` steps as computed by bgolly on the same bounded grid,
    for a rule of any family (states as Golly numbers them). A B0 rule's field goes in and
    comes back out of bgolly's negative; B0 without S8 raises ValueError (`bgolly_box`)."""
    parsed = parse_family_rule(rule)
    if parsed.b0 and not parsed.survives_full:
        raise ValueError(f"bgolly's HashLife refuses {parsed.notation} (B0 without S8) and "
                         f"its QuickLife writes no positions: compare with bgolly_box")
    with tempfile.TemporaryDirectory(prefix="bgolly-") as tmp:
        src = pathlib.Path(tmp, "in.rle")
        write_rle(grid, src, rule=parsed, surface=surface)     # in Golly's negative if B0
        out = run_bgolly_file(src, surface, generations, timeout=timeout,
                              algorithm=algorithm_for(parsed))
    return out ^ np.uint8(held_in_negative(parsed, generations))


def box(grid: np.ndarray) -> np.ndarray:
    """The bounding box of `grid`'s live cells, as a 0/1 uint8 array (0 x 0 when empty)."""
    live = np.argwhere(np.asarray(grid) != 0)
    if not live.size:
        return np.zeros((0, 0), dtype=np.uint8)
    (r0, c0), (r1, c1) = live.min(axis=0), live.max(axis=0)
    return (np.asarray(grid)[r0:r1 + 1, c0:c1 + 1] != 0).astype(np.uint8)


def held_box(grid: np.ndarray, rule: "Rule | str", generation: int) -> np.ndarray:
    """The bounding box of the cells bgolly holds for the true field `grid` of a life-like
    `rule` at `generation` (the negative where `held_in_negative`)."""
    parsed = parse_family_rule(rule)
    return box(np.asarray(grid) ^ np.uint8(held_in_negative(parsed, generation)))


def bgolly_box(grid: np.ndarray, rule: "Rule | str", surface: Surface, generations: int,
               *, timeout: float = 120.0) -> np.ndarray:
    """The bounding box of the cells bgolly's QuickLife holds `generations` steps after the
    true field `grid` of a life-like `rule` (B0 rules too) on `surface`: compare it with
    `held_box` of the engine's grid (equal up to where the box sits in the grid)."""
    parsed = parse_family_rule(rule)
    exe = bgolly_path()
    if exe is None:
        raise FileNotFoundError("bgolly is not on PATH")
    with tempfile.TemporaryDirectory(prefix="bgolly-") as tmp:
        src, dst = pathlib.Path(tmp, "in.rle"), pathlib.Path(tmp, "out.rle")
        write_rle(grid, src, rule=parsed, surface=surface)     # in Golly's negative if B0
        subprocess.run([exe, "-a", "QuickLife", "-m", str(generations), "-q", "-q", "-o",
                        str(dst), str(src)], check=True, capture_output=True, timeout=timeout)
        live = parse_rle(dst.read_text(), str(dst)).live
    if not live.size:
        return np.zeros((0, 0), dtype=np.uint8)
    cells = np.zeros(tuple(live.max(axis=0) + 1), dtype=np.uint8)
    cells[live[:, 0], live[:, 1]] = 1
    return box(cells)


def time_bgolly(rle_path: "str | pathlib.Path", generations: int,
                algorithm: str = "QuickLife", rule_dirs: tuple[pathlib.Path, ...] = ()
                ) -> tuple[float, float]:
    """Seconds bgolly takes to load `rle_path` and run `generations` steps, and to load it
    and run none (the difference is the stepping time); `rule_dirs`: where bgolly looks
    for a `.rule` file."""
    exe = bgolly_path()
    if exe is None:
        raise FileNotFoundError("bgolly is not on PATH")
    search = [arg for d in rule_dirs for arg in ("-s", f"{d}/")]
    times = []
    for gens in (generations, 0):
        t0 = time.perf_counter()
        subprocess.run([exe, "-a", algorithm, *search, "-m", str(gens), "-q", "-q",
                        str(rle_path)], check=True, capture_output=True)
        times.append(time.perf_counter() - t0)
    return times[0], times[1]

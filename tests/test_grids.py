"""Grid topology (issue 23): the neighbour tables of every grid kind on every surface it takes,
checked against the issue's conventions written out cell by cell, symmetric everywhere;
masks from strings, text files and PNGs; refusals with their reasons."""
from __future__ import annotations

import math

import numpy as np
import pytest
from PIL import Image

from visualizer.events import Side
from visualizer.grids import (GRIDS, GridError, GridKind, HexSide, PolarSide, TriSide,
                              make_grid, ring_counts)
from visualizer.grids.mask_file import MAX_PIXELS, read_mask
from visualizer.surfaces import SURFACES, make_surface

SIZES = [(1, 1), (1, 2), (2, 1), (2, 2), (3, 4), (4, 4), (5, 6), (6, 3)]


def grids():
    for kind, shape in GRIDS.items():
        for surface in shape.surfaces:
            for rows, cols in SIZES:
                try:
                    yield make_grid(kind, rows, cols, surface)
                except GridError:
                    continue


ALL = list(grids())
IDS = [f"{g.kind.value}-{g.surface}-{g.rows}x{g.cols}" for g in ALL]


def test_every_kind_and_surface_it_takes_is_covered():
    made = {(g.kind, g.surface) for g in ALL}
    assert made == {(k, s) for k, shape in GRIDS.items() for s in shape.surfaces}
    assert GRIDS[GridKind.SQUARE].surfaces == tuple(SURFACES)


@pytest.mark.parametrize("grid", ALL, ids=IDS)
def test_the_neighbour_relation_is_symmetric(grid):
    """Across side s of cell i lies j, entered by side t; across t of j lies i, entered
    by s; both sides exist, and no absent slot has a neighbour."""
    target, entered, flipped = grid.step_table
    present = grid.present.reshape(-1)
    for i in range(grid.rows * grid.cols):
        for s in range(grid.degree):
            j = int(target[i, s])
            if j < 0:
                continue
            t = int(entered[i, s])
            assert present[i] and present[j]
            assert grid.exists[i, s] and grid.exists[j, t]
            assert (int(target[j, t]), int(entered[j, t])) == (i, s)
            assert flipped[j, t] == flipped[i, s]


def _hex_expected(rows, cols, wrap, r, c):
    if c % 2 == 0:
        offsets = {"N": (-1, 0), "S": (1, 0), "NE": (-1, 1), "SE": (0, 1), "NW": (-1, -1),
                   "SW": (0, -1)}
    else:
        offsets = {"N": (-1, 0), "S": (1, 0), "NE": (0, 1), "SE": (1, 1), "NW": (0, -1),
                   "SW": (1, -1)}
    out = {}
    for name, (dr, dc) in offsets.items():
        r2, c2 = r + dr, c + dc
        if wrap:
            r2, c2 = r2 % rows, c2 % cols
        if 0 <= r2 < rows and 0 <= c2 < cols:
            out[name] = (r2, c2)
    return out


@pytest.mark.parametrize("surface,rows,cols", [("plane", 4, 5), ("torus", 3, 6),
                                               ("plane", 1, 3), ("torus", 5, 2)])
def test_hex_neighbours_follow_the_issue(surface, rows, cols):
    grid = make_grid("hex", rows, cols, surface)
    for r in range(rows):
        for c in range(cols):
            got = {side.name: cell for side, cell in grid.neighbours((r, c))}
            assert got == _hex_expected(rows, cols, surface == "torus", r, c), (r, c)
            assert grid.side_names((r, c)) == [s.name for s in HexSide]


@pytest.mark.parametrize("surface,rows,cols", [("plane", 3, 5), ("torus", 4, 6)])
def test_triangle_neighbours_follow_the_issue(surface, rows, cols):
    grid = make_grid("triangle", rows, cols, surface)
    wrap = surface == "torus"
    for r in range(rows):
        for c in range(cols):
            up = (r + c) % 2 == 0
            third = ("S", (r + 1, c)) if up else ("N", (r - 1, c))
            want = {"W": (r, c - 1), "E": (r, c + 1), third[0]: third[1]}
            if wrap:
                want = {k: (a % rows, b % cols) for k, (a, b) in want.items()}
            want = {k: v for k, v in want.items() if 0 <= v[0] < rows and 0 <= v[1] < cols}
            got = {side.name: cell for side, cell in grid.neighbours((r, c))}
            assert got == want, (r, c)
            assert grid.side_names((r, c)) == (["E", "S", "W"] if up else ["N", "E", "W"])


def test_polar_ring_counts_follow_the_issue():
    assert ring_counts(5) == (1, 6, 12, 24, 24)
    for rows in range(1, 30):
        counts = ring_counts(rows)
        for r in range(1, rows):
            ratio = round((2 * math.pi * r / rows) / counts[r - 1] / (1 / rows))
            assert counts[r] == counts[r - 1] * ratio
    grid = make_grid("polar", 6, 1)
    assert (grid.rows, grid.cols, grid.cell_count) == (6, 24, 1 + 6 + 12 + 24 * 3)


def test_polar_neighbours_follow_the_issue():
    rows = 7
    grid = make_grid("polar", rows, 99)
    counts = ring_counts(rows)
    for ring, n in enumerate(counts):
        for i in range(n):
            got = sorted(cell for _, cell in grid.neighbours((ring, i)))
            want = set()
            if ring > 0:
                k = counts[ring] // counts[ring - 1]
                want |= {(ring, (i + 1) % n), (ring, (i - 1) % n), (ring - 1, i // k)}
            if ring + 1 < rows:
                k = counts[ring + 1] // n
                want |= {(ring + 1, j) for j in range(n * k) if j // k == i}
            assert got == sorted(want), (ring, i)
    cw = dict(grid.neighbours((3, 5)))
    assert cw[PolarSide.CW] == (3, 6) and cw[PolarSide.CCW] == (3, 4)
    assert grid.side_names((rows - 1, 0)) == ["CW", "CCW", "IN", "OUT0"]   # the rim
    assert grid.side_names((0, 0)) == [f"OUT{k}" for k in range(6)]


def test_square_tables_are_the_surfaces_own():
    for name in SURFACES:
        grid = make_grid("square", 4, 4, name)
        for mine, theirs in zip(grid.step_table, make_surface(name, 4, 4).step_table):
            assert mine is theirs
        assert np.array_equal(grid.wall_faces, make_surface(name, 4, 4).wall_faces)
        assert grid.sides is Side and grid.plain


@pytest.mark.parametrize("kind,rows,cols,surface,words", [
    ("hex", 4, 5, "torus", "even number of columns"),
    ("triangle", 4, 5, "torus", "even number of columns and of rows"),
    ("triangle", 3, 4, "torus", "even number of columns and of rows"),
    ("triangle", 4, 4, "klein", "plane or torus only"),
    ("hex", 4, 5, "klein", "Klein bottle needs an even number of columns"),
    ("hex", 4, 4, "projective", "plane or torus or klein only"),
    ("polar", 4, 1, "torus", "plane only"),
    ("square", 3, 4, "sphere", "square grid"),
    ("hex", 0, 4, "plane", "at least one row"),
    ("octagon", 3, 3, "plane", "unknown grid `octagon`"),
    ("hex", 3, 4, "donut", "unknown surface `donut`"),
])
def test_grids_that_cannot_exist_are_refused_with_the_reason(kind, rows, cols, surface, words):
    with pytest.raises(GridError, match=words):
        make_grid(kind, rows, cols, surface)


MASK = ["X..X",
        "....",
        ".XX.",
        "...."]
CORNERS = ["X..X",
           "....",
           "....",
           "X..X"]


@pytest.mark.parametrize("kind", ["square", "hex", "triangle"])
def test_a_mask_takes_cells_out_and_their_walls_become_border(kind):
    grid = make_grid(kind, 4, 4, "plane", CORNERS)
    assert grid.cell_count == 16 - 4
    assert not grid.contains((0, 0)) and grid.contains((0, 1))
    target = grid.step_table[0]
    gone = [0, 3, 12, 15]
    assert (target[gone] == -1).all() and not grid.exists[gone].any()
    assert not np.isin(target, gone).any()
    full = make_grid(kind, 4, 4, "plane")
    assert grid.exists[5].tolist() == full.exists[5].tolist()   # a wall to a gap stays


def test_a_mask_on_the_torus_and_on_the_polar_slots():
    grid = make_grid("hex", 4, 4, "torus", MASK)
    with pytest.raises(GridError, match="row 2, column 0"):      # up at (2, 0): no N side
        make_grid("triangle", 4, 4, "plane", MASK)
    assert grid.cell_count == 12
    polar = make_grid("polar", 3, 1, "plane", ["X" + "." * 11, "." * 12, "." * 12])
    assert not polar.contains((0, 0)) and polar.cell_count == 6 + 12


@pytest.mark.parametrize("kind,mask,words", [
    ("square", ["..X", "XX.", "..."], "row 1, column 2 cannot be reached"),
    ("hex", ["X.X", "XXX", ".XX"], "row 2, column 0 cannot be reached"),
    ("square", ["XXX", "XXX"], "leaves no cell"),
    ("square", [], "empty"),
    ("square", ["...", ".."], "row 1 has 2 characters"),
    ("square", ["....", "...."], "mask is 2 rows x 4 columns but the grid is 2 x 3"),
])
def test_bad_masks_are_refused_with_the_place(kind, mask, words):
    rows = len(mask) or 1
    with pytest.raises(GridError, match=words):
        make_grid(kind, rows, 3, "plane", mask)


def test_a_polar_mask_that_cuts_a_ring_is_refused():
    mask = ["." * 12, "X" * 12, "." * 12]
    with pytest.raises(GridError, match="row 2, column 0"):
        make_grid("polar", 3, 1, "plane", mask)


def test_mask_files_text_and_png(tmp_path):
    text = tmp_path / "word.txt"
    text.write_text("\n".join(MASK) + "\n")
    assert read_mask(text) == ("X..X", "....", ".XX.", "....")
    picture = np.full((4, 4, 3), 255, dtype=np.uint8)
    picture[0, 0] = picture[0, 3] = picture[2, 1] = picture[2, 2] = 0
    png = tmp_path / "shape.png"
    Image.fromarray(picture).save(png)
    assert read_mask(png) == read_mask(text)
    assert make_grid("hex", 4, 4, "plane", read_mask(png)).cell_count == 12


def test_mask_files_that_are_not_masks_are_refused(tmp_path):
    binary = tmp_path / "mask.bin"
    binary.write_bytes(bytes(range(256)))
    with pytest.raises(GridError, match="neither text"):
        read_mask(binary)
    with pytest.raises(GridError, match="cannot read"):
        read_mask(tmp_path / "missing.txt")
    side = int(math.isqrt(MAX_PIXELS)) + 1
    big = tmp_path / "big.png"
    Image.new("1", (side, side), 1).save(big)
    with pytest.raises(GridError, match="the most is"):
        read_mask(big)


def test_grids_are_shared_and_compare_by_request():
    assert make_grid("hex", 3, 4) is make_grid("hex", 3, 4, "plane")
    assert make_grid("hex", 3, 4) != make_grid("triangle", 3, 4)
    assert make_grid("square", 2, 3, mask=["x..", "..."]).mask == ("X..", "...")
    assert {TriSide.N, TriSide.S} == {TriSide(0), TriSide(2)}

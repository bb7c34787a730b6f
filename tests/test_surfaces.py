"""The surface model against `docs/surfaces.md` (Golly's bounded grids): moves, twists,
walls, step tables, Golly suffixes and the Life ghost ring; each surface one record from which
all of these derive."""
from __future__ import annotations

import numpy as np
import pytest

from surface_reference import NAMES, edges, partner
from visualizer.events import Side
from visualizer.scenario import ScenarioError, parse
from visualizer.surfaces import (SURFACES, Corners, EdgeGluing, Step, Surface, SurfaceError,
                                  SurfaceKind, Walls, from_golly)

SIZES = [(1, 1), (1, 5), (5, 1), (2, 2), (3, 3), (4, 4), (4, 6), (5, 7), (3, 8)]


def surfaces():
    for name in NAMES:
        for h, w in SIZES:
            if name != "sphere" or h == w:
                yield Surface(name, h, w)


ALL = list(surfaces())
IDS = [f"{s.name}-{s.rows}x{s.cols}" for s in ALL]


def faces(surface):
    for r in range(surface.rows):
        for c in range(surface.cols):
            for side in Side:
                yield (r, c), side


@pytest.mark.parametrize("surface", ALL, ids=IDS)
def test_moves_follow_the_gluing_table(surface):
    for cell, side in faces(surface):
        step = surface.move(cell, side)
        expected = partner(surface.name, surface.rows, surface.cols, *cell, side)
        got = None if step is None else (*step.cell, int(step.side))
        assert got == expected, (cell, side)


@pytest.mark.parametrize("surface", ALL, ids=IDS)
def test_crossing_and_coming_back_returns_to_the_same_cell_and_side(surface):
    for cell, side in faces(surface):
        step = surface.move(cell, side)
        if step is None:
            continue
        back = surface.move(step.cell, step.side)
        assert (back.cell, back.side) == (cell, side)
        assert back.flipped == step.flipped


@pytest.mark.parametrize("surface", ALL, ids=IDS)
def test_step_table_agrees_with_move(surface):
    target, entered, flipped = surface.step_table
    for (r, c), side in faces(surface):
        step = surface.move((r, c), side)
        i = r * surface.cols + c
        if step is None:
            assert target[i, side] == -1
        else:
            assert target[i, side] == step.cell[0] * surface.cols + step.cell[1]
            assert entered[i, side] == step.side
            assert flipped[i, side] == step.flipped


@pytest.mark.parametrize("surface", ALL, ids=IDS)
def test_walls_are_named_once_with_double_edges_kept(surface):
    expected = edges(surface.name, surface.rows, surface.cols)
    assert len(surface.internal_walls) == len(set(surface.internal_walls)) == len(expected)
    for a, b in expected:
        assert surface.wall_key(a[:2], a[2]) == surface.wall_key(b[:2], b[2])
    assert set(surface.internal_walls) == {min(a, b) for a, b in expected}


@pytest.mark.parametrize("name,walls", [("plane", 4 * 4 + 5 * 3), ("torus", 2 * 20),
                                        ("klein", 40), ("klein_lr", 40), ("projective", 40)])
def test_wall_counts(name, walls):
    assert len(Surface(name, 4, 5).internal_walls) == walls


def test_sphere_wall_count_has_its_corner_self_loops():
    # 2·n² walls, two of which are self-loops: (0,0) N=W and (n-1,n-1) S=E
    s = Surface("sphere", 4, 4)
    assert len(s.internal_walls) == 32
    assert s.wall_key((0, 0), Side.N) == s.wall_key((0, 0), Side.W)
    assert s.wall_key((3, 3), Side.S) == s.wall_key((3, 3), Side.E)
    assert s.move((0, 0), Side.N).cell == (0, 0)


# --- handedness ----------------------------------------------------------------------------


def _right(side: Side) -> Side:
    return Side((side + 1) % 4)


@pytest.mark.parametrize("name", NAMES[1:])
def test_flip_flag_matches_the_geometry_of_each_crossing(name):
    """Cross a glued edge side by side with the neighbour on your right: if the neighbour
    arrives on your left, the crossing reversed handedness."""
    surface = Surface(name, 6, 6) if name == "sphere" else Surface(name, 5, 7)
    checked = 0
    for cell, side in faces(surface):
        step = surface.move(cell, side)
        if step is None or not surface.is_border(cell, side):
            continue
        beside = surface.move(cell, _right(side))
        if beside is None or not surface.is_border(beside.cell, side):
            continue                      # the neighbour is not on the same edge
        heading = step.side.opposite
        companion = surface.move(beside.cell, side).cell
        right_after = surface.move(step.cell, _right(heading)).cell
        left_after = surface.move(step.cell, _right(heading).opposite).cell
        assert right_after != left_after
        assert companion == (left_after if step.flipped else right_after), (cell, side)
        checked += 1
    assert checked >= 2 * (5 + 7) - 4


def _walk(surface, cell, side, steps):
    flips = 0
    for _ in range(steps):
        step = surface.move(cell, side)
        cell, side, flips = step.cell, step.side.opposite, flips + step.flipped
    return cell, side, flips


def test_once_around_the_klein_bottles_twisted_direction_comes_back_mirrored():
    h, w = 5, 7
    klein = Surface("klein", h, w)
    for r in range(h):
        for c in range(w - 1):
            end, heading, flips = _walk(klein, (r, c), Side.N, h)
            assert end == (r, w - 1 - c) and heading == Side.N and flips % 2 == 1
            # the companion that walked on our right comes back on our left
            companion, _, _ = _walk(klein, (r, c + 1), Side.N, h)
            assert companion == (r, w - 2 - c)
            assert klein.move(end, Side.W).cell == companion
    # the straight direction comes back unmirrored
    assert _walk(klein, (2, 3), Side.E, w) == ((2, 3), Side.E, 0)
    # twice around the twisted direction is the identity
    assert _walk(klein, (2, 3), Side.N, 2 * h) == ((2, 3), Side.N, 2)


def test_klein_lr_twists_the_left_right_direction():
    h, w = 5, 7
    klein = Surface("klein_lr", h, w)
    assert _walk(klein, (1, 2), Side.E, w) == ((3, 2), Side.E, 1)
    assert _walk(klein, (1, 2), Side.N, h) == ((1, 2), Side.N, 0)


@pytest.mark.parametrize("name,flipped", [("torus", False), ("sphere", False),
                                          ("klein", True), ("klein_lr", True),
                                          ("projective", True)])
def test_which_surfaces_reverse_handedness(name, flipped):
    surface = Surface(name, 4, 4)
    assert surface.step_table[2].any() == flipped
    assert surface.orientable == (not flipped)


def test_projective_corner_reaches_the_opposite_corner_through_two_walls():
    h, w = 4, 6
    p = Surface("projective", h, w)
    north, west = p.move((0, 0), Side.N), p.move((0, 0), Side.W)
    assert north.cell == west.cell == (h - 1, w - 1)
    assert (north.side, west.side) == (Side.S, Side.E)
    assert north.flipped and west.flipped
    assert p.wall_key((0, 0), Side.N) != p.wall_key((0, 0), Side.W)
    # the other two corners too
    assert p.move((0, w - 1), Side.N).cell == p.move((0, w - 1), Side.E).cell == (h - 1, 0)


def test_sphere_moves():
    n = 5
    s = Surface("sphere", n, n)
    for c in range(n):
        step = s.move((0, c), Side.N)
        assert (step.cell, step.side, step.flipped) == ((c, 0), Side.W, False)
        step = s.move((n - 1, c), Side.S)
        assert (step.cell, step.side, step.flipped) == ((c, n - 1), Side.E, False)
    # heading north out of the top, you walk east into the picture
    assert _walk(s, (0, 2), Side.N, 3) == ((2, 2), Side.E, 0)


def test_golly_suffixes_put_the_width_first():
    assert Surface("plane", 17, 23).golly_suffix() == ":P23,17"
    assert Surface("torus", 17, 23).golly_suffix() == ":T23,17"
    assert Surface("klein", 17, 23).golly_suffix() == ":K23*,17"
    assert Surface("klein_lr", 17, 23).golly_suffix() == ":K23,17*"
    assert Surface("projective", 17, 23).golly_suffix() == ":C23,17"
    assert Surface("sphere", 9, 9).golly_suffix() == ":S9"


# --- errors --------------------------------------------------------------------------------


@pytest.mark.parametrize("args", [("sphere", 3, 4), ("sphere", 1, 2), ("torus", 0, 3),
                                  ("donut", 3, 3)])
def test_impossible_surfaces_are_surface_errors(args):
    with pytest.raises(SurfaceError):
        Surface(*args)


def test_non_square_sphere_is_a_located_scenario_error(tmp_path):
    raw = {"maze": {"rows": 4, "cols": 6, "surface": "sphere"}, "generator": "kruskal"}
    with pytest.raises(ScenarioError) as caught:
        parse(raw, tmp_path / "s.yaml")
    assert any("maze.surface" in e and "square" in e for e in caught.value.errors)


# --- Life: the ghost ring drawn in surfaces.md ---------------------------------------------

GHOSTS = {
    ("plane", 3, 4): """. . . . . .
                        . A B C D .
                        . E F G H .
                        . I J K L .
                        . . . . . .""",
    ("torus", 3, 4): """l i j k l i
                        d A B C D a
                        h E F G H e
                        l I J K L i
                        d a b c d a""",
    ("klein", 3, 4): """i l k j i l
                        d A B C D a
                        h E F G H e
                        l I J K L i
                        a d c b a d""",
    ("projective", 3, 4): """a l k j i d
                             l A B C D i
                             h E F G H e
                             d I J K L a
                             i d c b a l""",
    ("sphere", 3, 3): """a a d g c
                         a A B C g
                         b D E F h
                         c G H I i
                         g c f i i""",
}


@pytest.mark.parametrize("key", list(GHOSTS), ids=[k[0] for k in GHOSTS])
def test_ghost_ring_matches_the_pictures_in_surfaces_md(key):
    name, h, w = key
    rows = [line.split() for line in GHOSTS[key].splitlines()]
    expected = np.array([[-1 if x == "." else ord(x.lower()) - ord("a") for x in row]
                         for row in rows])
    assert np.array_equal(Surface(name, h, w).ghost_index, expected)


# --- the glued pairs of edges, as the renderer draws them ----------------------------------


@pytest.mark.parametrize("surface", ALL, ids=IDS)
def test_edge_gluings_describe_the_moves(surface):
    glued = set()
    for gluing in surface.gluings:
        cells, partners = surface.edge_cells(gluing.edge), surface.edge_cells(gluing.partner)
        if gluing.reversed:
            partners = partners[::-1]
        for cell, other in zip(cells, partners):
            step = surface.move(cell, gluing.edge)
            assert (step.cell, step.side) == (other, gluing.partner)
        glued |= {gluing.edge, gluing.partner}
    crossing = {side for cell, side in faces(surface)
                if surface.is_border(cell, side) and surface.move(cell, side) is not None}
    assert glued == crossing
    twists = {"plane": [], "torus": [False, False], "klein": [True, False],
              "klein_lr": [False, True], "projective": [True, True], "sphere": [False, False]}
    assert [g.reversed for g in surface.gluings] == twists[surface.name]


@pytest.mark.parametrize("h,w", [(3, 4), (4, 3), (1, 5), (2, 2), (5, 6)])
def test_klein_lr_is_the_klein_bottle_transposed(h, w):
    """Golly's `:Kw,h*` twists the left/right edges: the `:Kw*,h` picture turned over
    its diagonal, ghost ring corners included."""
    lr, tb = Surface("klein_lr", h, w), Surface("klein", w, h)
    transposed = tb.ghost_index.T
    as_lr = np.where(transposed < 0, -1, (transposed % h) * w + transposed // h)
    assert np.array_equal(lr.ghost_index, as_lr)
    swap = {Side.N: Side.W, Side.W: Side.N, Side.S: Side.E, Side.E: Side.S}
    for (r, c), side in faces(lr):
        step, other = lr.move((r, c), side), tb.move((c, r), swap[side])
        assert (step.cell, step.side, step.flipped) == (other.cell[::-1], swap[other.side],
                                                        other.flipped)


# --- one record per surface ------------------------------------------------------------


def test_the_records_derive_orientability_and_the_square_rule_from_their_gluings():
    assert {n for n, k in SURFACES.items() if k.orientable} == {"plane", "torus", "sphere"}
    assert {n for n, k in SURFACES.items() if k.square_only} == {"sphere"}
    assert SURFACES["sphere"].shape_error(4, 6) == (
        "the sphere needs a square grid (it glues the top edge to the left edge); "
        "got 4 rows x 6 columns")
    assert all(k.shape_error(4, 6) is None for n, k in SURFACES.items() if n != "sphere")
    assert all(k.shape_error(0, 3) for k in SURFACES.values())


def test_the_surface_error_is_the_records_sentence():
    with pytest.raises(SurfaceError) as caught:
        Surface("sphere", 3, 4)
    assert str(caught.value) == SURFACES["sphere"].shape_error(3, 4)


@pytest.mark.parametrize("name", NAMES)
def test_golly_suffix_letters_lead_back_to_the_record(name):
    kind = SURFACES[name]
    suffix = Surface(name, 6, 6).golly_suffix()
    w_part, _, h_part = suffix[2:].partition(",")
    assert from_golly(suffix[1], w_part.endswith("*"), h_part.endswith("*")) is kind
    assert from_golly("K", True, True) is None and from_golly("Q", False, False) is None


@pytest.mark.parametrize("surface", ALL, ids=IDS)
def test_the_wall_list_is_the_face_codes_decoded(surface):
    walls = surface.internal_walls
    assert isinstance(walls, Walls) and len(walls) == len(surface.wall_faces)
    assert list(walls) == [walls[i] for i in range(len(walls))]
    assert list(walls) == [surface.wall_key((r, c), Side(s)) for r, c, s in walls]
    assert list(walls) == sorted(set(walls))
    assert all(key in walls for key in walls) and (surface.rows, 0, 0) not in walls
    assert walls == tuple(walls) and walls[1:] == tuple(walls)[1:]


def test_a_new_surface_is_one_record(monkeypatch):
    """A Möbius band (left and right edges glued with a twist, top and bottom not glued):
    one record, and the moves, walls, flip flags, ghost ring and suffix follow."""
    band = SurfaceKind("mobius", "a Möbius band", (EdgeGluing(Side.W, Side.E, True),), "M",
                       corners=Corners.DEAD, title="the Möbius band")
    monkeypatch.setitem(SURFACES, "mobius", band)
    s = Surface("mobius", 3, 4)
    assert s.move((0, 0), Side.W) == Step((2, 3), Side.E, True)
    assert s.move((2, 3), Side.E) == Step((0, 0), Side.W, True)
    assert s.move((0, 1), Side.N) is None and not s.orientable and not band.square_only
    assert len(s.internal_walls) == 2 * 3 * 4 - 3 - 4 + 3
    target, entered, flipped = s.step_table
    assert int(target[0, Side.W]) == 11 and flipped[:, Side.W].sum() == 3
    assert s.ghost_index[1:-1, 0].tolist() == [11, 7, 3]
    assert s.ghost_index[0].tolist() == [-1] * 6
    assert s.golly_suffix() == ":M4,3"

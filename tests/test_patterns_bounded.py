"""Hostile pattern files: refused up front with a located error naming the file and line,
or read sparsely at once; paths confined to the scenario's folder."""
from __future__ import annotations

import os
import pathlib
import tracemalloc

import numpy as np
import pytest

from visualizer.life.formats import (LIMITS, LifeFile, LifeFormatError, LifeLimits, confine,
                                     parse_cells, parse_golly_rule, parse_rle, read_pattern)
from visualizer.life.rules import RuleError

GLIDER = np.array([[0, 1, 0], [0, 0, 1], [1, 1, 1]], dtype=np.uint8)

#: (file name, text, the start of the error: "name:line: expected ...") -- refused on reading
REFUSED = [
    ("run.rle", "x = 3, y = 3\n9999999999o!\n", r"run\.rle:2: expected at most 4,000,000 live"),
    ("run30m.rle", "x = 3, y = 3\nbo$30000000o!\n", r"run30m\.rle:2: expected at most 4,000,000"),
    ("runs.rle", "x = 3, y = 3\n3000000o$\n3000000o!\n", r"runs\.rle:3: expected at most 4,0"),
    ("torus.rle", "x = 3, y = 3, rule = B3/S23:T1000000000,1000000000\n3o!\n",
     r"torus\.rle:1: expected a bounded grid at most 16384 cells on a side"),
    ("klein.rle", "x = 3, y = 3, rule = B3/S23:K16385*,20\n3o!\n",
     r"klein\.rle:1: expected a bounded grid at most 16384"),
    ("sphere.rle", "x = 3, y = 3, rule = B3/S23:S" + "9" * 5000 + "\n3o!\n",
     r"sphere\.rle:1: expected a bounded grid at most 16384"),
    ("digits.rle", "x = 3, y = 3\n" + "9" * 5000 + "o!\n",
     r"digits\.rle:2: expected a run count of at most 2,147,483,648, found one of 5000 digits"),
    ("reach.rle", "x = 3, y = 3\no3000000000bo!\n",
     r"reach\.rle:2: expected the pattern to reach at most 2,147,483,648 cells"),
    ("skip.rle", "x = 3, y = 3\no9000000000$o!\n", r"skip\.rle:2: expected the pattern to reach"),
    ("header.rle", "x = 1" + "0" * 4999 + ", y = 1\no!\n",
     r"header\.rle:1: expected whole numbers for x and y"),
    ("huge_x.rle", "x = 100000000000, y = 1\no!\n", r"huge_x\.rle:1: expected x and y at most"),
    ("negative.rle", "x = -3, y = 3\no!\n", r"negative\.rle:1: expected x and y >= 0"),
    ("pos.rle", "#CXRLE Pos=" + "1" * 5000 + ",0\nx = 1, y = 1\no!\n",
     r"pos\.rle:1: expected Pos=x,y or Gen=n with whole numbers"),
    ("junk.rle", "x = 3, y = 3\nbo$2bo$3o%!\n", r"junk\.rle:2: expected a run count, b, o"),
    ("cut.rle", "x = 3, y = 3\nbo$2bo$3\n", r"cut\.rle:2: expected b, o, \$ or ! after the run"),
    ("bad.cells", "!Name: x\n.O.\n..O\nOO#\n", r"bad\.cells:4: expected '\.' \(dead\) or 'O'"),
    ("nul.cells", ".O.\n\0\n", r"nul\.cells:2: expected '\.' \(dead\) or 'O' \(alive\), found"),
]


@pytest.mark.parametrize("name, text, message", REFUSED, ids=[r[0] for r in REFUSED])
def test_crafted_files_are_refused_with_file_and_line(tmp_path, name, text, message):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    tracemalloc.start()
    with pytest.raises(LifeFormatError, match=message) as caught:
        read_pattern(path).cells                           # noqa: B018 (may raise)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert caught.value.source == str(path) and caught.value.line >= 1
    assert peak < 4 << 20, peak


#: (file name, text, (rows, cols) of the box, live cells, the start of the error on `.cells`)
SPARSE = [
    ("big_header.rle", "x = 1000000000, y = 1000000000\nbo$2bo$3o!\n", (10**9, 10**9), 5,
     r"big_header\.rle:1: expected a pattern at most 16384 cells on a side to place on a "
     r"grid, got 1000000000x1000000000 \(its 5 live cells span 3x3\)"),
    ("row_skip.rle", "x = 3, y = 3\no1000000000$o!\n", (10**9 + 1, 3), 2,
     r"row_skip\.rle:2: expected a pattern at most 16384 cells on a side"),
    ("wide_run.rle", "x = 1, y = 1\n2000000000bo!\n", (1, 2 * 10**9 + 1), 1,
     r"wide_run\.rle:2: expected a pattern at most 16384"),
    ("late.rle", "x = 3, y = 3\no$\n16384$o!\n", (16386, 3), 2, r"late\.rle:3: expected a pat"),
]


@pytest.mark.parametrize("name, text, shape, live, message", SPARSE, ids=[s[0] for s in SPARSE])
def test_huge_boxes_read_at_once_and_refuse_a_dense_grid(tmp_path, name, text, shape, live,
                                                          message):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    tracemalloc.start()
    pattern = read_pattern(path)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert pattern.shape == shape and pattern.population == live
    assert peak < 1 << 20, peak
    with pytest.raises(LifeFormatError, match=message):
        pattern.cells                                      # noqa: B018 (the property raises)


def test_runs_are_applied_arithmetically():
    pattern = parse_rle("x = 0, y = 0\n3000000o$2b2o!\n")
    assert pattern.population == 3_000_002 and pattern.shape == (2, 3_000_000)
    assert tuple(pattern.live[-3]) == (0, 2_999_999) and tuple(pattern.live[-1]) == (1, 3)


def test_limits_can_be_set_per_read(tmp_path):
    path = tmp_path / "g.rle"
    path.write_text("x = 3, y = 3\nbo$2bo$3o!\n", encoding="utf-8")
    assert np.array_equal(read_pattern(path, limits=LifeLimits(live_cells=5, side=3)).cells,
                          GLIDER)
    with pytest.raises(LifeFormatError, match=r"g\.rle:2: expected at most 4 live cells, got 5"):
        read_pattern(path, limits=LifeLimits(live_cells=4))
    with pytest.raises(LifeFormatError, match=r"g\.rle:1: expected a pattern at most 2 cells"):
        read_pattern(path, limits=LifeLimits(side=2)).cells  # noqa: B018
    with pytest.raises(LifeFormatError, match=r"g\.rle:0: expected a pattern file of at most "
                                              r"10 bytes, got 24"):
        read_pattern(path, limits=LifeLimits(file_bytes=10))


def test_cells_files_are_bounded_too():
    text = "!Name: row\n" + "O" * 20 + "\n" + ".O\n"
    assert parse_cells(text).population == 21
    with pytest.raises(LifeFormatError, match=r"x\.cells:2: expected at most 10 live cells, "
                                              r"got 20 by this line"):
        parse_cells(text, "x.cells", LifeLimits(live_cells=10))
    with pytest.raises(LifeFormatError, match=r"x\.cells:2: expected a pattern at most 8"):
        parse_cells(text, "x.cells", LifeLimits(side=8)).cells  # noqa: B018
    tall = "O\n" + ".\n" * 20 + "O\n"
    with pytest.raises(LifeFormatError, match=r"t\.cells:10: expected a pattern at most 9"):
        parse_cells(tall, "t.cells", LifeLimits(side=9)).cells  # noqa: B018


def test_not_a_regular_file_is_refused_without_reading(tmp_path):
    link = tmp_path / "zero.rle"
    os.symlink("/dev/zero", link)
    with pytest.raises(LifeFormatError, match=r"zero\.rle:0: expected a pattern file, got "
                                              r"something that is not a regular file"):
        read_pattern(link)


def test_golly_rule_suffix_is_bounded():
    with pytest.raises(RuleError, match="at most 16384 cells on a side"):
        parse_golly_rule("B3/S23:T1000000000,1000000000")
    assert parse_golly_rule("B3/S23:T16384,2")[1].cols == 16384
    with pytest.raises(RuleError, match="at most 100 cells"):
        parse_golly_rule("B3/S23:T101,2", LifeLimits(side=100))


def test_placed_grid_places_live_cells_without_the_dense_box():
    text = "#CXRLE Pos=-1,-1\nx = 3, y = 3, rule = B3/S23:T8,6\nbo$2bo$3o!\n"
    grid, surface = parse_rle(text).placed_grid()
    assert (surface.rows, surface.cols) == (6, 8)
    assert np.array_equal(grid[2:5, 3:6], GLIDER) and grid.sum() == 5
    far = parse_rle("x = 100000, y = 3, rule = B3/S23:T8,6\nbo$2bo$3o!\n", "far.rle")
    with pytest.raises(LifeFormatError, match=r"far\.rle:1: expected the pattern "
                                              r"\(100000x3 at Pos=-50000,-1\) to fit in the "
                                              r"8x6 grid"):
        far.placed_grid()


def test_life_file_api_kept():
    pattern = LifeFile.from_cells(GLIDER, name="g")
    assert pattern.shape == (3, 3) and pattern.population == 5 and pattern.name == "g"
    assert np.array_equal(pattern.cells, GLIDER) and pattern.limits == LIMITS
    assert pattern.rule_and_surface() == (None, None)


# --- confinement -------------------------------------------------------------------------

@pytest.fixture
def folders(tmp_path):
    """A scenario folder holding glider.rle, a sibling folder holding secret.rle, a symlink
    from the scenario folder to the secret, and the file outside by `../`."""
    inside, outside = tmp_path / "scenario", tmp_path / "elsewhere"
    inside.mkdir()
    outside.mkdir()
    (inside / "glider.rle").write_text("bo$2bo$3o!\n", encoding="utf-8")
    (outside / "secret.rle").write_text("bo$2bo$3o!\n", encoding="utf-8")
    os.symlink(outside / "secret.rle", inside / "link.rle")
    return inside, outside


def test_paths_inside_the_roots_are_read(folders):
    inside, _ = folders
    assert np.array_equal(read_pattern(inside / "glider.rle", roots=[inside]).cells, GLIDER)
    assert confine(inside / "sub" / ".." / "glider.rle", [inside]) == \
        (inside / "glider.rle").resolve()


@pytest.mark.parametrize("rel", ["../elsewhere/secret.rle", "../elsewhere/missing.rle",
                                 "link.rle", "/etc/passwd.rle", "/no/such/file.rle",
                                 "../elsewhere"])
def test_paths_outside_are_refused_alike_whether_or_not_they_exist(folders, rel):
    inside, _ = folders
    path = inside / rel
    with pytest.raises(LifeFormatError) as caught:
        read_pattern(path, roots=[inside])
    assert str(caught.value) == (f"{path}:0: expected a pattern file inside the scenario's "
                                 f"folder (or a folder allowed on the command line), got a "
                                 f"path outside it")


def test_a_folder_allowed_on_the_command_line_is_a_root(folders):
    inside, outside = folders
    assert read_pattern(inside / "../elsewhere/secret.rle", roots=[inside, outside]).shape \
        == (3, 3)
    assert read_pattern(inside / "link.rle", roots=[outside]).population == 5


def test_a_symlink_loop_is_refused_like_any_path_outside(tmp_path):
    loop = tmp_path / "loop.rle"
    os.symlink(loop, loop)
    with pytest.raises(LifeFormatError, match="got a path outside it"):
        confine(loop, [tmp_path / "other"])


def test_positional_use_still_works(tmp_path):
    path = tmp_path / "g.cells"
    path.write_text(".O.\n..O\nOOO\n", encoding="utf-8")
    assert np.array_equal(read_pattern(path).cells, GLIDER)
    assert np.array_equal(read_pattern(str(path)).cells, GLIDER)
    assert isinstance(read_pattern(pathlib.Path(path)), LifeFile)

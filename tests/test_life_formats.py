"""RLE and .cells: round trips, lenient reading, located errors, Golly rule suffixes."""
import numpy as np
import pytest

from visualizer.life.formats import (LifeFormatError, parse_cells, parse_golly_rule,
                                     parse_rle, read_pattern, read_rle, write_cells,
                                     write_rle)
from visualizer.life.patterns import PATTERNS
from visualizer.life.rules import RuleError
from visualizer.surfaces import SURFACE_NAMES, Surface

GLIDER = np.array([[0, 1, 0], [0, 0, 1], [1, 1, 1]], dtype=np.uint8)


def soup(h, w, seed=0, density=0.4):
    return (np.random.default_rng(seed).random((h, w)) < density).astype(np.uint8)


def test_write_rle_header_suffix_and_position():
    text = write_rle(soup(20, 40), rule="conway", surface=Surface("klein", 20, 40))
    lines = text.splitlines()
    assert lines[0] == "#CXRLE Pos=-20,-10"
    assert lines[1] == "x = 40, y = 20, rule = B3/S23:K40*,20"
    assert text.rstrip().endswith("!")
    assert max(len(line) for line in lines[2:]) <= 70


@pytest.mark.parametrize("name, h, w", [
    (name, h, w) for name in SURFACE_NAMES
    for h, w in [(1, 1), (2, 2), (7, 7), (9, 16), (30, 17)] if name != "sphere" or h == w])
def test_rle_round_trip_in_place(name, h, w):
    surface = Surface(name, h, w)
    for seed in range(3):
        grid = soup(h, w, seed)
        grid[0] = 0  # leading and trailing empty rows must survive
        grid[-1] = 0
        back = parse_rle(write_rle(grid, rule="highlife", surface=surface, generation=5))
        placed, found = back.placed_grid()
        assert found == surface and np.array_equal(placed, grid)
        assert back.rule_and_surface()[0].notation == "B36/S23"
        assert back.generation == 5


def test_rle_file_round_trip(tmp_path):
    grid = soup(11, 13, 4)
    path = tmp_path / "g.rle"
    write_rle(grid, path, name="soup", comments=("made by a test",))
    back = read_rle(path)
    assert np.array_equal(back.cells, grid) and back.name == "soup"
    assert back.comments == ["made by a test"] and back.rule == "B3/S23"
    assert np.array_equal(read_pattern(path).cells, grid)


def test_cells_round_trip(tmp_path):
    grid = soup(9, 12, 5)
    grid[:, -1] = 0
    grid[-1] = 0
    path = tmp_path / "g.cells"
    write_cells(grid, path, name="x", comments=("hello",))
    back = read_pattern(path)
    assert np.array_equal(back.cells, grid) and back.name == "x" and back.comments == ["hello"]


def test_rle_reading_is_lenient():
    ragged = "#N glider\n#C a comment\n#O someone\nx = 5, y = 4, rule = b3s23\nbo$2bo$3o"
    f = parse_rle(ragged)
    assert f.name == "glider" and f.comments == ["a comment", "someone"]
    assert f.cells.shape == (4, 5) and np.array_equal(f.cells[:3, :3], GLIDER)
    assert np.array_equal(parse_rle("bo$2bo$3o!").cells, GLIDER)          # no header
    assert np.array_equal(parse_rle("x = 3, y = 3\nbo$2b\no$3o!\n").cells, GLIDER)
    assert np.array_equal(parse_rle("x = 3, y = 3\nbo$2bo$\n3\no!").cells, GLIDER)  # split run
    assert np.array_equal(parse_rle("x=3,y=3\nb o $ 2b o $ 3o ! trailing junk").cells,
                          GLIDER)
    assert np.array_equal(parse_rle("x = 3, y = 3\n.A$2.A$3A!").cells, GLIDER)


def test_classic_gun_rle_matches_pattern():
    rle = ("x = 36, y = 9, rule = B3/S23\n24bo$22bobo$12b2o6b2o12b2o$11bo3bo4b2o12b2o$2o8bo5bo"
           "3b2o$2o8bo3bob2o4bobo$10bo5bo7bo$11bo3bo$12b2o!")
    assert np.array_equal(parse_rle(rle).cells, PATTERNS["gosper_glider_gun"].cells)


def test_cells_reading_is_lenient():
    f = parse_cells("!Name: glider\n!\n.O\n..O\nOOO\n\n")
    assert f.name == "glider" and np.array_equal(f.cells, GLIDER)
    assert np.array_equal(parse_cells(".*.\n..*\n***").cells, GLIDER)


@pytest.mark.parametrize("text, line, words", [
    ("x = 3, y = 3\nbo$2bo$3o?!", 2, ["expected a run count, b, o, a state (A..X, pA..yO), "
                                    "$ or !", "found '?'"]),
    ("x = 3, y = 3\nbo$2bo$3", 2, ["after the run count 3", "end of the file"]),
    ("#C fine\nx = three, y = 3\nbo!", 2, ["expected whole numbers for x and y",
                                           "'x = three, y = 3'"]),
    ("#CXRLE Pos=a,b\nbo!", 1, ["expected Pos=x,y", "'Pos=a,b'"]),
])
def test_broken_rle_errors_are_located(text, line, words):
    with pytest.raises(LifeFormatError) as info:
        parse_rle(text, source="broken.rle")
    assert str(info.value).startswith(f"broken.rle:{line}: ")
    assert info.value.line == line
    for word in words:
        assert word in str(info.value)


def test_broken_cells_error_is_located(tmp_path):
    path = tmp_path / "bad.cells"
    path.write_text("!Name: x\n.O.\n..Q\n")
    with pytest.raises(LifeFormatError, match=r"bad\.cells:3: expected '\.' \(dead\) or 'O' "
                                              r"\(alive\), found 'Q' at column 3"):
        read_pattern(path)


def test_unknown_extension_and_missing_file(tmp_path):
    with pytest.raises(LifeFormatError, match="expected a .rle, .cells or .mcl file"):
        read_pattern(tmp_path / "x.mc")
    with pytest.raises(LifeFormatError, match="expected a readable pattern file"):
        read_rle(tmp_path / "missing.rle")


@pytest.mark.parametrize("text, name, rows, cols", [
    ("B3/S23:T40,20", "torus", 20, 40), ("B3/S23:K40*,20", "klein", 20, 40),
    ("B3/S23:K40,20*", "klein_lr", 20, 40), ("B3/S23:C7,5", "projective", 5, 7),
    ("B3/S23:P4,3", "plane", 3, 4), ("B3/S23:S9", "sphere", 9, 9),
])
def test_golly_suffixes(text, name, rows, cols):
    rule, surface = parse_golly_rule(text)
    assert surface == Surface(name, rows, cols) and rule.notation == "B3/S23"
    assert ":" + text.partition(":")[2] == surface.golly_suffix()


@pytest.mark.parametrize("text", ["B3/S23:K40,20", "B3/S23:Q4", "B3/S23:T0,5", "B3/S23:T4*,4"])
def test_bad_golly_suffix(text):
    with pytest.raises(RuleError, match="expected"):
        parse_golly_rule(text)
    assert parse_golly_rule("B3/S23")[1] is None

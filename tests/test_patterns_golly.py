"""Golly's own pattern collection read sparsely: the same grids as the dense, cell-by-cell
reading for ordinary files, and its huge-box breeders at once, as coordinates."""
from __future__ import annotations

import pathlib
import tracemalloc

import numpy as np
import pytest
from pattern_reference import dense_cells, dense_rle

from visualizer.life.formats import LifeFormatError, read_pattern

GOLLY = pathlib.Path("/usr/share/golly/Patterns")
needs_golly = pytest.mark.skipif(not GOLLY.is_dir(),
                                 reason="Golly's patterns are not installed "
                                        "(apt-get install golly)")
DENSE_UP_TO = 100_000      # cells of a box that the dense reference reads quickly enough


def golly_files() -> list[pathlib.Path]:
    """Golly's RLE and .cells files (none if Golly is not installed)."""
    if not GOLLY.is_dir():
        return []
    return sorted(p for p in GOLLY.rglob("*") if p.suffix.lower() in (".rle", ".cells"))


@pytest.mark.slow
@needs_golly
def test_golly_collection_reads_as_the_dense_reader_did():
    compared = states = 0
    for path in golly_files():
        pattern = read_pattern(path)                 # within the default limits, all of them
        live = pattern.live
        assert np.unique(live, axis=0).shape[0] == pattern.population, path
        assert (live >= 0).all() and (live < pattern.shape).all(), path
        h, w = pattern.shape
        if h * w > DENSE_UP_TO:
            continue
        if pattern.cells.max() > 1:   # the dense reference reads two states only: a file of
            states += 1               # more is checked against bgolly (test_life_golly_families)
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        reference = dense_rle(text) if path.suffix.lower() == ".rle" else dense_cells(text)
        assert pattern.cells.shape == reference.shape, path
        assert np.array_equal(pattern.cells, reference), path
        compared += 1
    # Golly 3.3 ships 257 such files, 179 of them this small: 116 of two states, 63 of more
    assert compared > 100 and states > 50, (compared, states)


@needs_golly
def test_switch_engine_ping_pong_reads_at_once_as_coordinates():
    path = GOLLY / "Life" / "Breeders" / "switch-engine-ping-pong.rle"
    tracemalloc.start()
    pattern = read_pattern(path)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 1 << 20                      # a dense box would be 36 GiB
    assert pattern.shape == (183739, 210515) and pattern.population == 23
    assert pattern.name == "Switch engine ping-pong"
    assert [tuple(cell) for cell in pattern.live[:3]] == [(0, 1148), (1, 1148), (1, 1149)]
    assert tuple(pattern.live[-1]) == (183738, 210355)
    with pytest.raises(LifeFormatError, match=r"switch-engine-ping-pong\.rle:6: expected a "
                                              r"pattern at most 16384 cells on a side"):
        pattern.cells                                      # noqa: B018 (the property raises)

"""How the GIF writer chooses each rectangle's image data: the gaps between changed pixels,
the candidates built from them, what the writer learns per animation, the budget of
deferred clears, and large rectangles decoding to the frames for every effort."""
from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image, ImageSequence

from visualizer.export import gifimage, open_writer
from visualizer.export.gifbatch import Rectangle, prepare_at_once
from visualizer.export.gifframes import runs_of
from visualizer.export.gifimage import (
    MIXED_EVERY, MIXED_FIRST, Chooser, Trials, encode_changes, gaps_of,
    kept_pixels,
)


def random_rectangle(rng: np.random.Generator, size: int = 400
                     ) -> tuple[np.ndarray, np.ndarray]:
    """Pixels in runs of a few colours, and sorted changed positions among them."""
    runs = rng.integers(1, 30, size)
    flat = np.repeat(rng.integers(0, rng.integers(1, 6), runs.size), runs)[:size]
    changed = np.flatnonzero(rng.random(flat.size) < rng.uniform(0.01, 0.5))
    return flat.astype(np.uint8), changed


def long_gaps(rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """A rectangle with few changes: long gaps, some of one colour (most of it, or little)."""
    runs = rng.integers(1, rng.choice([40, 400, 4000]), 60)
    flat = np.repeat(rng.integers(0, 3, runs.size), runs)[:int(rng.integers(1, 6000))]
    changed = np.flatnonzero(rng.random(flat.size) < rng.uniform(0.0005, 0.02))
    return flat.astype(np.uint8), changed


def runs_by_loop(changed: list[int]) -> list[tuple[int, int]]:
    """The runs [start, end) of consecutive positions in the sorted `changed`, by a loop."""
    runs: list[tuple[int, int]] = []
    for position in changed:
        if runs and runs[-1][1] == position:
            runs[-1] = (runs[-1][0], position + 1)
        else:
            runs.append((position, position + 1))
    return runs


@pytest.mark.parametrize("rectangle", [random_rectangle, long_gaps])
def test_gaps_are_those_of_a_pixel_loop(rectangle):
    rng = np.random.default_rng(11)
    for _ in range(300):
        flat, changed = rectangle(rng, int(rng.integers(1, 300))) \
            if rectangle is random_rectangle else rectangle(rng)
        values = flat.take(changed)
        gaps = gaps_of(flat, changed, values)
        runs = runs_by_loop(changed.tolist())
        bounds = [0] + [edge for run in runs for edge in run] + [flat.size]
        assert gaps.pieces.tolist() == [b - a for a, b in zip(bounds, bounds[1:])]
        assert gaps.lengths.size == len(runs) + 1
        for k, (start, end) in enumerate(zip(bounds[0::2], bounds[1::2])):
            gap = flat[start:end]
            assert gaps.lengths[k] == gap.size and gaps.nonempty[k] == (gap.size > 0)
            assert gaps.single[k] == (gap.size > 0 and bool((gap == gap[0]).all()))
            if gaps.single[k]:
                assert gaps.colour[k] == gap[0]
                assert gaps.matches[k] == int(start > 0 and flat[start - 1] == gap[0]) + \
                    int(end < flat.size and flat[end] == gap[0])
            else:
                assert gaps.matches[k] == 0
        clear = np.full(flat.size, 255, np.uint8)             # every gap transparent
        clear[changed] = values
        assert gaps.runs_clear == gifimage._runs(clear)
        assert gaps.top == (int(values.max()) if values.size else 0)


def test_candidates_from_gaps_keep_what_the_position_lists_keep():
    """"matching" and "mixed" built from the gaps (one np.repeat) are the pixels that the
    position lists of `kept_pixels` give, less those that would widen the codes; their
    colour runs and the pixels "mixed" keeps beyond "matching", counted from the gaps, are
    those of the pixels."""
    rng = np.random.default_rng(12)
    for _ in range(300):
        flat, changed = random_rectangle(rng)
        values = flat.take(changed)
        transparent = int(np.bincount(values, minlength=256).argmin())
        top = max(int(values.max()) if values.size else 0, transparent)
        limit = (1 << max(2, top.bit_length())) - 1
        runs = runs_of(changed, values, flat.size)
        prepared = prepare_at_once(flat, [Rectangle(0, flat.size, changed, values,
                                                    transparent, runs)])[0]
        gaps = prepared.gaps
        np.testing.assert_array_equal(prepared.keep, gaps.single & (gaps.colour <= limit))
        kept = kept_pixels(flat, changed)
        mixed = gifimage._from_runs(gaps, prepared.keep, prepared.clear, transparent)
        counted = []
        for (pixels, _, top), positions, runs_counted in (
                (prepared.matching, kept.matching, prepared.runs_matching),
                (mixed, kept.mixed, prepared.runs_keep)):
            expected = np.full(flat.size, transparent, np.uint8)
            expected[changed] = values
            positions = positions[flat.take(positions) <= limit]
            expected[positions] = flat.take(positions)
            np.testing.assert_array_equal(pixels, expected)
            assert top == int(pixels.max())
            assert runs_counted == gifimage._runs(pixels)
            counted.append(positions.size)
        assert prepared.extra == counted[1] - counted[0]


def test_trials_try_the_first_then_while_it_pays_else_now_and_then():
    trials = Trials()
    for _ in range(MIXED_FIRST):
        assert trials.pays()
        trials.note(100_000, 0)              # tried, saved nothing
    assert not trials.pays()
    for _ in range(MIXED_EVERY):
        assert not trials.pays()
        trials.note(100_000, None)           # not tried
    assert trials.pays()                     # once in a while all the same
    trials.note(100_000, 50)                 # ... and now it pays
    assert trials.pays()


def test_deferred_clears_stay_within_their_share():
    chooser = Chooser()
    share = gifimage.DEFERRED_SHARE
    assert not chooser.may_defer(1000, 1.0)              # does not fill the table
    deferred = sum(chooser.may_defer(1000, 2.0) for _ in range(200))
    assert 0 < deferred
    assert chooser.deferred <= share * chooser.encoded
    assert deferred * 500 == chooser.deferred            # half of each is past the table


def test_a_rectangle_whose_changes_use_every_index_is_opaque():
    new = np.arange(512, dtype=np.int64).reshape(16, 32).astype(np.uint8)
    data, transparent, top = encode_changes(new, np.arange(256))
    assert transparent is None and top == 255


def maze_like(rng: np.random.Generator, frames: int = 12) -> list[np.ndarray]:
    """Frames of 120 x 200 over a wall grid, a few cells and a busy region changing."""
    base = np.ones((120, 200), np.uint8)
    base[::10], base[:, ::10] = 0, 0
    out = [base.copy()]
    for k in range(frames - 1):
        frame = out[-1].copy()
        y, x = rng.integers(0, 11), rng.integers(0, 19)
        frame[y * 10 + 1:y * 10 + 10, x * 10 + 1:x * 10 + 10] = 2 + k % 3
        frame[100:118, 150:198] = rng.integers(0, 6, (18, 48))    # many pixels change
        if k % 4 == 0:
            frame[5, 3] = 5                                         # far apart: a big rectangle
        if k == frames - 3:                                         # noise: fills the LZW table
            frame[10:110, 10:190] = rng.integers(0, 8, (100, 180))
        out.append(frame)
    return out


@pytest.mark.parametrize("effort", gifimage.EFFORTS)
def test_large_rectangles_decode_to_the_frames(tmp_path, palette, effort, monkeypatch):
    """Every effort draws the frames; "best" and "smallest" re-encode the rectangle that
    fills the LZW table with deferred clears, "fast" and "fastest" never do."""
    monkeypatch.setattr(gifimage, "DEFERRED_SHARE", 1.0)     # defer whenever it fills
    calls = []
    real = gifimage.deferred_data
    monkeypatch.setattr(gifimage, "deferred_data",
                        lambda *args: calls.append(args[0].size) or real(*args))
    frames = maze_like(np.random.default_rng(13))
    path = tmp_path / "maze.gif"
    with open_writer(path, width=200, height=120, palette=palette, effort=effort) as out:
        for frame in frames:
            out.write(frame)
    with Image.open(io.BytesIO(path.read_bytes())) as im:
        shown = [np.asarray(f.convert("RGB")) for f in ImageSequence.Iterator(im)]
    assert len(shown) == len(frames)
    for got, want in zip(shown, frames):
        np.testing.assert_array_equal(got, palette[want])
    assert bool(calls) == (effort in ("best", "smallest"))

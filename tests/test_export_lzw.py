"""LZW image data: Pillow's encoder with small code sizes, and the deferred-clear encoder."""
from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from visualizer.export import lzw
from visualizer.export.gifformat import TRAILER, descriptor, header


def decode(pixels_data: bytes, shape, colours) -> np.ndarray:
    """The indices Pillow decodes from one image's data in a minimal GIF."""
    h, w = shape
    gif = header(w, h, colours, entries=len(colours), loop=False) + descriptor((0, h, 0, w)) \
        + pixels_data + TRAILER
    with Image.open(io.BytesIO(gif)) as im:
        return np.asarray(im)


def grey(n):
    """`n` distinct colours."""
    return np.stack([np.arange(n)] * 3, axis=1).astype(np.uint8)


@pytest.mark.parametrize("encoder", [lzw.image_data, lzw.deferred_data])
@pytest.mark.parametrize("colours", [2, 3, 5, 8, 32])
def test_round_trip(encoder, colours):
    rng = np.random.default_rng(colours)
    pixels = rng.integers(0, colours, (97, 131)).astype(np.uint8)
    pixels[:40] = np.repeat(pixels[:40, :1], 131, axis=1)   # runs, then noise
    bits = lzw.code_size(pixels)
    assert bits == max(2, (colours - 1).bit_length())
    data = encoder(pixels, bits)
    assert data[0] == bits and data[-1] == 0
    np.testing.assert_array_equal(decode(data, pixels.shape, grey(1 << bits)), pixels)


def test_deferred_clear_round_trip_and_smaller():
    rng = np.random.default_rng(1)
    smooth = np.repeat(rng.integers(0, 4, (300, 40)), 10, axis=1)        # long runs
    noisy = rng.integers(0, 4, (300, 400))                                # then noise
    pixels = np.concatenate([smooth, noisy, smooth]).astype(np.uint8)
    codes = lzw.deferred_codes(pixels.tobytes(), 2)
    assert codes.count(1 << 2) >= 2          # cleared at least once after the first clear
    assert codes == pixel_by_pixel_codes(pixels.tobytes(), 2)
    data = lzw.pack(codes, 2)
    np.testing.assert_array_equal(decode(data, pixels.shape, grey(4)), pixels)
    plain = rng.integers(0, 3, (200, 300)).astype(np.uint8) // 2 * 2
    assert len(lzw.deferred_data(plain, 2)) <= len(lzw.image_data(plain, 2)) * 1.01


def pixel_by_pixel_codes(data: bytes, bits: int) -> list[int]:
    """The deferred-clear encoder written plainly, one dictionary look-up per pixel, with
    the same rule for giving a full table up (`lzw.KEEP_BITS`, `SHORT`, `RUN`)."""
    clear, eoi = 1 << bits, (1 << bits) + 1
    codes, start, n = [clear], 0, len(data)
    while True:
        table, next_code, grown = {}, eoi + 1, 0
        prefix, at, i = data[start], start, start + 1     # `prefix` holds data[at:i]
        rate, restart, undo = 0.0, -1, len(codes)
        while True:
            if i < n and (prefix << 8 | data[i]) in table:
                prefix = table[prefix << 8 | data[i]]
                i += 1
                continue
            if next_code < lzw.MAX_CODES:               # the table grows
                codes.append(prefix)
                grown += 1
                if i == n:
                    return codes + [eoi]
                table[prefix << 8 | data[i]] = next_code
                next_code += 1
                rate = (i - start) / grown
            else:                                        # the table is full
                give_up = rate * bits < lzw.KEEP_BITS
                if (give_up or i - at < lzw.SHORT) and restart < 0:
                    restart, undo = at, len(codes)
                elif not give_up and i - at > lzw.RUN:
                    restart = -1
                if give_up:
                    del codes[undo:]
                    codes.append(clear)
                    start = restart
                    break
                rate += (i - at - rate) / 16
                codes.append(prefix)
                if i == n:
                    return codes + [eoi]
            prefix, at, i = data[i], i, i + 1


def runs_and_noise(seed: int) -> bytes:
    """Pixels in long runs, then noise, and so on (tables fill, and clear); 0-3 pixels
    are left after the last part; seed % 5 == 0 uses all 256 indices."""
    rng = np.random.default_rng(seed)
    colours = int(rng.integers(2, 9)) if seed % 5 else 256
    parts = []
    for part in range(int(rng.integers(2, 12))):
        if (part + seed) % 2:
            runs = rng.integers(1, 400, int(rng.integers(50, 400)))
            parts.append(np.repeat(rng.integers(0, colours, runs.size), runs))
        else:
            parts.append(rng.integers(0, colours, int(rng.integers(1, 40000))))
    parts.append(np.zeros(seed % 4, np.int64))
    return np.concatenate(parts).astype(np.uint8).tobytes()


@pytest.mark.parametrize("seed", range(12))
def test_deferred_codes_equal_the_pixel_by_pixel_encoder(seed):
    """Growing tables from Pillow's codes gives the codes of the plain encoder."""
    data = runs_and_noise(seed)
    bits = lzw.code_size(np.frombuffer(data, np.uint8))
    codes = lzw.deferred_codes(data, bits)
    assert codes == pixel_by_pixel_codes(data, bits)


@pytest.mark.parametrize("seed", range(6))
def test_pillow_grows_its_table_as_the_python_encoder_does(seed):
    data = runs_and_noise(seed)
    bits = lzw.code_size(np.frombuffer(data, np.uint8))
    for start in (0, len(data) // 3, len(data) - 1):
        assert lzw.growing_codes(data, start, bits) == \
            lzw.python_growing_codes(data, start, bits)


def test_an_end_code_pillow_writes_narrow_is_still_found():
    """Data that ends right where the codes widen: Pillow writes the end code at the old
    width, too short to be read back at the new one (this once stopped the deferred-clear
    encoder with a KeyError)."""
    data = bytes([3, 1, 1, 0, 2, 0, 3, 0, 0, 2, 2, 3])     # 11 codes: 5 + 11 = 16
    assert lzw.growing_codes(data, 0, 2) == lzw.python_growing_codes(data, 0, 2)
    assert lzw.deferred_codes(data, 2) == pixel_by_pixel_codes(data, 2)
    rng = np.random.default_rng(5)
    for _ in range(300):
        bits = int(rng.integers(2, 5))
        data = rng.integers(0, 1 << bits, int(rng.integers(5, 400))).astype(np.uint8).tobytes()
        assert lzw.growing_codes(data, 0, bits) == lzw.python_growing_codes(data, 0, bits)


def test_an_encoder_that_clears_early_is_not_trusted(monkeypatch):
    data = runs_and_noise(3)
    bits = lzw.code_size(np.frombuffer(data, np.uint8))
    expected = lzw.deferred_codes(data, bits)
    monkeypatch.setattr(lzw, "_codes_of", lambda *args: [1 << bits] * 5000)
    assert lzw.deferred_codes(data, bits) == expected


def test_deferred_codes_of_a_few_pixels():
    for n in range(1, 9):
        data = bytes(range(n))
        assert lzw.deferred_codes(data, 3) == pixel_by_pixel_codes(data, 3)


def test_transparency_masks():
    from gif_oracles import extend_runs, mixed_runs
    #            changed ... unchanged run ...  changed
    new = np.array([[3, 3, 3, 1, 1, 2, 2, 2, 5]], np.uint8)
    same = np.array([[0, 1, 1, 1, 1, 1, 1, 1, 0]], bool)
    # extend: keep 3,3 after the changed 3; nothing matches the 5 after the run
    assert extend_runs(same, new).tolist() == [[0, 0, 0, 1, 1, 1, 1, 1, 0]]
    # mixed: the run holds three colours, so all of it turns transparent
    assert mixed_runs(same, new).tolist() == [[0, 1, 1, 1, 1, 1, 1, 1, 0]]
    one = np.array([[4, 4, 4, 4]], np.uint8)
    s1 = np.array([[0, 1, 1, 0]], bool)
    assert mixed_runs(s1, one).tolist() == [[0, 0, 0, 0]]
    assert extend_runs(s1, one).tolist() == [[0, 0, 0, 0]]


def test_matching_gaps_keeps_short_one_colour_runs_beside_their_colour():
    from gif_oracles import matching_gaps
    #              c  u  u  c  u  u  u  c  u  u  c
    new = np.array([[4, 4, 4, 2, 7, 7, 7, 1, 1, 1, 1]], np.uint8)
    same = np.array([[0, 1, 1, 0, 1, 1, 1, 0, 1, 1, 0]], bool)
    # 4,4 after a changed 4: kept; 7,7,7 matches neither 2 nor 1: transparent;
    # 1,1 between changed 1s: kept
    assert matching_gaps(same, new).astype(int).tolist() == [[0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0]]
    # a run longer than `longest` turns transparent even when it matches
    assert matching_gaps(same, new, longest=1).astype(int).tolist() == \
        [[0, 1, 1, 0, 1, 1, 1, 0, 1, 1, 0]]
    # a run of two colours is never kept
    two = np.array([[5, 5, 6, 5]], np.uint8)
    assert matching_gaps(np.array([[0, 1, 1, 0]], bool), two).tolist() == [[0, 1, 1, 0]]


def test_kept_pixels_match_the_masks():
    """The sparse run analysis keeps exactly the pixels the whole-rectangle masks keep."""
    from gif_oracles import extend_runs, matching_gaps, mixed_runs
    from visualizer.export.gifimage import kept_pixels
    rng = np.random.default_rng(3)
    for _ in range(500):
        shape = tuple(rng.integers(1, 9, 2))
        new = rng.integers(0, rng.integers(1, 4), shape).astype(np.uint8)
        same = rng.random(shape) < rng.random()
        longest = int(rng.integers(1, 6))
        kept = kept_pixels(new.ravel(), np.flatnonzero(~same), longest=longest)
        flat = same.ravel()
        assert np.unique(kept.extend).tolist() == \
            np.flatnonzero(flat & ~extend_runs(same, new).ravel()).tolist()
        assert kept.mixed.tolist() == \
            np.flatnonzero(flat & ~mixed_runs(same, new).ravel()).tolist()
        assert kept.matching.tolist() == \
            np.flatnonzero(flat & ~matching_gaps(same, new, longest).ravel()).tolist()
        assert kept.colour_changes == np.count_nonzero(np.diff(new.ravel().astype(int)))

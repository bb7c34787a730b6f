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
    data = lzw.pack(codes, 2)
    np.testing.assert_array_equal(decode(data, pixels.shape, grey(4)), pixels)
    plain = rng.integers(0, 3, (200, 300)).astype(np.uint8) // 2 * 2
    assert len(lzw.deferred_data(plain, 2)) <= len(lzw.image_data(plain, 2)) * 1.01

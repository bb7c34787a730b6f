"""The Pillow adapter: its private LZW path and the public fallback both give image data
that decodes to the pixels, the writer works on either, and a Pillow that is untested or
fails the probe is not trusted."""
from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image, ImageFile

from visualizer.export import lzw, open_writer, pillow_lzw

PATHS = {"private": pillow_lzw.private_encode, "public": pillow_lzw.public_encode}


def pictures():
    """A few index arrays: runs, noise, one pixel, a full 256-colour image."""
    rng = np.random.default_rng(7)
    runs = np.repeat(rng.integers(0, 4, (60, 9)), 11, axis=1)
    return [runs.astype(np.uint8), rng.integers(0, 6, (33, 71)).astype(np.uint8),
            np.zeros((1, 1), np.uint8), rng.integers(0, 256, (40, 300)).astype(np.uint8)]


@pytest.mark.parametrize("path", PATHS)
def test_both_paths_decode_to_the_pixels(path):
    for pixels in pictures():
        bits = lzw.code_size(pixels)
        data = PATHS[path](pixels, bits)
        assert data[0] == (bits if path == "private" else 8) and data[-1] == 0
        h, w = pixels.shape
        np.testing.assert_array_equal(pillow_lzw.decode(data, w, h), pixels)


def test_the_installed_pillow_is_trusted_when_tested():
    usable = pillow_lzw.private_usable()
    assert usable == (pillow_lzw.pillow_major() in pillow_lzw.TESTED_MAJORS)


@pytest.fixture
def fresh_check():
    """Forget the cached decision before and after the test."""
    pillow_lzw.private_usable.cache_clear()
    yield
    pillow_lzw.private_usable.cache_clear()


def test_an_untested_pillow_takes_the_public_path(monkeypatch, fresh_check):
    monkeypatch.setattr(pillow_lzw, "TESTED_MAJORS", range(0))
    assert not pillow_lzw.private_usable()
    pixels = pictures()[0]
    assert lzw.image_data(pixels, 2)[0] == 8


def test_a_private_api_that_is_missing_or_broken_is_not_used(monkeypatch, fresh_check):
    for module, name in ((Image, "_getencoder"), (ImageFile, "MAXBLOCK")):
        with monkeypatch.context() as patch:
            patch.delattr(module, name)
            assert not pillow_lzw.private_usable()
        pillow_lzw.private_usable.cache_clear()
    encoder = Image._getencoder

    def junk(mode, name, args, extra=()):        # codes one bit wider than the size said
        return encoder(mode, name, args, (extra[0] + 1, *extra[1:]))

    monkeypatch.setattr(Image, "_getencoder", junk)
    assert not pillow_lzw.private_usable()


def test_image_data_is_cut_from_a_gif_with_extensions():
    im = Image.frombytes("P", (5, 2), bytes(range(10)))
    im.putpalette(bytes(range(256)) * 3)
    buf = io.BytesIO()
    im.save(buf, format="GIF", comment=b"x" * 300, transparency=3, optimize=False)
    data = pillow_lzw.image_data_of(buf.getvalue())
    np.testing.assert_array_equal(pillow_lzw.decode(data, 5, 2),
                                  np.arange(10, dtype=np.uint8).reshape(2, 5))


def write_and_read(path, frames, effort):
    """Writes `frames` (palette indices) as a GIF; returns the frames Pillow decodes."""
    palette = np.stack([np.arange(64) * 4] * 3, axis=1).astype(np.uint8)
    with open_writer(path, width=frames[0].shape[1], height=frames[0].shape[0],
                     palette=palette, fps=25, effort=effort) as out:
        for frame in frames:
            out.write(frame)
    with Image.open(path) as im:
        shown = []
        for k in range(im.n_frames):
            im.seek(k)
            shown.append(np.asarray(im.convert("RGB"))[..., 0] // 4)
    return shown


def life_like(n=6):
    """`n` frames of a 160x200 noisy picture changing in patches (fills the LZW table)."""
    rng = np.random.default_rng(2)
    frame = np.repeat(rng.integers(0, 5, (160, 50)), 4, axis=1).astype(np.uint8)
    frames = [frame.copy()]
    for _ in range(n - 1):
        y, x = rng.integers(0, 120, 2)
        frame[y:y + 40, x:x + 80] = rng.integers(0, 5, (40, 80))
        frames.append(frame.copy())
    return frames


@pytest.mark.parametrize("effort", ["best", "smallest", "fastest"])
def test_the_writer_draws_the_same_on_the_public_path(tmp_path, monkeypatch, effort):
    frames = life_like()
    private = write_and_read(tmp_path / "private.gif", frames, effort)
    monkeypatch.setattr(pillow_lzw, "private_usable", lambda: False)
    public = write_and_read(tmp_path / "public.gif", frames, effort)
    for want, a, b in zip(frames, private, public, strict=True):
        np.testing.assert_array_equal(a, want)
        np.testing.assert_array_equal(b, want)


def test_deferred_codes_do_not_need_the_private_path(monkeypatch):
    data = np.repeat(np.random.default_rng(4).integers(0, 4, 9000), 5).astype(np.uint8)
    expected = lzw.deferred_codes(data.tobytes(), 2)
    monkeypatch.setattr(pillow_lzw, "private_usable", lambda: False)
    assert lzw.deferred_codes(data.tobytes(), 2) == expected

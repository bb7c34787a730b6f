"""GIF image data (LZW): Pillow's C encoder, or a slower one that defers table clears.

Pillow's encoder clears its string table as soon as it holds 4096 codes and starts
learning again; on large images it pays to keep using the full table while it still
matches long runs (the GIF format allows this "deferred clear", and gifsicle does it).
`deferred_data` does that in Python: ~0.2-0.4 us per pixel, so it is used only on images
big enough to fill the table.
"""
from __future__ import annotations

import io

import numpy as np
from PIL import Image, ImageFile

MAX_CODES = 4096
WINDOW = 512       # codes per window when judging whether a full table still pays
WORSE = 0.75       # clear when a window's pixels per code fall below this share of the first


def code_size(pixels: np.ndarray) -> int:
    """The smallest valid LZW minimum code size (2..8) for the indices in `pixels`."""
    return max(2, int(pixels.max()).bit_length())


def image_data(pixels: np.ndarray, bits: int) -> bytes:
    """The table-based image data of `pixels` by Pillow: code size, sub-blocks, terminator.

    Pillow always writes code size 8 in `GifImagePlugin._write_local_header`, but its
    encoder takes the size as `encoderconfig = (bits, interlace)`; every index must be
    below `2 ** bits`.
    """
    im = Image.fromarray(np.ascontiguousarray(pixels, dtype=np.uint8))
    im.encoderconfig = (bits, 0)
    buf = io.BytesIO()
    buf.write(bytes((bits,)))
    ImageFile._save(im, buf, [ImageFile._Tile("gif", (0, 0, *im.size), 0, "L")])
    buf.write(b"\0")
    return buf.getvalue()


def deferred_codes(data: bytes, bits: int) -> list[int]:
    """The LZW codes of `data` (indices < 2**bits), keeping a full table while it pays.

    Two loops per table: while it grows, every miss adds a string; once full, misses only
    emit, and every `WINDOW` codes the pixels per code are compared with the first such
    window: below `WORSE` times that, a clear code starts a fresh table.
    """
    clear = 1 << bits
    eoi = clear + 1
    codes = [clear]
    emit = codes.append
    pixels = iter(data)
    prefix = next(pixels)
    while True:
        table: dict[int, int] = {}
        get = table.get
        length = [1] * (eoi + 1)          # pixels per code, indexed by code
        grow = length.append
        next_code = eoi + 1
        for pixel in pixels:              # the table grows
            key = prefix << 8 | pixel
            code = get(key)
            if code is None:
                emit(prefix)
                grow(length[prefix] + 1)
                table[key] = next_code
                next_code += 1
                prefix = pixel
                if next_code == MAX_CODES:
                    break
            else:
                prefix = code
        else:
            break                         # data ended before the table filled
        base = 0.0
        window = consumed = 0
        cleared = False
        for pixel in pixels:              # the table is full: use it while it pays
            code = get(prefix << 8 | pixel)
            if code is not None:
                prefix = code
                continue
            emit(prefix)
            consumed += length[prefix]
            window += 1
            prefix = pixel
            if window == WINDOW:
                rate = consumed / WINDOW
                if not base:
                    base = rate
                elif rate < base * WORSE:
                    emit(clear)
                    cleared = True
                    break
                window = consumed = 0
        if not cleared:
            break
    emit(prefix)
    emit(eoi)
    return codes


def pack(codes: list[int], bits: int) -> bytes:
    """Image data from LZW `codes`: variable-width LSB-first bit stream in sub-blocks."""
    clear = 1 << bits
    c = np.asarray(codes, dtype=np.uint32)
    idx = np.arange(len(c))
    marks = np.where(c == clear, idx, -1)
    last_clear = np.maximum.accumulate(np.concatenate(([-1], marks[:-1])))
    since = idx - last_clear - 1              # codes emitted since the last clear code
    width = np.clip(np.floor(np.log2(clear + 1 + since)).astype(np.int64) + 1, bits + 1, 12)
    bitmat = ((c[:, None] >> np.arange(12, dtype=np.uint32)) & 1).astype(np.uint8)
    stream = np.packbits(bitmat[np.arange(12)[None, :] < width[:, None]],
                         bitorder="little").tobytes()
    out = [bytes((bits,))]
    for i in range(0, len(stream), 255):
        chunk = stream[i:i + 255]
        out.append(bytes((len(chunk),)) + chunk)
    out.append(b"\0")
    return b"".join(out)


def deferred_data(pixels: np.ndarray, bits: int) -> bytes:
    """The image data of `pixels` by the deferred-clear encoder (same format as `image_data`)."""
    return pack(deferred_codes(np.ascontiguousarray(pixels, dtype=np.uint8).tobytes(), bits),
                bits)

"""GIF image data (LZW): Pillow's C encoder, or a slower one that defers table clears.

Pillow's encoder clears its string table as soon as it holds 4096 codes and starts
learning again; on large images it pays to keep using the full table while it still
matches long runs (the GIF format allows this "deferred clear", and gifsicle does it).
`deferred_data` does that. While a table grows, its codes are the ones Pillow emits (the
same greedy LZW), so they are read back from Pillow's output when its private encoder is
usable (`pillow_lzw.private_usable`), and computed in Python otherwise; once the table is
full, Python finds each code's string by a few dictionary look-ups of byte slices, not
one per pixel. It is used only on images that fill the table several times.
"""
from __future__ import annotations

import numpy as np

from . import pillow_lzw

MAX_CODES = 4096
WINDOW = 512       # codes per window when judging whether a full table still pays
WORSE = 0.75       # clear when a window's pixels per code fall below this share of the first


def code_size(pixels: np.ndarray) -> int:
    """The smallest valid LZW minimum code size (2..8) for the indices in `pixels`."""
    return max(2, int(pixels.max()).bit_length())


def image_data(pixels: np.ndarray, bits: int) -> bytes:
    """The image data of `pixels` by Pillow (code size, sub-blocks, terminator): code size
    `bits` (every index must be below `2 ** bits`) by its private encoder, or 8 by the
    public path when that is not usable (`pillow_lzw.encode`)."""
    return pillow_lzw.encode(pixels, bits)


def code_widths(since: np.ndarray, bits: int) -> np.ndarray:
    """The bit width of a code emitted when `since` codes were emitted since the last
    clear code (a decoder widens its codes as its table grows)."""
    clear = 1 << bits
    return np.clip(np.floor(np.log2(clear + 1 + since)).astype(np.int64) + 1, bits + 1, 12)


def _codes_of(data: bytes, bits: int, count: int) -> list[int]:
    """The first `count` codes after the opening clear code in image data `data`, or
    all of them, up to the end code, if there are fewer (no clear code may come between)."""
    blocks, k = [], 1
    while data[k]:
        blocks.append(data[k + 1:k + 1 + data[k]])
        k += data[k] + 1
    stream = np.unpackbits(np.frombuffer(b"".join(blocks), np.uint8), bitorder="little")
    widths = code_widths(np.concatenate(([0], np.arange(count))), bits)
    ends = np.cumsum(widths)
    widths = widths[ends <= stream.size]
    starts = ends[:widths.size] - widths
    place = np.arange(12)
    at = np.minimum(starts[:, None] + place, stream.size - 1)
    codes = ((stream[at].astype(np.int64) << place) * (place < widths[:, None])).sum(axis=1)
    codes = codes.tolist()[1:]
    eoi = (1 << bits) + 1
    return codes[:codes.index(eoi) + 1] if eoi in codes else codes


def growing_codes(data: bytes, start: int, bits: int) -> list[int]:
    """The codes of `data[start:]` from a fresh table until it is full (it then holds
    `MAX_CODES` codes), or until the data ends (the codes then end with the end code).

    They are Pillow's, read back from its output, encoding no more pixels than it takes;
    an encoder that clears its table before it is full would not do, so then they are
    computed in Python (`python_growing_codes`).
    """
    clear, eoi = 1 << bits, (1 << bits) + 1
    if not pillow_lzw.private_usable():   # the public path writes code size 8, not `bits`
        return python_growing_codes(data, start, bits)
    adds = MAX_CODES - eoi - 1
    pixels = np.frombuffer(data, np.uint8)[start:]
    span = 1 << 15
    while True:
        part = pixels[:span]
        codes = _codes_of(pillow_lzw.private_encode(part.reshape(1, -1), bits), bits,
                          adds + 1)
        if clear in codes[:adds]:
            return python_growing_codes(data, start, bits)
        if eoi not in codes and len(codes) >= adds:
            return codes[:adds]           # a code follows the last one that grew the table
        if part.size == pixels.size:      # the data ended before the table filled
            # Pillow writes the end code at the width before the last code widened it, so
            # when that width falls short the end code cannot be read back: add it here
            return codes if eoi in codes else codes + [eoi]
        span *= 4         # the part ended before the table filled, the data does not


def python_growing_codes(data: bytes, start: int, bits: int) -> list[int]:
    """`growing_codes` computed pixel by pixel."""
    eoi = (1 << bits) + 1
    table: dict[int, int] = {}
    get = table.get
    codes: list[int] = []
    emit = codes.append
    next_code = eoi + 1
    prefix = data[start]
    for pixel in data[start + 1:]:
        key = prefix << 8 | pixel
        code = get(key)
        if code is not None:
            prefix = code
            continue
        emit(prefix)
        table[key] = next_code
        next_code += 1
        prefix = pixel
        if next_code == MAX_CODES:
            return codes
    return codes + [prefix, eoi]


def full_table(data: bytes, start: int, grown: list[int], bits: int
               ) -> tuple[dict[bytes, int], int, int]:
    """The table that the codes `grown` (of `data[start:]`) filled: {string: code}, the
    length of its longest string, and where the pixels after those codes begin."""
    clear = 1 << bits
    strings = [bytes((pixel,)) for pixel in range(clear)] + [b"", b""]   # clear, end: none
    at = start
    for code in grown:                    # each code's string, then the pixel after it
        size = len(strings[code])
        strings.append(data[at:at + size + 1])
        at += size
    table = {string: code for code, string in enumerate(strings) if string}
    return table, max(map(len, strings)), at


def deferred_codes(data: bytes, bits: int) -> list[int]:
    """The LZW codes of `data` (indices < 2**bits), keeping a full table while it pays.

    Per table: while it grows, the codes are `growing_codes`'; once it is full, each code
    is the table's longest string at the position (strings are prefix-closed, so that
    length is found by a search on lengths, starting from the previous code's), and every
    `WINDOW` codes the pixels per code are compared with the first such window: below
    `WORSE` times that, a clear code starts a fresh table.
    """
    clear = 1 << bits
    eoi = clear + 1
    codes = [clear]
    emit = codes.append
    n = len(data)
    start = 0                             # where the current table's pixels begin
    while True:
        grown = growing_codes(data, start, bits)
        codes += grown
        if grown[-1] == eoi:
            return codes                  # data ended before the table filled
        table, longest, i = full_table(data, start, grown, bits)
        guess = 1
        base = 0.0
        window = consumed = 0
        while True:                       # the table is full: use it while it pays
            top = min(longest, n - i)
            size = min(guess, top)
            if data[i:i + size] in table:     # at least `size`: double until too long
                low, high = size, 2 * size
                while high <= top and data[i:i + high] in table:
                    low, high = high, 2 * high
                high = min(high - 1, top)
            else:
                low, high = 1, size - 1
            while low < high:             # the longest is in low..high
                middle = (low + high + 1) >> 1
                if data[i:i + middle] in table:
                    low = middle
                else:
                    high = middle - 1
            emit(table[data[i:i + low]])
            i += low
            guess = low
            if i == n:
                emit(eoi)
                return codes
            consumed += low
            window += 1
            if window == WINDOW:
                rate = consumed / WINDOW
                if not base:
                    base = rate
                elif rate < base * WORSE:
                    emit(clear)
                    start = i             # the fresh table starts at the next pixel
                    break
                window = consumed = 0


def pack(codes: list[int], bits: int) -> bytes:
    """Image data from LZW `codes`: variable-width LSB-first bit stream in sub-blocks."""
    clear = 1 << bits
    c = np.asarray(codes, dtype=np.uint32)
    idx = np.arange(len(c))
    marks = np.where(c == clear, idx, -1)
    last_clear = np.maximum.accumulate(np.concatenate(([-1], marks[:-1])))
    width = code_widths(idx - last_clear - 1, bits)
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

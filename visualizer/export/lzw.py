"""GIF image data (LZW): Pillow's C encoder, or a slower one that defers table clears.

Pillow's encoder clears its string table as soon as it holds 4096 codes and starts
learning again; on large images it pays to keep using the full table while it still
matches long runs (the GIF format allows this "deferred clear", and gifsicle does it).
`deferred_data` does that, and gives the table up once its codes stand for few pixels
(`KEEP_BITS`). While a table grows, its codes are the ones Pillow emits (the same greedy
LZW), so they are read back from Pillow's output when its private encoder is usable
(`pillow_lzw.private_usable`), and computed in Python otherwise; once the table is full,
Python finds each code's string by a few dictionary look-ups of byte slices, not one per
pixel. The writer uses it on images whose data fills the table (`gifimage`).
"""
from __future__ import annotations

import numpy as np

from . import pillow_lzw

MAX_CODES = 4096
#: a full table is kept while its codes still stand for at least this many pixel bits each
#: (pixels per code times the code size: 36 is 3 pixel bits per bit of a 12-bit code),
#: judged on the pixels per code averaged over about 16 codes; the fresh table then starts
#: where the latest stretch of codes shorter than `SHORT` pixels began (a code longer than
#: `RUN` pixels ends a stretch), so that it learns them
KEEP_BITS = 36
SHORT = 7
RUN = 50


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
    blocks, k, need = [], 1, count * 3 // 2 + 2      # bytes of `count` codes, 12 bits at most
    while data[k] and need > 0:
        blocks.append(data[k + 1:k + 1 + data[k]])
        need -= data[k]
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


def growing_codes(data: bytes, start: int, bits: int, pillow: bytes | None = None,
                  span: int = 1 << 15) -> list[int]:
    """The codes of `data[start:]` from a fresh table until it is full (it then holds
    `MAX_CODES` codes), or until the data ends (the codes then end with the end code).

    They are Pillow's, read back from its output (`pillow`, its image data of
    `data[start:]`, if given, else of its first `span` pixels, then four times as many
    until the table fills), encoding no more pixels than it takes; an encoder that
    clears its table before it is full would not do, so then they are computed in Python
    (`python_growing_codes`).
    """
    clear, eoi = 1 << bits, (1 << bits) + 1
    if not pillow_lzw.private_usable():   # the public path writes code size 8, not `bits`
        return python_growing_codes(data, start, bits)
    adds = MAX_CODES - eoi - 1
    pixels = np.frombuffer(data, np.uint8)[start:]
    span = pixels.size if pillow is not None else span
    while True:
        part = pixels[:span]
        if pillow is None:
            pillow = pillow_lzw.private_encode(part.reshape(1, -1), bits)
        codes = _codes_of(pillow, bits, adds + 1)
        pillow = None
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


def code_lengths(grown: list[int], bits: int) -> np.ndarray:
    """How many pixels each of the codes `grown` (a growing table's, from its clear code
    on) stands for: 1 for a pixel's code, else one more than the code whose string the
    entry extended (found by pointer jumping, a few numpy steps, not a pass per code)."""
    first = (1 << bits) + 2
    codes = np.asarray(grown, np.int64)
    up = np.where(codes >= first, codes - first, -1)    # the grown code that made the entry
    length = np.ones(codes.size, np.int64)
    while True:
        linked = np.flatnonzero(up >= 0)
        if not linked.size:
            return length
        above = up[linked]
        length[linked] += length[above]
        up[linked] = up[above]


def full_table(data: bytes, start: int, grown: list[int], bits: int
               ) -> tuple[dict[bytes, int], int, int]:
    """The table that the codes `grown` (of `data[start:]`) filled: {string: code}, the
    length of its longest string, and where the pixels after those codes begin."""
    clear = 1 << bits
    length = code_lengths(grown, bits)
    at = start + np.concatenate(([0], np.cumsum(length)))
    ends = (at[:-1] + length + 1).tolist()           # each code's string and the next pixel
    table = dict(zip(map(data.__getitem__, map(slice, at[:-1].tolist(), ends)),
                     range(clear + 2, clear + 2 + len(grown))))
    table.update((bytes((pixel,)), pixel) for pixel in range(clear))
    return table, int(length.max()) + 1, int(at[-1])


def keep_full_table(data: bytes, i: int, table: dict[bytes, int], longest: int,
                    codes: list[int], rate: float, bits: int) -> int:
    """Append the codes of the full `table` for `data[i:]` to `codes` while it pays
    (`KEEP_BITS`; `rate` is the growing table's pixels per code); returns where a fresh
    table starts (the length of `data` if the data ended first).

    Each code is the table's longest string at the position: the strings are
    prefix-closed, so a search on lengths (doubling from the previous code's length, then
    halving) finds it in a few look-ups of byte slices, not one per pixel.
    """
    n = len(data)
    end = n - longest                     # up to here, `longest` pixels are left
    emit = codes.append
    guess, restart, undo = 1, -1, len(codes)
    while i < n:
        top = longest if i <= end else n - i
        size = guess if guess < top else top
        if data[i:i + size] in table:     # at least `size` long: double until too long
            low, high = size, 2 * size
            while high <= top and data[i:i + high] in table:
                low, high = high, 2 * high
            high = min(high, top + 1) - 1
        else:
            low, high = 1, size - 1
        while low < high:                 # the longest is in low..high
            middle = (low + high + 1) >> 1
            if data[i:i + middle] in table:
                low = middle
            else:
                high = middle - 1
        give_up = rate * bits < KEEP_BITS
        if (give_up or low < SHORT) and restart < 0:
            restart, undo = i, len(codes)
        elif not give_up and low > RUN:
            restart = -1
        if give_up:
            del codes[undo:]
            return restart
        rate += (low - rate) / 16
        emit(table[data[i:i + low]])
        i += low
        guess = low
    return i


def deferred_codes(data: bytes, bits: int, pillow: bytes | None = None) -> list[int]:
    """The LZW codes of `data` (indices < 2**bits), keeping a full table while it pays.

    Per table: while it grows, the codes are `growing_codes`' (for the first table, read
    from `pillow`, Pillow's image data of `data`, when it is given); once it is full,
    the full table's (`keep_full_table`) until a clear code starts a fresh table.
    """
    clear = 1 << bits
    eoi = clear + 1
    codes = [clear]
    start = 0                             # where the current table's pixels begin
    span = 1 << 15                        # pixels Pillow is first given for a later table
    while True:
        grown = growing_codes(data, start, bits, pillow if start == 0 else None, span)
        codes += grown
        if grown[-1] == eoi:
            return codes                  # data ended before the table filled
        table, longest, i = full_table(data, start, grown, bits)
        span = max(span, (i - start) * 5 // 4)          # the next table may need as many
        start = keep_full_table(data, i, table, longest, codes, (i - start) / len(grown),
                                bits)
        if start == len(data):
            return codes + [eoi]
        codes.append(clear)


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


def deferred_data(pixels: np.ndarray, bits: int, pillow: bytes | None = None) -> bytes:
    """The image data of `pixels` by the deferred-clear encoder (same format as
    `image_data`; `pillow` as in `deferred_codes`)."""
    data = np.ascontiguousarray(pixels, dtype=np.uint8).tobytes()
    return pack(deferred_codes(data, bits, pillow), bits)

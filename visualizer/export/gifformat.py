"""GIF89a blocks: header with global colour table, loop, graphic control, image descriptor."""
from __future__ import annotations

import struct

import numpy as np

from .base import Rect

DO_NOT_DISPOSE = 1
MAX_DELAY = 0xFFFF    # centiseconds in one Graphic Control Extension


def table_bits(entries: int) -> int:
    """Bits of the smallest GIF colour table (2..256 entries) holding `entries` colours."""
    return max(1, (max(entries, 2) - 1).bit_length())


def header(width: int, height: int, colours: np.ndarray, *, entries: int, loop: bool) -> bytes:
    """Signature, screen descriptor, global colour table of `colours` padded with black
    to hold `entries` indices, and (if `loop`) the NETSCAPE2.0 loop-forever extension."""
    bits = table_bits(entries)
    table = np.zeros((1 << bits, 3), dtype=np.uint8)
    table[:len(colours)] = colours
    out = [b"GIF89a", struct.pack("<HHBBB", width, height, 0x80 | 0x70 | (bits - 1), 0, 0),
           table.tobytes()]
    if loop:
        out.append(b"!\xff\x0bNETSCAPE2.0\x03\x01" + struct.pack("<H", 0) + b"\0")
    return b"".join(out)


def control(delay: int, transparent: int | None) -> bytes:
    """A Graphic Control Extension: `delay` in 1/100 s, "do not dispose", optional transparency."""
    packed = DO_NOT_DISPOSE << 2 | (transparent is not None)
    return b"!\xf9\x04" + struct.pack("<BHB", packed, delay, transparent or 0) + b"\0"


def descriptor(rect: Rect) -> bytes:
    """An Image Descriptor for `rect` = (y0, y1, x0, x1), without local colour table."""
    y0, y1, x0, x1 = rect
    return b"," + struct.pack("<HHHHB", x0, y0, x1 - x0, y1 - y0, 0)


TRAILER = b";"

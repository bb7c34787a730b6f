"""Pillow's LZW encoder behind one door: the only module that touches Pillow's private API.

Pillow has no public call that LZW-encodes palette indices at a chosen minimum code size.
Its GIF plugin does it privately: `im.encoderconfig = (bits, interlace)` and
`ImageFile._save(im, fp, [tile])`, which makes the encoder (`Image._getencoder(mode, "gif",
rawmode, encoderconfig)`) and calls its `encode` until it is done; `private_encode` makes
and drives that encoder itself (the per-call cost of `Image.fromarray` and `_save` was a
tenth of a small rectangle's encode). `encode` takes that path when the installed Pillow is
a version it was tested with (`TESTED_MAJORS`), has those names, and passes a round-trip
probe (a small image encoded, wrapped in a GIF and decoded back by Pillow); otherwise it
takes the public path: `Image.save` of a P-mode frame to an in-memory GIF, whose image data
is cut out. That path always writes code size 8 (more bits per code on images of few
colours: bigger files, same pixels).
"""
from __future__ import annotations

import functools
import io
import struct
from collections.abc import Callable

import numpy as np
import PIL
from PIL import Image, ImageFile

#: Pillow major versions whose private LZW path is trusted (run on 10.0.1 and 13.0.0; CI
#: runs the GIF tests on the oldest, 10.0, and on the newest installed). A newer major takes
#: the public path until its tests pass here and the range is widened.
TESTED_MAJORS = range(10, 14)


def pillow_major() -> int:
    """The installed Pillow's major version."""
    return int(PIL.__version__.split(".")[0])


def private_encode(pixels: np.ndarray, bits: int) -> bytes:
    """Image data of `pixels` (every index below 2**bits) by Pillow's private path: code
    size `bits`, sub-blocks, terminator. Pillow's GIF encoder is driven as
    `ImageFile._save` drives it for one "gif" tile (`Image._getencoder`, `setimage`,
    `encode` until done), on an image that shares `pixels`' memory (`Image.frombuffer`)."""
    pixels = np.ascontiguousarray(pixels, dtype=np.uint8)
    height, width = pixels.shape
    im = Image.frombuffer("L", (width, height), pixels, "raw", "L", 0, 1)
    encoder = Image._getencoder("L", "gif", "L", (bits, 0))
    try:
        encoder.setimage(im.im, (0, 0, width, height))
        out = [bytes((bits,))]
        size = max(ImageFile.MAXBLOCK, width * 4)
        while True:
            _, status, data = encoder.encode(size)
            out.append(data)
            if status:
                break
        if status < 0:
            raise OSError(f"Pillow's GIF encoder failed (error {status})")
    finally:
        encoder.cleanup()
    out.append(b"\0")
    return b"".join(out)


def public_encode(pixels: np.ndarray, bits: int) -> bytes:
    """Image data of `pixels` by Pillow's public `Image.save` (code size 8; `bits` only
    sizes the palette, so that Pillow keeps the indices as they are)."""
    pixels = np.ascontiguousarray(pixels, dtype=np.uint8)
    im = Image.frombytes("P", (pixels.shape[1], pixels.shape[0]), pixels.tobytes())
    im.putpalette(bytes(range(256)) * 3)          # 256 distinct grey-ish entries: no merging
    buf = io.BytesIO()
    im.save(buf, format="GIF", optimize=False, interlace=False)
    return image_data_of(buf.getvalue())


def image_data_of(gif: bytes) -> bytes:
    """The first image's data (code size, sub-blocks, terminator) in the GIF file `gif`."""
    flags = gif[10]
    at = 13 + (3 << ((flags & 7) + 1) if flags & 0x80 else 0)
    while gif[at] == 0x21:                        # extensions: skip their sub-blocks
        at += 2
        while gif[at]:
            at += gif[at] + 1
        at += 1
    if gif[at] != 0x2C:
        raise ValueError("expected an image descriptor in Pillow's GIF")
    local = gif[at + 9]
    at += 10 + (3 << ((local & 7) + 1) if local & 0x80 else 0)
    start = at
    at += 1
    while gif[at]:
        at += gif[at] + 1
    return gif[start:at + 1]


def wrap(data: bytes, width: int, height: int) -> bytes:
    """A one-image GIF around image data `data` (a grey 256-entry colour table)."""
    table = bytes(np.repeat(np.arange(256, dtype=np.uint8), 3))
    return (b"GIF89a" + struct.pack("<HHBBB", width, height, 0xF7, 0, 0) + table
            + b"," + struct.pack("<HHHHB", 0, 0, width, height, 0) + data + b";")


def decode(data: bytes, width: int, height: int) -> np.ndarray:
    """The indices that image data `data` of a `width` x `height` image decodes to (Pillow)."""
    with Image.open(io.BytesIO(wrap(data, width, height))) as im:
        return np.asarray(im)


def _probe(encoder: Callable[[np.ndarray, int], bytes]) -> bool:
    """Whether `encoder` round-trips a small image at code size 3 (and writes that size)."""
    pixels = (np.arange(3 * 700, dtype=np.int64).reshape(3, 700) * 7 // 5 % 6).astype(np.uint8)
    try:
        data = encoder(pixels, 3)
        return data[0] == 3 and np.array_equal(decode(data, 700, 3), pixels)
    except Exception:                         # noqa: BLE001 (any failure means: do not use)
        return False


@functools.lru_cache(maxsize=1)
def private_usable() -> bool:
    """Whether the private path is used: a tested Pillow version, the names present, and
    the probe round-trips (decided once per process)."""
    return (pillow_major() in TESTED_MAJORS and hasattr(Image, "_getencoder")
            and hasattr(ImageFile, "MAXBLOCK") and _probe(private_encode))


def encode(pixels: np.ndarray, bits: int) -> bytes:
    """Image data of `pixels` (every index below 2**bits): code size, sub-blocks,
    terminator. Code size `bits` by the private path, 8 by the public one (`private_usable`)."""
    return private_encode(pixels, bits) if private_usable() else public_encode(pixels, bits)

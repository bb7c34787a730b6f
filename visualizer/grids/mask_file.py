"""Reading a mask from a file: a text file (`X` = no cell, one line per row) or a PNG image
(black = no cell, one pixel per slot). Both are checked before they are read: a file over
`MAX_BYTES`, or an image over `MAX_PIXELS` (read from its header, before decoding), is
refused, as is a file that is neither text nor an image."""
from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from .kinds import GridError
from .mask import normalise

#: the largest mask file read, in bytes
MAX_BYTES = 4 * 1024 * 1024
#: the largest mask image, in pixels (each pixel is a slot of the grid)
MAX_PIXELS = 1000 * 1000
_PNG = b"\x89PNG\r\n\x1a\n"


def read_mask(path: str | os.PathLike) -> tuple[str, ...]:
    """The mask in the file at `path` (GridError saying why it cannot be one)."""
    path = Path(path)
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise GridError(f"cannot read the mask file `{path}`: {exc.strerror}") from None
    if size > MAX_BYTES:
        raise GridError(f"the mask file `{path}` is {size} bytes; the most is {MAX_BYTES}")
    data = path.read_bytes()
    if data.startswith(_PNG):
        return _from_image(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise GridError(f"the mask file `{path}` is neither text (`X` = no cell) nor a PNG "
                        f"image (black = no cell)") from None
    if "\x00" in text:
        raise GridError(f"the mask file `{path}` is not a text file")
    return normalise([line for line in text.splitlines() if line.strip()])


def _from_image(path: Path) -> tuple[str, ...]:
    """A PNG's pixels as a mask: black (all channels below 128, or transparent) = no cell."""
    from PIL import Image

    with Image.open(path) as image:
        width, height = image.size
        if width * height > MAX_PIXELS:
            raise GridError(f"the mask image `{path}` is {width}x{height} pixels; the most is "
                            f"{MAX_PIXELS} pixels (one pixel per cell)")
        rgba = np.asarray(image.convert("RGBA"))
    dark = (rgba[:, :, :3].max(axis=2) < 128) | (rgba[:, :, 3] < 128)
    return normalise(["".join("X" if d else "." for d in row) for row in dark.tolist()])

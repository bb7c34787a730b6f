"""Life pattern files: RLE (Golly's, with bounded-grid rules and `#CXRLE Pos=`) and plaintext
`.cells`. Reading is lenient; what cannot be read raises LifeFormatError naming file and line.

`read_pattern` reads a file by its extension; the formats live in `rle_reader`,
`rle_writer` and `cells_format`, the file record and its guards in `pattern_file` and
`pattern_limits`, Golly's bounded-grid rules in `golly_rule`. Every public name is
importable from here.
"""
from __future__ import annotations

import pathlib
from collections.abc import Iterable
from typing import Any

from .cells_format import parse_cells, write_cells
from .golly_rule import parse_golly_rule
from .mcell_format import parse_mcell
from .pattern_file import LifeFile, LifeFormatError, confine, read_text
from .pattern_limits import LIMITS, LifeLimits
from .rle_reader import parse_rle, read_rle
from .rle_writer import write_generation_rle, write_rle


def read_pattern(path: str | pathlib.Path, *,
                 roots: Iterable[str | pathlib.Path] | None = None,
                 limits: LifeLimits | None = None) -> LifeFile:
    """The pattern in `path`, read as RLE, plaintext or MCell by its extension (.rle,
    .cells, .txt, .mcl), sparsely and within `limits` (default `LIMITS`). With `roots`,
    the path must resolve inside one of those folders (`confine`), checked before the file
    is touched."""
    limits = limits or LIMITS
    given = pathlib.Path(path)
    target = confine(given, roots) if roots is not None else given
    suffix = given.suffix.lower()
    if suffix == ".rle":
        parse: Any = parse_rle
    elif suffix in (".cells", ".txt"):
        parse = parse_cells
    elif suffix == ".mcl":
        parse = parse_mcell
    else:
        raise LifeFormatError(str(given), 0, f"expected a .rle, .cells or .mcl file, got "
                                             f"{suffix[:20] or 'no extension'!r}")
    return parse(read_text(target, str(given), limits), source=str(given), limits=limits)


__all__ = ["LIMITS", "LifeFile", "LifeFormatError", "LifeLimits", "confine", "parse_cells",
           "parse_golly_rule", "parse_mcell", "parse_rle", "read_pattern", "read_rle",
           "write_cells", "write_generation_rle", "write_rle"]

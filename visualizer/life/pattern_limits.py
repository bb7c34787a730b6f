"""What a pattern file may ask for: the limits checked while it is read, before any dense
array is made."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LifeLimits:
    """What a pattern file may ask for, checked while it is read and before any dense
    array is made."""

    live_cells: int = 4_000_000      # live cells in the file
    side: int = 16384                # rows or columns of a dense grid (the pattern's box,
                                     # or a bounded grid from the rule's suffix)
    extent: int = 1 << 31            # how far a coordinate may reach (sparse, no memory)
    file_bytes: int = 16 << 20       # size of the file, checked before it is read (Golly
                                     # 3.3's largest pattern file is 229,025 bytes)


LIMITS = LifeLimits()


__all__ = ["LIMITS", "LifeLimits"]

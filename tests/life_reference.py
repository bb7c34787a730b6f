"""A slow, obviously correct Life step: neighbours read one by one through Golly's ghost ring."""
from __future__ import annotations

import numpy as np

from visualizer.life.rules import Rule
from visualizer.surfaces import Surface


def reference_step(grid: np.ndarray, rule: Rule, surface: Surface,
                   generation: int = 0) -> np.ndarray:
    """The generation after `generation` (`grid`), counting each cell's 8 neighbours in the
    padded ghost array; a ghost outside the grid (the plane's) holds the rule's background."""
    gi = surface.ghost_index
    outside = 0        # bgolly's background: an endless empty field stepped `generation` times
    for _ in range(generation):
        outside = rule.next_state(outside, 8 * outside)
    if 0 in rule.birth and 8 in rule.survive:
        outside = 1    # ... except that B0 with S8 is stored in negative: alive from the start
    flat = [int(v) for v in np.asarray(grid).reshape(-1)]

    def value(pr: int, pc: int) -> int:
        k = int(gi[pr][pc])
        return outside if k < 0 else flat[k]

    out = np.zeros((surface.rows, surface.cols), dtype=np.uint8)
    for r in range(surface.rows):
        for c in range(surface.cols):
            count = sum(value(r + 1 + dr, c + 1 + dc)
                        for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))
            alive = flat[r * surface.cols + c]
            out[r][c] = 1 if count in (rule.survive if alive else rule.birth) else 0
    return out

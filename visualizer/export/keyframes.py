"""Key frames of a stream of unknown length, in bounded memory (a strip, a handout)."""
from __future__ import annotations

import numpy as np


class KeyFrames:
    """Keeps `n` key frames of a stream of unknown length in bounded memory: evenly spaced
    from the first frame to the last (at most 4n pictures are held at once)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.every = 1
        self.kept: list[tuple[int, np.ndarray]] = []
        self.last: tuple[int, np.ndarray] | None = None

    def offer(self, index: int, image: np.ndarray) -> None:
        """Frame number `index` is `image` (frames offered in order)."""
        self.last = (index, image)
        if index % self.every == 0:
            self.kept.append((index, image))
            if len(self.kept) > 4 * self.n:
                self.every *= 2
                self.kept = [(i, im) for i, im in self.kept if i % self.every == 0]

    def pick(self) -> list[np.ndarray]:
        """`n` frames evenly spread from the first to the last, in order."""
        return [image for _, image in self.picked()]

    def picked(self) -> list[tuple[int, np.ndarray]]:
        """`n` frames evenly spread from the first to the last, in order, with their
        indices."""
        frames = list(self.kept)
        if self.last is not None and (not frames or frames[-1][0] != self.last[0]):
            frames.append(self.last)
        if len(frames) <= self.n:
            return frames
        if self.n == 1:
            return [frames[-1]]
        step = (len(frames) - 1) / (self.n - 1)
        return [frames[round(k * step)] for k in range(self.n)]


__all__ = ["KeyFrames"]

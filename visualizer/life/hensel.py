"""Hensel's letters for isotropic non-totalistic rules on the Moore neighbourhood.

A cell's eight neighbours are numbered as they are read (bit i of a configuration index is
neighbour i alive):

    0 1 2
    3 . 4
    5 6 7

Each count 1..7 splits into classes of configurations equal under the square's eight
symmetries (turns and mirrors); Hensel names each class by a letter. `HENSEL` gives one
representative of each class as a 3x3 picture (`o` alive), from which the whole class is
made by the symmetries; `tests/test_life_families.py` checks every letter against bgolly.
"""
from __future__ import annotations

from functools import lru_cache

#: the neighbours' offsets (row, column), in bit order
MOORE_OFFSETS: tuple[tuple[int, int], ...] = (
    (-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))

#: the letters each count takes, in Golly's order
LETTERS: dict[int, str] = {0: "", 1: "ce", 2: "cekain", 3: "cekainyqjr",
                           4: "cekainyqjrtwz", 5: "cekainyqjr", 6: "cekain", 7: "ce", 8: ""}

#: (count, letter) -> one configuration of the class, rows of the 3x3 block joined by "/"
HENSEL: dict[tuple[int, str], str] = {
    (1, "c"): "o../.../...", (1, "e"): ".o./.../...",
    (2, "c"): "o.o/.../...", (2, "e"): ".o./o../...", (2, "k"): "..o/o../...",
    (2, "a"): "oo./.../...", (2, "i"): ".../o.o/...", (2, "n"): "..o/.../o..",
    (3, "c"): "o.o/.../o..", (3, "e"): ".o./o.o/...", (3, "k"): ".o./..o/o..",
    (3, "a"): "oo./o../...", (3, "i"): "ooo/.../...", (3, "n"): "o.o/o../...",
    (3, "y"): "o../..o/o..", (3, "q"): ".oo/.../o..", (3, "j"): ".oo/o../...",
    (3, "r"): "o../o.o/...",
    (4, "c"): "o.o/.../o.o", (4, "e"): ".o./o.o/.o.", (4, "k"): "oo./..o/o..",
    (4, "a"): "ooo/o../...", (4, "i"): "o.o/o.o/...", (4, "n"): "ooo/.../o..",
    (4, "y"): "o.o/..o/o..", (4, "q"): ".oo/..o/o..", (4, "j"): ".o./o.o/o..",
    (4, "r"): "oo./o.o/...", (4, "t"): "o../o.o/o..", (4, "w"): ".oo/o../o..",
    (4, "z"): "..o/o.o/o..",
    (5, "c"): "oo./o.o/.o.", (5, "e"): "ooo/.../o.o", (5, "k"): "o.o/..o/oo.",
    (5, "a"): "ooo/o../o..", (5, "i"): "ooo/o.o/...", (5, "n"): "oo./o.o/o..",
    (5, "y"): "o.o/o.o/.o.", (5, "q"): ".oo/o.o/o..", (5, "j"): "ooo/..o/o..",
    (5, "r"): "o.o/o.o/o..",
    (6, "c"): "ooo/o.o/.o.", (6, "e"): "ooo/o../o.o", (6, "k"): "ooo/..o/oo.",
    (6, "a"): "ooo/o.o/o..", (6, "i"): "o.o/o.o/o.o", (6, "n"): ".oo/o.o/oo.",
    (7, "c"): "ooo/o.o/oo.", (7, "e"): "ooo/o.o/o.o",
}


def _index(picture: str) -> int:
    """The configuration index of a 3x3 picture."""
    rows = picture.split("/")
    return sum(1 << i for i, (dr, dc) in enumerate(MOORE_OFFSETS) if rows[dr + 1][dc + 1] == "o")


def _symmetries() -> list[tuple[int, ...]]:
    """The eight symmetries of the square as permutations of the neighbour bits."""
    where = {off: i for i, off in enumerate(MOORE_OFFSETS)}
    maps = [lambda r, c: (r, c), lambda r, c: (c, -r), lambda r, c: (-r, -c),
            lambda r, c: (-c, r), lambda r, c: (r, -c), lambda r, c: (-r, c),
            lambda r, c: (c, r), lambda r, c: (-c, -r)]
    return [tuple(where[f(*off)] for off in MOORE_OFFSETS) for f in maps]


def _orbit(index: int) -> frozenset[int]:
    """Every configuration equal to `index` under the square's symmetries."""
    out = set()
    for perm in _symmetries():
        out.add(sum(1 << perm[i] for i in range(8) if index >> i & 1))
    return frozenset(out)


@lru_cache(maxsize=None)
def letter_class(count: int, letter: str) -> frozenset[int]:
    """The configuration indices Hensel's `count` + `letter` names ("2", "a" -> 8 of them)."""
    return _orbit(_index(HENSEL[(count, letter)]))


@lru_cache(maxsize=None)
def count_class(count: int) -> frozenset[int]:
    """Every configuration index with `count` live neighbours."""
    return frozenset(i for i in range(256) if bin(i).count("1") == count)


__all__ = ["HENSEL", "LETTERS", "MOORE_OFFSETS", "count_class", "letter_class"]

"""Choosing the image data for a changed rectangle of a GIF frame.

Which unchanged pixels stay opaque ("candidates", from the changed positions and the gaps
between them, `kept_pixels`) and whether a rectangle is re-encoded with deferred LZW
clears, so that the LZW encodes stay close to one per rectangle while the bytes stay at
those of trying many.
"""
from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np

from .gifbatch import (
    MATCH_UP_TO, Candidate, Gaps, Prepared, Rectangle, bits_for, prepare_at_once,
)
from .gifframes import Runs, runs_of
from .lzw import MAX_CODES, code_size, deferred_data, image_data

EFFORTS = ("best", "fast", "fastest", "smallest")

#: efforts that re-encode the first, whole frame with deferred clears when it fills the LZW
#: table: one image per file
DEFERRED_FIRST = ("best", "smallest")


@functools.lru_cache(maxsize=None)
def _tablebits_for(bits: int) -> int:
    """Bits of the codes that fill the LZW table once, at code size `bits`."""
    eoi = (1 << bits) + 1
    return int(np.clip(np.floor(np.log2(np.arange(eoi, MAX_CODES))) + 1, bits + 1, 12).sum())


def fills_table(data: bytes, bits: int, times: float = 1.0) -> bool:
    """Whether image data this long (at code size `bits`) filled the LZW table `times` times."""
    return len(data) * 8 > _tablebits_for(bits) * times




def _positions(starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """Every position in the ranges [starts[i], ends[i]), in order (empty ranges skipped)."""
    lengths = ends - starts
    nonempty = lengths > 0
    starts, lengths = starts[nonempty], lengths[nonempty]
    offsets = np.cumsum(lengths) - lengths
    return np.arange(int(lengths.sum())) + np.repeat(starts - offsets, lengths)


class Kept(NamedTuple):
    """Unchanged pixels (flat positions) each candidate keeps opaque, and how many times
    the colour changes along the rectangle."""
    extend: np.ndarray | None     # "extend" (positions may repeat); None if not asked
    mixed: np.ndarray | None      # "mixed"; None if not asked
    matching: np.ndarray          # "matching"
    colour_changes: int | None    # None unless `extend` or `mixed` was asked


def _matching(flat_new: np.ndarray, changed: np.ndarray, gap_starts: np.ndarray,
              gap_ends: np.ndarray, longest: int) -> np.ndarray:
    """The pixels "matching" keeps, looking only at the pixels of the short gaps."""
    n = flat_new.size
    values = flat_new.take(changed)
    colour = flat_new.take(np.minimum(gap_starts, n - 1))
    beside = np.zeros(gap_starts.size, bool)
    beside[1:] = colour[1:] == values                # the changed pixel before the gap
    beside[:-1] |= colour[:-1] == values             # the changed pixel after it
    lengths = gap_ends - gap_starts
    short = np.flatnonzero(beside & (lengths > 0) & (lengths <= longest))
    where = _positions(gap_starts[short], gap_ends[short])
    gap = np.repeat(np.arange(short.size), lengths[short])
    other = flat_new.take(where) != colour.take(short).repeat(lengths[short])
    one_colour = np.bincount(gap[other], minlength=short.size) == 0
    return where[one_colour[gap]]


def _single_colour(flat: np.ndarray, gap_starts: np.ndarray, gap_ends: np.ndarray
                   ) -> tuple[np.ndarray, np.ndarray]:
    """Where the colour changes along `flat` (the positions p with flat[p] != flat[p-1]),
    and which gaps [gap_starts, gap_ends) hold one colour (or none)."""
    colour_change = np.flatnonzero(flat[1:] != flat[:-1])
    colour_change += 1
    run_ends = np.append(colour_change, flat.size)   # end of the colour run holding p
    return colour_change, run_ends[np.searchsorted(colour_change, gap_starts, "right")] \
        >= gap_ends


def kept_pixels(flat_new: np.ndarray, changed: np.ndarray, *, extend: bool = True,
                mixed: bool = True, longest: int = MATCH_UP_TO) -> Kept:
    """The unchanged pixels that "extend", "mixed" and "matching" keep opaque, found from
    the changed positions `changed` (sorted) and the colour changes of `flat_new`, without
    a pass per pixel over the runs (the tests compare them with whole-rectangle masks,
    tests/gif_oracles.py)."""
    n = flat_new.size
    gap_starts = np.concatenate(([0], changed + 1))  # unchanged runs between changes
    gap_ends = np.append(changed, n)
    matching_keep = _matching(flat_new, changed, gap_starts, gap_ends, longest)
    if not (extend or mixed):
        return Kept(None, None, matching_keep, None)
    colour_change, single = _single_colour(flat_new, gap_starts, gap_ends)
    run_ends = np.append(colour_change, n)           # end of the colour run holding p
    mixed_keep = extend_keep = None
    if mixed:
        mixed_keep = _positions(gap_starts[single], gap_ends[single])
    if extend:
        run_starts = np.concatenate(([0], colour_change))
        run = np.searchsorted(colour_change, changed, "right")   # colour run of each change
        after = np.minimum(run_ends[run], gap_ends[1:])
        before = np.maximum(run_starts[run], gap_starts[:-1])
        extend_keep = _positions(np.concatenate((changed + 1, before)),
                                 np.concatenate((after, changed)))
    return Kept(extend_keep, mixed_keep, matching_keep, colour_change.size)


Encoded = tuple[bytes, "int | None", int]          # image data, transparent index, top index

#: effort "best": rectangles up to this many pixels try every candidate (cheap to encode);
#: larger ones "matching", and "mixed" too when it keeps at most `MIXED_EXTRA` pixels more
#: (it then often wins by a few bytes) or has at most `MIXED_RUNS` times the colour runs of
#: "matching"; otherwise as `Chooser.mixed_pays` says, for rectangles with at least
#: `MIXED_FROM_CHANGED` of their pixels changed (question cards, Life) and the others
#: apart. "Opaque" when `OPAQUE_FROM_CHANGED` of the pixels changed, or
#: `MIXED_FROM_CHANGED` and it has at most `OPAQUE_FROM_RUNS` times the colour runs of
#: "matching". Measured on the shipped scenarios (docs/export.md).
ALL_CANDIDATES_UP_TO = 4096
MIXED_EXTRA = 50
MIXED_RUNS = 0.95
MIXED_FROM_CHANGED = 0.05
MIXED_FIRST = 4          # the first undecided rectangles of a kind try it; later ones while
MIXED_PAYS = 1e-5        # it saved this many bytes per pixel of those that tried it, or
MIXED_EVERY = 64         # once in this many
OPAQUE_FROM_CHANGED = 0.2
OPAQUE_FROM_RUNS = 1.1
#: effort "best" re-encodes with deferred clears (`lzw.deferred_data`, in Python: 2-6 times
#: Pillow's CPU per pixel) a rectangle whose data fills the LZW table while the pixels past
#: the first table, summed over the rectangles re-encoded, stay within this share of all
#: the rectangles' pixels ("smallest" re-encodes every one, "fast" none)
DEFERRED_SHARE = 0.1


class Trials:
    """What trying "mixed" beside "matching" saved on one kind of undecided rectangle."""

    def __init__(self) -> None:
        self.saved = 0           # bytes saved where it was tried
        self.pixels = 0          # pixels of those rectangles
        self.count = 0           # how many
        self.since = 0           # rectangles since it was last tried

    def pays(self) -> bool:
        """Whether the next one tries it (`MIXED_FIRST`, `MIXED_PAYS`, `MIXED_EVERY`)."""
        return (self.count < MIXED_FIRST or self.saved >= MIXED_PAYS * self.pixels
                or self.since >= MIXED_EVERY)

    def note(self, pixels: int, saved: int | None) -> None:
        """Note a rectangle of `pixels` where "mixed" saved `saved` bytes (None: not
        tried)."""
        if saved is None:
            self.since += 1
        else:
            self.since = 0
            self.saved += max(0, saved)
            self.pixels += pixels
            self.count += 1


class Chooser:
    """What the writer of one animation learns as it goes (effort "best"): whether "mixed"
    pays on the rectangles the rules leave undecided (`Trials`, by whether
    `MIXED_FROM_CHANGED` of their pixels changed), and the budget of deferred clears."""

    def __init__(self) -> None:
        self.trials = (Trials(), Trials())
        self.encoded = 0         # pixels of the rectangles encoded
        self.deferred = 0.0      # pixels past the first LZW table of those re-encoded

    def may_defer(self, pixels: int, fills: float) -> bool:
        """Count a rectangle of `pixels` whose data fills the LZW table `fills` times, and
        whether to re-encode it with deferred clears (`DEFERRED_SHARE`)."""
        self.encoded += pixels
        cost = pixels * (1 - 1 / fills) if fills > 1 else 0.0
        if not cost or self.deferred + cost > DEFERRED_SHARE * self.encoded:
            return False
        self.deferred += cost
        return True


def _runs(flat: np.ndarray) -> int:
    """How many times the colour changes along `flat`."""
    return int(np.count_nonzero(flat[1:] != flat[:-1]))


def _steps(gaps: Gaps) -> int:
    """How many times the colour changes along the rectangle of `gaps`."""
    return int(np.count_nonzero(gaps.steps))


def _kept(flat: np.ndarray, keep: np.ndarray | None, limit: int = 255
          ) -> tuple[np.ndarray, np.ndarray] | None:
    """The unchanged pixels `keep` (flat positions) and their indices, but those above
    `limit` (they would widen the LZW codes); None if none is left."""
    if keep is None or not keep.size:
        return None
    values = flat.take(keep)
    if limit < 255:
        below = values <= limit
        keep, values = keep[below], values[below]
    return (keep, values) if keep.size else None


def _keeping(clear: np.ndarray, kept: tuple[np.ndarray, np.ndarray], transparent: int
             ) -> Candidate:
    """`clear` (every unchanged pixel `transparent`) with the `kept` pixels (positions,
    indices) opaque."""
    pixels = clear.copy()
    pixels[kept[0]] = kept[1]
    return pixels, transparent, int(pixels.max())


def _every_candidate(flat: np.ndarray, changed: np.ndarray, clear: np.ndarray,
                     transparent: int, top: int) -> list[Candidate]:
    """Every candidate, each once ("matching" first)."""
    kept = kept_pixels(flat, changed)
    limit = (1 << bits_for(top)) - 1                    # kept pixels within the code size
    found: list[Candidate] = []
    for keep, cap in ((kept.matching, limit), (kept.mixed, limit), (None, 255),
                      (kept.mixed, 255), (kept.extend, 255), (kept.matching, 255)):
        pixels = _kept(flat, keep, cap)
        candidate = _keeping(clear, pixels, transparent) if pixels else \
            (clear, transparent, int(clear.max()))
        if not any(np.array_equal(candidate[0], other[0]) for other in found):
            found.append(candidate)
    return found + [(flat, None, int(flat.max()))]


def gaps_of(flat: np.ndarray, changed: np.ndarray, values: np.ndarray) -> Gaps:
    """The `Gaps` of `flat` whose pixels at the sorted positions `changed` changed to
    `values` (`gifbatch.prepare_at_once` of this one rectangle)."""
    runs = runs_of(changed, values, flat.size)
    return prepare_at_once(flat, [Rectangle(0, flat.size, changed, values, 0, runs)])[0].gaps


def _from_runs(gaps: Gaps, keep: np.ndarray, clear: np.ndarray, transparent: int
               ) -> Candidate:
    """The candidate whose gaps `keep` (one-colour gaps only) keep their colour, the others
    `transparent` (`clear`: the gaps' index when not kept, 0 for an empty gap): one
    `np.repeat` of an index per piece, then the changed pixels."""
    index = np.zeros(gaps.pieces.size, np.uint8)
    index[0::2] = np.where(keep, gaps.colour, clear)
    pixels = np.repeat(index, gaps.pieces)
    pixels[gaps.changed] = gaps.values
    return pixels, transparent, max(gaps.top, int(index.max()))   # the pieces drawn


def _candidates(flat: np.ndarray, changed: np.ndarray, values: np.ndarray,
                transparent: int, runs: Runs, effort: str, chooser: Chooser
                ) -> tuple[list[Candidate], Trials | None]:
    """The candidates a rectangle tries (`encode_changes`), "matching" first, and the
    `Trials` that decided on "mixed" (it is then second if tried), if any. The large
    rectangles' candidates are built from their gaps, each gap all kept or all
    transparent (one `np.repeat`)."""
    n = flat.size
    if effort == "smallest" or n <= ALL_CANDIDATES_UP_TO:
        clear = np.full(n, transparent, np.uint8)
        clear[changed] = values
        top = max(runs.top, transparent)
        return _every_candidate(flat, changed, clear, transparent, top), None
    prepared = prepare_at_once(flat, [Rectangle(0, n, changed, values, transparent, runs)])
    return _chosen(prepared[0], flat, changed.size, transparent, effort, chooser)


def _chosen(prepared: Prepared, flat: np.ndarray, changes: int, transparent: int,
            effort: str, chooser: Chooser) -> tuple[list[Candidate], Trials | None]:
    """The candidates of a large rectangle of `changes` changed pixels, from what
    `gifbatch.prepare_at_once` found (as `_candidates`)."""
    share = changes / flat.size
    found = [prepared.matching]
    runs_matching, extra, gaps = prepared.runs_matching, prepared.extra, prepared.gaps
    trials = None
    if effort == "best" and extra:
        if extra > MIXED_EXTRA and prepared.runs_keep > MIXED_RUNS * runs_matching:
            trials = chooser.trials[share >= MIXED_FROM_CHANGED]
        if trials is None or trials.pays():
            found.append(_from_runs(gaps, prepared.keep, prepared.clear, transparent))
    if share >= OPAQUE_FROM_CHANGED or share >= MIXED_FROM_CHANGED and \
            _steps(gaps) <= OPAQUE_FROM_RUNS * runs_matching:
        found.append((flat, None, int(flat.max())))
    return found, trials


def _smallest(candidates: list[Candidate], shape: tuple[int, ...]
              ) -> tuple[list[bytes], int]:
    """Every candidate's image data (Pillow), and which one is the shortest."""
    datas = [image_data(pixels.reshape(shape), bits_for(top)) for pixels, _, top in candidates]
    return datas, min(range(len(datas)), key=lambda k: len(datas[k]))


def _deferred(data: bytes, candidate: Candidate, shape: tuple[int, ...], effort: str,
              chooser: Chooser) -> bytes:
    """`data` (Pillow's, of `candidate`), or its re-encoding with deferred clears if that is
    shorter and the effort asks for it (`DEFERRED_SHARE`)."""
    pixels, _, top = candidate
    bits = bits_for(top)
    fills = len(data) * 8 / _tablebits_for(bits)
    if effort == "smallest" and fills > 1 or \
            effort == "best" and chooser.may_defer(pixels.size, fills):
        deferred = deferred_data(pixels.reshape(shape), bits, data)
        if len(deferred) < len(data):
            return deferred
    return data


def encode_changes(new: np.ndarray, changed: np.ndarray, *, effort: str = "best",
                   chooser: Chooser | None = None, values: np.ndarray | None = None
                   ) -> Encoded:
    """The image data drawing the rectangle `new`, given the sorted flat positions
    `changed` of the pixels that changed (every other pixel is unchanged): (data,
    transparent index or None, largest index used); `values` are the indices at
    `changed`, if the caller has them.

    The transparent index is the lowest one the changed pixels do not use, which keeps
    the LZW code size small. Candidates for the unchanged pixels: all transparent (the
    only one with `effort="fastest"`); kept in short one-colour runs matching a changed
    neighbour ("matching"); transparent only in unchanged runs of several colours
    ("mixed"); kept where they extend a neighbouring changed run ("extend"); no
    transparency ("opaque"); "matching" and "mixed" leave out kept pixels that would widen
    the codes (small rectangles also try them with those). Effort "smallest" tries them
    all, "fast" "matching" and "opaque" (see `OPAQUE_FROM_CHANGED`), "best" as
    `ALL_CANDIDATES_UP_TO` says, learning in `chooser` (one per animation); the shortest
    is kept, and re-encoded with deferred clears as `DEFERRED_SHARE` says.
    """
    flat = np.ascontiguousarray(new).reshape(-1)
    if values is None:
        values = flat.take(changed)
    used = np.bincount(values, minlength=256)
    transparent = int(used.argmin())
    return encode_rect(new, changed, values, None if used[transparent] else transparent,
                       runs_of(changed, values, flat.size), effort=effort, chooser=chooser)


def encode_rect(new: np.ndarray, changed: np.ndarray, values: np.ndarray,
                transparent: int | None, runs: Runs, *, effort: str = "best",
                chooser: Chooser | None = None) -> Encoded:
    """`encode_changes` given what `gifframes` finds for many frames at once: the lowest
    index that the changed pixels do not use (None: they use every one) and their
    `Runs`."""
    chooser = chooser or Chooser()
    shape = new.shape
    flat = np.ascontiguousarray(new).reshape(-1)
    trials = None
    if transparent is None:               # the changed pixels use every index
        candidates: list[Candidate] = [(flat, None, int(flat.max()))]
    elif effort == "fastest":
        clear = np.full(flat.size, transparent, np.uint8)
        clear[changed] = values
        candidates = [(clear, transparent, int(clear.max()))]
    else:
        candidates, trials = _candidates(flat, changed, values, transparent, runs, effort,
                                         chooser)
    return _best_of(candidates, trials, shape, effort, chooser)


def encode_prepared(new: np.ndarray, flat: np.ndarray, changes: int, transparent: int,
                    prepared: Prepared, *, effort: str, chooser: Chooser) -> Encoded:
    """`encode_rect` of a large rectangle (`new`, its pixels `flat`) with `changes` changed
    pixels, whose gaps and "matching" candidate are `prepared` (effort "best" or
    "fast", a transparent index free)."""
    candidates, trials = _chosen(prepared, flat, changes, transparent, effort, chooser)
    return _best_of(candidates, trials, new.shape, effort, chooser)


def _best_of(candidates: list[Candidate], trials: Trials | None, shape: tuple[int, ...],
             effort: str, chooser: Chooser) -> Encoded:
    """The shortest of the candidates' image data (what `trials` learns noted), re-encoded
    with deferred clears as `_deferred` says."""
    datas, best = _smallest(candidates, shape)
    if trials is not None:
        tried = len(candidates) > 1 and candidates[1][1] is not None
        trials.note(candidates[0][0].size, len(datas[0]) - len(datas[1]) if tried else None)
    _, index, top = candidates[best]
    data = _deferred(datas[best], candidates[best], shape, effort, chooser)
    return data, index, max(top, index if index is not None else 0)


def full_image(pixels: np.ndarray, *, effort: str = "best") -> Encoded:
    """The smallest opaque image data of `pixels`: (data, None (no transparent index),
    largest index used). With a `DEFERRED_FIRST` effort, re-encoded with deferred clears
    if that is shorter, when Pillow's data fills the LZW table."""
    bits = code_size(pixels)
    data = image_data(pixels, bits)
    if effort in DEFERRED_FIRST and fills_table(data, bits):
        data = min(data, deferred_data(pixels, bits, data), key=len)
    return data, None, int(pixels.max())

"""Reading RLE (Golly's, with bounded-grid rules and `#CXRLE Pos=`): leniently, sparsely
(live cells kept as coordinates) and within `LifeLimits`."""
from __future__ import annotations

import array
import pathlib
import re
from dataclasses import dataclass, field

import numpy as np

from .family_parse import parse_family_rule
from .golly_rule import SUFFIX, check_suffix_sides
from .pattern_file import LifeFile, LifeFormatError, read_text
from .pattern_limits import LIMITS, LifeLimits
from .rules import RuleError

_HEADER = re.compile(r"^\s*x\s*=")
_TOKEN = re.compile(r"\s*(\d*)\s*([p-y][A-X]|[A-Za-z.$!])")


def read_rle(path: str | pathlib.Path, limits: LifeLimits = LIMITS) -> LifeFile:
    """The pattern in the RLE file at `path`."""
    path = pathlib.Path(path)
    return parse_rle(read_text(path, str(path), limits), source=str(path), limits=limits)


#: a run count with more digits than this is refused before it is converted
_COUNT_DIGITS = 18


@dataclass
class _About:
    """What an RLE file says about its pattern besides the cells: its `#` lines and its
    header (the box's width and height, the rule, and the header's line)."""

    name: str | None = None
    comments: list[str] = field(default_factory=list)
    rule: str | None = None
    pos: tuple[int, int] | None = None
    gen: int | None = None
    width: int | None = None
    height: int | None = None
    line: int = 0

    def comment(self, line: str, source: str, lineno: int) -> None:
        """Take in the `#` line `line`."""
        tag, _, rest = line.partition(" ")
        rest = rest.strip()
        if tag == "#N":
            self.name = rest
        elif tag == "#CXRLE":
            self.pos, self.gen = _parse_cxrle(rest, source, lineno)
        elif tag in ("#C", "#c", "#O"):
            self.comments.append(rest)
        elif tag in ("#r", "#R", "#P"):
            pass  # old-style offsets and rules: Golly ignores these for placement too

    def header(self, line: str, source: str, lineno: int, limits: LifeLimits) -> None:
        """Take in the header line `line` (`x = …, y = …, rule = …`)."""
        self.width, self.height, self.rule = _parse_header(line, source, lineno, limits)
        self.line = lineno


class _Runs:
    """The cell data of an RLE file read item by item: the position reached, and the live
    runs (row, first column, length) gathered; the live-cell total and how far the runs
    reach are checked as they come, against `limits`."""

    def __init__(self, source: str, limits: LifeLimits) -> None:
        self.source, self.limits = source, limits
        self.rows = array.array("q")     # machine integers: 8 bytes a run
        self.cols = array.array("q")
        self.lengths = array.array("q")
        self.states = array.array("B")   # each run's state (1 for b/o files)
        self.state_lines: dict[int, int] = {}   # state -> the line it first appears on
        self.population = 0
        self.r = self.c = 0              # the position reached (row, column)
        self.max_c = self.rows_seen = 0  # how far the data reached across and down
        self.wide_line = 0               # where the box grew too large for a dense grid

    def at_start(self) -> bool:
        """Whether no cell item has been read yet."""
        return not self.lengths and self.r == 0 and self.c == 0

    def read(self, line: str, lineno: int) -> tuple[bool, str]:
        """Apply the items of the data line `line`. Returns whether it reached `!`, and the
        run count it ends with when that count's tag is on the next line ("" if none)."""
        at = 0
        while at < len(line):
            m = _TOKEN.match(line, at)
            if not m:
                rest = line[at:].strip()
                if not rest:
                    break
                if rest.isdigit():
                    return False, rest
                raise LifeFormatError(self.source, lineno, f"expected a run count, b, o, a "
                                                           f"state (A..X, pA..yO), $ or !, "
                                                           f"found {rest[0]!r}")
            digits, tag = m.group(1), m.group(2)
            if len(digits) > _COUNT_DIGITS:
                raise LifeFormatError(self.source, lineno, f"expected a run count of at most "
                                                           f"{self.limits.extent:,}, found "
                                                           f"one of {len(digits)} digits")
            at = m.end()
            if tag == "!":
                return True, ""
            self.item(int(digits) if digits else 1, tag, lineno)
        return False, ""

    def item(self, count: int, tag: str, lineno: int) -> None:
        """Apply one item: `count` times `$` (next row), `b`/`.` (dead), a state letter as
        Golly writes them (`A`..`X` 1..24, `pA`.. 25 and up) or another letter (alive)."""
        if tag == "$":
            self.r += count
            self.c = 0
        elif tag in "b.":
            self.c += count
        else:
            state = _state_of(tag)
            if state > 255:
                raise LifeFormatError(self.source, lineno, f"expected states up to 255 "
                                                           f"(yO), found {tag!r}")
            self.state_lines.setdefault(state, lineno)
            self.add(self.r, self.c, count, lineno)
            self.states.append(state)
            self.c += count
        self.reach(self.r, self.c, lineno)
        if not self.wide_line and max(self.r + 1, self.c) > self.limits.side:
            self.wide_line = lineno
        self.max_c = max(self.max_c, self.c)
        self.rows_seen = max(self.rows_seen, self.r + (1 if self.c else 0))

    def add(self, row: int, col: int, length: int, lineno: int) -> None:
        """Record `length` live cells from (row, col); LifeFormatError past the limit."""
        self.population += length
        if self.population > self.limits.live_cells:
            raise LifeFormatError(self.source, lineno,
                                  f"expected at most {self.limits.live_cells:,} live cells, "
                                  f"got {self.population:,} by this line")
        self.rows.append(row)
        self.cols.append(col)
        self.lengths.append(length)

    def reach(self, row: int, col: int, lineno: int) -> None:
        """LifeFormatError if the position (row, col) lies beyond `limits.extent`."""
        if row > self.limits.extent or col > self.limits.extent:
            raise LifeFormatError(self.source, lineno,
                                  f"expected the pattern to reach at most "
                                  f"{self.limits.extent:,} cells from its corner, got row "
                                  f"{row:,}, column {col:,}")

    def live_states(self) -> np.ndarray | None:
        """Each live cell's state, in the order of `live` (None when every one is 1)."""
        if not self.states or max(self.states) <= 1:
            return None
        lengths = np.frombuffer(self.lengths, dtype=np.int64)
        return np.repeat(np.frombuffer(self.states, dtype=np.uint8), lengths)

    def live(self) -> np.ndarray:
        """Every live cell as (row, column), int64, in reading order."""
        lengths = np.frombuffer(self.lengths, dtype=np.int64) if self.lengths else \
            np.zeros(0, dtype=np.int64)
        if not lengths.size:
            return np.zeros((0, 2), dtype=np.int64)
        first = np.cumsum(lengths) - lengths
        offsets = np.arange(int(lengths.sum()), dtype=np.int64) - np.repeat(first, lengths)
        rows = np.repeat(np.frombuffer(self.rows, dtype=np.int64), lengths)
        cols = np.repeat(np.frombuffer(self.cols, dtype=np.int64), lengths) + offsets
        return np.stack([rows, cols], axis=1)


def _state_of(tag: str) -> int:
    """The state an RLE tag stands for: `A`..`X` 1..24, `pA`..`yX` 25 and up, any other
    letter 1 (alive)."""
    if len(tag) == 2:
        return 25 + 24 * (ord(tag[0]) - ord("p")) + ord(tag[1]) - ord("A")
    if "A" <= tag <= "X":
        return ord(tag) - ord("A") + 1
    return 1


def parse_rle(text: str, source: str = "<string>", limits: LifeLimits = LIMITS) -> LifeFile:
    """The pattern in RLE `text`; `source` names it in error messages. Lenient: comments
    anywhere before the data, a missing header, ragged rows and a missing `!` are fine.
    Sparse: run counts and row skips are applied arithmetically, the live cells kept as
    coordinates, and `limits` checked as the data is read."""
    about = _About()
    runs = _Runs(source, limits)
    done = False
    pending, pending_line = "", 0
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if done or not line:
            continue
        if line.startswith("#"):
            about.comment(line, source, lineno)
        elif _HEADER.match(line) and about.width is None and runs.at_start():
            about.header(line, source, lineno, limits)
        else:
            done, pending = runs.read(pending + line, lineno)
            pending_line = lineno if pending else pending_line
    if pending and not done:
        raise LifeFormatError(source, pending_line, f"expected b, o, $ or ! after the run "
                                                    f"count {pending}, found the end of the "
                                                    f"file")
    return _pattern(runs, about, source, limits)


def _pattern(runs: _Runs, about: _About, source: str, limits: LifeLimits) -> LifeFile:
    """The LifeFile of the RLE data `runs` read under `about`: its box is the header's,
    grown to hold every live cell and every row the data reached."""
    live = runs.live()
    rows_seen = runs.rows_seen
    if live.size:
        rows_seen = max(rows_seen, int(live[:, 0].max()) + 1)
    w = max(about.width or 0, runs.max_c, 1 if live.size else 0)
    h = max(about.height or 0, rows_seen)
    header_wide = max(about.width or 0, about.height or 0) > limits.side
    found = LifeFile(live, (h, w), about.name, about.comments, about.rule, about.pos,
                     about.gen, source=source,
                     box_line=about.line if header_wide or not runs.wide_line
                     else runs.wide_line,
                     limits=limits, states=runs.live_states(), state_lines=runs.state_lines)
    if found.max_state > 1 and about.rule:
        try:
            rule = parse_family_rule(about.rule.partition(":")[0])
        except RuleError:
            return found          # the rule is judged where it is used
        problem = found.state_problem(getattr(rule, "states", 2), rule.notation)
        if problem is not None:
            raise problem
    return found


def _parse_cxrle(rest: str, source: str, lineno: int) -> tuple[tuple[int, int] | None,
                                                               int | None]:
    """Pos and Gen of a `#CXRLE` line (None where absent)."""
    pos = gen = None
    for item in rest.split():
        key, _, value = item.partition("=")
        try:
            if key == "Pos":
                x, y = value.split(",")
                pos = (int(x), int(y))
            elif key == "Gen":
                gen = int(value)
        except ValueError:
            raise LifeFormatError(source, lineno, f"expected Pos=x,y or Gen=n with whole "
                                                  f"numbers, found {item[:40]!r}") from None
    return pos, gen


_HEADER_FULL = re.compile(r"^\s*x\s*=\s*([^,\s]*)\s*(?:,\s*y\s*=\s*([^,\s]*)\s*)?"
                          r"(?:,\s*rule\s*=\s*(.*?))?\s*$", re.IGNORECASE)


def _parse_header(line: str, source: str, lineno: int, limits: LifeLimits = LIMITS
                  ) -> tuple[int, int, str | None]:
    """Width, height and rule text of an RLE header line (sizes within `limits.extent`, a
    bounded grid's sides within `limits.side`)."""
    shown = line if len(line) <= 80 else line[:77] + "..."
    m = _HEADER_FULL.match(line)
    if not m:
        raise LifeFormatError(source, lineno, f"expected a header like 'x = 3, y = 3, "
                                              f"rule = B3/S23', found {shown!r}")
    try:
        if max(len(m.group(1)), len(m.group(2) or "")) > _COUNT_DIGITS:
            raise ValueError
        width, height = int(m.group(1)), int(m.group(2) or "0")
    except ValueError:
        raise LifeFormatError(source, lineno, f"expected whole numbers for x and y, found "
                                              f"{shown!r}") from None
    if width < 0 or height < 0:
        raise LifeFormatError(source, lineno, f"expected x and y >= 0, found {shown!r}")
    if max(width, height) > limits.extent:
        raise LifeFormatError(source, lineno, f"expected x and y at most {limits.extent:,}, "
                                              f"found {shown!r}")
    rule = m.group(3) or None
    tail = rule.partition(":")[2] if rule else ""
    suffix = SUFFIX.match(tail.strip())
    if suffix:
        try:
            check_suffix_sides(suffix.group(2), suffix.group(4), tail, limits)
        except RuleError as exc:
            raise LifeFormatError(source, lineno, str(exc)) from None
    return width, height, rule


__all__ = ["parse_rle", "read_rle"]

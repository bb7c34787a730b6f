"""Life pattern files: RLE (Golly's, with bounded-grid rules and `#CXRLE Pos=`) and plaintext
`.cells`. Reading is lenient; what cannot be read raises LifeFormatError naming file and line.
"""
from __future__ import annotations

import array
import functools
import os
import pathlib
import re
import stat
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..surfaces import SURFACES, Surface, SurfaceError, from_golly
from .rules import Rule, RuleError, parse_rule


class LifeFormatError(ValueError):
    """A pattern file that cannot be read: `source:line: expected ..., found ...`."""

    def __init__(self, source: str, line: int, message: str) -> None:
        """`line` 0 means the file as a whole."""
        super().__init__(f"{source}:{line}: {message}")
        self.source = source
        self.line = line


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


def confine(path: str | pathlib.Path, roots: Iterable[str | pathlib.Path]
            ) -> pathlib.Path:
    """`path` resolved (symlinks too), if it lies inside one of the folders `roots`;
    otherwise LifeFormatError. The refusal is the same whether or not the file exists, so a
    scenario cannot probe the disk. (Named patterns such as `glider` are built in and read
    no file: they are always allowed.)"""
    given = pathlib.Path(path)
    try:
        resolved = given.resolve()
        folders = [pathlib.Path(root).resolve() for root in roots]
    except (OSError, RuntimeError):        # a symlink loop, say
        resolved, folders = None, []
    if resolved is not None and any(resolved.is_relative_to(folder) for folder in folders):
        return resolved
    raise LifeFormatError(str(given), 0, "expected a pattern file inside the scenario's "
                                         "folder (or a folder allowed on the command line), "
                                         "got a path outside it")


@dataclass
class LifeFile:
    """A pattern read from a file: its live cells as coordinates, its bounding box, and
    what the file said about it (name, comments, rule text, Golly position and
    generation). The dense grid `cells` is derived on demand, after a size check."""

    live: np.ndarray                       # (n, 2) int64 (row, column) of live cells
    shape: tuple[int, int]                 # (rows, columns) of the box (header and cells)
    name: str | None = None
    comments: list[str] = field(default_factory=list)
    rule: str | None = None
    pos: tuple[int, int] | None = None
    generation: int | None = None
    source: str = "<string>"
    box_line: int = 0                      # the line that set the box (the header), for errors
    limits: LifeLimits = LIMITS

    @classmethod
    def from_cells(cls, cells: np.ndarray, **info: Any) -> LifeFile:
        """A LifeFile holding the dense grid `cells` (nonzero = alive)."""
        cells = np.asarray(cells)
        return cls(np.argwhere(cells != 0).astype(np.int64), cells.shape, **info)

    @property
    def population(self) -> int:
        """How many live cells the file holds."""
        return int(self.live.shape[0])

    @functools.cached_property
    def cells(self) -> np.ndarray:
        """The pattern's box as a uint8 0/1 grid (rows x cols); LifeFormatError naming the
        header's line if the box is larger than the limits allow per side."""
        h, w = self.shape
        if max(h, w) > self.limits.side:
            raise LifeFormatError(self.source, self.box_line,
                                  f"expected a pattern at most {self.limits.side} cells on a "
                                  f"side to place on a grid, got {w}x{h} (its "
                                  f"{self.population} live cells span "
                                  f"{self._live_box()})")
        cells = np.zeros((h, w), dtype=np.uint8)
        cells[self.live[:, 0], self.live[:, 1]] = 1
        return cells

    def _live_box(self) -> str:
        """The live cells' own bounding box, "WxH" ("nothing" if there are none)."""
        if not self.population:
            return "nothing"
        low, high = self.live.min(axis=0), self.live.max(axis=0)
        return f"{high[1] - low[1] + 1}x{high[0] - low[0] + 1}"

    def rule_and_surface(self) -> tuple[Rule | None, Surface | None]:
        """The file's rule and bounded grid (None where it names none)."""
        if self.rule is None:
            return None, None
        return parse_golly_rule(self.rule, self.limits)

    def placed_grid(self) -> tuple[np.ndarray, Surface]:
        """The whole bounded grid with the pattern where Golly would put it (the rule must
        name a bounded grid; a missing `Pos` means Golly's default, centred placement).
        The live cells are placed directly: no grid of the pattern's box is made."""
        _, surface = self.rule_and_surface()
        if surface is None:
            raise LifeFormatError(self.source, self.box_line,
                                  f"expected a rule with a bounded grid such as "
                                  f"B3/S23:T40,20, got {self.rule!r}")
        h, w = surface.rows, surface.cols
        ph, pw = self.shape
        if self.pos is None:
            x0, y0 = -(pw // 2), -(ph // 2)
        else:
            x0, y0 = self.pos
        r0, c0 = y0 + h // 2, x0 + w // 2
        if r0 < 0 or c0 < 0 or r0 + ph > h or c0 + pw > w:
            raise LifeFormatError(self.source, self.box_line,
                                  f"expected the pattern ({pw}x{ph} at Pos={x0},{y0}) to fit "
                                  f"in the {w}x{h} grid")
        grid = np.zeros((h, w), dtype=np.uint8)
        grid[self.live[:, 0] + r0, self.live[:, 1] + c0] = 1
        return grid, surface


# --- rules with Golly's bounded-grid suffix ----------------------------------------------

#: Golly's bounded-grid suffix: a surface's letter (from the records), width, height, stars
_SUFFIX = re.compile(r"^([%s])(\d+)(\*?)(?:,(\d+)(\*?))?$"
                     % "".join(sorted({kind.golly_letter for kind in SURFACES.values()})),
                     re.IGNORECASE)


def parse_golly_rule(text: str, limits: LifeLimits = LIMITS) -> tuple[Rule, Surface | None]:
    """The rule and the bounded grid of a Golly rule such as "B3/S23:K40*,20" (no suffix:
    surface None); the surface is the record with that letter and stars
    (`surfaces.from_golly`). Raises RuleError for a suffix this project has no surface for,
    or one larger than `limits.side` per side."""
    base, _, suffix = text.partition(":")
    rule = parse_rule(base)
    if not suffix:
        return rule, None
    m = _SUFFIX.match(suffix.strip())
    if not m:
        raise RuleError(f"expected a bounded-grid suffix like :T40,20, :K40*,20, :C40,20, "
                        f":P40,20 or :S40, got {':' + suffix!r}")
    letter, w_text, star_w, h_text, star_h = m.groups()
    letter = letter.upper()
    _check_suffix_sides(w_text, h_text, suffix, limits)
    w = int(w_text)
    h = int(h_text) if h_text is not None else w
    kind = from_golly(letter, bool(star_w), bool(star_h))
    if kind is None:
        if any(k.golly_letter == letter and k.golly_star for k in SURFACES.values()):
            raise RuleError(f"expected a Klein bottle suffix with one twisted side marked "
                            f"by *, like :{letter}{w}*,{h} or :{letter}{w},{h}*, got "
                            f"{':' + suffix!r}")
        raise RuleError(f"expected * only in a Klein bottle suffix, got {':' + suffix!r}")
    if w == 0 or h == 0:
        raise RuleError(f"expected a bounded grid (width and height >= 1), got "
                        f"{':' + suffix!r}; an infinite edge has no surface here")
    try:
        return rule, Surface(kind.name, h, w)
    except SurfaceError as exc:
        raise RuleError(str(exc)) from None


def _check_suffix_sides(w_text: str, h_text: str | None, suffix: str,
                        limits: LifeLimits) -> None:
    """RuleError if a side of a bounded-grid suffix is over `limits.side` (checked on the
    digits first, so that a thousand-digit side costs nothing)."""
    for digits in (w_text, h_text or w_text):
        if len(digits.lstrip("0")) > len(str(limits.side)) or int(digits) > limits.side:
            raise RuleError(f"expected a bounded grid at most {limits.side} cells on a side, "
                            f"got {':' + suffix!r}")


# --- RLE -----------------------------------------------------------------------------------

_HEADER = re.compile(r"^\s*x\s*=")
_TOKEN = re.compile(r"\s*(\d*)\s*([A-Za-z.$!])")


def read_rle(path: str | pathlib.Path, limits: LifeLimits = LIMITS) -> LifeFile:
    """The pattern in the RLE file at `path`."""
    path = pathlib.Path(path)
    return parse_rle(_read_text(path, str(path), limits), source=str(path), limits=limits)


def _read_text(path: pathlib.Path, source: str, limits: LifeLimits) -> str:
    """The text of the regular file `path`, at most `limits.file_bytes` long (checked
    before it is read); LifeFormatError naming `source` otherwise."""
    try:
        with open(path, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise LifeFormatError(source, 0, "expected a pattern file, got something "
                                                 "that is not a regular file")
            size = os.fstat(handle.fileno()).st_size
            data = handle.read(size + 1) if size <= limits.file_bytes else b""
            if len(data) > size:              # it grew since: read on up to the limit
                data += handle.read(limits.file_bytes + 1 - len(data))
    except OSError as exc:
        raise LifeFormatError(source, 0, f"expected a readable pattern file, got "
                                         f"{exc.strerror or exc}") from None
    if size > limits.file_bytes or len(data) > limits.file_bytes:
        raise LifeFormatError(source, 0, f"expected a pattern file of at most "
                                         f"{limits.file_bytes:,} bytes, got "
                                         f"{max(size, len(data)):,}")
    return data.decode("utf-8", errors="replace")


#: a run count with more digits than this is refused before it is converted
_COUNT_DIGITS = 18


class _Runs:
    """Live runs (row, first column, length) gathered while RLE is read; the live-cell
    total and how far the runs reach are checked as they come, against `limits`."""

    def __init__(self, source: str, limits: LifeLimits) -> None:
        self.source, self.limits = source, limits
        self.rows = array.array("q")     # machine integers: 8 bytes a run
        self.cols = array.array("q")
        self.lengths = array.array("q")
        self.population = 0

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


def parse_rle(text: str, source: str = "<string>", limits: LifeLimits = LIMITS) -> LifeFile:
    """The pattern in RLE `text`; `source` names it in error messages. Lenient: comments
    anywhere before the data, a missing header, ragged rows and a missing `!` are fine.
    Sparse: run counts and row skips are applied arithmetically, the live cells kept as
    coordinates, and `limits` checked as the data is read."""
    name, comments, rule, pos, gen = None, [], None, None, None
    width = height = None
    header_line = wide_line = 0
    runs = _Runs(source, limits)
    r = c = 0
    max_c = 0
    rows_seen = 0
    done = False
    pending, pending_line = "", 0
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if done or not line:
            continue
        if line.startswith("#"):
            tag, _, rest = line.partition(" ")
            rest = rest.strip()
            if tag == "#N":
                name = rest
            elif tag == "#CXRLE":
                pos, gen = _parse_cxrle(rest, source, lineno)
            elif tag in ("#C", "#c", "#O"):
                comments.append(rest)
            elif tag in ("#r", "#R", "#P"):
                pass  # old-style offsets and rules: Golly ignores these for placement too
            continue
        if _HEADER.match(line) and width is None and not runs.lengths and r == 0 and c == 0:
            width, height, rule = _parse_header(line, source, lineno, limits)
            header_line = lineno
            continue
        if pending:
            line = pending + line
            pending = ""
        pos_in_line = 0
        while pos_in_line < len(line):
            m = _TOKEN.match(line, pos_in_line)
            if not m:
                rest = line[pos_in_line:].strip()
                if not rest:
                    break
                if rest.isdigit():
                    pending, pending_line = rest, lineno
                    break
                raise LifeFormatError(source, lineno, f"expected a run count, b, o, $ or !, "
                                                      f"found {rest[0]!r}")
            digits, tag = m.group(1), m.group(2)
            if len(digits) > _COUNT_DIGITS:
                raise LifeFormatError(source, lineno, f"expected a run count of at most "
                                                      f"{limits.extent:,}, found one of "
                                                      f"{len(digits)} digits")
            count = int(digits) if digits else 1
            pos_in_line = m.end()
            if tag == "!":
                done = True
                break
            if tag == "$":
                r += count
                c = 0
            elif tag in "b.":
                c += count
            else:
                runs.add(r, c, count, lineno)
                c += count
            runs.reach(r, c, lineno)
            if not wide_line and max(r + 1, c) > limits.side:
                wide_line = lineno        # where the box grew too large for a dense grid
            max_c = max(max_c, c)
            rows_seen = max(rows_seen, r + (1 if c else 0))
    if pending and not done:
        raise LifeFormatError(source, pending_line, f"expected b, o, $ or ! after the run "
                                                    f"count {pending}, found the end of the "
                                                    f"file")
    live = runs.live()
    if live.size:
        rows_seen = max(rows_seen, int(live[:, 0].max()) + 1)
    w = max(width or 0, max_c, 1 if live.size else 0)
    h = max(height or 0, rows_seen)
    header_wide = max(width or 0, height or 0) > limits.side
    return LifeFile(live, (h, w), name, comments, rule, pos, gen, source=source,
                    box_line=header_line if header_wide or not wide_line else wide_line,
                    limits=limits)


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
    suffix = _SUFFIX.match(tail.strip())
    if suffix:
        try:
            _check_suffix_sides(suffix.group(2), suffix.group(4), tail, limits)
        except RuleError as exc:
            raise LifeFormatError(source, lineno, str(exc)) from None
    return width, height, rule


def _rle_rows(grid: np.ndarray) -> str:
    """The RLE data of `grid` (all rows from the top-left), ending with `!`, 70 columns."""
    items: list[str] = []
    pending_rows = 0
    for row in grid:
        nz = np.flatnonzero(row)
        if nz.size == 0:
            pending_rows += 1
            continue
        if items or pending_rows:
            n = pending_rows + (1 if items else 0)
            if n:
                items.append(f"{n if n > 1 else ''}$")
        pending_rows = 0
        row = row[:nz[-1] + 1] != 0
        change = np.flatnonzero(np.diff(row.astype(np.int8))) + 1
        starts = np.concatenate([[0], change])
        ends = np.concatenate([change, [row.size]])
        for s, e in zip(starts, ends, strict=True):
            n = int(e - s)
            items.append(f"{n if n > 1 else ''}{'o' if row[s] else 'b'}")
    items.append("!")
    lines, current = [], ""
    for item in items:
        if len(current) + len(item) > 70:
            lines.append(current)
            current = ""
        current += item
    lines.append(current)
    return "\n".join(lines) + "\n"


def write_rle(grid: np.ndarray, path: str | pathlib.Path | None = None, *,
              rule: Rule | str = "B3/S23", surface: Surface | None = None,
              name: str | None = None, comments: tuple[str, ...] = (),
              generation: int | None = None) -> str:
    """The RLE text of the whole `grid` (also written to `path` if given). With a `surface`
    the rule carries Golly's bounded-grid suffix and a `#CXRLE Pos=` line places the grid so
    that Golly loads it in place and continues it identically."""
    grid = np.asarray(grid)
    h, w = grid.shape
    notation = parse_rule(rule).notation
    lines = []
    if name:
        lines.append(f"#N {name}")
    lines.extend(f"#C {text}" for text in comments)
    if surface is not None:
        if (surface.rows, surface.cols) != (h, w):
            raise ValueError(f"expected a {surface.rows}x{surface.cols} grid for the "
                             f"surface, got {h}x{w}")
        gen = f" Gen={generation}" if generation else ""
        lines.append(f"#CXRLE Pos={-(w // 2)},{-(h // 2)}{gen}")
        notation += surface.golly_suffix()
    lines.append(f"x = {w}, y = {h}, rule = {notation}")
    return _write("\n".join(lines) + "\n" + _rle_rows(grid), path)


def write_generation_rle(event: Any, path: str | pathlib.Path | None = None) -> str:
    """The RLE text of a `Generation` event's grid, on its surface, under its rule, with
    `Gen=` set to its index, so Golly continues from exactly there (also written to
    `path` if given)."""
    return write_rle(event.grid, path, rule=event.rule or "B3/S23", surface=event.surface,
                     comments=(f"generation {event.index}, population {event.population}",),
                     generation=event.index)


# --- plaintext .cells --------------------------------------------------------------------


_NOT_A_CELL = re.compile(r"[^.Oo*Xx \t]")
_ALIVE_CODES = np.frombuffer(b"Oo*Xx", dtype=np.uint8)


def parse_cells(text: str, source: str = "<string>", limits: LifeLimits = LIMITS
                ) -> LifeFile:
    """The pattern in plaintext `text` (`!` comments, `.` dead, `O` or `*` alive; ragged
    rows are padded with dead cells). Sparse: the live cells are kept as coordinates, their
    count checked against `limits` line by line."""
    name, comments = None, []
    rows: list[np.ndarray] = []
    cols: list[np.ndarray] = []
    population = width = height = row = wide_line = 0
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        if line.startswith("!"):
            body = line[1:].strip()
            if body.lower().startswith("name:"):
                name = body[5:].strip()
            else:
                comments.append(body)
            continue
        bad = _NOT_A_CELL.search(line)
        if bad:
            raise LifeFormatError(source, lineno, f"expected '.' (dead) or 'O' (alive), "
                                                  f"found {bad.group()!r} at column "
                                                  f"{bad.start() + 1}")
        if line:
            population += sum(map(line.count, "Oo*Xx"))     # counted before any array
            if population > limits.live_cells:
                raise LifeFormatError(source, lineno, f"expected at most "
                                                      f"{limits.live_cells:,} live cells, "
                                                      f"got {population:,} by this line")
            codes = np.frombuffer(line.encode("ascii"), dtype=np.uint8)
            alive = np.flatnonzero(np.isin(codes, _ALIVE_CODES)).astype(np.int64)
            rows.append(np.full(alive.size, row, dtype=np.int64))
            cols.append(alive)
            width = max(width, len(line))
            height = row + 1                     # blank lines at the end do not count
            if not wide_line and max(width, height) > limits.side:
                wide_line = lineno               # where the box grew too large
        row += 1
    live = np.stack([np.concatenate(rows), np.concatenate(cols)], axis=1) if rows else \
        np.zeros((0, 2), dtype=np.int64)
    return LifeFile(live, (height, width), name, comments, source=source,
                    box_line=wide_line, limits=limits)


def write_cells(grid: np.ndarray, path: str | pathlib.Path | None = None, *,
                name: str | None = None, comments: tuple[str, ...] = ()) -> str:
    """The plaintext `.cells` text of `grid` (also written to `path` if given)."""
    grid = np.asarray(grid)
    lines = []
    if name:
        lines.append(f"!Name: {name}")
    lines.extend(f"!{text}" for text in comments)
    for row in grid:
        lines.append("".join("O" if v else "." for v in row))
    return _write("\n".join(lines) + "\n", path)


def _write(text: str, path: str | pathlib.Path | None) -> str:
    """`text`, also written to `path` if given."""
    if path is not None:
        pathlib.Path(path).write_text(text, encoding="utf-8")
    return text


def read_pattern(path: str | pathlib.Path, *,
                 roots: Iterable[str | pathlib.Path] | None = None,
                 limits: LifeLimits | None = None) -> LifeFile:
    """The pattern in `path`, read as RLE or plaintext by its extension (.rle, .cells,
    .txt), sparsely and within `limits` (default `LIMITS`). With `roots`, the path must
    resolve inside one of those folders (`confine`), checked before the file is touched."""
    limits = limits or LIMITS
    given = pathlib.Path(path)
    target = confine(given, roots) if roots is not None else given
    suffix = given.suffix.lower()
    if suffix == ".rle":
        parse: Any = parse_rle
    elif suffix in (".cells", ".txt"):
        parse = parse_cells
    else:
        raise LifeFormatError(str(given), 0, f"expected a .rle or .cells file, got "
                                             f"{suffix[:20] or 'no extension'!r}")
    return parse(_read_text(target, str(given), limits), source=str(given), limits=limits)

"""Life pattern files: RLE (Golly's, with bounded-grid rules and `#CXRLE Pos=`) and plaintext
`.cells`. Reading is lenient; what cannot be read raises LifeFormatError naming file and line.
"""
from __future__ import annotations

import pathlib
import re
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..surfaces import Surface, SurfaceError
from .rules import Rule, RuleError, parse_rule


class LifeFormatError(ValueError):
    """A pattern file that cannot be read: `source:line: expected ..., found ...`."""

    def __init__(self, source: str, line: int, message: str) -> None:
        """`line` 0 means the file as a whole."""
        super().__init__(f"{source}:{line}: {message}")
        self.source = source
        self.line = line


@dataclass
class LifeFile:
    """A pattern read from a file: the cells (uint8 0/1, rows x cols), and what the file
    said about it (name, comments, rule text, Golly position and generation)."""

    cells: np.ndarray
    name: str | None = None
    comments: list[str] = field(default_factory=list)
    rule: str | None = None
    pos: tuple[int, int] | None = None
    generation: int | None = None

    def rule_and_surface(self) -> tuple[Rule | None, Surface | None]:
        """The file's rule and bounded grid (None where it names none)."""
        if self.rule is None:
            return None, None
        return parse_golly_rule(self.rule)

    def placed_grid(self) -> tuple[np.ndarray, Surface]:
        """The whole bounded grid with the pattern where Golly would put it (the rule must
        name a bounded grid; a missing `Pos` means Golly's default, centred placement)."""
        rule, surface = self.rule_and_surface()
        if surface is None:
            raise ValueError(f"expected a rule with a bounded grid such as B3/S23:T40,20, "
                             f"got {self.rule!r}")
        h, w = surface.rows, surface.cols
        grid = np.zeros((h, w), dtype=np.uint8)
        ph, pw = self.cells.shape
        if self.pos is None:
            x0, y0 = -(pw // 2), -(ph // 2)
        else:
            x0, y0 = self.pos
        r0, c0 = y0 + h // 2, x0 + w // 2
        if r0 < 0 or c0 < 0 or r0 + ph > h or c0 + pw > w:
            raise ValueError(f"the pattern ({pw}x{ph} at Pos={x0},{y0}) does not fit in the "
                             f"{w}x{h} grid")
        grid[r0:r0 + ph, c0:c0 + pw] = self.cells
        return grid, surface


# --- rules with Golly's bounded-grid suffix ----------------------------------------------

_SUFFIX = re.compile(r"^([PTKCS])(\d+)(\*?)(?:,(\d+)(\*?))?$", re.IGNORECASE)


def parse_golly_rule(text: str) -> tuple[Rule, Surface | None]:
    """The rule and the bounded grid of a Golly rule such as "B3/S23:K40*,20" (no suffix:
    surface None). Raises RuleError for a suffix this project has no surface for."""
    base, _, suffix = text.partition(":")
    rule = parse_rule(base)
    if not suffix:
        return rule, None
    m = _SUFFIX.match(suffix.strip())
    if not m:
        raise RuleError(f"expected a bounded-grid suffix like :T40,20, :K40*,20, :C40,20, "
                        f":P40,20 or :S40, got {':' + suffix!r}")
    kind, w, star_w, h, star_h = m.groups()
    kind = kind.upper()
    w = int(w)
    h = int(h) if h is not None else w
    name = {"P": "plane", "T": "torus", "C": "projective", "S": "sphere"}.get(kind)
    if kind == "K":
        if star_w and not star_h:
            name = "klein"
        elif star_h and not star_w:
            name = "klein_lr"
        else:
            raise RuleError(f"expected a Klein bottle suffix with one twisted side marked "
                            f"by *, like :K{w}*,{h} or :K{w},{h}*, got {':' + suffix!r}")
    elif star_w or star_h:
        raise RuleError(f"expected * only in a Klein bottle suffix, got {':' + suffix!r}")
    if w == 0 or h == 0:
        raise RuleError(f"expected a bounded grid (width and height >= 1), got "
                        f"{':' + suffix!r}; an infinite edge has no surface here")
    try:
        return rule, Surface(name, h, w)
    except SurfaceError as exc:
        raise RuleError(str(exc)) from None


# --- RLE -----------------------------------------------------------------------------------

_HEADER = re.compile(r"^\s*x\s*=")
_TOKEN = re.compile(r"\s*(\d*)\s*([A-Za-z.$!])")


def read_rle(path: "str | pathlib.Path") -> LifeFile:
    """The pattern in the RLE file at `path`."""
    path = pathlib.Path(path)
    return parse_rle(_read_text(path), source=str(path))


def _read_text(path: pathlib.Path) -> str:
    """The text of `path` (raises LifeFormatError if it cannot be read)."""
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise LifeFormatError(str(path), 0, f"expected a readable pattern file, got "
                              f"{exc.strerror or exc}") from None


def parse_rle(text: str, source: str = "<string>") -> LifeFile:
    """The pattern in RLE `text`; `source` names it in error messages. Lenient: comments
    anywhere before the data, a missing header, ragged rows and a missing `!` are fine."""
    name, comments, rule, pos, gen = None, [], None, None, None
    width = height = None
    live: list[tuple[int, int]] = []
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
        if _HEADER.match(line) and width is None and not live and r == 0 and c == 0:
            width, height, rule = _parse_header(line, source, lineno)
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
            count = int(m.group(1)) if m.group(1) else 1
            tag = m.group(2)
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
                live.extend((r, c + k) for k in range(count))
                c += count
            max_c = max(max_c, c)
            rows_seen = max(rows_seen, r + (1 if c else 0))
    if pending and not done:
        raise LifeFormatError(source, pending_line, f"expected b, o, $ or ! after the run "
                                                    f"count {pending}, found the end of the "
                                                    f"file")
    if live:
        rows_seen = max(rows_seen, max(rr for rr, _ in live) + 1)
    w = max(width or 0, max_c, 1 if live else 0)
    h = max(height or 0, rows_seen)
    cells = np.zeros((h, w), dtype=np.uint8)
    for rr, cc in live:
        cells[rr, cc] = 1
    return LifeFile(cells, name, comments, rule, pos, gen)


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
                                                  f"numbers, found {item!r}") from None
    return pos, gen


_HEADER_FULL = re.compile(r"^\s*x\s*=\s*([^,\s]*)\s*(?:,\s*y\s*=\s*([^,\s]*)\s*)?"
                          r"(?:,\s*rule\s*=\s*(.*?))?\s*$", re.IGNORECASE)


def _parse_header(line: str, source: str, lineno: int) -> tuple[int, int, str | None]:
    """Width, height and rule text of an RLE header line."""
    m = _HEADER_FULL.match(line)
    if not m:
        raise LifeFormatError(source, lineno, f"expected a header like 'x = 3, y = 3, "
                                              f"rule = B3/S23', found {line!r}")
    try:
        width, height = int(m.group(1)), int(m.group(2) or "0")
    except ValueError:
        raise LifeFormatError(source, lineno, f"expected whole numbers for x and y, found "
                                              f"{line!r}") from None
    if width < 0 or height < 0:
        raise LifeFormatError(source, lineno, f"expected x and y >= 0, found {line!r}")
    return width, height, m.group(3) or None


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
        for s, e in zip(starts, ends):
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


def write_rle(grid: np.ndarray, path: "str | pathlib.Path | None" = None, *,
              rule: "Rule | str" = "B3/S23", surface: Surface | None = None,
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


def write_generation_rle(event: Any, path: "str | pathlib.Path | None" = None) -> str:
    """The RLE text of a `Generation` event's grid, on its surface, under its rule, with
    `Gen=` set to its index, so Golly continues from exactly there (also written to
    `path` if given)."""
    return write_rle(event.grid, path, rule=event.rule or "B3/S23", surface=event.surface,
                     comments=(f"generation {event.index}, population {event.population}",),
                     generation=event.index)


# --- plaintext .cells --------------------------------------------------------------------


def read_cells(path: "str | pathlib.Path") -> LifeFile:
    """The pattern in the plaintext `.cells` file at `path`."""
    path = pathlib.Path(path)
    return parse_cells(_read_text(path), source=str(path))


def parse_cells(text: str, source: str = "<string>") -> LifeFile:
    """The pattern in plaintext `text` (`!` comments, `.` dead, `O` or `*` alive; ragged
    rows are padded with dead cells)."""
    name, comments, rows = None, [], []
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        if line.startswith("!"):
            body = line[1:].strip()
            if body.lower().startswith("name:"):
                name = body[5:].strip()
            else:
                comments.append(body)
            continue
        row = []
        for col, ch in enumerate(line, start=1):
            if ch in ".":
                row.append(0)
            elif ch in "Oo*Xx":
                row.append(1)
            elif ch in " \t":
                row.append(0)
            else:
                raise LifeFormatError(source, lineno, f"expected '.' (dead) or 'O' (alive), "
                                                      f"found {ch!r} at column {col}")
        rows.append(row)
    while rows and not rows[-1]:
        rows.pop()  # blank lines at the end of the file
    w = max((len(row) for row in rows), default=0)
    cells = np.zeros((len(rows), w), dtype=np.uint8)
    for r, row in enumerate(rows):
        cells[r, :len(row)] = row
    return LifeFile(cells, name, comments)


def write_cells(grid: np.ndarray, path: "str | pathlib.Path | None" = None, *,
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


def _write(text: str, path: "str | pathlib.Path | None") -> str:
    """`text`, also written to `path` if given."""
    if path is not None:
        pathlib.Path(path).write_text(text, encoding="utf-8")
    return text


def read_pattern(path: "str | pathlib.Path") -> LifeFile:
    """The pattern in `path`, read as RLE or plaintext by its extension (.rle, .cells,
    .txt)."""
    path = pathlib.Path(path)
    suffix = path.suffix.lower()
    if suffix == ".rle":
        return read_rle(path)
    if suffix in (".cells", ".txt"):
        return read_cells(path)
    raise LifeFormatError(str(path), 0, f"expected a .rle or .cells file, got "
                                        f"{suffix or 'no extension'!r}")

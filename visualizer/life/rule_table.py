"""Golly's `.rule` files: a rule table (`@TABLE`) or a rule tree (`@TREE`), with the
`@COLORS` and `@NAMES` of its states, compiled for the numpy engine.

A rule is looked up by name in `RULE_DIRS`: the project's own rule files first
(`rule_files/`: WireWorld, written from its definition with its states named right: Golly's
file names the head and the tail the other way round), then Golly's (Debian's golly package
ships them in /usr/share/golly/Rules; all 51 of them load). A table compiles to a dense
lookup of every neighbourhood when there are at most `MAX_ENTRIES` of them, else to its
transitions in order (`table_sparse.py`: HPP, LifeHistory, Perrier, Tempesti, the Worm
rules). Symmetries: none, rotate4, rotate8, reflect_horizontal, rotate4reflect,
rotate8reflect and permute (each distinct arrangement of a line's neighbours once).
Refused, with the file and line: a name that is not a plain file name, a file over
`MAX_FILE_BYTES`, a file that has no table or tree of its own (Golly would then look for
other files), a line standing for over a million transitions, a table too large for a dense
lookup that stands for more than `MAX_TRANSITIONS` once written out, neighbourhoods other
than Moore and von Neumann, and other symmetries.
"""
from __future__ import annotations

import itertools
import math
import os
import pathlib
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator

import numpy as np

from .families import Neighbourhood
from .rules import RuleError
from .table_sparse import SparseTable

RULE_DIRS: tuple[pathlib.Path, ...] = (pathlib.Path(__file__).with_name("rule_files"),
                                       pathlib.Path("/usr/share/golly/Rules"))
MAX_FILE_BYTES = 1 << 20
MAX_ENTRIES = 1 << 24
#: the most transitions a table too large for `MAX_ENTRIES` may stand for, written out
MAX_TRANSITIONS = 1 << 17
MAX_STATES = 256
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_+-]{0,99}$")

#: a table's neighbours as (row, column) offsets, in the order a transition lists them
TABLE_ORDER: dict[Neighbourhood, tuple[tuple[int, int], ...]] = {
    Neighbourhood.MOORE: ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1),
                          (-1, -1)),
    Neighbourhood.VON_NEUMANN: ((-1, 0), (0, 1), (1, 0), (0, -1)),
}
#: a tree's inputs as (row, column) offsets, the first looked up first (the cell itself last)
TREE_ORDER: dict[int, tuple[tuple[int, int], ...]] = {
    8: ((-1, -1), (-1, 1), (1, -1), (1, 1), (-1, 0), (0, -1), (0, 1), (1, 0), (0, 0)),
    4: ((-1, 0), (0, -1), (0, 1), (1, 0), (0, 0)),
}
_TABLE_NEIGHBOURHOODS = {"moore": Neighbourhood.MOORE, "vonneumann": Neighbourhood.VON_NEUMANN}


@dataclass(frozen=True, eq=False)
class TableRule:
    """A compiled `.rule` file: its name, states and neighbourhood; `lut` (a table: the next
    state indexed by the cell's state then its neighbours' in `TABLE_ORDER`, flattened),
    `sparse` (a table too large for that: its transitions, `table_sparse.SparseTable`) or
    `tree` (a rule tree: child index per node and state; level-1 rows give next states),
    the states' colours (RGB, from @COLORS, None where not given) and names."""

    name: str
    states: int
    neighbourhood: Neighbourhood
    lut: np.ndarray | None = None
    tree: np.ndarray | None = None
    tree_inputs: int = 0
    sparse: SparseTable | None = None
    colours: tuple[tuple[int, int, int] | None, ...] = ()
    names: tuple[str, ...] = ()

    @property
    def order(self) -> tuple[tuple[int, int], ...]:
        """The (row, column) offsets the compiled rule reads, in its order."""
        if self.tree is not None:
            return TREE_ORDER[self.tree_inputs]
        return ((0, 0), *TABLE_ORDER[self.neighbourhood])


class _Bad(Exception):
    """A problem on line `line` of the file being read."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


def find_table_rule(name: str, dirs: tuple[pathlib.Path, ...] | None = None
                    ) -> TableRule | None:
    """The compiled rule `name` (the file `name.rule` in `dirs`, default `RULE_DIRS`), or
    None when there is no such file; RuleError for a file that cannot be used. Compiled
    once per name and folders."""
    if not _NAME.match(name):
        return None
    return _find(name, dirs if dirs is not None else RULE_DIRS)


@lru_cache(maxsize=32)
def _find(name: str, dirs: tuple[pathlib.Path, ...]) -> TableRule | None:
    """`find_table_rule`, cached."""
    for folder in dirs:
        path = folder / f"{name}.rule"
        if not path.is_file() and folder.is_dir():     # Golly's names, any case
            wanted = f"{name}.rule".lower()
            path = next((p for p in sorted(folder.iterdir()) if p.name.lower() == wanted),
                        path)
        if path.is_file():
            return read_rule_file(path, folder)
    return None


def read_rule_file(path: pathlib.Path, folder: pathlib.Path | None = None) -> TableRule:
    """The compiled rule of the `.rule` file at `path` (inside `folder` when given)."""
    real = pathlib.Path(os.path.realpath(path))
    if folder is not None and pathlib.Path(os.path.realpath(folder)) not in real.parents:
        raise RuleError(f"expected a rule file inside {folder}, got {path} pointing elsewhere")
    size = real.stat().st_size
    if size > MAX_FILE_BYTES:
        raise RuleError(f"{path}: expected a .rule file of at most {MAX_FILE_BYTES:,} bytes, "
                        f"got {size:,}")
    text = real.read_text(encoding="utf-8", errors="replace")
    try:
        return parse_rule_text(text, real.stem if real.stem.lower() == path.stem.lower()
                               else path.stem)
    except _Bad as exc:
        raise RuleError(f"{path}:{exc.line}: {exc}") from None


def _sections(text: str) -> dict[str, list[tuple[int, str]]]:
    """The file's sections by `@NAME`, each its (line number, text) lines, comments cut."""
    out: dict[str, list[tuple[int, str]]] = {}
    current: list[tuple[int, str]] | None = None
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if raw.startswith("@"):
            tag, _, rest = raw.strip().partition(" ")
            current = out.setdefault(tag.upper(), [])
            if rest.strip():
                current.append((lineno, rest.strip()))
        elif current is not None and line:
            current.append((lineno, line))
    return out


def parse_rule_text(text: str, name: str) -> TableRule:
    """The compiled rule of a `.rule` file's `text`, whose @RULE must be `name`."""
    sections = _sections(text)
    head = sections.get("@RULE") or [(1, "")]
    if head[0][1] != name:
        raise _Bad(head[0][0], f"expected '@RULE {name}' (the file's name), got "
                               f"{('@RULE ' + head[0][1]).strip()!r}")
    if "@TABLE" in sections:
        rule = _table(sections["@TABLE"], name)
    elif "@TREE" in sections:
        rule = _tree(sections["@TREE"], name)
    else:
        raise _Bad(head[0][0], "expected an @TABLE or @TREE section in the file itself (a "
                               "rule that refers to other files is not read)")
    colours, names = _colours(sections.get("@COLORS", []), rule.states), \
        _names(sections.get("@NAMES", []), rule.states)
    return TableRule(rule.name, rule.states, rule.neighbourhood, rule.lut, rule.tree,
                     rule.tree_inputs, rule.sparse, colours, names)


def _colours(lines: list[tuple[int, str]], states: int) -> tuple[tuple[int, int, int] | None,
                                                                  ...]:
    """Each state's colour from the @COLORS lines `state r g b` (others ignored)."""
    out: list[tuple[int, int, int] | None] = [None] * states
    for _, line in lines:
        parts = line.split()
        if len(parts) >= 4 and all(p.isdigit() for p in parts[:4]):
            s, r, g, b = (int(p) for p in parts[:4])
            if s < states and max(r, g, b) <= 255:
                out[s] = (r, g, b)
    return tuple(out)


def _names(lines: list[tuple[int, str]], states: int) -> tuple[str, ...]:
    """Each state's name from the @NAMES lines `state name` ("" where none)."""
    out = [""] * states
    for _, line in lines:
        first, _, rest = line.partition(" ")
        if first.isdigit() and int(first) < states:
            out[int(first)] = rest.strip()[:40]
    return tuple(out)


def _setting(lines: list[tuple[int, str]], key: str, sep: str) -> tuple[int, str]:
    """The line number and value of the setting `key` (`key:value` or `key=value`)."""
    for lineno, line in lines:
        k, found, value = line.partition(sep)
        if found and k.strip().lower() == key.lower():
            return lineno, value.strip()
    raise _Bad(lines[0][0] if lines else 0, f"expected a line '{key}{sep}…'")


def _whole(lineno: int, text: str, what: str, lo: int, hi: int) -> int:
    """`text` as a whole number in lo..hi."""
    if not text.isdigit() or not lo <= int(text) <= hi:
        raise _Bad(lineno, f"expected {what} from {lo} to {hi}, got {text[:20]!r}")
    return int(text)


def _tree(lines: list[tuple[int, str]], name: str) -> TableRule:
    """A compiled @TREE section."""
    _, s = _setting(lines, "num_states", "=")
    states = _whole(lines[0][0], s, "num_states", 2, MAX_STATES)
    at, k = _setting(lines, "num_neighbors", "=")
    inputs = _whole(at, k, "num_neighbors", 4, 8)
    if inputs not in TREE_ORDER:
        raise _Bad(at, f"expected num_neighbors 4 or 8, got {inputs}")
    at, n = _setting(lines, "num_nodes", "=")
    count = _whole(at, n, "num_nodes", 1, MAX_ENTRIES // states)
    rows = [(lineno, line) for lineno, line in lines if "=" not in line]
    if len(rows) != count:
        raise _Bad(at, f"expected {count} nodes, got {len(rows)}")
    tree = np.zeros((count, states), dtype=np.int32)
    levels = np.zeros(count, dtype=np.int32)
    for k_node, (lineno, line) in enumerate(rows):
        parts = line.split()
        if len(parts) != states + 1 or not all(p.isdigit() for p in parts):
            raise _Bad(lineno, f"expected a level and {states} whole numbers, got {line[:40]!r}")
        level, *kids = (int(p) for p in parts)
        top = states if level == 1 else k_node
        if not 1 <= level <= inputs + 1 or any(v >= top for v in kids) or \
                (level > 1 and any(levels[v] != level - 1 for v in kids)):
            raise _Bad(lineno, f"expected a node of level 1..{inputs + 1} whose children are "
                               f"earlier nodes one level down (or states), got {line[:40]!r}")
        levels[k_node], tree[k_node] = level, kids
    if levels[-1] != inputs + 1:
        raise _Bad(rows[-1][0], f"expected the last node to be the root, of level {inputs + 1}")
    nb = Neighbourhood.MOORE if inputs == 8 else Neighbourhood.VON_NEUMANN
    return TableRule(name, states, nb, tree=tree, tree_inputs=inputs)


def _symmetry_perms(kind: str, nb: Neighbourhood, lineno: int
                    ) -> list[tuple[int, ...]] | None:
    """The permutations of neighbour positions a `symmetries:` value stands for (None for
    `permute`: every arrangement of a line's neighbours)."""
    k = len(TABLE_ORDER[nb])
    if kind == "permute":
        return None
    turn4 = list(range(0, k, k // 4))
    kinds = {"none": ([0], []), "rotate4": (turn4, []), "rotate4reflect": (turn4, turn4),
             "reflect_horizontal": ([0], [0])}
    if k == 8:
        kinds |= {"rotate8": (list(range(k)), []), "rotate8reflect": (list(range(k)),
                                                                        list(range(k)))}
    if kind not in kinds:
        raise _Bad(lineno, f"expected symmetries none, rotate4, rotate4reflect, "
                           f"reflect_horizontal{', rotate8, rotate8reflect' if k == 8 else ''}"
                           f" or permute, got {kind!r}")
    turns, mirrors = kinds[kind]
    perms = [tuple((i + s) % k for i in range(k)) for s in turns]
    perms += [tuple((s - i) % k for i in range(k)) for s in mirrors]
    return perms


def _table(lines: list[tuple[int, str]], name: str) -> TableRule:
    """A compiled @TABLE section: a dense table when it fits in `MAX_ENTRIES`, else its
    transitions in order (`table_sparse`)."""
    at, s = _setting(lines, "n_states", ":")
    states = _whole(at, s, "n_states", 2, MAX_STATES)
    at, hood = _setting(lines, "neighborhood", ":")
    nb = _TABLE_NEIGHBOURHOODS.get(hood.lower())
    if nb is None:
        raise _Bad(at, f"expected neighborhood Moore or vonNeumann, got {hood[:30]!r}")
    k = len(TABLE_ORDER[nb])
    at, sym = _setting(lines, "symmetries", ":")
    perms = _symmetry_perms(sym.lower(), nb, at)
    variables: dict[str, list[int]] = {}
    transitions: list[tuple[int, list[str]]] = []
    for lineno, line in lines:
        if ":" in line:
            continue
        if line.startswith("var "):
            _variable(lineno, line[4:], variables, states)
            continue
        items = [p.strip() for p in line.split(",")] if "," in line else list(line)
        if len(items) != k + 2:
            raise _Bad(lineno, f"expected {k + 2} items (the cell, {k} neighbours, the new "
                               f"state), got {len(items)}")
        transitions.append((lineno, items))
    if states ** (k + 1) > MAX_ENTRIES:
        return TableRule(name, states, nb, sparse=_sparse(transitions, variables, perms,
                                                          states, k + 1))
    lut = np.empty((states,) * (k + 1), dtype=np.uint8)
    lut[...] = np.arange(states, dtype=np.uint8).reshape((states,) + (1,) * k)
    for lineno, items in reversed(transitions):        # the first match written last
        for sets, new in _expand(lineno, items, variables, perms, states, backwards=True):
            lut[np.ix_(*sets)] = new
    return TableRule(name, states, nb, lut=lut.reshape(-1))


def _sparse(transitions: list[tuple[int, list[str]]], variables: dict[str, list[int]],
            perms: list[tuple[int, ...]] | None, states: int, width: int) -> SparseTable:
    """The transitions (of `width` positions) in the order Golly tries them (the first
    that matches wins), repeats dropped."""
    set_ids: dict[tuple[int, ...], int] = {}
    seen: set[tuple[int, ...]] = set()
    rows: list[tuple[int, ...]] = []
    new: list[int] = []
    written = 0
    for lineno, items in transitions:
        for sets, state in _expand(lineno, items, variables, perms, states):
            written += 1
            if written > MAX_TRANSITIONS:
                raise _Bad(lineno, f"expected at most {MAX_TRANSITIONS:,} transitions once "
                                   f"symmetries and bound variables are written out (a "
                                   f"table too large for a dense lookup is matched "
                                   f"transition by transition)")
            row = tuple([set_ids.setdefault(x, len(set_ids)) for x in sets])
            if row not in seen:
                seen.add(row)
                rows.append(row)
                new.append(state)
    table = np.array(rows, dtype=np.int32).reshape(len(rows), width)
    return SparseTable(states, table, list(set_ids), np.array(new, dtype=np.uint8))


def _variable(lineno: int, text: str, variables: dict[str, list[int]], states: int) -> None:
    """Define the variable of `name={…}` (states and earlier variables)."""
    name, eq, values = text.partition("=")
    name, values = name.strip(), values.strip()
    if not eq or not name or not (values.startswith("{") and values.endswith("}")):
        raise _Bad(lineno, f"expected 'var name={{states}}', got {text[:40]!r}")
    out: list[int] = []
    for item in values[1:-1].split(","):
        item = item.strip()
        out += variables[item] if item in variables else [_state(lineno, item, states)]
    variables[name] = out


def _state(lineno: int, text: str, states: int) -> int:
    """`text` as a state below `states`."""
    if not text.isdigit() or int(text) >= states:
        raise _Bad(lineno, f"expected a state 0..{states - 1} or a variable, got {text[:20]!r}")
    return int(text)


def _arrangements(items: list[str], perms: list[tuple[int, ...]] | None) -> int:
    """How many arrangements of the neighbour `items` a line stands for (at most)."""
    if perms is not None:
        return len(perms)
    count = math.factorial(len(items))
    for item in set(items):
        count //= math.factorial(items.count(item))
    return count


def _arranged(sets: list[tuple[int, ...]], perms: list[tuple[int, ...]] | None
              ) -> Iterator[list[tuple[int, ...]]]:
    """The neighbours' `sets` moved by each of `perms` (None: each distinct arrangement)."""
    if perms is not None:
        for perm in perms:
            moved: list[tuple[int, ...]] = [()] * len(sets)
            for i, target in enumerate(perm):
                moved[target] = sets[i]
            yield moved
        return
    kinds = sorted(set(sets))
    code = sorted(kinds.index(x) for x in sets)
    while True:                          # each multiset permutation once, in order
        yield [kinds[i] for i in code]
        i = len(code) - 2
        while i >= 0 and code[i] >= code[i + 1]:
            i -= 1
        if i < 0:
            return
        j = len(code) - 1
        while code[j] <= code[i]:
            j -= 1
        code[i], code[j] = code[j], code[i]
        code[i + 1:] = reversed(code[i + 1:])


def _expand(lineno: int, items: list[str], variables: dict[str, list[int]],
            perms: list[tuple[int, ...]] | None, states: int, backwards: bool = False
            ) -> Iterator[tuple[list[tuple[int, ...]], int]]:
    """Each transition one line stands for: the states each position takes (the cell,
    then its neighbours in `TABLE_ORDER`) and the new state, a bound variable (a name
    repeated, or the new state's) taking each of its values as Golly does (the first such
    name alphabetically changing fastest), then each symmetric copy; `backwards`: the bound
    values in the opposite order (for a dense table, where the last written wins)."""
    inputs, output = items[:-1], items[-1]
    for item in items:
        if item not in variables:
            _state(lineno, item, states)
    names = [x for x in items if x in variables]
    bound = sorted({x for x in names if names.count(x) > 1})
    if output in variables and output not in inputs and len(variables[output]) != 1:
        raise _Bad(lineno, f"expected the new state's variable {output!r} among the inputs "
                           f"(or a variable of one state)")
    combos = 1
    for x in bound:
        combos *= len(variables[x])
    if combos * _arrangements(inputs[1:], perms) > 1 << 20:
        raise _Bad(lineno, "expected fewer bound variable values and arrangements (this "
                           "line alone would stand for over a million transitions)")
    combinations = list(itertools.product(*(variables[x] for x in reversed(bound))))
    for values in reversed(combinations) if backwards else combinations:
        given = dict(zip(reversed(bound), values, strict=True))
        sets = [(given[x],) if x in given else tuple(variables[x]) if x in variables
                else (int(x),) for x in inputs]
        new = given[output] if output in given else variables[output][0] \
            if output in variables else int(output)
        for moved in _arranged(sets[1:], perms):
            yield [sets[0], *moved], new


__all__ = ["MAX_ENTRIES", "MAX_FILE_BYTES", "MAX_TRANSITIONS", "RULE_DIRS", "TABLE_ORDER",
           "TREE_ORDER", "TableRule", "find_table_rule", "parse_rule_text", "read_rule_file"]

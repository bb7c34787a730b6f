"""Reading a scenario file defensively: bounded size, UTF-8 text without NUL bytes, no
duplicate keys, and aliases that cannot expand into more values than a scenario needs.

`read_yaml(path)` returns the document (plain dicts, lists, scalars) or raises YamlProblem,
whose text is one located line ("line 4, column 3: …"), checked in this order: the file's
size before anything is read, its bytes before anything is parsed, then the YAML node graph
before any Python value is built from it.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

MAX_BYTES = 1 << 20        # a scenario file is a few kilobytes; 1 MiB is plenty
MAX_VALUES = 100_000       # values in the document once every alias is expanded
MAX_DEPTH = 64             # nesting of mappings and lists


class YamlProblem(Exception):
    """The one reason a scenario file cannot be read (the message is located)."""


def read_yaml(path: Path, *, max_bytes: int = MAX_BYTES) -> Any:
    """The YAML document in `path`, read within the limits above (YamlProblem if not)."""
    data = _read_bytes(path, max_bytes)
    return parse_yaml(decode(data))


def _read_bytes(path: Path, max_bytes: int) -> bytes:
    try:
        if path.is_dir():
            raise YamlProblem("cannot read the scenario: it is a folder")
        size = path.stat().st_size
        if size > max_bytes:
            raise YamlProblem(f"the file is {size:,} bytes; a scenario may have at most "
                              f"{max_bytes:,} bytes")
        with open(path, "rb") as f:
            data = f.read(max_bytes + 1)
    except OSError as exc:
        raise YamlProblem(f"cannot read the scenario: {exc.strerror or exc}") from None
    if len(data) > max_bytes:
        raise YamlProblem(f"the file has more than {max_bytes:,} bytes; a scenario may have "
                          f"at most {max_bytes:,} bytes")
    return data


def _where(data: bytes, offset: int) -> str:
    line = data.count(b"\n", 0, offset) + 1
    column = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
    return f"line {line}, column {column}"


def decode(data: bytes) -> str:
    """`data` as text, if it is UTF-8 without NUL bytes (YamlProblem naming the first bad
    byte's line and column otherwise)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise YamlProblem(f"{_where(data, exc.start)}: expected UTF-8 text, got the byte "
                          f"0x{data[exc.start]:02x}; save the file as UTF-8") from None
    nul = data.find(b"\x00")
    if nul >= 0:
        raise YamlProblem(f"{_where(data, nul)}: expected text, got a NUL byte (is this a "
                          "binary file?)")
    return text.removeprefix("\ufeff")


class _Loader(yaml.SafeLoader):
    """The safe loader; `parse_yaml` checks the node graph before construction."""


def parse_yaml(text: str) -> Any:
    """The document in `text` (YamlProblem for bad YAML, a duplicate key, an alias bomb or
    nesting deeper than MAX_DEPTH)."""
    try:
        loader = _Loader(text)
    except yaml.reader.ReaderError as exc:    # a character YAML does not allow
        line = text.count("\n", 0, exc.position) + 1
        column = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        raise YamlProblem(f"line {line}, column {column}: expected text, got the control "
                          f"character U+{exc.character:04X}") from None
    try:
        try:
            node = loader.get_single_node()
        except RecursionError:
            raise YamlProblem(f"the document is nested too deeply (at most {MAX_DEPTH} "
                              "levels)") from None
        except yaml.YAMLError as exc:
            raise YamlProblem(_yaml_message(exc)) from None
        if node is None:
            return None
        _check_nodes(node)
        try:
            return loader.construct_document(node)
        except yaml.YAMLError as exc:
            raise YamlProblem(_yaml_message(exc)) from None
        except (ValueError, OverflowError) as exc:
            reason = str(exc).split(";")[0][:100]     # e.g. a number of 5,000 digits
            raise YamlProblem(f"this is not valid YAML: {reason}") from None
    finally:
        loader.dispose()


def _yaml_message(exc: yaml.YAMLError) -> str:
    mark = getattr(exc, "problem_mark", None)
    where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "YAML"
    problem = getattr(exc, "problem", None) or str(exc)
    return f"{where}: this is not valid YAML: {str(problem)[:200]}"


def _line(node: yaml.Node) -> str:
    return f"line {node.start_mark.line + 1}, column {node.start_mark.column + 1}"


def _check_nodes(root: yaml.Node) -> None:
    """Refuse duplicate keys, aliases that expand beyond MAX_VALUES values, an alias
    inside itself, and nesting beyond MAX_DEPTH; the walk visits each node once."""
    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()

    def size(node: yaml.Node, depth: int) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in open_nodes:
            raise YamlProblem(f"{_line(node)}: an alias refers to the value that contains it")
        if depth > MAX_DEPTH:
            raise YamlProblem(f"{_line(node)}: the document is nested more than {MAX_DEPTH} "
                              "levels deep")
        open_nodes.add(key)
        total = 1
        if isinstance(node, yaml.MappingNode):
            _no_duplicates(node)
            for k, v in node.value:
                total += size(k, depth + 1) + size(v, depth + 1)
        elif isinstance(node, yaml.SequenceNode):
            for item in node.value:
                total += size(item, depth + 1)
        open_nodes.discard(key)
        if total > MAX_VALUES:
            raise YamlProblem(f"{_line(node)}: this value expands to more than "
                              f"{MAX_VALUES:,} values (aliases repeated inside aliases?)")
        sizes[key] = total
        return total

    size(root, 0)


def _no_duplicates(node: yaml.MappingNode) -> None:
    seen: dict[tuple[str, str], yaml.Node] = {}
    for k, _ in node.value:
        if not isinstance(k, yaml.ScalarNode) or k.tag == "tag:yaml.org,2002:merge":
            continue
        ident = (k.tag, k.value)
        if ident in seen:
            first = seen[ident].start_mark.line + 1
            shown = k.value if len(k.value) <= 40 else k.value[:37] + "…"
            raise YamlProblem(f"{_line(k)}: the key `{shown}` appears twice (first on line "
                              f"{first}); keep one")
        seen[ident] = k


__all__ = ["MAX_BYTES", "MAX_DEPTH", "MAX_VALUES", "YamlProblem", "decode", "parse_yaml",
           "read_yaml"]

"""Read a prototype file into plain Python values plus the line:column of every JSON path in it.

The stdlib json parser gives strict JSON semantics but no positions, so a valid JSON text is parsed a second
time by a small scanner that reuses json's own scalar scanner and records where each value and key starts.
YAML files get positions from PyYAML's node marks. Duplicate keys are findings in both, never last-wins.

Prototypes come from other people's repositories, so reading is bounded: the file's size, how deep values nest and,
for YAML, how many values its aliases expand to (nine levels of ten aliases each make a billion). Each limit is a
located problem, found before the bounded work is exceeded.
"""
from __future__ import annotations

import json
import json.decoder
import json.scanner
import math
import re
from bisect import bisect_right
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from opkit.errors import Problem

__all__ = ["Located", "Positions", "read_source", "parse_source", "child_pointer", "MAX_FILE_BYTES", "MAX_DEPTH", "MAX_VALUES"]

_Pos = tuple[int, int]

# A msopgen file with a hundred operators is about 100 KB and nests six levels (ops, op, attrs, attr, list_list_int
# default, inner list); these limits are far above any real prototype and far below what strains a machine.
MAX_FILE_BYTES = 1 << 20
MAX_DEPTH = 32
MAX_VALUES = 100_000
_TOO_BIG_HINT = "a prototype is a short list of operators"


def child_pointer(parent: str, step: str | int) -> str:
    """`[0]` + `input_desc` -> `[0].input_desc`; `input_desc` + 1 -> `input_desc[1]`."""
    if isinstance(step, int):
        return f"{parent}[{step}]"
    return f"{parent}.{step}" if parent else step


@dataclass
class Positions:
    """1-based line:column of each value (and of each object key) by JSON path."""

    values: dict[str, _Pos] = field(default_factory=dict)
    keys: dict[str, _Pos] = field(default_factory=dict)

    def of_value(self, pointer: str) -> _Pos:
        """Where the value at `pointer` starts; falls back to the nearest recorded ancestor."""
        return self._nearest(self.values, pointer)

    def of_key(self, pointer: str) -> _Pos:
        """Where the key naming `pointer` starts (the value's position for list items and the root)."""
        return self.keys.get(pointer) or self.of_value(pointer)

    @staticmethod
    def _nearest(table: dict[str, _Pos], pointer: str) -> _Pos:
        while pointer not in table and pointer:
            cut = max(pointer.rfind("."), pointer.rfind("["))
            pointer = pointer[:max(cut, 0)]
        return table.get(pointer, (1, 1))


@dataclass
class Located:
    """A parsed prototype: the data, where each part of it is, and problems found while reading."""

    path: Path
    label: str
    text: str
    data: Any
    positions: Positions
    problems: list[Problem]


def read_source(path: Path, label: str) -> Located:
    """Parse `path` (YAML when it ends in .yaml/.yml, JSON otherwise). `label` is how messages name the file.

    A syntax error leaves `data` as None and one problem in `problems`.
    """
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
        text = raw.decode("utf-8-sig")  # editors on Windows add a BOM; msopgen files then still load
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return Located(path, label, "", None, Positions(), [Problem(label, 1, 1, "", f"cannot read file: {reason}")])
    if len(raw) > MAX_FILE_BYTES:
        problem = Problem(label, 1, 1, "", f"file is larger than {MAX_FILE_BYTES} bytes (1 MiB)",
                          f"{_TOO_BIG_HINT}; split the operators over several files")
        return Located(path, label, "", None, Positions(), [problem])
    return parse_source(path, label, text)


def parse_source(path: Path, label: str, text: str) -> Located:
    """Parse `text`, already read from `path` (whose suffix says YAML or JSON), as read_source does."""
    reader = _read_yaml if path.suffix.lower() in (".yaml", ".yml") else _read_json
    try:
        return reader(path, label, text)
    except RecursionError:
        # Both parsers recurse per nesting level; no prototype nests more than a few levels.
        return Located(path, label, text, None, Positions(), [Problem(label, 1, 1, "", "nesting is too deep")])


# ---------------------------------------------------------------------------------------------------- JSON


def _read_json(path: Path, label: str, text: str) -> Located:
    if not text.strip():
        return Located(path, label, text, None, Positions(), [])
    deep = _json_too_deep(text)
    if deep is not None:
        line, column = _JsonScanner(text, label).where(deep)
        return Located(path, label, text, None, Positions(), [_too_deep(label, line, column)])
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        at, hint = _json_slip(text, exc)
        line, column = _json_line_column(text, at)
        problem = Problem(label, line, column, "", f"invalid JSON: {exc.msg}", hint)
        return Located(path, label, text, None, Positions(), [problem])
    scanner = _JsonScanner(text, label)
    data = scanner.value(_skip_ws(text, 0), "")
    if scanner.not_json:
        data = None  # like any syntax error: nothing further is checked
    return Located(path, label, text, data, scanner.positions, scanner.problems)


def _json_line_column(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


_PYTHON_WORDS = {"True": "true", "False": "false", "None": "null", "NaN": "", "Infinity": ""}


def _json_slip(text: str, exc: json.JSONDecodeError) -> tuple[int, str]:
    """Where the likely mistake is and what to do about it, for the slips people make writing JSON by hand: a
    trailing comma, a missing one, single quotes, comments, Python's True/False/None, a file cut short."""
    pos = exc.pos
    before = text[:pos].rstrip()
    here = text[pos:pos + 1]
    if here in ("]", "}") and before.endswith(","):
        return len(before) - 1, f'a trailing comma before "{here}"? remove it (JSON allows none)'
    if not here:
        return pos, 'the file ends too early: a missing "]" or "}"?'
    if here == "'":
        return pos, 'single quotes? JSON strings and keys take double quotes: "name"'
    if text.startswith(("//", "/*"), pos) or here == "#":
        return pos, "a comment? JSON has none: remove it (or write the prototype in YAML, which has #)"
    word = re.match(r"[A-Za-z]+", text[pos:])
    if word and word.group() in _PYTHON_WORDS and _PYTHON_WORDS[word.group()]:
        return pos, f'JSON spells it {_PYTHON_WORDS[word.group()]}, not {word.group()}'
    if exc.msg.startswith("Expecting ',' delimiter") and before[-1:] in ('"', "}", "]", "e", "l") + tuple("0123456789"):
        return pos, "a missing comma before this?"
    return pos, ""


# A JSON string, or one bracket: what is needed to measure nesting without parsing (json.loads recurses per level).
_JSON_NESTING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')


def _json_too_deep(text: str) -> int | None:
    """The offset of the first bracket that opens level MAX_DEPTH + 1, or None."""
    depth = 0
    for match in _JSON_NESTING.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return match.start()
        elif token in "]}":
            depth -= 1
    return None


def _too_deep(label: str, line: int, column: int, pointer: str = "", after: str = "") -> Problem:
    return Problem(label, line, column, pointer, f"values nest deeper than {MAX_DEPTH} levels{after}", _TOO_BIG_HINT)


def _skip_ws(text: str, index: int) -> int:
    while index < len(text) and text[index] in " \t\r\n":
        index += 1
    return index


class _JsonScanner:
    """Walks a text already known to be valid JSON, recording positions and duplicate keys."""

    def __init__(self, text: str, label: str) -> None:
        self.text = text
        self.label = label
        self.positions = Positions()
        self.problems: list[Problem] = []
        self.not_json = False
        self._scalar = json.scanner.py_make_scanner(json.JSONDecoder())
        # Offsets of line starts, to turn a character offset into line:column by bisection.
        self._line_starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == "\n"]

    def where(self, index: int) -> _Pos:
        line = bisect_right(self._line_starts, index)
        return line, index - self._line_starts[line - 1] + 1

    def value(self, index: int, pointer: str) -> Any:
        self.positions.values[pointer] = self.where(index)
        self._end = index
        opener = self.text[index]
        if opener == "{":
            return self._object(index + 1, pointer)
        if opener == "[":
            return self._array(index + 1, pointer)
        result, self._end = self._scalar(self.text, index)
        if isinstance(result, float) and not math.isfinite(result) and self.text[index] in "NI-":
            # The stdlib reads NaN/Infinity although JSON has no such values; a located finding is kinder.
            line, column = self.where(index)
            self.not_json = True
            self.problems.append(Problem(self.label, line, column, pointer,
                                         f"invalid JSON: {self.text[index:self._end]} is not a JSON value"))
        return result

    def _object(self, index: int, pointer: str) -> dict[str, Any]:
        result: dict[str, Any] = {}
        index = _skip_ws(self.text, index)
        while self.text[index] != "}":
            key_at = index
            key, index = json.decoder.scanstring(self.text, index + 1)
            child = child_pointer(pointer, key)
            index = _skip_ws(self.text, _skip_ws(self.text, index) + 1)  # past the ':'
            if key in result:
                line, column = self.where(key_at)
                self.problems.append(Problem(self.label, line, column, child,
                                             f'duplicate key "{key}" in one object'))
                self.value(index, f"{child}#dup")  # parsed for its extent only
            else:
                self.positions.keys[child] = self.where(key_at)
                result[key] = self.value(index, child)
            index = _skip_ws(self.text, self._end)
            if self.text[index] == ",":
                index = _skip_ws(self.text, index + 1)
        self._end = index + 1
        return result

    def _array(self, index: int, pointer: str) -> list[Any]:
        result: list[Any] = []
        index = _skip_ws(self.text, index)
        while self.text[index] != "]":
            result.append(self.value(index, child_pointer(pointer, len(result))))
            index = _skip_ws(self.text, self._end)
            if self.text[index] == ",":
                index = _skip_ws(self.text, index + 1)
        self._end = index + 1
        return result


# ---------------------------------------------------------------------------------------------------- YAML


def _read_yaml(path: Path, label: str, text: str) -> Located:
    loader = _BoundedLoader(text)
    walker = _YamlWalker(loader, label)
    try:
        root = loader.get_single_node()
        # Values are built while walking, so an unknown tag (`!foo`) surfaces here, also as a YAML error.
        data = walker.value(root, "", 1) if root is not None else None
    except _LimitError as exc:
        return Located(path, label, text, None, Positions(), [exc.problem])
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = Problem(label, line, column, "", f"invalid YAML: {exc.problem or exc.context}")
        return Located(path, label, text, None, Positions(), [problem])
    except yaml.YAMLError as exc:
        return Located(path, label, text, None, Positions(), [Problem(label, 1, 1, "", f"invalid YAML: {exc}")])
    finally:
        loader.dispose()
    return Located(path, label, text, data, walker.positions, walker.problems)


class _LimitError(Exception):
    """A YAML file went past a reading limit; carries the located problem (never leaves this module)."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.message)
        self.problem = problem


def _line_column(mark: yaml.Mark | None) -> _Pos:
    return (mark.line + 1, mark.column + 1) if mark else (1, 1)


class _BoundedLoader(yaml.SafeLoader):
    """PyYAML's safe loader with nesting bounded while composing (the composer recurses per level) and the first
    alias remembered, which is where an expansion past MAX_VALUES is reported."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.depth = 0
        self.first_alias: yaml.Mark | None = None
        self.label = ""

    def compose_node(self, parent: yaml.Node | None, index: object) -> yaml.Node:
        if self.check_event(yaml.AliasEvent):
            self.first_alias = self.first_alias or self.peek_event().start_mark
            return super().compose_node(parent, index)  # type: ignore[no-any-return]
        if not self.check_event(yaml.SequenceStartEvent, yaml.MappingStartEvent):
            return super().compose_node(parent, index)  # type: ignore[no-any-return]
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise _LimitError(_too_deep(self.label, *_line_column(self.peek_event().start_mark)))
            return super().compose_node(parent, index)  # type: ignore[no-any-return]
        finally:
            self.depth -= 1


class _YamlWalker:
    """Turns a composed YAML node tree into values, recording marks and duplicate keys. An alias makes one node
    appear in many places, so values are counted and nesting measured as they are built, not as they are written."""

    def __init__(self, loader: _BoundedLoader, label: str) -> None:
        self.loader = loader
        self.label = label
        loader.label = label
        self.positions = Positions()
        self.problems: list[Problem] = []
        self.count = 0

    def value(self, node: yaml.Node, pointer: str, depth: int) -> Any:
        self.count += 1
        if self.count > MAX_VALUES:
            line, column = _line_column(self.loader.first_alias or node.start_mark)
            message = f"YAML aliases expand to more than {MAX_VALUES} values"
            hint = f"{_TOO_BIG_HINT}; write repeated parts out instead of nesting aliases"
            raise _LimitError(Problem(self.label, line, column, "", message, hint))
        where = _line_column(node.start_mark)
        self.positions.values[pointer] = where
        if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and depth > MAX_DEPTH:
            raise _LimitError(_too_deep(self.label, *where, pointer, " once YAML aliases are expanded"))
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, pointer, depth)
        if isinstance(node, yaml.SequenceNode):
            return [self.value(item, child_pointer(pointer, i), depth + 1) for i, item in enumerate(node.value)]
        return self.loader.construct_object(node, deep=True)

    def _mapping(self, node: yaml.MappingNode, pointer: str, depth: int) -> dict[Any, Any]:
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                where = _line_column(key_node.start_mark)
                self.problems.append(Problem(self.label, *where, pointer, "a key is a list or mapping, not a string"))
                continue
            key = self.loader.construct_object(key_node, deep=True)
            child = child_pointer(pointer, str(key))
            where = _line_column(key_node.start_mark)
            if not isinstance(key, str):
                self.problems.append(Problem(self.label, *where, pointer, f"key {key!r} is not a string"))
                continue
            if key in result:
                self.problems.append(Problem(self.label, *where, child, f'duplicate key "{key}" in one mapping'))
                continue
            self.positions.keys[child] = where
            result[key] = self.value(value_node, child, depth + 1)
        return result

"""The semantic pass: build frozen OpSpecs from shape-checked data and check what a schema cannot express."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from opkit.errors import Problem
from opkit.spec.attrs import AttrValueError, normalize_default
from opkit.spec.dtypes import DTYPE_ALIASES, FORMATS, DType, lookup_dtype
from opkit.spec.model import AttrSpec, OpSpec, TensorSpec
from opkit.spec.naming import name_problem, op_type_problem, quoted, snake_case
from opkit.spec.schema import did_you_mean
from opkit.spec.source import Located, child_pointer

__all__ = ["build_ops"]

_OP_LISTS = ("op", "input_desc", "output_desc", "attr")
_SHARED_NAMESPACE = "inputs, outputs and attrs share one namespace, compared ignoring case (DTYPE_<NAME> macros)"


@dataclass
class _Checker:
    """Collects problems against one source file."""

    source: Located
    broken: set[str]
    problems: list[Problem] = field(default_factory=list)

    def is_broken(self, pointer: str) -> bool:
        """True when the shape check found `pointer`'s value, or something inside it, ill-shaped."""
        if not pointer:  # the root of a single-object file holds every other pointer
            return bool(self.broken)
        return any(b == pointer or b.startswith((pointer + ".", pointer + "[")) for b in self.broken)

    def report(self, pointer: str, message: str, hint: str = "") -> None:
        line, column = self.source.positions.of_value(pointer)
        self.problems.append(Problem(self.source.label, line, column, pointer, message, hint))


def build_ops(source: Located, broken: set[str]) -> tuple[tuple[OpSpec, ...], list[Problem]]:
    """OpSpecs of every well-formed op, and the problems found. `broken` holds the pointers of ill-shaped
    values (from the shape check): they are not read, but the rest of their op still is, so one run
    reports as much as it can.
    """
    checker = _Checker(source, broken)
    _check_text(checker, source.data, "")
    raw_ops = source.data if isinstance(source.data, list) else [source.data]
    pointers = [f"[{i}]" for i in range(len(raw_ops))] if isinstance(source.data, list) else [""]
    _check_unique_ops(checker, raw_ops, pointers)
    built = (_build_op(checker, raw, pointer) for raw, pointer in zip(raw_ops, pointers))
    return tuple(op for op in built if op is not None), checker.problems


def _check_text(checker: _Checker, value: Any, pointer: str) -> None:
    """Every string (keys included) must be text that UTF-8 can encode: a JSON escape such as "\\ud800" gives a lone
    surrogate, which no generated file, and no terminal, can hold."""
    if isinstance(value, dict):
        for key, item in value.items():
            child = child_pointer(pointer, key)
            if _not_text(key):
                line, column = checker.source.positions.of_key(child)
                checker.problems.append(Problem(checker.source.label, line, column, pointer,
                                                f"key {quoted(key)} is not encodable text (a lone surrogate)",
                                                _SURROGATE_HINT))
            _check_text(checker, item, child)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _check_text(checker, item, child_pointer(pointer, index))
    elif isinstance(value, str) and _not_text(value):
        checker.report(pointer, f"{quoted(value)} is not encodable text (a lone surrogate)", _SURROGATE_HINT)


_SURROGATE_HINT = "write the character itself, or a \\uXXXX\\uXXXX surrogate pair"


def _not_text(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _check_unique_ops(checker: _Checker, raw_ops: list[Any], pointers: list[str]) -> None:
    """Op names become file names through snake_case, so they are compared in that form."""
    seen: dict[str, tuple[str, str]] = {}
    for raw, pointer in zip(raw_ops, pointers):
        name_pointer = child_pointer(pointer, "op")
        if pointer in checker.broken or name_pointer in checker.broken or "op" not in raw:
            continue
        name = raw["op"]
        earlier, earlier_name = seen.setdefault(snake_case(name), (pointer, name))
        if earlier == pointer:
            continue
        if earlier_name == name:
            checker.report(name_pointer, f'operator "{name}" is defined twice', f"first defined at `{earlier}`")
        else:
            checker.report(name_pointer, f'operator "{name}" and "{earlier_name}" (`{earlier}`) both become '
                           f'"{snake_case(name)}"', "their snake_case names name files and must differ")


def _build_op(checker: _Checker, raw: dict[str, Any], pointer: str) -> OpSpec | None:
    if pointer in checker.broken or any(child_pointer(pointer, k) in checker.broken for k in _OP_LISTS):
        return None  # not an object, or a list that is not a list: nothing else to say reliably
    before = len(checker.problems)
    op_type = raw["op"]
    _check_op_type(checker, op_type, child_pointer(pointer, "op"))
    # msopgen accepts an op without inputs; opkit's generated code has nothing to size outputs from. A misspelled
    # "input_desc" gets its own warning (an unknown key) with a did-you-mean.
    if not raw.get("input_desc"):
        at = child_pointer(pointer, "input_desc" if "input_desc" in raw else "op")
        checker.report(at, "opkit needs at least one input: the generated code takes output shapes from input 0",
                       "add one to input_desc")
    inputs, in_counts = _tensors(checker, raw.get("input_desc", []), child_pointer(pointer, "input_desc"))
    # msopgen accepts an op without outputs (missing or empty output_desc): one that works in place on its inputs.
    outputs, out_counts = _tensors(checker, raw.get("output_desc", []), child_pointer(pointer, "output_desc"))
    outputs = _mark_refs(inputs, outputs)
    attr_pointers = [child_pointer(pointer, f"attr[{i}]") for i in range(len(raw.get("attr", [])))]
    attrs = tuple(_attr(checker, a, p) for a, p in zip(raw.get("attr", []), attr_pointers)
                  if not checker.is_broken(p))
    _check_unique_names(checker, [(t.name, t.pointer) for t in inputs + outputs if t.ref_input is None]
                        + [(a.name, a.pointer) for a in attrs])
    _check_combinations(checker, inputs + outputs, in_counts + out_counts)
    if len(checker.problems) > before or checker.is_broken(pointer):
        return None
    return OpSpec(op_type=op_type, name=snake_case(op_type), inputs=inputs, outputs=outputs, attrs=attrs,
                  pointer=pointer)


def _mark_refs(inputs: tuple[TensorSpec, ...], outputs: tuple[TensorSpec, ...]) -> tuple[TensorSpec, ...]:
    """An output named exactly like an input is that input, written in place: msopgen keeps inputs and outputs in
    separate namespaces and calls the kernel's parameter <name>_ref; CANN reads the pair as one ref tensor. Only
    the first such output is; a second one clashes like any repeated name."""
    names = {t.name for t in inputs}
    marked: list[TensorSpec] = []
    for tensor in outputs:
        if tensor.name in names:
            names.discard(tensor.name)
            tensor = dataclasses.replace(tensor, ref_input=tensor.name)
        marked.append(tensor)
    return tuple(marked)


def _check_op_type(checker: _Checker, op_type: str, pointer: str) -> None:
    problem, hint = op_type_problem(op_type)
    if problem:
        checker.report(pointer, problem, hint)


def _tensors(checker: _Checker, raws: list[dict[str, Any]], pointer: str) -> tuple[tuple[TensorSpec, ...], list[int]]:
    """The well-shaped tensors of one list, with how many dtypes each one lists (unknown ones included)."""
    pointers = [child_pointer(pointer, i) for i in range(len(raws))]
    built = [_tensor(checker, raw, p) for raw, p in zip(raws, pointers) if not checker.is_broken(p)]
    return tuple(t for t, _ in built), [n for _, n in built]


def _tensor(checker: _Checker, raw: dict[str, Any], pointer: str) -> tuple[TensorSpec, int]:
    _check_name(checker, raw["name"], child_pointer(pointer, "name"))
    dtypes = [_dtype(checker, spelling, at) for spelling, at in _spellings(raw, "type", pointer)]
    formats = _spellings(raw, "format", pointer, ["ND"])
    if len(dtypes) == 1 and len(formats) > 1:
        dtypes *= len(formats)   # msopgen repeats a lone dtype once per format (_check_type_format_length)
    tensor = TensorSpec(name=raw["name"], param_type=raw.get("param_type", "required"),
                        dtypes=tuple(d for d in dtypes if d is not None),
                        formats=_formats(checker, formats, len(dtypes), child_pointer(pointer, "format")),
                        pointer=pointer)
    return tensor, len(dtypes)


def _spellings(raw: dict[str, Any], key: str, pointer: str, default: list[str] | None = None) -> list[tuple[str, str]]:
    """(spelling, JSON path) of each entry of a tensor's type or format: a list, or one plain string, which msopgen
    reads as a list of one ("format": "ND")."""
    value = raw.get(key, default)
    if isinstance(value, str):
        return [(value, child_pointer(pointer, key))]
    return [(item, child_pointer(pointer, f"{key}[{i}]")) for i, item in enumerate(value)]


def _check_name(checker: _Checker, name: str, pointer: str) -> None:
    problem = name_problem(name)
    if problem:
        checker.report(pointer, problem)


def _dtype(checker: _Checker, spelling: str, pointer: str) -> DType | None:
    dtype = lookup_dtype(spelling)
    if dtype is None:
        checker.report(pointer, f'"{spelling}" is not a dtype', did_you_mean(spelling, DTYPE_ALIASES))
    return dtype


def _formats(checker: _Checker, spelled: list[tuple[str, str]], count: int, pointer: str) -> tuple[str, ...]:
    for name, at in spelled:
        if name not in FORMATS:
            checker.report(at, f'"{name}" is not a format', did_you_mean(name, FORMATS))
    formats = tuple(name for name, _ in spelled)
    if len(formats) not in (1, count):
        checker.report(pointer, f"format lists {len(formats)} entries but type lists {count}",
                       "give one format (used for every dtype) or one per dtype")
    return formats if len(formats) == count else formats[:1] * count


def _attr(checker: _Checker, raw: dict[str, Any], pointer: str) -> AttrSpec:
    _check_name(checker, raw["name"], child_pointer(pointer, "name"))
    param_type = raw.get("param_type", "required")
    default = None
    if param_type == "optional" and "default_value" not in raw:
        checker.report(pointer, f'optional attr "{raw["name"]}" has no default_value',
                       f"add a default_value of type {raw['type']}, or make it required")
    elif param_type == "required" and "default_value" in raw:
        checker.report(child_pointer(pointer, "default_value"), f'required attr "{raw["name"]}" has a default_value',
                       'make it "param_type": "optional", or remove the default_value')
    elif "default_value" in raw:
        try:
            default = normalize_default(raw["type"], raw["default_value"])
        except AttrValueError as exc:
            checker.report(child_pointer(pointer, "default_value"), f"default_value of {raw['type']} attr "
                           f'"{raw["name"]}": {exc}', exc.hint)
    return AttrSpec(name=raw["name"], param_type=param_type, type=raw["type"], default=default, pointer=pointer)


def _check_unique_names(checker: _Checker, named: list[tuple[str, str]]) -> None:
    seen: dict[str, str] = {}
    for name, pointer in named:
        earlier = seen.setdefault(name.lower(), pointer)
        if earlier != pointer:
            checker.report(child_pointer(pointer, "name"), f'name "{name}" is already used by `{earlier}`',
                           _SHARED_NAMESPACE)


def _check_combinations(checker: _Checker, tensors: tuple[TensorSpec, ...], counts: list[int]) -> None:
    """Equal dtype counts (`counts` are the raw list lengths, before unknown dtypes were dropped), distinct combos."""
    raw_counts = list(zip(tensors, counts))
    if not raw_counts:
        return
    first, count = raw_counts[0]
    for tensor, n in raw_counts[1:]:
        if n != count:
            checker.report(child_pointer(tensor.pointer, "type"),
                           f'"{tensor.name}" lists {_dtypes(n)} but "{first.name}" lists {_dtypes(count)}',
                           "type[i] of every input and output forms dtype combination i")
    if any(len(t.dtypes) != count for t, _ in raw_counts) or any(n != count for _, n in raw_counts):
        return
    combos = [tuple(t.dtypes[i].name for t in tensors) for i in range(count)]
    for i, combo in enumerate(combos):
        if combo in combos[:i]:
            checker.report(child_pointer(tensors[0].pointer, f"type[{i}]"),
                           f"dtype combination {i} ({', '.join(combo)}) repeats combination {combos.index(combo)}",
                           "each position of the type lists must form a distinct combination")


def _dtypes(count: int) -> str:
    return f"{count} dtype" if count == 1 else f"{count} dtypes"

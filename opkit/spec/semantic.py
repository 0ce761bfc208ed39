"""The semantic pass: build frozen OpSpecs from shape-checked data and check what a schema cannot express."""
from __future__ import annotations

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
    outputs, out_counts = _tensors(checker, raw["output_desc"], child_pointer(pointer, "output_desc"))
    attr_pointers = [child_pointer(pointer, f"attr[{i}]") for i in range(len(raw.get("attr", [])))]
    attrs = tuple(_attr(checker, a, p) for a, p in zip(raw.get("attr", []), attr_pointers)
                  if not checker.is_broken(p))
    _check_unique_names(checker, [(t.name, t.pointer) for t in inputs + outputs] + [(a.name, a.pointer) for a in attrs])
    _check_combinations(checker, inputs + outputs, in_counts + out_counts)
    if len(checker.problems) > before or checker.is_broken(pointer):
        return None
    return OpSpec(op_type=op_type, name=snake_case(op_type), inputs=inputs, outputs=outputs, attrs=attrs,
                  pointer=pointer)


def _check_op_type(checker: _Checker, op_type: str, pointer: str) -> None:
    problem, hint = op_type_problem(op_type)
    if problem:
        checker.report(pointer, problem, hint)


def _tensors(checker: _Checker, raws: list[dict[str, Any]], pointer: str) -> tuple[tuple[TensorSpec, ...], list[int]]:
    """The well-shaped tensors of one list, with the length of each one's raw type list."""
    pointers = [child_pointer(pointer, i) for i in range(len(raws))]
    kept = [(raw, p) for raw, p in zip(raws, pointers) if not checker.is_broken(p)]
    return tuple(_tensor(checker, raw, p) for raw, p in kept), [len(raw["type"]) for raw, _ in kept]


def _tensor(checker: _Checker, raw: dict[str, Any], pointer: str) -> TensorSpec:
    _check_name(checker, raw["name"], child_pointer(pointer, "name"))
    dtypes = tuple(_dtype(checker, spelling, child_pointer(pointer, f"type[{i}]"))
                   for i, spelling in enumerate(raw["type"]))
    formats = _formats(checker, raw.get("format", ["ND"]), len(dtypes), child_pointer(pointer, "format"))
    return TensorSpec(name=raw["name"], param_type=raw.get("param_type", "required"),
                      dtypes=tuple(d for d in dtypes if d is not None), formats=formats, pointer=pointer)


def _check_name(checker: _Checker, name: str, pointer: str) -> None:
    problem = name_problem(name)
    if problem:
        checker.report(pointer, problem)


def _dtype(checker: _Checker, spelling: str, pointer: str) -> DType | None:
    dtype = lookup_dtype(spelling)
    if dtype is None:
        checker.report(pointer, f'"{spelling}" is not a dtype', did_you_mean(spelling, DTYPE_ALIASES))
    return dtype


def _formats(checker: _Checker, formats: list[str], count: int, pointer: str) -> tuple[str, ...]:
    for i, name in enumerate(formats):
        if name not in FORMATS:
            checker.report(child_pointer(pointer, i), f'"{name}" is not a format', did_you_mean(name, FORMATS))
    if len(formats) not in (1, count):
        checker.report(pointer, f"format lists {len(formats)} entries but type lists {count}",
                       "give one format (used for every dtype) or one per dtype")
    return tuple(formats) if len(formats) == count else tuple(formats[:1]) * count


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

"""Backward formulas for a project's ops, read from a derivatives file (derivatives.yaml), as torchgen reads its own.

The format (also described in opkit/schemas/derivatives.schema.json)::

    - name: gelu_custom                      # the forward op (snake_case name or OpType)
      x: gelu_custom_grad(grad, x)           # gradient of input x: a call of another op of the project
    - name: mul_custom
      x: mul_custom(grad, y)
      y: mul_custom(grad, x)
    - name: split_custom                     # several outputs: grads[i] and result0, result1, ...
      x: concat_custom(grads[0], grads[1])
    - name: scale_custom
      x: scale_custom(grad, alpha=alpha)     # attrs by keyword, by name of the forward op's attr
    - name: atan2_custom
      x, y: atan2_custom_grad(grad, x, y)    # one call yielding one gradient per listed input

A formula may read `grad` (one output) or `grads[i]` (several), the forward inputs, `result`/`result<i>` and the
forward attrs; it calls ops of the same prototype by snake_case name, tensors positionally, attrs by keyword; calls
nest; `op(...)[i]` picks output i; + - * / and unary minus work on tensors. Inputs without a formula get no
gradient. Every mistake is a located `SpecError` (file:line:column) raised by `load_derivatives`.
"""
from __future__ import annotations

import ast
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:   # imported where used: 80-170 ms that `opkit build`/`test` never need
    import jsonschema

from opkit.errors import Problem, SpecError
from opkit.spec.derivatives_formula import check_formula, parse_formula, result_names
from opkit.spec.model import OpSpec, SpecFile
from opkit.spec.schema import did_you_mean, pointer_of
from opkit.spec.source import Located, child_pointer, read_source

__all__ = ["Formula", "OpDerivatives", "Derivatives", "load_derivatives", "derivatives_schema"]


@dataclass(frozen=True)
class Formula:
    """One backward formula: the gradient(s) of `inputs` (one name, or several sharing a multi-output call)."""

    inputs: tuple[str, ...]
    text: str
    line: int
    column: int
    names: frozenset[str]                            # names read: inputs, attrs, result*, grad, grads[i]
    calls: frozenset[str]                            # project ops called
    tree: ast.expr = field(compare=False, repr=False)

    def expression(self, namespace: str = "") -> str:
        """Python source of the formula with each op call prefixed by `namespace` (e.g. `torch.ops.pkg`)."""
        if not namespace:
            return ast.unparse(self.tree)
        prefix = namespace.rstrip(".") + "."
        tree = _Prefixer(prefix, self.calls).visit(_copy(self.tree))
        return ast.unparse(tree)


@dataclass(frozen=True)
class OpDerivatives:
    """The formulas of one forward op and what its backward needs saved from the forward call."""

    op: OpSpec
    formulas: tuple[Formula, ...]

    @property
    def differentiable(self) -> tuple[str, ...]:
        """Inputs that get a gradient, in the op's input order."""
        have = {name for f in self.formulas for name in f.inputs}
        return tuple(t.name for t in self.op.inputs if t.name in have)

    @property
    def saved_inputs(self) -> tuple[str, ...]:
        return tuple(t.name for t in self.op.inputs if t.name in self._used)

    @property
    def saved_results(self) -> tuple[str, ...]:
        return tuple(r for r in result_names(self.op) if r in self._used)

    @property
    def saved_attrs(self) -> tuple[str, ...]:
        return tuple(a.name for a in self.op.attrs if a.name in self._used)

    @property
    def _used(self) -> frozenset[str]:
        return frozenset().union(*(f.names for f in self.formulas))

    def formula_for(self, input_name: str) -> Formula | None:
        return next((f for f in self.formulas if input_name in f.inputs), None)


@dataclass(frozen=True)
class Derivatives:
    path: Path
    ops: tuple[OpDerivatives, ...]

    def for_op(self, name: str) -> OpDerivatives | None:
        """The derivatives of the op with this snake_case name (or OpType), or None when it has none."""
        return next((d for d in self.ops if name in (d.op.name, d.op.op_type)), None)


@lru_cache(maxsize=1)
def derivatives_schema() -> dict[str, Any]:
    """The schema shipped in opkit/schemas/derivatives.schema.json (checked against its metaschema by tests/test_spec_loading.py, not on every run)."""
    text = resources.files("opkit").joinpath("schemas/derivatives.schema.json").read_text(encoding="utf-8")
    schema = json.loads(text)
    return schema


def load_derivatives(path: str | Path, spec_file: SpecFile, *, ops: Sequence[OpSpec] | None = None) -> Derivatives:
    """Read a derivatives file for the ops of `spec_file` (or the subset `ops` being generated: entries of the
    file's other ops are then skipped, and formulas may call only ops of the subset).

    Raises SpecError carrying every problem of the file, each at file:line:column.
    """
    path = Path(path)
    source = read_source(path, str(path))
    if source.data is None and not source.problems:
        source.problems.append(Problem(source.label, 1, 1, "", "file is empty; expected a list of entries "
                                                               "(- name: OP, INPUT: FORMULA)"))
    if source.data is None:
        raise SpecError(source.problems)
    problems, broken = _check_shape(source)
    known = {op.name: op for op in (ops if ops is not None else spec_file.ops)}
    entries: list[OpDerivatives] = []
    if isinstance(source.data, list):
        loader = _EntryLoader(source, known, spec_file.ops, problems)
        for i, entry in enumerate(source.data):
            if pointer_of([i]) not in broken and isinstance(entry, dict):
                loaded = loader.entry(i, entry, broken)
                if loaded is not None:
                    entries.append(loaded)
    if source.problems or problems:
        raise SpecError(source.problems + problems)
    return Derivatives(path=path, ops=tuple(entries))


def _check_shape(source: Located) -> tuple[list[Problem], set[str]]:
    import jsonschema

    validator = jsonschema.Draft202012Validator(derivatives_schema())
    problems: list[Problem] = []
    broken: set[str] = set()
    for error in validator.iter_errors(source.data):
        pointer = pointer_of(error.absolute_path)
        if error.validator == "propertyNames":
            pointer = child_pointer(pointer, str(error.instance))
            line, column = source.positions.of_key(pointer)
            message = f'"{error.instance}" is not an input name (nor several, comma-separated)'
        else:
            line, column = source.positions.of_value(pointer)
            message = _shape_message(error, pointer)
        problems.append(Problem(source.label, line, column, pointer, message))
        broken.add(pointer)
    return problems, broken


def _shape_message(error: jsonschema.ValidationError, pointer: str) -> str:
    if error.validator == "type" and not pointer:
        return "expected a list of entries (- name: OP, INPUT: FORMULA)"
    if error.validator == "type" and error.validator_value == "string":
        return "a formula must be a string (an expression such as op_grad(grad, x))"
    if error.validator == "required":
        return 'missing key "name" (the forward op)'
    if error.validator == "minLength":
        return "the formula is empty"
    if error.validator == "minItems":
        return "the file lists no entries"
    return error.message


class _EntryLoader:
    """Turns one `- name: ...` entry into OpDerivatives, appending located problems as it goes."""

    def __init__(self, source: Located, ops: dict[str, OpSpec], all_ops: Iterable[OpSpec],
                 problems: list[Problem]) -> None:
        self.source = source
        self.ops = ops                                       # the ops being generated
        self.all = {op.name: op for op in all_ops}           # every op of the prototype file
        self.by_type = {op.op_type: op for op in self.all.values()}
        self.problems = problems
        self.seen_ops: set[str] = set()

    def problem(self, pointer: str, message: str, hint: str = "", *, key: bool = False,
                at: tuple[int, int] | None = None) -> None:
        where = at or (self.source.positions.of_key(pointer) if key else self.source.positions.of_value(pointer))
        self.problems.append(Problem(self.source.label, *where, pointer, message, hint))

    def forward(self, i: int, entry: dict[str, Any]) -> OpSpec | None:
        pointer = child_pointer(pointer_of([i]), "name")
        name = entry["name"]
        op = self.all.get(name) or self.by_type.get(name)
        if op is None:
            hint = did_you_mean(name, [*self.all, *self.by_type]) or f"ops of the prototype: {', '.join(self.all)}"
            self.problem(pointer, f'unknown forward op "{name}"', hint)
        elif op.name not in self.ops:
            return None   # an op of the file that is not being generated: its entry does not apply
        elif op.name in self.seen_ops:
            self.problem(pointer, f'forward op "{name}" has another entry above', "merge the two entries")
            op = None
        else:
            self.seen_ops.add(op.name)
        return op

    def entry(self, i: int, entry: dict[str, Any], broken: set[str]) -> OpDerivatives | None:
        op = self.forward(i, entry)
        if op is None:
            return None
        formulas: list[Formula] = []
        listed: set[str] = set()
        for key, text in entry.items():
            pointer = child_pointer(pointer_of([i]), key)
            if key == "name" or pointer in broken:
                continue
            names = self.input_names(op, key, pointer, listed)
            formula = self.formula(op, names, text, pointer, len(key.split(",")))
            if formula is not None and names:
                formulas.append(formula)
        if not formulas and len(entry) == 1:
            self.problem(child_pointer(pointer_of([i]), "name"), f"{op.name}: no formula given",
                         f"add one per differentiable input, e.g. {op.inputs[0].name}: OP(grad, ...)")
        return OpDerivatives(op, tuple(formulas))

    def input_names(self, op: OpSpec, key: str, pointer: str, listed: set[str]) -> tuple[str, ...]:
        inputs = {t.name: t for t in op.inputs}
        good: list[str] = []
        for name in (part.strip() for part in key.split(",")):
            tensor = inputs.get(name)
            if tensor is None:
                hint = did_you_mean(name, inputs) or f"its inputs: {', '.join(inputs)}"
                self.problem(pointer, f'{op.name} has no input "{name}"', hint, key=True)
            elif name in listed:
                self.problem(pointer, f'input "{name}" is listed twice', "give each input one formula", key=True)
            elif all(d.name == "bool" or d.name.startswith(("int", "uint")) for d in tensor.dtypes):
                self.problem(pointer, f'input "{name}" is not differentiable: its dtypes are '
                                      f'{", ".join(dict.fromkeys(d.name for d in tensor.dtypes))}',
                             "only floating-point inputs have gradients; drop this formula", key=True)
            elif tensor.param_type == "dynamic":
                self.problem(pointer, f'input "{name}" is dynamic (a list of tensors); gradients of dynamic '
                                      "inputs are not supported", key=True)
            else:
                good.append(name)
            listed.add(name)
        return tuple(good)

    def formula(self, op: OpSpec, names: tuple[str, ...], text: str, pointer: str,
                key_count: int) -> Formula | None:
        line, column = _formula_start(self.source, pointer)
        tree, syntax = parse_formula(text)
        if syntax is not None or tree is None:
            offset = syntax.offset if syntax else 0
            self.problem(pointer, syntax.message if syntax else "empty formula", at=(line, column + offset))
            return None
        check = check_formula(tree, text, op, self.ops)
        for finding in check.findings:
            self.problem(pointer, finding.message, finding.hint, at=(line, column + finding.offset))
        if not check.findings and check.arity != key_count:
            self.problem(pointer, f"the formula yields {check.arity} value{'s' if check.arity > 1 else ''} for "
                                  f"{key_count} input{'s' if key_count > 1 else ''}",
                         "list one input per value (x, y: op(...)) or pick one with [i]", at=(line, column))
        if check.findings:
            return None
        return Formula(names, text, line, column, frozenset(check.names), frozenset(check.calls), tree)


def _formula_start(source: Located, pointer: str) -> tuple[int, int]:
    """line:column of the formula's first character: past an opening quote; for a block scalar (`|`, `>`), the
    first line of its content (opkit formulas fit on one line, so columns stay exact there)."""
    line, column = source.positions.of_value(pointer)
    lines = source.text.splitlines()
    if not 0 < line <= len(lines):
        return line, column
    text = lines[line - 1]
    first = text[column - 1:column]
    if first in ("'", '"'):
        return line, column + 1
    if first in ("|", ">") and line < len(lines):
        content = lines[line]
        return line + 1, len(content) - len(content.lstrip()) + 1
    return line, column


class _Prefixer(ast.NodeTransformer):
    def __init__(self, prefix: str, calls: Iterable[str]) -> None:
        self.prefix = prefix
        self.calls = set(calls)

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id in self.calls:
            node.func = ast.parse(self.prefix + node.func.id, mode="eval").body
        return node


def _copy(tree: ast.expr) -> ast.expr:
    return ast.parse(ast.unparse(tree), mode="eval").body

"""Check one backward formula (a Python expression) against the forward op and the project's ops.

A formula is parsed with `ast` (mode "eval") and walked once: every call must name an op of the project with a
matching arity, every name must be a forward input, an attr, `grad`/`grads[i]` or `result`/`result<i>`. Findings
are (offset, message, hint) with `offset` a 0-based column inside the formula text, so the loader can turn them into
file:line:column positions.
"""
from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import dataclass, field

from opkit.spec.model import OpSpec
from opkit.spec.schema import did_you_mean

__all__ = ["Finding", "FormulaCheck", "check_formula", "parse_formula", "result_names"]

_BINARY = (ast.Add, ast.Sub, ast.Mult, ast.Div)


@dataclass(frozen=True)
class Finding:
    offset: int        # 0-based column in the formula text
    message: str
    hint: str = ""


@dataclass
class FormulaCheck:
    """The outcome of checking one formula: findings, the names it reads, the ops it calls, how many values."""

    findings: list[Finding] = field(default_factory=list)
    names: set[str] = field(default_factory=set)
    calls: set[str] = field(default_factory=set)
    arity: int = 1


def parse_formula(text: str) -> tuple[ast.expr | None, Finding | None]:
    """The expression tree, or a syntax finding located in `text` (YAML folds a formula onto one line)."""
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as exc:
        offset = (exc.offset or 1) - 1 + (len(text) - len(text.lstrip()))
        return None, Finding(max(offset, 0), f"formula is not a valid expression: {exc.msg}")
    return tree.body, None


def result_names(op: OpSpec) -> tuple[str, ...]:
    """`result` for a single-output op, `result0`, `result1`, ... for several."""
    if len(op.outputs) == 1:
        return ("result",)
    return tuple(f"result{i}" for i in range(len(op.outputs)))


class _Checker:
    def __init__(self, forward: OpSpec, ops: Mapping[str, OpSpec], shift: int) -> None:
        self.forward = forward
        self.ops = ops
        self.shift = shift    # where the stripped formula starts in the original text
        self.out = FormulaCheck()
        self.inputs = {t.name for t in forward.inputs}
        self.attrs = {a.name for a in forward.attrs}
        self.results = set(result_names(forward))

    def report(self, node: ast.AST, message: str, hint: str = "") -> None:
        self.out.findings.append(Finding(getattr(node, "col_offset", 0) + self.shift, message, hint))

    def known_names(self) -> list[str]:
        grads = ["grad"] if len(self.forward.outputs) == 1 else ["grads"]
        return grads + sorted(self.inputs) + sorted(self.results) + sorted(self.attrs)

    def value(self, node: ast.expr) -> int:
        """Check `node`; return how many values it yields (a call of a multi-output op yields several)."""
        if isinstance(node, ast.Call):
            return self.call(node)
        if isinstance(node, ast.Name):
            self.name(node)
            return 1
        if isinstance(node, ast.Subscript):
            return self.subscript(node)
        if isinstance(node, ast.Constant) and type(node.value) in (int, float, bool, str):
            return 1
        if isinstance(node, ast.BinOp) and isinstance(node.op, _BINARY):
            self.single(node.left, "an operand")
            self.single(node.right, "an operand")
            return 1
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            self.single(node.operand, "an operand")
            return 1
        self.report(node, f"`{ast.unparse(node)}` is not allowed in a formula",
                    "use calls of the project's ops, names, numbers, strings, + - * / and [i]")
        return 1

    def single(self, node: ast.expr, role: str) -> None:
        count = self.value(node)
        if count != 1:
            self.report(node, f"{role} `{ast.unparse(node)}` yields {count} values",
                        "pick one with [i]")

    def name(self, node: ast.Name) -> None:
        ident = node.id
        if ident == "grad" and len(self.forward.outputs) > 1:
            self.report(node, f"`grad` is ambiguous: {self.forward.name} has {len(self.forward.outputs)} outputs",
                        "use grads[i] for the gradient of output i")
        elif ident == "grads" and len(self.forward.outputs) == 1:
            self.report(node, f"`grads` is for ops with several outputs; {self.forward.name} has one",
                        "use grad")
        elif ident == "grads":
            self.report(node, "`grads` must be indexed", "use grads[i] for the gradient of output i")
        elif ident == "grad" or ident in self.inputs or ident in self.attrs or ident in self.results:
            pass
        else:
            hint = did_you_mean(ident, self.known_names()) or f"known names: {', '.join(self.known_names())}"
            self.report(node, f"unknown argument `{ident}` in a formula of {self.forward.name}", hint)
        self.out.names.add(ident)

    def subscript(self, node: ast.Subscript) -> int:
        index = node.slice
        if not (isinstance(index, ast.Constant) and type(index.value) is int):
            self.report(node, f"`{ast.unparse(node)}`: the index must be a whole number")
            return 1
        i = index.value
        if isinstance(node.value, ast.Name) and node.value.id == "grads":
            count = len(self.forward.outputs)
            if count == 1:
                self.name(node.value)
            elif not 0 <= i < count:
                self.report(index, f"grads[{i}] is out of range: {self.forward.name} has {count} outputs")
            self.out.names.add(f"grads[{i}]")
            return 1
        count = self.value(node.value)
        if count == 1:
            self.report(node, f"`{ast.unparse(node.value)}` yields one value; it cannot be indexed")
        elif not 0 <= i < count:
            self.report(index, f"index {i} is out of range: `{ast.unparse(node.value)}` yields {count} values")
        return 1

    def call(self, node: ast.Call) -> int:
        if not isinstance(node.func, ast.Name):
            self.report(node, f"`{ast.unparse(node.func)}` is not an op of this project",
                        "call the project's ops by their snake_case names")
            return 1
        op = self.ops.get(node.func.id)
        if op is None:
            hint = did_you_mean(node.func.id, self.ops) or f"ops of this project: {', '.join(sorted(self.ops))}"
            self.report(node, f"unknown op `{node.func.id}`", hint)
            for arg in [*node.args, *(k.value for k in node.keywords)]:
                self.value(arg)
            return 1
        self.out.calls.add(op.name)
        self.arguments(node, op)
        return len(op.outputs)

    def arguments(self, node: ast.Call, op: OpSpec) -> None:
        names = [t.name for t in op.inputs]
        required = sum(t.param_type != "optional" for t in op.inputs)
        if not required <= len(node.args) <= len(names):
            want = f"{len(names)}" if required == len(names) else f"{required} to {len(names)}"
            self.report(node, f"{op.name} takes {want} tensor arguments ({', '.join(names)}), "
                              f"got {len(node.args)}",
                        "pass attrs by keyword: name=value" if len(node.args) > len(names) else "")
        for arg in node.args:
            self.single(arg, "argument")
        bound = set(names[:len(node.args)])
        attrs = {a.name: a for a in op.attrs}
        unknown = False
        for kw in node.keywords:
            if kw.arg is None or (kw.arg not in attrs and kw.arg not in names):
                shown = "**" if kw.arg is None else kw.arg
                hint = did_you_mean(shown, [*attrs, *names]) or (
                    f"its attrs: {', '.join(attrs)}" if attrs else f"{op.name} has no attrs")
                self.report(kw, f"{op.name} has no argument `{shown}`", hint)
                unknown = True
            elif kw.arg in bound:
                self.report(kw, f"{op.name}: argument `{kw.arg}` is given twice")
            bound.add(kw.arg or "")
            self.single(kw.value, f"argument {kw.arg}")
        missing = [a.name for a in op.attrs if a.default is None and a.name not in bound]
        if missing and not unknown:   # a misspelt attr is reported once, as unknown
            self.report(node, f"{op.name} needs attr{'s' if len(missing) > 1 else ''} {', '.join(missing)}",
                        f"pass it by keyword: {missing[0]}=...")


def check_formula(tree: ast.expr, text: str, forward: OpSpec, ops: Mapping[str, OpSpec]) -> FormulaCheck:
    """Check a parsed formula of `forward`; `ops` maps snake_case names to the project's ops."""
    checker = _Checker(forward, ops, len(text) - len(text.lstrip()))
    checker.out.arity = checker.value(tree)
    return checker.out

"""Every valid prototype gives Python that parses, and one signature everywhere: the numpy entry point
(`<pkg>.<op>`), the torch custom_op (hence its schema), the reference and the generated tests' calls agree.

Inputs are positional in IR order; an optional input defaults to None only when no required or dynamic input follows
it (the fuzz that found `def f(bias=None, x)` turned random prototypes into packages that could not be imported).
Attrs are keyword-only in OpDef order, required and defaulted mixed. These render projects in memory; building and
calling the ops is tests/test_robustness_probe.py's fuzz sample.
"""
from __future__ import annotations

import ast
import itertools
import json
from pathlib import Path
from typing import Any, Optional

import pytest

from opkit.generate import render_project
from opkit.spec import load_spec
from tests.prototype_fuzz import prototype_text, random_ops

_COUNTER = itertools.count()
SEEDS = range(40)


def _functions(source: str, filename: str) -> dict[str, ast.FunctionDef]:
    tree = ast.parse(source, filename)   # a SyntaxError fails the test with the file and line
    compile(tree, filename, "exec")
    return {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}


def _params(fn: ast.FunctionDef) -> tuple[list[str], list[str], set[str]]:
    """Positional names, keyword-only names, names with a default."""
    args = fn.args
    positional = [a.arg for a in args.posonlyargs + args.args]
    defaulted = set(positional[len(positional) - len(args.defaults):]) if args.defaults else set()
    defaulted |= {a.arg for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None}
    return positional, [a.arg for a in args.kwonlyargs], defaulted


def _rendered(tmp_path: Path, seed: int) -> tuple[Any, dict[str, str]]:
    prototype = tmp_path / f"fuzz{seed}.json"
    prototype.write_text(prototype_text(random_ops(3, seed)))
    spec = load_spec(prototype)
    return spec, {f.path: f.content for f in render_project(spec, package="fuzzpkg").files}


def _file(files: dict[str, str], suffix: str) -> tuple[str, str]:
    return next((path, text) for path, text in files.items() if path.endswith(suffix))


@pytest.mark.parametrize("seed", SEEDS)
def test_random_prototypes_give_one_valid_signature_everywhere(tmp_path: Path, seed: int) -> None:
    spec, files = _rendered(tmp_path, seed)
    numpy_defs = _functions(*reversed(_file(files, "/_ops.py")))
    torch_defs = _functions(*reversed(_file(files, "/_torch.py")))
    reference = _functions(*reversed(_file(files, "tests/reference.py")))
    for op in spec.ops:
        inputs, attrs = [t.name for t in op.inputs], [a.name for a in op.attrs]
        positional, keyword, defaulted = _params(numpy_defs[op.name])
        out = keyword.pop()   # the numpy/torch entry point also takes the caller's outputs, keyword-only, last
        assert out.startswith("out") and out not in inputs + attrs and out in defaulted
        defaulted.discard(out)
        assert (positional, keyword) == (inputs, attrs), op.op_type
        assert _params(torch_defs[op.name]) == _params(reference[op.name]) == (positional, keyword, defaulted)
        assert {a.name for a in op.attrs if a.default is not None} <= defaulted
        assert not {a.name for a in op.attrs if a.default is None} & defaulted
        kinds = [t.param_type for t in op.inputs]
        for i, t in enumerate(op.inputs):   # a default only where every later input is optional too
            assert (t.name in defaulted) == all(k == "optional" for k in kinds[i:]), (op.op_type, t.name)
        # the generated test calls `<pkg>.<op>(*inputs, **ATTRS)`: ATTRS must name every attr and nothing else
        _, test_text = _file(files, f"tests/test_{op.name}.py")
        attrs_line = next(line for line in test_text.splitlines() if line.startswith("ATTRS = "))
        assert set(ast.literal_eval(attrs_line.removeprefix("ATTRS = "))) == set(attrs)


@pytest.mark.parametrize("seed", SEEDS[:10])
def test_random_prototypes_give_schemas_torch_accepts(tmp_path: Path, seed: int) -> None:
    torch = pytest.importorskip("torch")
    spec, files = _rendered(tmp_path, seed)
    _, source = _file(files, "/_torch.py")
    for op in spec.ops:
        line = ast.get_source_segment(source, _functions(source, "_torch.py")[op.name]).split("\n")[0]
        scope: dict[str, Any] = {"torch": torch, "Optional": Optional}
        exec(f"{line}\n    raise NotImplementedError", scope)   # noqa: S102 - generated code under test
        qualified = f"opkit_sig_{next(_COUNTER)}::{op.name}"
        schema = torch.library.custom_op(qualified, scope[op.name], mutates_args=())._opoverload._schema
        assert [a.name for a in schema.arguments] == [t.name for t in op.inputs] + [a.name for a in op.attrs]
        assert [a.kwarg_only for a in schema.arguments] == [False] * len(op.inputs) + [True] * len(op.attrs)


def test_optional_input_before_a_required_one_is_positional_without_default(tmp_path: Path) -> None:
    prototype = tmp_path / "opt_first.json"
    prototype.write_text(json.dumps([{
        "op": "OptFirstCustom",
        "input_desc": [{"name": "x", "param_type": "required", "format": ["ND"], "type": ["float"]},
                       {"name": "bias", "param_type": "optional", "format": ["ND"], "type": ["float"]},
                       {"name": "y", "param_type": "required", "format": ["ND"], "type": ["float"]},
                       {"name": "gate", "param_type": "optional", "format": ["ND"], "type": ["float"]}],
        "output_desc": [{"name": "z", "param_type": "required", "format": ["ND"], "type": ["float"]}],
        "attr": [{"name": "alpha", "param_type": "optional", "type": "float", "default_value": "1.0"},
                 {"name": "axis", "param_type": "required", "type": "int"}]}]))
    files = {f.path: f.content for f in render_project(load_spec(prototype)).files}
    assert "def opt_first_custom(x, bias, y, gate=None, *, alpha=1.0, axis, out=None):" in _file(files, "/_ops.py")[1]
    assert ("def opt_first_custom(x: torch.Tensor, bias: Optional[torch.Tensor], y: torch.Tensor, "
            "gate: Optional[torch.Tensor] = None, *, alpha: float = 1.0, axis: int)") in _file(files, "/_torch.py")[1]


def test_an_input_named_self_is_accepted(tmp_path: Path) -> None:
    # CANN names aten-style inputs `self` (cann-ops kl_div_target_backward): the generated Python takes it as a plain
    # parameter, and keyword calls go through torch.ops (whose __call__ does not take `self` itself).
    torch = pytest.importorskip("torch")
    prototype = tmp_path / "self_input.json"
    prototype.write_text(json.dumps([{
        "op": "SelfInputCustom",
        "input_desc": [{"name": "grad_output", "param_type": "required", "format": ["ND"], "type": ["float"]},
                       {"name": "self", "param_type": "required", "format": ["ND"], "type": ["float"]}],
        "output_desc": [{"name": "y", "param_type": "required", "format": ["ND"], "type": ["float"]}],
        "attr": [{"name": "reduction", "param_type": "optional", "type": "int", "default_value": "0"}]}]))
    files = {f.path: f.content for f in render_project(load_spec(prototype), package="selfpkg").files}
    for path, text in files.items():
        if path.endswith(".py"):
            compile(text, path, "exec")
    assert "def self_input_custom(grad_output, self, *, reduction=0, out=None):" in _file(files, "/_ops.py")[1]
    npu_ops = files["npu_examples/csrc/npu_ops.cpp"]
    assert "EXEC_NPU_CMD(aclnnSelfInputCustom, grad_output, self, reduction, y);" in npu_ops
    _, source = _file(files, "/_torch.py")
    assert "_ENTRIES = {\"self_input_custom\": torch.ops.selfpkg.self_input_custom}" in source
    line = ast.get_source_segment(source, _functions(source, "_torch.py")["self_input_custom"]).split("\n")[0]
    scope: dict[str, Any] = {"torch": torch, "Optional": Optional}
    exec(f"{line}\n    return grad_output - self * (reduction + 1)", scope)   # noqa: S102 - generated code under test
    namespace = f"opkit_self_{next(_COUNTER)}"
    torch.library.custom_op(f"{namespace}::self_input_custom", scope["self_input_custom"], mutates_args=())
    entry = getattr(getattr(torch.ops, namespace), "self_input_custom")   # as _ENTRIES holds it
    g, s = torch.tensor([5.0, 7.0]), torch.tensor([1.0, 2.0])
    assert entry(g, self=s, reduction=1).tolist() == entry(g, s, reduction=1).tolist() == [3.0, 3.0]

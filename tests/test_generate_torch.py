"""The generated torch glue: custom_op signatures torch accepts for every attr type, derivatives.yaml wired into
register_autograd at gen time (bad formulas are located errors), and generated tests that skip without a reference.

These render projects in memory and check the Python they contain; building and running is tests/test_e2e_torch.py.
"""
from __future__ import annotations

import ast
import itertools
import re
import shutil
from pathlib import Path
from typing import Any, Optional

import pytest

from opkit.errors import SpecError
from opkit.generate import generate_project, render_project
from opkit.spec import load_spec

REPO = Path(__file__).resolve().parents[1]
MULTI = REPO / "tests" / "specs" / "golden" / "multi_ops.json"
DERIV_DIR = REPO / "tests" / "specs" / "derivatives"
_COUNTER = itertools.count()


def _files(prototype: Path, **kwargs: Any) -> dict[str, str]:
    return {f.path: f.content for f in render_project(load_spec(prototype), **kwargs).files}


def _custom_op_defs(source: str) -> list[tuple[str, str]]:
    """(op name, `def ...:` line) of every custom_op in a generated _torch.py."""
    return re.findall(r'@torch\.library\.custom_op\("[^"]+::(\w+)".*\n(def .*:)\n', source)


@pytest.mark.parametrize("prototype", [MULTI, DERIV_DIR / "ops.json", REPO / "tests" / "specs" / "valid" /
                                       "attrs_quoted_defaults.json"], ids=lambda p: p.stem)
def test_every_custom_op_signature_is_a_schema_torch_accepts(prototype: Path) -> None:
    torch = pytest.importorskip("torch")
    torch_py = next(text for path, text in _files(prototype).items() if path.endswith("/_torch.py"))
    defs = _custom_op_defs(torch_py)
    assert len(defs) == len(load_spec(prototype).ops)
    for name, line in defs:
        scope: dict[str, Any] = {"torch": torch, "Optional": Optional}
        exec(f"{line}\n    raise NotImplementedError", scope)   # noqa: S102 - generated code under test
        qualified = f"opkit_test_{next(_COUNTER)}::{name}"
        op = torch.library.custom_op(qualified, scope[name], mutates_args=())   # parses the schema, or raises
        assert str(op._opoverload._schema).startswith(qualified)


def test_attr_types_map_to_schema_types() -> None:
    torch_py = _files(MULTI)["python/scale_shift_custom/_torch.py"]
    line = dict(_custom_op_defs(torch_py))["scale_shift_custom"]
    assert "bias: Optional[torch.Tensor] = None" in line
    assert "axis: int," in line                                   # required: no default
    assert "sizes: Optional[list[int]] = None" in line            # list defaults stay with the OpDef
    assert "labels: Optional[str] = None" in line                 # list_string travels as JSON text
    assert "mode: Optional[str] = None" in line                   # a default torch's schema cannot quote
    gather = dict(_custom_op_defs(torch_py))["gather_sum_custom"]
    assert "xs: list[torch.Tensor]" in gather and "-> tuple[torch.Tensor, torch.Tensor]" in gather


def test_derivatives_beside_the_prototype_wire_register_autograd(tmp_path: Path) -> None:
    files = _files(DERIV_DIR / "ops.json", package="dops")
    torch_py = files["python/dops/_torch.py"]
    ast.parse(torch_py)
    assert "gelu_custom.register_autograd(_gelu_custom_backward, setup_context=_gelu_custom_setup_context)" \
        in torch_py
    assert "torch.ops.dops.gelu_custom_grad(grad, x, approximate=approximate)" in torch_py
    assert "gelu_custom_grad.register_autograd" not in torch_py     # no formula: no autograd
    assert "def test_gelu_custom_gradcheck" in files["tests/test_gelu_custom.py"]
    assert "gradcheck" not in files["tests/test_gelu_custom_grad.py"]


def test_gen_notes_which_ops_get_autograd(tmp_path: Path) -> None:
    result = generate_project(load_spec(DERIV_DIR / "ops.json"), tmp_path / "p")
    note = next(n for n in result.notes if n.startswith("derivatives:"))
    assert "wires autograd for gelu_custom" in note and "not generated yet" not in note


def test_derivatives_limited_to_the_selected_ops(tmp_path: Path) -> None:
    files = _files(DERIV_DIR / "ops.json", ops=("GeluCustom", "GeluCustomGrad"), package="g")
    assert "register_autograd" in files["python/g/_torch.py"]


@pytest.mark.parametrize("case", ["unknown_op", "arity_mismatch", "unknown_argument"])
def test_bad_formula_is_a_located_error_at_gen_time(tmp_path: Path, case: str) -> None:
    src = tmp_path / "src"
    src.mkdir()
    shutil.copy(DERIV_DIR / "ops.json", src / "ops.json")
    shutil.copy(DERIV_DIR / "invalid" / f"{case}.yaml", src / "derivatives.yaml")
    expected = (DERIV_DIR / "invalid" / f"{case}.errors.txt").read_text().strip().splitlines()[0]
    with pytest.raises(SpecError) as info:
        generate_project(load_spec(src / "ops.json"), tmp_path / "out")
    first = str(info.value).strip().splitlines()[0]
    assert first.split(":", 1)[1] == expected.split(":", 1)[1]       # same line:col and message, other folder
    assert first.startswith(str(src / "derivatives.yaml"))
    assert not (tmp_path / "out").exists()


def test_fresh_reference_raises_so_correctness_cases_skip() -> None:
    files = _files(MULTI)
    reference = files["tests/reference.py"]
    assert reference.count("raise NotImplementedError(") == 3
    test = files["tests/test_scale_shift_custom.py"]
    assert "testing.call_reference(reference.scale_shift_custom" in test
    assert "test_scale_shift_custom_runs_without_kernel_faults" in test   # runs without a reference


def test_package_imports_torch_glue_only_when_torch_is_imported() -> None:
    init = _files(MULTI)["python/scale_shift_custom/__init__.py"]
    assert 'if _sys.modules.get("torch") is not None:   # None: the program blocked torch (as if not installed)\n    register_torch()\nelse:\n    _call_after_import("torch", register_torch)' in init
    ops = _files(MULTI)["python/scale_shift_custom/_ops.py"]
    assert "import torch" not in ops

"""derivatives.yaml: valid files load into what a backward needs; every bad formula is a located error."""
from __future__ import annotations

from pathlib import Path

import pytest

from opkit.errors import SpecError
from opkit.spec import load_spec
from opkit.spec.derivatives import derivatives_schema, load_derivatives
from opkit.spec.derivatives_render import autograd_code, autograd_context
from opkit.spec.model import SpecFile

HERE = Path(__file__).resolve().parent / "specs" / "derivatives"
INVALID = HERE / "invalid"
CASES = sorted(INVALID.glob("*.yaml"))


@pytest.fixture(scope="module")
def spec() -> SpecFile:
    return load_spec(HERE / "ops.json")


def test_schema_documents_the_format() -> None:
    schema = derivatives_schema()
    assert "grads[i]" in schema["description"] and "result0" in schema["description"]


def test_invalid_corpus_covers_every_kind_of_mistake() -> None:
    names = {c.stem for c in CASES}
    assert {"unknown_op", "unknown_argument", "arity_mismatch", "unknown_forward_op", "input_listed_twice",
            "integer_input", "syntax_error"} <= names
    assert [c.name for c in CASES if not c.with_suffix(".errors.txt").is_file()] == []


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.stem)
def test_invalid_derivatives_raise_exact_located_errors(case: Path, spec: SpecFile,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(INVALID)
    with pytest.raises(SpecError) as caught:
        load_derivatives(case.name, spec)
    assert str(caught.value) == case.with_suffix(".errors.txt").read_text(encoding="utf-8").rstrip("\n")
    assert caught.value.exit_code == 2


def test_valid_file_loads_every_entry(spec: SpecFile) -> None:
    derivs = load_derivatives(HERE / "derivatives.yaml", spec)
    assert [d.op.name for d in derivs.ops] == ["gelu_custom", "mul_custom", "scale_custom", "split_custom",
                                                "gather_custom", "exp_custom"]
    assert derivs.for_op("GeluCustom") is derivs.for_op("gelu_custom")
    assert derivs.for_op("concat_custom") is None


def test_saved_names_are_only_those_the_formulas_read(spec: SpecFile) -> None:
    derivs = load_derivatives(HERE / "derivatives.yaml", spec)
    gelu, mul, exp = derivs.for_op("gelu_custom"), derivs.for_op("mul_custom"), derivs.for_op("exp_custom")
    assert gelu is not None and mul is not None and exp is not None
    assert (gelu.saved_inputs, gelu.saved_results, gelu.saved_attrs) == (("x",), (), ("approximate",))
    assert (mul.saved_inputs, mul.differentiable) == (("y",), ("x", "y"))
    assert (exp.saved_inputs, exp.saved_results) == ((), ("result",))
    gather = derivs.for_op("gather_custom")
    assert gather is not None and gather.differentiable == ("x",) and gather.formula_for("index") is None


def test_expression_prefixes_only_project_op_calls(spec: SpecFile) -> None:
    derivs = load_derivatives(HERE / "derivatives.yaml", spec)
    gelu, mul = derivs.for_op("gelu_custom"), derivs.for_op("mul_custom")
    assert gelu is not None and mul is not None
    assert gelu.formulas[0].expression("torch.ops.demo") == \
        "torch.ops.demo.gelu_custom_grad(grad, x, approximate=approximate)"
    assert mul.formulas[0].expression("_ops.") == "_ops.split_custom(_ops.mul_custom(grad, y))"
    assert mul.formulas[0].expression() == "split_custom(mul_custom(grad, y))"
    assert (gelu.formulas[0].line, gelu.formulas[0].column) == (3, 6)


def test_autograd_code_for_single_and_multi_output_ops(spec: SpecFile) -> None:
    derivs = load_derivatives(HERE / "derivatives.yaml", spec)
    gelu, split = derivs.for_op("gelu_custom"), derivs.for_op("split_custom")
    assert gelu is not None and split is not None
    code = autograd_code(gelu, "torch.ops.demo")
    assert code.grad_params == "grad"
    assert code.setup_params == "ctx, inputs, keyword_only_inputs, output"
    assert code.setup_lines == ("ctx.save_for_backward(inputs[0])",
                                "ctx.opkit_approximate = keyword_only_inputs['approximate']")
    assert code.backward_lines[-1] == "return _opkit_g0,"
    positional = autograd_code(gelu, "torch.ops.demo", attrs_keyword_only=False)
    assert positional.setup_params == "ctx, inputs, output"
    assert positional.setup_lines[-1] == "ctx.opkit_approximate = inputs[1]"
    assert positional.backward_lines[-1] == "return _opkit_g0, None"
    split_code = autograd_code(split, "m")
    assert split_code.grad_params == "*grads"
    assert split_code.setup_lines == ("pass",)
    assert split_code.backward_lines == ("_opkit_g0 = m.concat_custom(grads[0], grads[1])", "return _opkit_g0,")


def test_ops_subset_restricts_what_formulas_may_call(spec: SpecFile, tmp_path: Path) -> None:
    path = tmp_path / "derivatives.yaml"
    path.write_text("- name: exp_custom\n  x: mul_custom(grad, result)\n")
    with pytest.raises(SpecError, match="unknown op `mul_custom`"):
        load_derivatives(path, spec, ops=[spec.op("ExpCustom")])


def test_ops_subset_skips_entries_of_ops_not_generated(spec: SpecFile) -> None:
    derivs = load_derivatives(HERE / "derivatives.yaml", spec, ops=[spec.op("GeluCustom"), spec.op("GeluCustomGrad")])
    assert [d.op.name for d in derivs.ops] == ["gelu_custom"]


def test_autograd_context_is_plain_template_values(spec: SpecFile) -> None:
    derivs = load_derivatives(HERE / "derivatives.yaml", spec)
    ctx = autograd_context(derivs, "exp_custom", "torch.ops.demo")
    assert ctx == {"op": "exp_custom", "setup_params": "ctx, inputs, output", "grad_params": "grad",
                   "setup_lines": ("ctx.save_for_backward(output)",),
                   "backward_lines": ("result, = ctx.saved_tensors",
                                      "_opkit_g0 = torch.ops.demo.mul_custom(grad, result)", "return _opkit_g0,")}
    assert autograd_context(derivs, "concat_custom", "m") is None
    assert autograd_context(None, "exp_custom", "m") is None


@pytest.mark.parametrize("text", ["", "# only a comment\n"])
def test_empty_file_is_a_located_error(spec: SpecFile, tmp_path: Path, text: str) -> None:
    path = tmp_path / "derivatives.yaml"
    path.write_text(text)
    with pytest.raises(SpecError, match=r"derivatives.yaml:1:1: file is empty"):
        load_derivatives(path, spec)


def test_missing_file_is_a_located_error(spec: SpecFile, tmp_path: Path) -> None:
    with pytest.raises(SpecError, match="cannot read file"):
        load_derivatives(tmp_path / "nope.yaml", spec)

"""What `opkit gen` renders in npu_examples/ for parameter kinds the goldens do not show: an optional first input
(outputs shaped like it, checked present) and an op the example cannot call (named, with the reason, and left out of
the registration, the tests and the converters). Running the example: tests/test_generated_npu_examples.py."""
from __future__ import annotations

import json
from pathlib import Path

from opkit.generate.project import render_project
from opkit.spec import load_spec


def _tensor(name: str, param: str = "required") -> dict:
    return {"name": name, "param_type": param, "format": ["ND", "ND"], "type": ["fp16", "float"]}


def _render(tmp_path: Path, ops: list[dict]):
    (tmp_path / "ops.json").write_text(json.dumps(ops))
    return render_project(load_spec(tmp_path / "ops.json"))


def _files(tmp_path: Path, ops: list[dict]) -> dict[str, str]:
    return {f.path: f.content for f in _render(tmp_path, ops).files}


def test_optional_first_input_shapes_the_outputs_and_must_be_given(tmp_path: Path) -> None:
    k = {"name": "k", "type": "list_int", "param_type": "optional", "default_value": [1, 2]}
    files = _files(tmp_path, [{"op": "BiasFirstCustom", "input_desc": [_tensor("bias", "optional"), _tensor("x")],
                               "output_desc": [_tensor("y")], "attr": [k]}])
    cpp = files["npu_examples/csrc/npu_ops.cpp"]
    assert 'm.def("bias_first_custom(Tensor? bias, Tensor x, *, int[] k) -> Tensor");' in cpp
    assert "at::Tensor bias_first_custom_npu(const c10::optional<at::Tensor>& bias, const at::Tensor& x, " \
           "at::IntArrayRef k) {" in cpp
    assert 'TORCH_CHECK(bias.has_value(), "BiasFirstCustom: outputs are shaped like bias, which is None");' in cpp
    assert "at::Tensor y = bias_first_custom_alloc(*bias, false);" in cpp
    assert "EXEC_NPU_CMD(aclnnBiasFirstCustom, bias, x, k, y);" in cpp
    assert 'inputs={"bias": bias, "x": x}' in files["npu_examples/npu_converters.py"]


def test_op_the_example_cannot_call_is_named_and_left_out(tmp_path: Path) -> None:
    project = _render(tmp_path, [
        {"op": "AddCustom", "input_desc": [_tensor("x"), _tensor("y")], "output_desc": [_tensor("z")]},
        {"op": "ScaledCustom", "input_desc": [_tensor("x")], "output_desc": [_tensor("y")],
         "attr": [{"name": "scales", "type": "list_float", "param_type": "required"}]},
    ])
    files = {f.path: f.content for f in project.files}
    assert [n for n in project.notes if n.startswith("npu_examples/")] == [
        "npu_examples/: no torch_npu example of ScaledCustom: it has list_float attr 'scales', which its EXEC_NPU_CMD "
        "call does not pass"]
    cpp = files["npu_examples/csrc/npu_ops.cpp"]
    assert "// ScaledCustom: no example." in cpp and "ScaledCustom has list_float attr 'scales'." in cpp
    assert "scaled_custom" not in cpp and 'm.impl("add_custom", &add_custom_npu);' in cpp
    assert "- ScaledCustom has no example: it has list_float attr 'scales'" in files["npu_examples/README.md"]
    for name in ("test_npu_ops.py", "test_graph_mode.py", "npu_converters.py"):
        text = files[f"npu_examples/{name}"]
        assert "scaled_custom" not in text and "add_custom" in text
    assert {f for f in files if f.startswith("npu_examples/")} == {
        "npu_examples/README.md", "npu_examples/setup.py", "npu_examples/csrc/npu_ops.cpp",
        "npu_examples/test_npu_ops.py", "npu_examples/test_graph_mode.py", "npu_examples/npu_converters.py"}

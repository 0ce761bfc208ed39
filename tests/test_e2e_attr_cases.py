"""The generated tests exercise what the prototype declares: README's ScaleCustom with a kernel that ignores its
`scale` attr (it multiplies by the default, 2.0) passes every default-attr case and fails the sampled-attr cases and
a case added in reference.cases_scale_custom(); a kernel that faults in a vector instruction is summarised once,
with its count and the kernel's file:line."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from opkit.check import run as testrun
from opkit.generate import generate_project
from opkit.spec import load_spec

pytestmark = pytest.mark.e2e

_PROTOTYPE = [{
    "op": "ScaleCustom",
    "input_desc": [{"name": "x", "param_type": "required", "format": ["ND", "ND"], "type": ["float16", "float"]}],
    "output_desc": [{"name": "y", "param_type": "required", "format": ["ND", "ND"], "type": ["float16", "float"]}],
    "attr": [{"name": "scale", "param_type": "optional", "type": "float", "default_value": "2.0"}],
}]
_REFERENCE = '''
import numpy as np


def scale_custom(x, *, scale=2.0):
    x = np.asarray(x)
    return (x.astype(np.float64) * scale).astype(x.dtype)


def cases_scale_custom():
    return [{"name": "half-scale", "shape": (5, 100), "attrs": {"scale": 0.5}, "inputs": ("float32",)}]
'''
_MATHS = re.compile(r"^[ \t]*// =+ YOUR MATHS.*?^[ \t]*// =+ end of your maths =+\n", re.S | re.M)
_IGNORES_SCALE = "        Muls(yLocal, xLocal, static_cast<DTYPE_X>(2.0f), count);\n"
_FAULTS = "        Muls(yLocal, xLocal, static_cast<DTYPE_X>(tiling_.scale), count * 0 - 1);  // FAULT\n"


def _project(root: Path, maths: str) -> Path:
    spec = root / "scale_custom.json"
    spec.parent.mkdir(parents=True, exist_ok=True)
    spec.write_text(json.dumps(_PROTOTYPE))
    project = root / "scale_custom"
    generate_project(load_spec(spec), project)
    (project / "tests" / "reference.py").write_text(_REFERENCE)
    kernel = project / "op_kernel" / "scale_custom.cpp"
    kernel.write_text(_MATHS.sub(lambda _: maths, kernel.read_text()))
    return project


def test_a_kernel_that_ignores_an_attr_fails_the_generated_tests(tmp_path: Path) -> None:
    project = _project(tmp_path, _IGNORES_SCALE)
    summary = testrun.run_project_tests(project, target=tmp_path / "site",
                                       keyword="attr_values or extra_cases or matches_reference_numpy")
    failed = {o.test.split("::")[1] for o in summary.outcomes if o.outcome == "failed"}
    assert failed == {
        "test_scale_custom_attr_values_match_reference[float16->float16-small3x37-scale=-0.75]",
        "test_scale_custom_attr_values_match_reference[float32->float32-small3x37-scale=-0.75]",
        "test_scale_custom_extra_cases_match_reference[float32->float32-half-scale5x100]",
    }, summary.render()
    assert summary.count("passed") > 10   # every default-attr case, and the wide values, pass
    text = summary.render()
    assert "scale_custom with scale=-0.75 [float16 -> float16] shape (3, 37):" in text


def test_one_fault_in_many_cases_is_summarised_once_with_its_line(tmp_path: Path) -> None:
    project = _project(tmp_path, _FAULTS)
    summary = testrun.run_project_tests(project, target=tmp_path / "site", keyword="runs_without_kernel_faults")
    kernel = (project / "op_kernel" / "scale_custom.cpp").read_text().splitlines()
    line = next(i for i, text in enumerate(kernel, 1) if "// FAULT" in text)
    text = summary.render()
    fault_lines = [entry for entry in text.splitlines() if f"[scale_custom.cpp:{line}][Muls]" in entry]
    assert len(fault_lines) == 1, text
    where = rf"\[ScaleCustom\]\[Block_\d+\]\[scale_custom.cpp:{line}\]\[Muls\]"
    assert re.match(rf"FAILED \d+ cases: {where} count -1 is negative", fault_lines[0]), text
    report = project / "build" / testrun.REPORT_NAME
    assert f"full report: {report}" in text
    assert report.read_text().count(f"[scale_custom.cpp:{line}][Muls]") >= summary.count("failed") >= 2

"""A crash in the user's host code never takes `opkit test` down: a CANN project (tests/layouts/opdef_project) whose
TilingFunc segfaults on 1-D inputs, as a TilingFunc reading a second dim that is not there does. The generated tests
probe the TilingFunc at collection with a 1-D input (example_shapes.case_shapes): that probe runs in a child process,
so the run reports the crash (op, TilingFunc, the input) as a failure and still runs the cases at the 2-D shapes."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from opkit.check import run as testrun

pytestmark = [pytest.mark.e2e, pytest.mark.compile]

LAYOUTS = Path(__file__).resolve().parent / "layouts"
_CRASH = ("    if (context->GetInputShape(0)->GetStorageShape().GetDimNum() == 1) {\n"
          "        std::raise(SIGSEGV);   // as reading GetDim(1) of a 1-D input past its end does\n"
          "    }\n")


def test_a_tiling_func_that_segfaults_is_a_reported_failure_and_the_other_cases_run(tmp_path: Path) -> None:
    project = tmp_path / "ScaleAxpyCustom"
    shutil.copytree(LAYOUTS / "opdef_project", project)
    tiling = project / "op_host" / "scale_axpy_custom_tiling.cpp"
    text = tiling.read_text()
    anchor = "    tiling->totalLength = "
    assert anchor in text
    tiling.write_text("#include <csignal>\n" + text.replace(anchor, _CRASH + anchor, 1))
    summary = testrun.run_project_tests(project, target=tmp_path / "site",
                                       keyword="tiling_accepts or runs_without_kernel_faults")
    outcomes = {o.test.split("::")[-1]: o for o in summary.outcomes}
    probe = outcomes["test_scale_axpy_custom_tiling_accepts_a_large_input"]
    assert probe.outcome == "failed", summary.render()
    assert "scale_axpy_custom: its TilingFunc crashed (SIGSEGV) on opkit's probe, a (1048576,) input of dtypes " \
           in probe.message, probe.message
    assert "with attrs {" in probe.message and "left out of the cases: (1,) (SIGSEGV)" in probe.message
    faults = [o for name, o in outcomes.items() if "runs_without_kernel_faults" in name]
    assert faults and all(o.outcome == "passed" for o in faults), summary.render()   # the 2-D shapes ran
    assert not summary.ok


def test_the_tiling_probe_gives_paddings_their_values(tmp_path: Path) -> None:
    """tests/layouts/paddings_project: PadShiftCustom's TilingFunc reads its int32 `paddings` input's values (as
    CircularPad's does) and dereferences them unchecked. The collection-time probe gives that input the values the
    cases give it (input_roles.py: [1, 1] beside data of >= 3 elements), not just the data's shape, so the TilingFunc
    tiles instead of crashing, and the cases' numbers match numpy (y = x + paddings[0] + paddings[1]); torch calls
    too, which take no shape-keyed launch plan (it would tile without the paddings' values)."""
    project = tmp_path / "PadShiftCustom"
    shutil.copytree(LAYOUTS / "paddings_project", project)
    summary = testrun.run_project_tests(project, target=tmp_path / "site",
                                       keyword="tiling_accepts or matches_reference")
    outcomes = {o.test.split("::")[-1]: o for o in summary.outcomes}
    probe = outcomes["test_pad_shift_custom_tiling_accepts_a_large_input"]
    assert probe.outcome == "passed", probe.message
    matched = {name: o for name, o in outcomes.items() if "matches_reference" in name}
    assert any("torch" in name for name in matched) and len(matched) >= 8, summary.render()
    assert all(o.outcome == "passed" for o in matched.values()), summary.render()
    assert summary.ok, summary.render()

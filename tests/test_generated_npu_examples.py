"""The torch_npu example `opkit gen` renders into every project (npu_examples/): a project generated from
examples/add_custom, built with its aclnn package, then its example run exactly as its README says under `opkit run`
(setup.py + NpuExtension with EXEC_NPU_CMD, the torch_npu-style test against tests/reference.py, graph mode with the
torchair converter)."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from opkit.generate import generate_project
from opkit.spec import load_spec

REPO = Path(__file__).resolve().parents[1]


def _readme_commands(readme: Path) -> str:
    blocks = re.findall(r"^```\n(.*?)^```", readme.read_text(encoding="utf-8"), flags=re.S | re.M)
    assert len(blocks) == 1, f"{readme}: expected one command block, found {len(blocks)}"
    return blocks[0]


@pytest.mark.e2e
@pytest.mark.compile
def test_generated_npu_example_runs_as_its_readme_says(monkeypatch):
    """Builds the op (with its aclnn package, in the suite's cann-root) and the extension; the npu device library is
    the one tests/test_torch_npu_standin.py builds (same cache). Everything lives under build/ and is reused."""
    work = REPO / "build" / "gen-npu-example"
    monkeypatch.setenv("OPKIT_ACLNN", "1")
    monkeypatch.setenv("OPKIT_TORCH_NPU_CACHE", str(REPO / "build" / "torch-npu-cache"))
    monkeypatch.setenv("PATH", os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]]))
    for var in ("ASCEND_CUSTOM_OPP_PATH", "ASCEND_OPP_PATH", "ASCEND_HOME_PATH", "OPKIT_OP_PLUGIN", "PYTHONPATH"):
        monkeypatch.delenv(var, raising=False)
    generate_project(load_spec(REPO / "examples" / "add_custom" / "add_custom.json"), work, force=True)
    script = _readme_commands(work / "npu_examples" / "README.md")
    assert "opkit build ." in script and "opkit run -- python test_graph_mode.py" in script, script
    # The README's lines as a user types them, `opkit` and `python` being this environment's.
    result = subprocess.run(["bash", "-euxc", script], cwd=work, capture_output=True, text=True)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-8000:]
    ran = re.findall(r"^Ran (\d+) tests?", output, flags=re.M)
    assert ran == ["1", "1"] and output.count("\nOK") == 2, output[-8000:]
    assert "skipped" not in output, output[-8000:]   # add_custom's reference is written: nothing may skip

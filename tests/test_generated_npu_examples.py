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

from tests.session_cache import example_with_aclnn

REPO = Path(__file__).resolve().parents[1]


def _readme_commands(readme: Path) -> str:
    blocks = re.findall(r"^```\n(.*?)^```", readme.read_text(encoding="utf-8"), flags=re.S | re.M)
    assert len(blocks) == 1, f"{readme}: expected one command block, found {len(blocks)}"
    return blocks[0]


@pytest.mark.e2e
@pytest.mark.compile
def test_generated_npu_example_runs_as_its_readme_says(monkeypatch, tmp_path_factory):
    """The op is the session's build of examples/add_custom with its aclnn package (tests/session_cache.py, shared with
    tests/test_torch_npu_standin.py), where the README's `opkit build .` runs again (a no-op build that installs the
    package again in the suite's cann-root); then the extension, built as the README says. The npu device library is
    the one tests/test_torch_npu_standin.py builds (same cache under build/)."""
    monkeypatch.setenv("OPKIT_ACLNN", "1")
    monkeypatch.setenv("OPKIT_TORCH_NPU_CACHE", str(REPO / "build" / "torch-npu-cache"))
    monkeypatch.setenv("PATH", os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]]))
    for var in ("ASCEND_CUSTOM_OPP_PATH", "ASCEND_OPP_PATH", "ASCEND_HOME_PATH", "OPKIT_OP_PLUGIN", "PYTHONPATH"):
        monkeypatch.delenv(var, raising=False)
    outputs: list[str] = []

    def build(project: Path) -> None:   # under the session cache's lock: nothing else builds the project meanwhile
        script = _readme_commands(project / "npu_examples" / "README.md")
        assert "opkit run -- python test_graph_mode.py" in script, script
        first, rest = script.split("\n", 1)
        assert first == "opkit build .", script
        outputs.extend([_run(first, project), rest])

    work = example_with_aclnn(tmp_path_factory, "add_custom", build)
    built, rest = outputs
    # The README's other lines as a user types them, `opkit` and `python` being this environment's.
    output = built + _run(rest, work)
    ran = re.findall(r"^Ran (\d+) tests?", output, flags=re.M)
    assert ran == ["1", "1"] and output.count("\nOK") == 2, output[-8000:]
    assert "skipped" not in output, output[-8000:]   # add_custom's reference is written: nothing may skip


def _run(script: str, cwd: Path) -> str:
    result = subprocess.run(["bash", "-euxc", script], cwd=cwd, capture_output=True, text=True)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-8000:]
    return output

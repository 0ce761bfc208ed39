"""An MC2 op end to end, as CANN's best-practice samples run theirs: tests/hccl/MatmulCommCustom (a CANN-layout
project: OpDef with MC2().HcclGroup, Mc2CcTilingConfig in its TilingFunc, a kernel whose cube cores compute while core
0 hands AllGather, AllReduce and ReduceScatter to HCCL's server) built by `opkit build`, and its AclNNInvocation-style
program (tests/hccl/matmul_comm_invocation: HcclCommInitAll over 4 devices, one thread per rank) built by its own
CMakeLists against `opkit cann-root` and checked by its own verify script. Ranks that disagree on a collective fail
with a message naming both, instead of hanging.
"""
from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from opkit.build.cann_root import ensure_cann_root
from opkit.build.project import build_project
from tests.session_cache import own_cann_root

pytestmark = [pytest.mark.compile, pytest.mark.e2e]

HERE = Path(__file__).resolve().parent / "hccl"


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    tmp = tmp_path_factory.mktemp("mc2")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("OPKIT_ACLNN", "1")   # conftest turns the aclnn package off for every other build
        # a tree of its own: its aclnn packages stay installed while its tests run
        mp.setenv("OPKIT_CANN_ROOT", str(own_cann_root(tmp_path_factory, "hccl")))
        root = ensure_cann_root()
        shutil.copytree(HERE / "MatmulCommCustom", tmp / "MatmulCommCustom")
        build_project(tmp / "MatmulCommCustom", jobs=2)
    shutil.copytree(HERE / "matmul_comm_invocation", tmp / "invocation")
    yield root, tmp / "invocation"


def _run(root: Path, folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ASCEND_", "OPKIT_ACL_DEVICE"))}
    env["ASCEND_INSTALL_PATH"] = str(root)
    return subprocess.run(["bash", "run.sh", *args], cwd=folder, env=env, capture_output=True, text=True,
                          timeout=900)


def test_mc2_op_runs_on_four_ranks_with_numpys_numbers(program: tuple[Path, Path]) -> None:
    result = _run(*program)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "test pass" in result.stdout
    assert sorted(line for line in result.stdout.splitlines() if line.startswith("[INFO] rank")) == [
        f"[INFO] rank {r} done" for r in range(4)]


def test_ranks_that_disagree_fail_naming_both(program: tuple[Path, Path]) -> None:
    result = _run(*program, "mismatch")
    assert result.returncode != 0
    errors = [line for line in result.stdout.splitlines() if line.startswith("[ERROR] rank")]
    assert len(errors) == 4, result.stdout + result.stderr
    assert all("differs between ranks: rank 0 prepared AllGather (count 1024" in e for e in errors), errors
    assert "rank 1 AllGather (count 512" in errors[0]

"""Shared fixtures. Small inline fixtures live in the test files; only cross-cutting ones are here."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

# `opkit cc` keeps its precompiled simulator header in a cache (opkit/build/pch.py): the tests' goes under build/, beside
# the compiled test programs, instead of the user's ~/.cache.
os.environ.setdefault("OPKIT_PCH_DIR", str(REPO / "build" / "pch"))
# `opkit build` also makes and installs each op's aclnn package (libcust_opapi.so) in the tree of `opkit cann-root`:
# 7+ s more per build, which only the aclnn tests need (they turn it back on). The tree the tests use is their own.
os.environ.setdefault("OPKIT_ACLNN", "0")
os.environ.setdefault("OPKIT_CANN_ROOT", str(REPO / "build" / "cann-root"))
# The programs' ACL errors go to CANN's process log (opkit/sim/plog.h): under build/, not the user's ~/ascend/log.
os.environ.setdefault("ASCEND_PROCESS_LOG_PATH", str(REPO / "build" / "ascend-log"))

# Projects the tests build and run as their users would (their own test files need the stand-ins `opkit run` puts on
# the path): never collected by this suite.
collect_ignore = ["torch_npu_project", "aclnn"]


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO


# The slowest files without e2e tests (a minute or more of compiling each, measured with --durations).
_SLOW_FILES = ("test_aclnn_invocation.py", "runtime/test_vector.py", "runtime/test_sanitizers.py",
               "test_glue_host_tiling.py", "test_kernel_launch_programs.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Files with end-to-end tests first, then the other slow ones, each file's tests kept in order. The two workers
    (scripts/test.sh) take whole files in this order (`--dist loadfile --no-loadscope-reorder`); a wheel-building
    file of one slow test started last would leave the other worker idle for minutes at the end of the run."""
    e2e_files = {item.path for item in items if item.get_closest_marker("e2e") is not None}
    slow_files = {item.path for item in items if item.path.as_posix().endswith(_SLOW_FILES)}
    items.sort(key=lambda item: (item.path not in e2e_files, item.path not in slow_files))

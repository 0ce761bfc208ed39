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

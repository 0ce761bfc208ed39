"""The generated C++ of every golden project compiles: kernels once per dtype combination (with the DTYPE_<NAME>
macros the build defines), host files once, bindings against pybind11.

Everything compiles against opkit's real runtime headers (no stand-ins): the same include path the generated
CMakeLists gets from `opkit::sim`.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
from pathlib import Path

import pytest

import opkit
from opkit.generate import render_project
from opkit.spec import load_spec

from tests.test_generate_golden import CASES, GoldenCase

pytestmark = pytest.mark.compile

REPO = Path(__file__).resolve().parents[1]
CACHE = Path(os.environ.get("OPKIT_TEST_CACHE", REPO / "build" / "gen-compile"))
CXX = os.environ.get("CXX", "g++")
FLAGS = ("-std=c++17", "-fsyntax-only", "-Wall", "-Wextra", "-Werror")


def _syntax_check(source: Path, includes: list[Path], defines: list[str], extra: tuple[str, ...] = ()) -> None:
    """Compile once per content; a stamp under build/ remembers a pass so reruns cost nothing."""
    cmd = [CXX, *FLAGS, *extra, *(f"-I{d}" for d in includes), *(f"-D{d}" for d in defines), str(source)]
    digest = hashlib.sha256(" ".join(cmd[:-1]).encode())
    for root in includes:
        for header in sorted(root.rglob("*.h")):
            digest.update(header.read_bytes())
    digest.update(source.read_bytes())
    for sibling in sorted(source.parent.parent.rglob("*")):
        if sibling.suffix in (".h", ".cpp") and sibling.is_file():
            digest.update(sibling.read_bytes())
    stamp = CACHE / digest.hexdigest()[:24]
    if stamp.exists():
        return
    proc = subprocess.run(cmd, capture_output=True, text=True)
    assert proc.returncode == 0, f"{' '.join(cmd)}\n{proc.stderr[-6000:]}"
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.touch()


@pytest.fixture(scope="module", params=CASES, ids=lambda c: c.name)
def project(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict, int]:
    case: GoldenCase = request.param
    rendered = render_project(load_spec(case.prototype), compute_unit=case.compute_unit, ops=case.ops,
                              package=case.package)
    root = tmp_path_factory.mktemp(case.name)
    for f in rendered.files:
        (root / f.path).parent.mkdir(parents=True, exist_ok=True)
        (root / f.path).write_text(f.content)
    from opkit.generate.context import op_context
    from opkit.spec.soc import resolve_socs

    spec = load_spec(case.prototype)
    socs = resolve_socs(case.compute_unit)
    contexts = {op.name: op_context(op, socs) for op in spec.ops if not case.ops or op.op_type in case.ops}
    return root, contexts, socs[0].profile.npu_arch


def test_kernels_compile_for_every_dtype_combination(project: tuple[Path, dict, int]) -> None:
    root, contexts, arch = project
    for name, ctx in contexts.items():
        for combo in ctx["combinations"]:
            # for the arch of the project's SoC, as its CMake compiles them (OPKIT_SOC -> OPKIT_SOC_ARCH)
            _syntax_check(root / "op_kernel" / f"{name}.cpp", [opkit.include_dir()],
                          [f"{name}={combo['symbol']}", f"OPKIT_SOC_ARCH={arch}", *combo["defines"]])


def test_host_files_compile(project: tuple[Path, dict, int]) -> None:
    root, contexts, _ = project
    for name in contexts:
        _syntax_check(root / "op_host" / f"{name}.cpp", [opkit.include_dir()], [])


def test_bindings_compile_against_pybind11(project: tuple[Path, dict, int]) -> None:
    pybind11 = pytest.importorskip("pybind11")
    import sysconfig

    root, _, _ = project
    includes = [Path(pybind11.get_include()), Path(sysconfig.get_paths()["include"]), opkit.include_dir()]
    _syntax_check(root / "csrc" / "bindings.cpp", includes, [])

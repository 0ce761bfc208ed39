"""The precompiled simulator header of `opkit cc` (opkit/build/pch.py): which compiles use it, with which options."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from opkit.build.pch import pch_options, wants_pch


def test_options_keep_what_changes_the_parse_and_drop_kernel_defines() -> None:
    args = ["-std=c++17", "-O2", "-g", "-fPIC", "-D_GLIBCXX_USE_CXX11_ABI=0", "-DDTYPE_X=half", "-D", "ORIG_DTYPE_X=1",
            "-D", "OPKIT_SOC_ARCH=2002", "-Wall", "-Werror", "-c", "k.cpp", "-o", "k.o", "-MD", "-I", "inc",
            "-pthread"]
    assert pch_options(args) == ["-std=c++17", "-O2", "-g", "-fPIC", "-D_GLIBCXX_USE_CXX11_ABI=0", "-D",
                                 "OPKIT_SOC_ARCH=2002", "-I", "inc", "-pthread"]


def test_only_kernel_sources_that_produce_objects_use_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kernel = tmp_path / "k.cpp"
    kernel.write_text('#include "kernel_operator.h"\n')
    host = tmp_path / "main.cpp"
    host.write_text("#include <cstdio>\nint main() {}\n")
    assert wants_pch([kernel], ["-c"])
    assert not wants_pch([kernel, host], ["-c"]), "forcing the simulator into a host file would change it"
    assert not wants_pch([kernel], ["-E"])
    assert not wants_pch([kernel], ["-fsyntax-only"])
    assert not wants_pch([])
    monkeypatch.setenv("OPKIT_PCH", "0")
    assert not wants_pch([kernel], ["-c"])


@pytest.mark.compile
def test_opkit_cc_compiles_against_a_valid_pch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPKIT_PCH_DIR", str(tmp_path / "pch"))
    kernel = tmp_path / "k.cpp"
    kernel.write_text('#include "kernel_operator.h"\nextern "C" __global__ __aicore__ void k(GM_ADDR x) {\n'
                      "  AscendC::GlobalTensor<DTYPE_X> g;\n  g.SetGlobalBuffer((__gm__ DTYPE_X*)x, 8);\n}\n")
    flags = ["-O1", "-DDTYPE_X=float", "-c", str(kernel), "-o", str(tmp_path / "k.o")]
    # -Winvalid-pch -Werror: a PCH that GCC could not use would fail the compile.
    proc = subprocess.run([sys.executable, "-m", "opkit.build.cc", "-Winvalid-pch", "-Werror", *flags],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    assert list((tmp_path / "pch").glob("*/opkit_pch.h.gch")), "the PCH was built"
    flags[1] = "-DDTYPE_X=half"
    proc = subprocess.run([sys.executable, "-m", "opkit.build.cc", "-Winvalid-pch", "-Werror", *flags],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    assert len(list((tmp_path / "pch").glob("*/opkit_pch.h.gch"))) == 1, "another dtype reuses the same PCH"

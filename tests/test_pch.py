"""The precompiled simulator header of `opkit cc` (opkit/build/pch.py): which compiles use it, with which options."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from opkit.build.pch import pch_options, prune, wants_pch


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
    c_first = tmp_path / "log.asc"  # asc-devkit's 09_log: <cassert>, then kernel_operator.h, then assert() in a kernel
    c_first.write_text('#include <cassert>\n#include "kernel_operator.h"\n')
    assert not wants_pch([c_first], ["-c"]), "kernel_operator.h forced first would leave the C assert (an abort)"
    c_after = tmp_path / "k2.cpp"
    c_after.write_text('#include "kernel_operator.h"\n#include <assert.h>\n')
    assert wants_pch([c_after], ["-c"]), "included after kernel_operator.h, the C assert wins either way"
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


def test_the_cache_keeps_the_most_recently_used_and_spares_those_in_use(tmp_path: Path) -> None:
    now = 1_000_000.0
    ages = {"a": 10, "b": 5000, "c": 9000, "d": 20000, "e": 30}  # seconds since last use
    for name, age in ages.items():
        (tmp_path / name).mkdir()
        (tmp_path / name / "opkit_pch.h.gch").write_bytes(b"x")
        os.utime(tmp_path / name, (now - age, now - age))
    removed = prune(tmp_path, keep=2, now=now)
    # a and e are the two most recent; b, c, d are older than an hour and go.
    assert sorted(p.name for p in removed) == ["b", "c", "d"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "e"]
    (tmp_path / "f").mkdir()
    os.utime(tmp_path / "f", (now - 100, now - 100))
    assert prune(tmp_path, keep=1, now=now) == [], "entries used in the last hour stay even past the limit"

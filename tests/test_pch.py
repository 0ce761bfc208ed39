"""opkit's shared precompiled headers (opkit/build/pch.py): which compiles use them, with which options, and that every
project build shares one (through the compiler launcher opkit_shared_pch sets in opkitConfig.cmake)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import opkit
from opkit.build.pch import cache_dir, pch_options, prune, wants_pch


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


def test_a_glue_header_is_used_only_as_the_first_include(tmp_path: Path) -> None:
    glue = "opkit/host/bindings_prelude.h"
    first = tmp_path / "bindings.cpp"
    first.write_text(f'// generated\n#include "{glue}"\n\n#include "op_tables.h"\n')
    later = tmp_path / "own.cpp"
    later.write_text(f'#define X 1\n#include <cstdio>\n#include "{glue}"\n')
    assert wants_pch([first], ["-c"], glue)
    assert not wants_pch([later], ["-c"], glue), "forced first, the glue would come before the file's own includes"
    assert not wants_pch([first], ["-c"]), "no kernel_operator.h there"


def _launch(tmp_path: Path, compiler: Path, source: str, *extra: str) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "opkit.build.pch", "--header", "glue.h", "--", str(compiler), "-std=c++17",
               "-I", str(tmp_path / "inc"), "-Winvalid-pch", "-Werror", "-MD", "-MF", f"{source}.d", "-c", source,
               "-o", f"{source}.o", *extra]
    return subprocess.Popen(command, cwd=tmp_path, text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)


@pytest.mark.compile
def test_the_launcher_builds_a_pch_once_and_again_when_a_header_it_holds_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPKIT_PCH_DIR", str(tmp_path / "pch"))
    gxx = shutil.which("g++")
    if gxx is None:
        pytest.skip("g++ is not installed")
    log = tmp_path / "compiles.log"  # a g++ that notes each command: how many PCH builds there were
    compiler = tmp_path / "g++"
    compiler.write_text(f'#!/bin/sh\necho "$@" >> {log}\nexec {gxx} "$@"\n')
    compiler.chmod(0o755)
    (tmp_path / "inc").mkdir()
    (tmp_path / "inc" / "glue.h").write_text("#pragma once\n#include <vector>\nconstexpr int kAnswer = 42;\n")
    for name in ("a.cpp", "b.cpp"):
        (tmp_path / name).write_text('#include "glue.h"\nint answer() { return kAnswer; }\n')
    # Two compiles at once (two xdist workers, two ninja jobs): one builds the PCH, the other waits and uses it.
    runs = [_launch(tmp_path, compiler, "a.cpp"), _launch(tmp_path, compiler, "b.cpp")]
    for run in runs:
        out, _ = run.communicate(timeout=120)
        assert run.returncode == 0, out  # -Winvalid-pch -Werror: a PCH GCC could not use fails the compile
    builds = [line for line in log.read_text().splitlines() if "c++-header" in line]
    assert len(builds) == 1, builds
    (gch,) = (tmp_path / "pch").glob("*/opkit_pch.h.gch")
    depfile = (tmp_path / "a.cpp.d").read_text()
    assert str(gch) in depfile and str(tmp_path / "inc" / "glue.h") in depfile, \
        "GCC lists no header it read from the PCH: the launcher adds them, so a changed header rebuilds the object"
    built = gch.stat().st_mtime_ns
    # GCC never checks that the headers in a PCH are unchanged: the cache does, by their sizes and times.
    (tmp_path / "inc" / "glue.h").write_text("#pragma once\n#include <vector>\nconstexpr int kAnswer = 7;\n")
    (tmp_path / "main.cpp").write_text('#include "glue.h"\n#include <cstdio>\nint main() { printf("%d", kAnswer); }\n')
    run = _launch(tmp_path, compiler, "main.cpp")
    out, _ = run.communicate(timeout=120)
    assert run.returncode == 0, out
    assert gch.stat().st_mtime_ns != built, "the stale PCH was rebuilt"
    subprocess.run([gxx, str(tmp_path / "main.cpp.o"), "-o", str(tmp_path / "main")], check=True)
    assert subprocess.run([str(tmp_path / "main")], capture_output=True, text=True).stdout == "7"


_PROJECT = """cmake_minimum_required(VERSION 3.26)
project(pch_user LANGUAGES CXX)
set(CMAKE_CXX_STANDARD 17)
set(CMAKE_POSITION_INDEPENDENT_CODE ON)
set(CMAKE_BUILD_TYPE Release)
find_package(opkit CONFIG REQUIRED)
add_library(k OBJECT k.cpp)
target_link_libraries(k PRIVATE opkit::sim)
target_compile_options(k PRIVATE -O2 -Winvalid-pch -Werror=invalid-pch)
opkit_precompile_headers(k)
"""
_KERNEL = ('#include "kernel_operator.h"\nextern "C" __global__ __aicore__ void k(GM_ADDR x) {\n'
           "  AscendC::GlobalTensor<float> g;\n  g.SetGlobalBuffer((__gm__ float*)x, 8);\n}\n")


@pytest.mark.compile
def test_two_projects_share_one_kernel_pch(tmp_path: Path) -> None:
    """Generated projects' options (Release, C++17, PIC, -O2): in a test run the e2e builds share the PCH too."""
    tools = [Path(sys.executable).parent / name for name in ("cmake", "ninja")]
    if not all(tool.exists() for tool in tools):
        pytest.skip("cmake and ninja come with the test extras")
    used: list[tuple[str, int]] = []  # per project: the PCH its kernel object depends on, and when it was built
    for project in ("one", "two"):
        source = tmp_path / project
        source.mkdir()
        (source / "CMakeLists.txt").write_text(_PROJECT)
        (source / "k.cpp").write_text(_KERNEL)
        build = source / "build"
        steps = [[str(tools[0]), "-S", str(source), "-B", str(build), "-G", "Ninja", f"-DCMAKE_MAKE_PROGRAM={tools[1]}",
                  f"-Dopkit_DIR={opkit.cmake_dir()}"], [str(tools[0]), "--build", str(build), "-v"]]
        for step in steps:
            done = subprocess.run(step, capture_output=True, text=True, check=False, timeout=300)
            assert done.returncode == 0, done.stdout + done.stderr
        assert "opkit_pch.py" in done.stdout and "cmake_pch" not in done.stdout, "the shared PCH, no per-project one"
        deps = subprocess.run([str(tools[1]), "-C", str(build), "-t", "deps"], capture_output=True, text=True).stdout
        assert "kernel_operator.h" in deps, "the headers in the PCH are the object's dependencies"
        (gch,) = [Path(line.strip()) for line in deps.splitlines() if line.strip().endswith("opkit_pch.h.gch")]
        assert gch.parent.parent == cache_dir(), "the PCH is in the shared cache"
        used.append((str(gch), gch.stat().st_mtime_ns))
    assert used[1] == used[0], "the second project used the first one's PCH and built none"

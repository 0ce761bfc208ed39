"""The build driver's pure parts: command lines, progress events, compiler diagnostics (no CMake run here)."""
from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

from opkit.build.project import (BuildEvent, build_project, classify, parse_diagnostics, wheel_command,
                         wheel_is_stale)
from opkit.errors import PathError


def test_wheel_command_uses_this_interpreter_and_a_persistent_build_dir(tmp_path: Path) -> None:
    cmd = wheel_command(tmp_path, tmp_path / "out", soc="Ascend310P3")
    assert cmd[0] == sys.executable
    settings = json.loads(cmd[-1])
    assert settings["build-dir"] == str(tmp_path.resolve() / "build" / "{wheel_tag}")
    assert settings["cmake.define.OPKIT_SOC"] == "Ascend310P3"
    assert cmd[-2] == str(tmp_path / "out")


def test_wheel_command_without_soc_leaves_the_project_default(tmp_path: Path) -> None:
    assert "cmake.define.OPKIT_SOC" not in json.loads(wheel_command(tmp_path, tmp_path)[-1])


@pytest.mark.parametrize("line, expected", [
    ("[2/7] Building CXX object CMakeFiles/add_custom_kernel_c1.dir/op_kernel/add_custom.cpp.o",
     BuildEvent("compile", "[2/7] compile op_kernel/add_custom.cpp (add_custom_kernel_c1)")),
    ("[3/7] Building CXX object odd/place/x.cpp.o", BuildEvent("compile", "[3/7] compile x.cpp.o")),
    ("[7/7] Linking CXX shared module _C.cpython-311-x86_64-linux-gnu.so",
     BuildEvent("link", "[7/7] link _C.cpython-311-x86_64-linux-gnu.so")),
    ("[5/9] Isolating kernel add_custom_kernel_c1", BuildEvent("link", "[5/9] isolate add_custom_kernel_c1")),
    ("[8/9] Checking kernel isolation of _C", BuildEvent("link", "[8/9] check kernel isolation of _C")),
    ("[6/9] Renaming the entry of kernel exp_kernel_c0", BuildEvent("link", "[6/9] rename the entry of exp_kernel_c0")),
    ("[1/9] Naming the kernel entry of exp.cpp", BuildEvent("compile", "[1/9] name the kernel entry of exp.cpp")),
    ("-- Configuring done (0.4s)", BuildEvent("configure", "Configuring done (0.4s)")),
    ("*** Making wheel...", BuildEvent("wheel", "Making wheel...")),
    ("random chatter", BuildEvent("output", "random chatter")),
])
def test_output_lines_become_progress_events(line: str, expected: BuildEvent) -> None:
    assert classify(line) == expected


def test_compiler_errors_are_located_relative_to_the_project(tmp_path: Path) -> None:
    kernel = tmp_path / "op_kernel" / "add_custom.cpp"
    output = "\n".join([
        "[1/3] Building CXX object x.o",
        f"{kernel}:12:5: error: 'foo' was not declared in this scope",
        f"{kernel}:12:5: error: 'foo' was not declared in this scope",
        "/usr/include/c++/12/bits/stl_vector.h:99:1: error: elsewhere",
        f"{tmp_path}/op_host/add_custom.cpp:3: error: no column here",
        "note: not an error",
    ])
    found = [str(d) for d in parse_diagnostics(output, tmp_path)]
    assert found == [
        "op_kernel/add_custom.cpp:12:5: error: 'foo' was not declared in this scope",
        "/usr/include/c++/12/bits/stl_vector.h:99:1: error: elsewhere",
        "op_host/add_custom.cpp:3: error: no column here",
    ]


def test_warnings_are_parsed_apart_from_errors_once_each_and_only_from_the_project(tmp_path: Path) -> None:
    unused = f"{tmp_path}/op_kernel/add_custom.cpp:40:13: warning: unused variable 'k' [-Wunused-variable]"
    output = "\n".join([
        unused,
        unused,  # the same kernel file compiled for a second dtype combination
        f"{tmp_path}/op_kernel/add_custom.cpp:12:5: error: 'foo' was not declared in this scope",
        "/usr/include/pybind11/cast.h:99:1: warning: not the user's code",
        f"  {tmp_path}/op_host/add_custom.cpp:7:3: warning: comparison of integer expressions of different "
        "signedness [-Wsign-compare]",
    ])
    warnings = [str(d) for d in parse_diagnostics(output, tmp_path, "warning", only_project=True)]
    assert warnings == [
        "op_kernel/add_custom.cpp:40:13: warning: unused variable 'k' [-Wunused-variable]",
        "op_host/add_custom.cpp:7:3: warning: comparison of integer expressions of different signedness "
        "[-Wsign-compare]",
    ]
    assert [d.severity for d in parse_diagnostics(output, tmp_path)] == ["error"]
    assert len(parse_diagnostics(output, tmp_path, "warning")) == 3


def test_building_a_directory_that_is_not_a_project_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(PathError, match="is not an opkit project"):
        build_project(tmp_path)


def test_a_wheel_is_stale_when_a_source_is_newer(tmp_path: Path) -> None:
    (tmp_path / "op_kernel").mkdir()
    source = tmp_path / "op_kernel" / "k.cpp"
    source.write_text("int x;\n")
    assert wheel_is_stale(tmp_path)
    (tmp_path / "dist").mkdir()
    wheel = tmp_path / "dist" / "k-0.1.0-py3-none-any.whl"
    wheel.write_bytes(b"")
    now = time.time()
    os.utime(source, (now - 10, now - 10))
    os.utime(wheel, (now, now))
    assert not wheel_is_stale(tmp_path)
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "reference.py").write_text("# edited after the build\n")   # not in the wheel
    assert not wheel_is_stale(tmp_path)
    (tmp_path / "npu_examples").mkdir()
    (tmp_path / "npu_examples" / "ext.so").write_bytes(b"")   # the torch_npu example's extension, built in place
    assert not wheel_is_stale(tmp_path)
    os.utime(source, (now + 10, now + 10))
    assert wheel_is_stale(tmp_path)

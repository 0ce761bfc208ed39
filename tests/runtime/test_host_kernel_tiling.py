"""Kernel-side tiling: the bytes a host TilingFunc wrote read back through GET_TILING_DATA, both styles."""
from __future__ import annotations

import json

import pytest

from tests.runtime.cxx import Program, compile_program, run_program
from tests.runtime.test_host_programs import CPP, build_host, build_kernel, host_args, run_json

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def host() -> Program:
    return build_host()


@pytest.fixture(scope="module")
def kernel() -> Program:
    return build_kernel()


def run_kernel(kernel: Program, which: str, tiled: dict[str, object]) -> list[int]:
    proc = run_program(kernel, which, str(tiled["tiling_hex"]), str(tiled["tiling_key"]), timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out: list[int] = json.loads(proc.stdout)["out"]
    return out


@pytest.mark.parametrize("shape,scale", [([4, 300], "0.5"), ([2, 3, 4, 5], "1.25"), ([2048], "3")])
def test_classic_kernel_reads_begin_tiling_data_def_fields(host: Program, kernel: Program, shape: list[int],
                                                           scale: str) -> None:
    spec = f"float16:{','.join(map(str, shape))}"
    tiled = run_json(host, host_args("tile", "ClassicCustom", [spec], {"scale": f"float:{scale}"}))
    out = run_kernel(kernel, "classic", tiled)
    total = 1
    for d in shape:
        total *= d
    dims = (shape + [0, 0, 0, 0])[:4]
    key = 10 if total > 1024 else 20
    assert out == [total, 8, int(float(scale) * 1000), *dims, len(shape), -total, 0xBEEF, key, 8]


@pytest.mark.parametrize("dtype,key", [("float16", 2), ("float32", 1)])
@pytest.mark.parametrize("total", [100, 8 * 2048])
def test_new_style_kernel_reads_the_registered_default_struct(host: Program, kernel: Program, dtype: str,
                                                              key: int, total: int) -> None:
    tiled = run_json(host, host_args("tile", "AddCustom", [f"{dtype}:{total}"] * 2))
    out = run_kernel(kernel, "add", tiled)
    echo = tiled["echo"]
    assert isinstance(echo, dict)
    assert out[:7] == [echo["totalLength"], echo["tileLength"], echo["blockLength"], echo["coreNum"],
                       echo["ubSize"], 1, key]


def test_null_tiling_pointer_is_a_kernel_fault(kernel: Program) -> None:
    proc = run_program(kernel, "null", timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert json.loads(proc.stdout) == {"fault": "GET_TILING_DATA"}


def test_get_tiling_data_without_a_registered_struct_does_not_compile() -> None:
    with pytest.raises(AssertionError) as failure:
        compile_program(CPP / "host_kernel_unregistered.cpp")
    assert ("GET_TILING_DATA found no tiling struct: put REGISTER_TILING_DEFAULT(YourTilingData); before it"
            in str(failure.value))


def test_tiling_struct_bigger_than_what_the_host_saved_is_a_kernel_fault(host: Program, kernel: Program) -> None:
    """The launch's "tiling" buffer holds exactly the TilingFunc's bytes (as the NPU gets them): a kernel struct that
    reads past them is a host/kernel mismatch, reported with both sizes instead of reading stray memory."""
    tiled = run_json(host, host_args("tile", "AddCustom", ["float32:100"] * 2))
    saved = len(str(tiled["tiling_hex"])) // 2
    proc = run_program(kernel, "add-short", str(tiled["tiling_hex"]), str(tiled["tiling_key"]), timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    fault = json.loads(proc.stdout)
    assert fault["fault"] == "GET_TILING_DATA"
    assert (f"the kernel's tiling struct is {saved} bytes but the tiling buffer 'tiling' holds {saved - 4}: "
            "the host's TilingFunc saved less than the kernel reads") in fault["message"]

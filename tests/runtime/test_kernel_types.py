"""Each kernel of a program launches with its own kernel type (KERNEL_TYPE_*): a vector kernel beside a mixed Matmul
kernel runs AIV-only, one vector core per block, as on the NPU; checked against numpy. One program runs every case."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

CPP = Path(__file__).parent / "cpp"

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def program() -> Program:
    return compile_program([CPP / "kernel_types.cpp", CPP / "core_harness.cpp",
                            CPP / "opkit_entries" / "mm_op_in_class" / "mm_op_in_class.cpp",
                            CPP / "opkit_entries" / "keyed_op" / "keyed_op.cpp"])


def _ids(path: Path, blocks: int) -> np.ndarray:
    return np.fromfile(path, dtype=np.int32).reshape(-1, 3)


def test_each_kernel_launches_with_its_own_type(program: Program, tmp_path: Path) -> None:
    """The vector kernel's GetBlockIdx/GetBlockNum/GetSubBlockNum are the NPU's (AIV-only: blocks, 1) both before and
    after the mixed kernel runs, and the mixed kernel (MIX_AIC_1_2 by its own note) computes A x B."""
    proc = run_program(program, "types_per_kernel", env={"OPKIT_CUBE_OUT": str(tmp_path)}, timeout=60)
    assert (proc.returncode, proc.stdout.strip()) == (0, "ok"), proc.stdout + proc.stderr
    for name, blocks in (("types_ids_before", 4), ("types_ids_after", 5)):
        ids = _ids(tmp_path / f"{name}.bin", blocks)
        want = np.full_like(ids, -1)
        want[:blocks] = np.stack([np.arange(blocks), np.full(blocks, blocks), np.ones(blocks)], axis=1)
        np.testing.assert_array_equal(ids, want, err_msg=name)
    a = np.fromfile(tmp_path / "types_a.bin", dtype=np.float16).reshape(64, 32).astype(np.float64)
    b = np.fromfile(tmp_path / "types_b.bin", dtype=np.float16).reshape(32, 96).astype(np.float64)
    c = np.fromfile(tmp_path / "types_c.bin", dtype=np.float32).reshape(64, 96)
    np.testing.assert_allclose(c, a @ b, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("case, prefix", [("types_per_tiling_key", "types_key"),
                                          ("types_op_per_tiling_key", "types_op_key")])
def test_tiling_key_types(program: Program, tmp_path: Path, case: str, prefix: str) -> None:
    """KERNEL_TASK_TYPE(1, MIX_AIC_1_2) over KERNEL_TASK_TYPE_DEFAULT(AIV_ONLY): 3 blocks run 3 vector cores with key
    0 and 3 x 2 (GetSubBlockNum 2) with key 1; the same in an op build's unit, whose entry is renamed and which is
    launched by its op type."""
    proc = run_program(program, case, env={"OPKIT_CUBE_OUT": str(tmp_path)}, timeout=60)
    assert (proc.returncode, proc.stdout.strip()) == (0, "ok"), proc.stdout + proc.stderr
    for key, cores, sub in ((0, 3, 1), (1, 6, 2)):
        ids = np.fromfile(tmp_path / f"{prefix}{key}.bin", dtype=np.int32).reshape(-1, 3)
        want = np.full_like(ids, -1)
        want[:cores] = np.stack([np.arange(cores), np.full(cores, 3), np.full(cores, sub)], axis=1)
        np.testing.assert_array_equal(ids, want, err_msg=f"tiling key {key}")


def test_an_op_kernels_matmul_types_the_op_under_its_renamed_entry(program: Program, tmp_path: Path) -> None:
    """An op build compiles each kernel as its own unit (opkit_entries/<kernel>/) with its entry renamed: a Matmul
    and no KERNEL_TASK_TYPE_DEFAULT (CANN's matmul samples) types that op's launch mixed, as CANN's compiler does
    (last session's per-kernel typing ran it AIV-only and faulted); the launch by op type computes A x B."""
    proc = run_program(program, "types_op_matmul_in_class", env={"OPKIT_CUBE_OUT": str(tmp_path)}, timeout=60)
    assert (proc.returncode, proc.stdout.strip()) == (0, "ok"), proc.stdout + proc.stderr
    a = np.fromfile(tmp_path / "op_a.bin", dtype=np.float16).reshape(64, 32).astype(np.float64)
    b = np.fromfile(tmp_path / "op_b.bin", dtype=np.float16).reshape(32, 96).astype(np.float64)
    c = np.fromfile(tmp_path / "op_c.bin", dtype=np.float32).reshape(64, 96)
    np.testing.assert_allclose(c, a @ b, rtol=1e-5, atol=1e-5)


def test_matmul_outside_the_kernel_body_faults(program: Program) -> None:
    """A Matmul registered in a class method: the kernel noted no type, so the launch ran it AIV-only; the note,
    reached at run time, faults naming the type it needs and the fix, instead of a silent single-core result."""
    proc = run_program(program, "types_matmul_in_class", timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = proc.stdout
    line = next(i for i, text in enumerate((CPP / "kernel_types.cpp").read_text().splitlines(), 1)
                if "void Init(const TCubeTiling* t) { REGIST_MATMUL_OBJ" in text)
    assert out.startswith(f"fault: [mm_in_class][Block_0][kernel_types.cpp:{line}][kernel type]"), out
    assert "needs KERNEL_TYPE_MIX_AIC_1_2" in out and "runs it as KERNEL_TYPE_AIV_ONLY" in out, out
    assert "KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2)" in out, out


def test_per_core_registers_do_not_leak_into_the_next_launch(program: Program) -> None:
    """SetCtrlSpr, SetFixpipeNz2ndFlag and GatherMask's kept count set by one launch read as reset in the next (the
    runner threads are reused: these lived in thread_locals no block start cleared)."""
    proc = run_program(program, "registers_do_not_leak", timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[-1] == "ok", proc.stdout
    want = [f"{b}/{n}: ctrl 0 nd_num 1 src_nd_stride 0 gather_remain 0" for n in (1, 8) for b in range(n)]
    assert lines[:-1] == want, proc.stdout


def test_lambda_launch_guessed_wide_faults_when_it_ran_no_note(program: Program) -> None:
    """A vector lambda launched without a type in a program whose lambdas noted MIX_AIC_1_2 runs as that (the
    simulator cannot tell lambdas apart) but then faults, naming the type it ran as, rather than pass silently."""
    proc = run_program(program, "lambda_guess_checked", timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.startswith("fault: [vector_lambda][kernel type] the kernel noted no type of its own and ran as "
                                  "KERNEL_TYPE_MIX_AIC_1_2"), proc.stdout

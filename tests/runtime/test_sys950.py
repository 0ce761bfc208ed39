"""Ascend 950's system APIs on the simulator built for dav-3510, against numpy: DataCopyPad in SetLoopModePara's
loops and after ResetLoopModePara, DataCopyPad's PaddingMode::Compact, DataCopyL1ToUB from a cube core into its two vector cores' UB, the SSBuffer
(GetSsbufBaseAddr) shared by an AI Core's cores in a mixed launch and a core's own otherwise.

The driver is interleave_main.cpp's program (shared with test_interleave.py and test_vec950.py: one build) with
vec950_sys.cpp."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

pytestmark = pytest.mark.compile

CPP = [Path(__file__).parent / "cpp" / "interleave_main.cpp", Path(__file__).parent / "cpp" / "vec950_ops.cpp",
       Path(__file__).parent / "cpp" / "vec950_sys.cpp"]


@pytest.fixture(scope="module")
def program() -> Program:
    return compile_program(CPP, defines={"OPKIT_SOC_ARCH": "3510"})


def _run(program: Program, case: str, tmp: Path) -> None:
    proc = run_program(program, "v950sys", case, str(tmp))
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_data_copy_pad_runs_in_the_loops(program: Program, tmp_path: Path) -> None:
    src = np.random.default_rng(5).integers(-100, 100, 1024).astype(np.int8)
    src.tofile(tmp_path / "src.bin")
    _run(program, "loopmode", tmp_path)
    # GM -> UB: loop2 3 turns (GM +200, UB +288), loop1 2 turns (GM +80, UB +128), each 2 rows of 40 bytes padded
    # with -3 to 64; UB bytes no turn writes keep 7.
    ub = np.full(3 * 288, 7, np.int8)
    out = np.zeros(720, np.int8)
    for j in range(3):
        for i in range(2):
            for r in range(2):
                row = src[j * 200 + i * 80 + r * 40:][:40]
                at = j * 288 + i * 128 + r * 64
                ub[at:at + 64] = np.concatenate([row, np.full(24, -3, np.int8)])
                # UB -> GM: loop1 UB +128, GM +80; loop2 UB +288, GM +240; rows back to back in GM
                out[j * 240 + i * 80 + r * 40:][:40] = row
    np.testing.assert_array_equal(np.fromfile(tmp_path / "ub.bin", np.int8), ub)
    np.testing.assert_array_equal(np.fromfile(tmp_path / "out.bin", np.int8), out)
    # After ResetLoopModePara: one row only.
    once = np.concatenate([src[900:940], np.full(24, -3, np.int8), np.full(64, 7, np.int8)])
    np.testing.assert_array_equal(np.fromfile(tmp_path / "once.bin", np.int8), once)


def test_data_copy_pad_compact_packs_the_rows(program: Program, tmp_path: Path) -> None:
    src = np.random.default_rng(7).integers(-100, 100, 1024).astype(np.int8)
    src.tofile(tmp_path / "src.bin")
    _run(program, "compact", tmp_path)
    rows = np.concatenate([src[i * 32:][:24] for i in range(3)])  # 3 rows of 24, 8 bytes apart in GM
    want = np.concatenate([rows, np.full(24, -3, np.int8), np.full(32, 7, np.int8)])  # one pad to 96 bytes
    np.testing.assert_array_equal(np.fromfile(tmp_path / "cub.bin", np.int8), want)
    out = np.zeros(96, np.int8)  # back to GM: rows 24 bytes apart in UB, 32 in GM (dstStride 8)
    for i in range(3):
        out[i * 32:][:24] = rows[i * 24:][:24]
    np.testing.assert_array_equal(np.fromfile(tmp_path / "cout.bin", np.int8), out)
    # SetLoopModePara's scene: each turn 2 rows of 40 packed into 80 bytes and 16 of padding (96), GM +100
    turns = [np.concatenate([src[200 + j * 100:][:80], np.full(16, -3, np.int8)]) for j in range(2)]
    np.testing.assert_array_equal(np.fromfile(tmp_path / "cloop.bin", np.int8), np.concatenate(turns))


def test_l1_to_ub_and_shared_ssbuf_in_a_mixed_launch(program: Program, tmp_path: Path) -> None:
    x = np.random.default_rng(6).standard_normal(768).astype(np.float32)
    x.tofile(tmp_path / "x.bin")
    _run(program, "mixed", tmp_path)
    y = np.fromfile(tmp_path / "y.bin", np.float32).reshape(4, 128)
    for block in range(2):
        l1 = x[block * 384:][:384]
        np.testing.assert_array_equal(y[2 * block], l1[:128])  # count form
        np.testing.assert_array_equal(y[2 * block + 1], np.concatenate([l1[128:192], l1[256:320]]))  # 2 blocks, gap 8
    ss = np.fromfile(tmp_path / "ss.bin", np.uint32).reshape(4, 32)
    want = np.array([[block * 1000 + sub * 32 + i for i in range(32)] for block in range(2) for sub in range(2)])
    np.testing.assert_array_equal(ss, want)


def test_ssbuf_is_each_cores_own_outside_a_mixed_launch(program: Program, tmp_path: Path) -> None:
    _run(program, "ssbuf", tmp_path)
    np.testing.assert_array_equal(np.fromfile(tmp_path / "own.bin", np.int32), np.arange(4))


def test_l1_to_ub_refused_on_a_vector_core(program: Program, tmp_path: Path) -> None:
    proc = run_program(program, "v950sys", "l1toub_aiv", str(tmp_path))
    assert proc.returncode == 3, proc.stdout + proc.stderr
    assert "[DataCopyL1ToUB] runs on the cube core of a mixed kernel" in proc.stdout

"""Scatter (opkit/sim/vec/scatter.h) and the tiling form of Broadcast (vec/broadcast_nd.h) against numpy on the
simulator built for dav-3510 (Ascend 950, where CANN implements every element size of Scatter): the count form with
and without a base address, the mask forms, a misaligned offset; GetBroadcastTilingInfo's fields. Scatter's refusal
on the 910B is in test_basic_more.py. The program is test_vec950.py's (one build)."""
from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program
from tests.runtime.test_vec950 import CPP

pytestmark = pytest.mark.compile

TYPES = {"int8": np.int8, "half": np.float16, "float": np.float32, "int64": np.int64, "uint16": np.uint16}


@pytest.fixture(scope="module")
def program() -> Program:
    return compile_program(CPP, defines={"OPKIT_SOC_ARCH": "3510"})


def _want(x: np.ndarray, offsets: np.ndarray, base: int, active: np.ndarray, n: int) -> np.ndarray:
    """dst (0x5a bytes, n elements) with x[i] at byte base + offsets[i] for every active i."""
    out = np.full(n * x.itemsize, 0x5A, dtype=np.uint8)
    for i in np.flatnonzero(active):
        at = base + int(offsets[i])
        out[at:at + x.itemsize] = x[i:i + 1].view(np.uint8)
    return out.view(x.dtype)


@pytest.mark.parametrize("dtype, api", [(d, a) for d in TYPES for a in ("scatter", "scatter_base64", "scatter_mask",
                                                                        "scatter_bits")
                                         if d != "int8" or a in ("scatter", "scatter_base64")])  # 8-bit: count only
def test_scatter_matches_numpy(program: Program, tmp_path: Path, dtype: str, api: str) -> None:
    t = np.dtype(TYPES[dtype])
    per = 256 // t.itemsize
    n = 2 * per if api in ("scatter_mask", "scatter_bits") else 300 // t.itemsize
    count = n - 64 // t.itemsize if api == "scatter_base64" else n
    base = 64 if api == "scatter_base64" else 0
    rng = np.random.default_rng(n)
    x = rng.integers(1, 100, n).astype(t)
    offsets = (rng.permutation(count).astype(np.uint32) * t.itemsize).astype(np.uint32)
    offsets = np.concatenate([offsets, np.zeros(n - count, np.uint32)])
    x.tofile(tmp_path / "a.bin")
    offsets.tofile(tmp_path / "b.bin")
    proc = run_program(program, "v950", api, dtype, str(n), str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    slot = np.arange(n) % per
    active = {"scatter": np.ones(n, bool), "scatter_base64": np.arange(n) < count,
              "scatter_mask": slot < per // 2 + 3, "scatter_bits": slot % 2 == 0}[api]
    np.testing.assert_array_equal(np.fromfile(tmp_path / "d0.bin", dtype=t), _want(x, offsets, base, active, n))


def test_scatter_misaligned_offset_faults(program: Program, tmp_path: Path) -> None:
    np.arange(64, dtype=np.float32).tofile(tmp_path / "a.bin")
    offsets = np.arange(64, dtype=np.uint32) * 4
    offsets[5] += 2
    offsets.tofile(tmp_path / "b.bin")
    proc = run_program(program, "v950", "scatter", "float", "64", str(tmp_path))
    assert proc.returncode == 3 and "dstOffset[5]" in proc.stdout and "element size" in proc.stdout, proc.stdout


@pytest.mark.parametrize("dtype, src_shape, dst_shape, tiling", [
    # no two neighbouring axes of one kind: nothing fuses; broadcast axes take src stride 0
    ("float", (2, 1, 4, 1), (2, 3, 4, 5), [4, 120, 8, 0, 2, 3, 4, 5, 60, 20, 5, 1, 4, 0, 1, 0]),
    # two broadcast axes and two equal ones fuse to [24, 6]; 64-bit lanes double the last axis
    ("int64", (1, 1, 2, 3), (6, 4, 2, 3), [2, 288, 12, 0, 24, 12, 12, 1, 0, 1]),
])
def test_broadcast_with_tiling_matches_numpy(program: Program, tmp_path: Path, dtype: str,
                                             src_shape: tuple[int, ...], dst_shape: tuple[int, ...],
                                             tiling: list[int]) -> None:
    t = np.dtype(TYPES[dtype])
    x = np.arange(1, int(np.prod(src_shape)) + 1).astype(t).reshape(src_shape)
    x.tofile(tmp_path / "a.bin")
    proc = run_program(program, "v950", "brcnd", dtype, "0", str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert [int(v) for v in re.search(r"brcnd: (.*)", proc.stdout).group(1).split()] == tiling
    np.testing.assert_array_equal(np.fromfile(tmp_path / "d0.bin", dtype=t), np.broadcast_to(x, dst_shape).reshape(-1))

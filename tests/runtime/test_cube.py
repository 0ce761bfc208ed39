"""The Cube unit on the simulator: Nd2Nz/LoadData/Mmad/Fixpipe, the Matmul API and a mixed AIC/AIV kernel, checked
against numpy; cube misuse faults; the host tiling's rules. One program (cube_*.cpp) runs every case."""
from __future__ import annotations

from functools import partial
from pathlib import Path

import numpy as np
import pytest

from tests.runtime.cxx import Program, compile_program, run_program

CPP = Path(__file__).parent / "cpp"

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def cube() -> Program:
    return compile_program([CPP / "cube_numeric.cpp", CPP / "cube_mixed.cpp", CPP / "cube_faults.cpp",
                            CPP / "cube_extra.cpp", CPP / "cube_output.cpp", CPP / "cube_policy.cpp",
                            CPP / "core_harness.cpp"])


def _load(out: Path, case: str, name: str, dtype: str, shape: tuple[int, ...]) -> np.ndarray:
    raw = out / f"{case}_{name}.bin"
    if dtype == "bfloat16":  # numpy has no bfloat16: widen the bits to float32
        bits = np.fromfile(raw, dtype=np.uint16).astype(np.uint32) << 16
        return bits.view(np.float32).reshape(shape).astype(np.float64)
    return np.fromfile(raw, dtype=dtype).reshape(shape).astype(np.float64)


def _run(cube: Program, case: str, out: Path) -> None:
    proc = run_program(cube, case, env={"OPKIT_CUBE_OUT": str(out)}, timeout=60)
    assert (proc.returncode, proc.stdout.strip()) == (0, "ok"), proc.stdout + proc.stderr


# case: (input dtype, accumulator dtype, output dtype, m, k, n, B given transposed (n x k), bias, relu)
MMAD = {
    "mmad_half_odd": ("float16", "float32", "float32", 35, 40, 50, False, False, False),
    "mmad_half_bias_relu_f16out": ("float16", "float32", "float16", 20, 33, 47, False, True, True),
    "mmad_bf16": ("bfloat16", "float32", "float32", 17, 64, 31, False, False, False),
    "mmad_int8_bt": ("int8", "int32", "int32", 30, 70, 40, True, False, False),
    "mmad_float_bt": ("float32", "float32", "float32", 16, 20, 24, True, False, False),
    "mmad_half_split_k": ("float16", "float32", "float32", 33, 80, 40, False, False, False),
}


@pytest.mark.parametrize("case", sorted(MMAD))
def test_mmad_matches_numpy(cube: Program, case: str, tmp_path: Path) -> None:
    """GM -> L1 (Nd2Nz) -> L0A/L0B (LoadData, fractal transpose) -> Mmad -> Fixpipe (NZ -> ND) over odd shapes."""
    src, acc, dst, m, k, n, b_transposed, bias, relu = MMAD[case]
    _run(cube, case, tmp_path)
    a = _load(tmp_path, case, "a", src, (m, k))
    b = _load(tmp_path, case, "b", src, (n, k) if b_transposed else (k, n))
    want = a @ (b.T if b_transposed else b)
    if bias:
        want = want + np.fromfile(tmp_path / f"{case}_bias.bin", dtype=acc)[:n]
    if relu:
        want = np.maximum(want, 0)
    if dst == "float16":
        want = want.astype(np.float16).astype(np.float64)
    got = _load(tmp_path, case, "c", dst, (m, n))
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize(("case", "m", "n", "k", "trans"), [
    ("matmul_api_bias_tails", 100, 200, 70, False), ("matmul_api_transposed", 64, 96, 40, True)])
def test_matmul_api_matches_numpy(cube: Program, case: str, m: int, n: int, k: int, trans: bool,
                                  tmp_path: Path) -> None:
    """MultiCoreMatmulTiling on the host, REGIST_MATMUL_OBJ + SetTail + IterateAll on the vector cores of a mixed
    launch; shapes that leave tails on some cores; bias; A and B given transposed."""
    _run(cube, case, tmp_path)
    a = _load(tmp_path, case, "a", "float16", (k, m) if trans else (m, k))
    b = _load(tmp_path, case, "b", "float16", (n, k) if trans else (k, n))
    want = (a.T @ b.T) if trans else (a @ b + np.fromfile(tmp_path / f"{case}_bias.bin", dtype=np.float32))
    np.testing.assert_allclose(_load(tmp_path, case, "c", "float32", (m, n)), want, rtol=1e-6, atol=1e-5)


def test_mixed_kernel_matmul_then_leakyrelu(cube: Program, tmp_path: Path) -> None:
    """Each block's cube core computes 32 rows of A x B into a workspace and sets a flag; its two vector cores wait for
    it and apply LeakyRelu to 16 rows each."""
    _run(cube, "mixed_leakyrelu", tmp_path)
    a = _load(tmp_path, "mixed_leakyrelu", "a", "float16", (96, 48))
    b = _load(tmp_path, "mixed_leakyrelu", "b", "float16", (48, 32))
    c = a @ b
    want = np.where(c > 0, c, 0.1 * c)
    np.testing.assert_allclose(_load(tmp_path, "mixed_leakyrelu", "c", "float32", (96, 32)), want, rtol=1e-6, atol=1e-6)


def test_split_k_across_cores_with_atomic_adds(cube: Program, tmp_path: Path) -> None:
    """Four cube cores each multiply a quarter of K and add their partial product into one C (enAtomic)."""
    _run(cube, "splitk_atomic_cores", tmp_path)
    a = _load(tmp_path, "splitk_atomic_cores", "a", "float16", (40, 160))
    b = _load(tmp_path, "splitk_atomic_cores", "b", "float16", (160, 48))
    np.testing.assert_allclose(_load(tmp_path, "splitk_atomic_cores", "c", "float32", (40, 48)), a @ b, rtol=1e-5,
                               atol=1e-4)


def test_batch_matmul_with_a_bias_row_per_batch(cube: Program, tmp_path: Path) -> None:
    _run(cube, "batch_matmul_normal", tmp_path)
    a = _load(tmp_path, "batch_matmul_normal", "a", "float16", (3, 20, 40))
    b = _load(tmp_path, "batch_matmul_normal", "b", "float16", (3, 40, 24))
    bias = np.fromfile(tmp_path / "batch_matmul_normal_bias.bin", dtype=np.float32).reshape(3, 1, 24)
    np.testing.assert_allclose(_load(tmp_path, "batch_matmul_normal", "c", "float32", (3, 20, 24)), a @ b + bias,
                               rtol=1e-6, atol=1e-5)


def test_matmul_with_a_constant_tiling(cube: Program, tmp_path: Path) -> None:
    _run(cube, "matmul_constant_tiling", tmp_path)
    a = _load(tmp_path, "matmul_constant_tiling", "a", "float16", (48, 80))
    b = _load(tmp_path, "matmul_constant_tiling", "b", "float16", (80, 64))
    np.testing.assert_allclose(_load(tmp_path, "matmul_constant_tiling", "c", "float32", (48, 64)), a @ b, rtol=1e-6,
                               atol=1e-5)


def test_fixpipe_dequantises_and_requantises(cube: Program, tmp_path: Path) -> None:
    """int8 x int8 -> int32 in L0C; DEQF16 (scale 0.5) to half ND; VREQ8 (a scale per column, ReLU) to int8 NZ, rounded
    half to even and saturated as CANN's quantisation word says."""
    _run(cube, "fixpipe_quant", tmp_path)
    a = np.fromfile(tmp_path / "fixpipe_quant_a.bin", dtype=np.int8).reshape(32, 64).astype(np.int64)
    b = np.fromfile(tmp_path / "fixpipe_quant_b.bin", dtype=np.int8).reshape(48, 64).astype(np.int64)
    c = a @ b.T
    assert np.abs(c).max() > 0
    deq = np.fromfile(tmp_path / "fixpipe_quant_deq.bin", dtype=np.float16).reshape(32, 48)
    np.testing.assert_array_equal(deq, (c * 0.5).astype(np.float32).astype(np.float16))
    scales = np.fromfile(tmp_path / "fixpipe_quant_scales.bin", dtype=np.float32)
    x = np.clip(np.round(np.clip(np.maximum(c, 0) * scales, -256, 255)), -128, 127).astype(np.int8)
    nz = np.fromfile(tmp_path / "fixpipe_quant_req.bin", dtype=np.int8).reshape(2, 32, 32)  # column blocks of 32
    got = np.concatenate([nz[0], nz[1]], axis=1)[:, :48]
    np.testing.assert_array_equal(got, x)


def test_matmul_c_in_nd_align_and_with_org_kc(cube: Program, tmp_path: Path) -> None:
    """C in ND_ALIGN: rows N rounded up to 32 bytes apart, the padding columns zero (CANN's GetOrgWidth and
    FixpipeParamsUtil); C in ND with SetOrgShape(..., orgKc): rows orgKc apart, the rest of each row untouched."""
    _run(cube, "matmul_nd_align", tmp_path)
    a = _load(tmp_path, "matmul_nd_align", "a", "float16", (20, 32))
    b = _load(tmp_path, "matmul_nd_align", "b", "float16", (32, 37))
    c = _load(tmp_path, "matmul_nd_align", "c", "float32", (20, 40))
    np.testing.assert_allclose(c[:, :37], a @ b, rtol=1e-6, atol=1e-5)
    np.testing.assert_array_equal(c[:, 37:], 0)
    c_kc = _load(tmp_path, "matmul_nd_align", "c_kc", "float32", (20, 48))
    np.testing.assert_allclose(c_kc[:, :37], a @ b, rtol=1e-6, atol=1e-5)
    np.testing.assert_array_equal(c_kc[:, 37:], -1)


def test_matmul_partial_output_gives_each_base_k_slice(cube: Program, tmp_path: Path) -> None:
    """MatmulConfig.isPartialOutput (MDL): each Iterate is one baseM x baseN block over one baseK slice (K innermost),
    not the sum over K; GetTensorC(.., enSequentialWrite) packs them one after another."""
    _run(cube, "matmul_partial_output", tmp_path)
    a = _load(tmp_path, "matmul_partial_output", "a", "float16", (32, 96))
    b = _load(tmp_path, "matmul_partial_output", "b", "float16", (96, 32))
    got = _load(tmp_path, "matmul_partial_output", "c", "float32", (2, 3, 16, 32))
    for mi in range(2):
        for ki in range(3):
            want = a[mi * 16:(mi + 1) * 16, ki * 32:(ki + 1) * 32] @ b[ki * 32:(ki + 1) * 32]
            np.testing.assert_allclose(got[mi, ki], want, rtol=1e-6, atol=1e-5)
    np.testing.assert_allclose(got.sum(axis=1).reshape(32, 32), a @ b, rtol=1e-5, atol=1e-4)


@pytest.mark.parametrize("case", ["mix_core_ids", "tiling_rules", "cross_core_modes_0_1",
                                  "clear_syncall_then_atomic_add"])
def test_cube_case_passes(cube: Program, case: str, tmp_path: Path) -> None:
    _run(cube, case, tmp_path)


def test_atomic_adds_of_zero_past_a_slice_are_no_race(cube: Program, tmp_path: Path) -> None:
    # Two threads for 40 blocks: some blocks clear their slice after the previous block added zeros into it.
    proc = run_program(cube, "atomic_zero_tail_spill", env={"OPKIT_CUBE_OUT": str(tmp_path), "OPKIT_SIM_THREADS": "2"},
                       timeout=60)
    assert (proc.returncode, proc.stdout.strip()) == (0, "ok"), proc.stdout + proc.stderr


FAULTS = {
    "fault_l1_overflow": "[TPipe::InitBuffer] L1 overflow at position A1: 307200 bytes already allocated + 307200 "
                         "bytes = 614400 bytes > 524288 bytes",
    "fault_l0a_overflow": "[TPipe::InitBuffer] L0A overflow at position A2: 40960 bytes already allocated + 40960 "
                          "bytes = 81920 bytes > 65536 bytes",
    "fault_bias_table_on_310p": "position C2 lives in BT (bias table), which Ascend310P does not have",
    "fault_mmad_wrong_position": "[Mmad] fm is a tensor at position A1 (L1); Mmad needs it in L0A (position A2)",
    "fault_vector_api_on_l1": "[Adds] dst is not a tensor in this block's Unified Buffer",
    "fault_misaligned_nd2nz": "[DataCopy(Nd2NzParams)] dst starts at L1 offset 16, which is not 32-byte aligned",
    "fault_misaligned_load_l0a": "[LoadData] dst starts at L0A offset 32, which is not 512-byte aligned",
    "fault_load_past_buffer": "[LoadData] src needs 1536 bytes but the tensor holds 1024 bytes (512 elements) at "
                              "position B1",
    "fault_missing_cross_set": "[CrossCoreWaitFlag] 4 core(s) wait and no running core can release them: vector core",
    "fault_cross_flag_vector_only": "[CrossCoreWaitFlag] the launch has no cube core (a vector-only kernel)",
    "fault_declared_type_mismatch": "the kernel declares KERNEL_TYPE_MIX_AIC_1_2 (1 cube + 2 vector core(s) per block) "
                                    "but the launch runs it as KERNEL_TYPE_AIV_ONLY",
    "fault_bad_cube_tiling": "[Matmul::Init] the TCubeTiling is not valid: baseM and baseN must be positive multiples "
                             "of 16",
    "fault_fixpipe_vector_quant_without_words": "[Fixpipe] quantPre 8 is a per-channel mode: pass the uint64_t "
                                                "quantisation tensor",
    "fault_partial_output_bias": "[Matmul::Iterate] isPartialOutput does not support a bias",
    "fault_atomic_add_onto_uncleared_gm": "[DataCopy] an atomic store (SetAtomicAdd) combines with GM at ",
    "fault_clear_races_atomic_adds": "has already added to atomically, and neither waited on the other first",
    "fault_fill_past_buffer": "[Fill] dst needs 2560 bytes but the tensor holds 2048 bytes (1024 elements) at "
                              "position A2",
    "fault_sparse_index_3": "[MmadWithSparse] index 3 (first of a pair) for column 0, K group 0: each index of a "
                            "4:2 pair is 0, 1 or 2",
}


@pytest.mark.parametrize("case", sorted(FAULTS))
def test_cube_misuse_faults(cube: Program, case: str, tmp_path: Path) -> None:
    # Two threads: a launch of more blocks than threads starts some block only after another finished (the race case).
    proc = run_program(cube, case, env={"OPKIT_CUBE_OUT": str(tmp_path), "OPKIT_SIM_THREADS": "2"}, timeout=60)
    assert proc.returncode == 0 and proc.stdout.startswith("fault: "), proc.stdout + proc.stderr
    assert FAULTS[case] in proc.stdout


def test_every_case_is_run(cube: Program) -> None:
    proc = run_program(cube)
    listed = sorted(proc.stderr.split("cases:")[1].split())
    covered = sorted([*MMAD, "matmul_api_bias_tails", "matmul_api_transposed", "mixed_leakyrelu", "mix_core_ids",
                      "tiling_rules", "splitk_atomic_cores", "batch_matmul_normal", "matmul_constant_tiling",
                      "fixpipe_quant", "matmul_nd_align", "matmul_partial_output", "cross_core_modes_0_1",
                      "matmul_triangle", "matmul_dequant", "matmul_nz_operands", "matmul_core_split",
                      "matmul_callback_copy_a1", "load_transpose_b8", "clear_syncall_then_atomic_add",
                      "atomic_zero_tail_spill", "fill_l1_l0", "load3d_registers", "sparse_mmad",
                      "mmad_bias_table_seed", "fixpipe_nd_num", "mmad_int4", "fixpipe_registers", *FAULTS])
    assert listed == covered


def test_sparse_mmad_picks_a_values_by_the_4_2_indices(cube: Program, tmp_path: Path) -> None:
    """MmadWithSparse: each dense B value of a K group of 4 multiplies the A value its 2-bit index names (first:
    position 0-2; second: position 1-3 as index + 1, or the first's position when that is not after it)."""
    _run(cube, "sparse_mmad", tmp_path)
    m, k, n = 32, 128, 32
    a = np.fromfile(tmp_path / "sparse_mmad_a.bin", dtype=np.int8).reshape(m, k).astype(np.int64)
    bd = np.fromfile(tmp_path / "sparse_mmad_bd.bin", dtype=np.int8).reshape(n, k // 2).astype(np.int64)
    idx = np.fromfile(tmp_path / "sparse_mmad_idx.bin", dtype=np.uint8).reshape(n, k // 2).astype(np.int64)
    b = np.zeros((k, n), np.int64)  # B back to k x n: dense values at the A positions they multiply
    for col in range(n):
        for g in range(k // 4):
            p0 = idx[col, 2 * g]
            p1 = max(idx[col, 2 * g + 1] + 1, p0)
            b[4 * g + p0, col] += bd[col, 2 * g]
            b[4 * g + p1, col] += bd[col, 2 * g + 1]
    want = a @ b
    once = np.fromfile(tmp_path / "sparse_mmad_once.bin", dtype=np.int32).reshape(m, n)
    np.testing.assert_array_equal(once, want)
    np.testing.assert_array_equal(np.fromfile(tmp_path / "sparse_mmad_twice.bin", dtype=np.int32).reshape(m, n),
                                  2 * want)


def test_mmad_seeds_c_from_the_bias_table_with_cmatrix_source(cube: Program, tmp_path: Path) -> None:
    """cmatrixSource true, cmatrixInitVal false and no bias tensor: C = the bias table's first n values + A x B."""
    _run(cube, "mmad_bias_table_seed", tmp_path)
    a = _load(tmp_path, "mmad_bias_table_seed", "a", "float16", (16, 32))
    b = _load(tmp_path, "mmad_bias_table_seed", "b", "float16", (32, 16))
    seed = _load(tmp_path, "mmad_bias_table_seed", "seed", "float32", (16,))
    np.testing.assert_allclose(_load(tmp_path, "mmad_bias_table_seed", "c", "float32", (16, 16)), seed + a @ b,
                               rtol=1e-6, atol=1e-5)


def test_fixpipe_nz2nd_moves_nd_num_matrices(cube: Program, tmp_path: Path) -> None:
    """ndNum 3 with CFG_ROW_MAJOR: matrix i from srcNdStride x 256 values on in L0C to dstNdStride elements on."""
    _run(cube, "fixpipe_nd_num", tmp_path)
    l0c = np.fromfile(tmp_path / "fixpipe_nd_num_l0c.bin", dtype=np.float32).reshape(3, 32, 16)  # NZ: 1 column block
    out = np.fromfile(tmp_path / "fixpipe_nd_num_out.bin", dtype=np.float32).reshape(3, 400)
    want = np.full((3, 400), -1, np.float32)
    want[:, :320] = l0c[:, :20].reshape(3, 320)
    np.testing.assert_array_equal(out, want)


def test_fixpipe_register_form_uses_the_set_registers(cube: Program, tmp_path: Path) -> None:
    """DataCopy(GM, L0C, DataCopyCO12DstParams) reads SetFixpipePreQuantFlag's scalar word (DEQF16), SetFixPipeConfig's
    per-column words (VDEQF16) and SetFixpipeNz2ndFlag's matrix count and strides (nz2ndEn)."""
    _run(cube, "fixpipe_registers", tmp_path)
    l0c = np.fromfile(tmp_path / "fixpipe_registers_l0c.bin", dtype=np.int32).reshape(2, 16, 16)  # 1 column block
    half = partial(_load, tmp_path, "fixpipe_registers", dtype="float16")
    np.testing.assert_array_equal(half("scalar", shape=(16, 16)), (l0c[0] * 0.5).astype(np.float16))
    scales = 0.125 * (1 + np.arange(16) % 5)
    np.testing.assert_array_equal(half("channel", shape=(16, 16)), (l0c[0] * scales).astype(np.float16))
    both = half("both", shape=(600,))
    want = np.full(600, -1.0)
    want[:256] = (l0c[0] * 0.5).ravel()
    want[300:556] = (l0c[1] * 0.5).ravel()
    np.testing.assert_array_equal(both, want)


def test_mmad_multiplies_int4_nibbles_into_int32(cube: Program, tmp_path: Path) -> None:
    """int4b_t operands two to a byte (low nibble first) in L0A/L0B: C = A x B in int32; int4 views offset by
    values (two to a byte)."""
    _run(cube, "mmad_int4", tmp_path)
    a = np.fromfile(tmp_path / "mmad_int4_a.bin", dtype=np.int8).reshape(16, 128).astype(np.int64)
    b = np.fromfile(tmp_path / "mmad_int4_b.bin", dtype=np.int8).reshape(128, 32).astype(np.int64)
    assert a.min() == -8 and a.max() == 7  # the whole 4-bit range, negative nibbles included
    np.testing.assert_array_equal(np.fromfile(tmp_path / "mmad_int4_c.bin", dtype=np.int32).reshape(16, 32), a @ b)


@pytest.mark.parametrize(("soc", "l1", "l0c", "bt"), [
    ("Ascend910B2", 512, 128, 1), ("Ascend310P3", 1024, 256, 0), ("Ascend910A", 1024, 256, 0),
    ("Ascend310B1", 1024, 128, 1), ("Ascend950PR_9599", 512, 256, 4)])
def test_soc_profiles_give_cube_memory(soc: str, l1: int, l0c: int, bt: int) -> None:
    """The figures of CANN's <SoC>.ini (l1_size, l0_c_size, bt_size; L0A/L0B are 64 KB everywhere)."""
    from opkit.spec.soc import SOC_PROFILES
    mem = SOC_PROFILES[soc].cube_memory
    assert (mem["L1"], mem["L0A"], mem["L0B"], mem["L0C"], mem["BT"]) == (l1 * 1024, 65536, 65536, l0c * 1024, bt * 1024)


def test_matmul_triangular_policies_compute_one_side_of_the_diagonal(cube: Program, tmp_path: Path) -> None:
    """TrianUpperMatmulPolicy writes the 16 x 16 base blocks (mi, ni) with mi <= ni, TrianLowerMatmulPolicy those with
    mi >= ni; the other blocks keep C's -1."""
    _run(cube, "matmul_triangle", tmp_path)
    a = _load(tmp_path, "matmul_triangle", "a", "float16", (48, 32))
    b = _load(tmp_path, "matmul_triangle", "b", "float16", (32, 48))
    blocks = np.arange(48) // 16
    for name, keep in (("up", blocks[:, None] <= blocks[None, :]), ("low", blocks[:, None] >= blocks[None, :])):
        got = _load(tmp_path, "matmul_triangle", name, "float32", (48, 48))
        np.testing.assert_allclose(got, np.where(keep, a @ b, -1.0), rtol=1e-6, atol=1e-6, err_msg=name)


def test_matmul_dequantises_int8_products_to_half(cube: Program, tmp_path: Path) -> None:
    """SetQuantScalar (0.1) and SetQuantVector (a word per column): int32 C times the scale, the scale's fp32 cut to
    10 mantissa bits as the device's quantisation word holds it, then rounded to half."""
    _run(cube, "matmul_dequant", tmp_path)
    a = np.fromfile(tmp_path / "matmul_dequant_a.bin", dtype=np.int8).reshape(20, 64).astype(np.int64)
    b = np.fromfile(tmp_path / "matmul_dequant_b.bin", dtype=np.int8).reshape(64, 40).astype(np.int64)
    c = (a @ b).astype(np.float64)
    assert np.abs(c).max() > 100

    def cut(x: np.ndarray) -> np.ndarray:
        return (np.asarray(x, dtype=np.float32).view(np.uint32) & np.uint32(0xFFFFE000)).view(np.float32)

    want_scalar = (c * cut(np.float32(0.1))).astype(np.float32).astype(np.float16)
    np.testing.assert_array_equal(np.fromfile(tmp_path / "matmul_dequant_c_scalar.bin", dtype=np.float16).reshape(20, 40),
                                  want_scalar)
    scales = np.fromfile(tmp_path / "matmul_dequant_scales.bin", dtype=np.float32)
    assert not np.array_equal(cut(scales), scales)  # the cut matters for these scales
    want_vector = (c * cut(scales)[None, :]).astype(np.float32).astype(np.float16)
    np.testing.assert_array_equal(np.fromfile(tmp_path / "matmul_dequant_c_vector.bin", dtype=np.float16).reshape(20, 40),
                                  want_vector)


def test_matmul_reads_nz_operands_from_tscm_and_gm(cube: Program, tmp_path: Path) -> None:
    """A in NZ from a TSCM queue (L1) with B in ND; A in NZ and B transposed in NZ from GM."""
    _run(cube, "matmul_nz_operands", tmp_path)
    a = _load(tmp_path, "matmul_nz_operands", "a", "float16", (32, 48))
    b = _load(tmp_path, "matmul_nz_operands", "b", "float16", (48, 40))
    for name in ("c_tscm", "c_gm"):
        np.testing.assert_allclose(_load(tmp_path, "matmul_nz_operands", name, "float32", (32, 40)), a @ b, rtol=1e-6,
                                   atol=1e-6, err_msg=name)


def test_multicore_tiling_splits_m_first_and_k_when_asked(cube: Program, tmp_path: Path) -> None:
    """512 x 512 x 128 on 2 cores: M split (256 x 512 each). 32 x 16 x 1024 on 24 cores with EnableMultiCoreSplitK:
    K split into whole fractals, and the cores' partial products added into C give A x B."""
    _run(cube, "matmul_core_split", tmp_path)
    f = np.fromfile(tmp_path / "matmul_core_split_fields.bin", dtype=np.int32)
    assert tuple(f[:4]) == (2, 256, 512, 128)
    used, sm, sn, sk = (int(x) for x in f[4:])
    assert sk < 1024 and sk % 16 == 0 and 1 < used <= 24
    assert used == -(-32 // sm) * -(-16 // sn) * -(-1024 // sk)
    a = _load(tmp_path, "matmul_core_split", "a", "float16", (32, 1024))
    b = _load(tmp_path, "matmul_core_split", "b", "float16", (1024, 16))
    np.testing.assert_allclose(_load(tmp_path, "matmul_core_split", "c", "float32", (32, 16)), a @ b, rtol=1e-6,
                               atol=1e-4)


def test_matmul_copy_a1_callback_brings_every_tile(cube: Program, tmp_path: Path) -> None:
    """MatmulCallBackFunc's CopyA1 (an Nd2Nz copy of tile (row, col) from the GM address given by SetSelfDefineData)
    fills each L1 tile of A; the Matmul's own A is zeros, so the product is right only through the callback."""
    _run(cube, "matmul_callback_copy_a1", tmp_path)
    tile_m, tile_k = np.fromfile(tmp_path / "matmul_callback_copy_a1_tile.bin", dtype=np.int32)
    assert (tile_m, tile_k) == (16, 32)  # three K tiles per block, the last M tile 8 rows
    a = _load(tmp_path, "matmul_callback_copy_a1", "a", "float16", (40, 96))
    b = _load(tmp_path, "matmul_callback_copy_a1", "b", "float16", (96, 32))
    np.testing.assert_allclose(_load(tmp_path, "matmul_callback_copy_a1", "c", "float32", (40, 32)), a @ b,
                               rtol=1e-6, atol=1e-6)


def test_load_data_with_transpose_of_int8_squares(cube: Program, tmp_path: Path) -> None:
    """Each iteration stacks two 16 x 32 fractals into a 32 x 32 square, transposes it and writes its two halves
    dstFracGap fractals apart; iterations start dstGap fractals after the previous first fractal."""
    _run(cube, "load_transpose_b8", tmp_path)
    src = np.fromfile(tmp_path / "load_transpose_b8_src.bin", dtype=np.int8).reshape(3, 32, 32)
    t = src.transpose(0, 2, 1)  # each square transposed: halves t[i, :16] and t[i, 16:]
    together = np.fromfile(tmp_path / "load_transpose_b8_together.bin", dtype=np.int8).reshape(3, 32, 32)
    np.testing.assert_array_equal(together, t)
    split = np.fromfile(tmp_path / "load_transpose_b8_split.bin", dtype=np.int8).reshape(6, 16, 32)
    np.testing.assert_array_equal(split[:3], t[:, :16])
    np.testing.assert_array_equal(split[3:], t[:, 16:])


def test_fill_initialises_l1_and_l0_in_blocks(cube: Program, tmp_path: Path) -> None:
    """Fill with InitConstValueParams: repeatTimes iterations of blockNum blocks (32 bytes in L1, 512 in L0A/L0B),
    dstGap blocks between iterations; the two-argument form (no blockNum) changes nothing."""
    _run(cube, "fill_l1_l0", tmp_path)
    l0a = np.fromfile(tmp_path / "fill_l1_l0_l0a.bin", dtype=np.float16).reshape(8, 256)
    want = np.ones((8, 256), np.float16)
    want[[0, 1, 3, 4, 6, 7]] = 2  # 3 x (2 blocks, gap 1)
    np.testing.assert_array_equal(l0a, want)
    l1 = np.fromfile(tmp_path / "fill_l1_l0_l1.bin", dtype=np.float32).reshape(10, 8)
    want = np.full((10, 8), -1, np.float32)
    want[[0, 1, 3, 4, 6, 7]] = 3.5
    np.testing.assert_array_equal(l1, want)
    c = np.fromfile(tmp_path / "fill_l1_l0_c.bin", dtype=np.float32).reshape(32, 32)
    np.testing.assert_array_equal(c, np.ones((32, 64)) @ np.ones((64, 32)))


def test_load3d_takes_shape_pad_and_boundary_from_the_registers(cube: Program, tmp_path: Path) -> None:
    """A 32 x 1 feature map of 32 channels (NZ: two C1 blocks of 32 rows x 16) through load3d into L0A fractals:
    plain, with an L1 boundary of 1024 bytes (the second block's reads wrap to L1's start), and with SetFmatrix's
    top pad of 1 row filled with SetLoadDataPaddingValue's 7."""
    _run(cube, "load3d_registers", tmp_path)
    src = np.fromfile(tmp_path / "load3d_registers_src.bin", dtype=np.float16).reshape(2, 32, 16)

    def fractals(rows: np.ndarray) -> np.ndarray:  # 32 x 32 -> fractals of 16 x 16, row-major fractal order
        return rows.reshape(2, 16, 2, 16).transpose(0, 2, 1, 3).reshape(-1)

    img = np.concatenate([src[0], src[1]], axis=1)  # row r: its 32 channels
    got = lambda name: np.fromfile(tmp_path / f"load3d_registers_{name}.bin", dtype=np.float16)  # noqa: E731
    np.testing.assert_array_equal(got("plain"), fractals(img))
    np.testing.assert_array_equal(got("wrapped"), fractals(np.concatenate([src[0], src[0]], axis=1)))
    padded = np.vstack([np.full((1, 32), 7, np.float16), img[:31]])
    np.testing.assert_array_equal(got("regs"), fractals(padded))

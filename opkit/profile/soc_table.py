"""The timing model's constants, one table per SoC, each constant with where it comes from.

Sources. "add row N" is asc-devkit's add best practice (examples/01_simd_cpp_api/05_best_practices/00_vector_compute/
add_high_performance, half add of two 8192 x 8192 tensors) as msprof profiled case N on an Atlas A2; "data_copy row N"
is the same repository's data_copy best practice (04_memory_access/data_copy, GM -> UB DataCopyPad of a 12288 x 12288
half matrix on 48 cores), scenario N. Those rows are the only published measurements any constant was solved from;
every other published profile (bank_conflict_ub, bank_conflict_nd2nz, ...) is kept apart to measure the model.
"UB layout" is the bank structure that asc-devkit's bank_conflict_ub README documents for Atlas A2/A3 (an 18-bit UB
address {bank[1:0], row[6:0], bank group[3:0], offset[4:0]}: 16 bank groups of 3 banks, 32-byte rows). "(?)" marks a
figure no public page confirms: an uncalibrated guess, kept so that the model has a number, not a measured one.
"""
from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Constant", "SocTable", "TABLES", "table_for", "VEC_CLASSES", "HIGHLEVEL"]


@dataclass(frozen=True)
class Constant:
    value: float
    unit: str
    source: str


@dataclass(frozen=True)
class SocTable:
    name: str
    constants: dict[str, Constant]

    def __getitem__(self, key: str) -> float:
        return self.constants[key].value


_ADD = "add rows"
_DC = "data_copy rows"
_GUESS = "(?) uncalibrated guess"

# Vector instruction classes; each costs vec_issue_cycles per instruction (up to 255 repeats) plus
# vec_<class>_cycles per repeat (one repeat reads and writes 8 datablocks of 32 B), plus bank-conflict cycles.
VEC_CLASSES = ("simple", "transcendental", "reduce", "convert")

# High-level APIs as the vector instructions they issue per repeat of their input (class -> instructions).
# Gelu: asc-devkit gelu_high_performance README, method 1 (13 instructions: Mul x3, Muls x4, Add, Adds x3, Exp, Div);
# the others (?) from the textbook formulas as CANN documents each API (SoftMax: ReduceMax, Sub, Exp, ReduceSum, Div;
# LayerNorm: ReduceSum x2, Sub, Mul x3, Adds, Rsqrt, Add; Sigmoid: Muls, Exp, Adds, Reciprocal; ...).
HIGHLEVEL: dict[str, dict[str, int]] = {
    "Gelu": {"simple": 11, "transcendental": 2},
    "FasterGelu": {"simple": 5, "transcendental": 2},
    "SoftMax": {"simple": 1, "transcendental": 2, "reduce": 2},
    "SimpleSoftMax": {"simple": 1, "transcendental": 2},
    "LogSoftMax": {"simple": 2, "transcendental": 2, "reduce": 2},
    "LayerNorm": {"simple": 5, "transcendental": 1, "reduce": 2},
    "RmsNorm": {"simple": 3, "transcendental": 1, "reduce": 1},
    "Sigmoid": {"simple": 2, "transcendental": 2},
    "Silu": {"simple": 3, "transcendental": 2},
    "Swish": {"simple": 3, "transcendental": 2},
    "Tanh": {"simple": 3, "transcendental": 2},
    "Erf": {"simple": 10, "transcendental": 1},
    "Power": {"simple": 1, "transcendental": 2},
    "Sin": {"simple": 8}, "Cos": {"simple": 8},
}
_DEFAULT_HIGHLEVEL = {"simple": 8, "transcendental": 1}  # (?) any other high-level API

_910B = {
    "clock_hz": Constant(1.8e9, "Hz", "(?) AI Core clock of Atlas A2 (910B) as msprof reports it; it only converts "
                                       "cycles, the calibrated cycle counts absorb an error in it"),
    "vector_cores": Constant(48, "cores", "CANN platform config (opkit/sim/soc.h): 48 AIV cores on 910B1/B2"),
    "ub_bytes": Constant(192 * 1024, "B", "CANN platform config: 192 KiB Unified Buffer per vector core"),
    "ub_banks": Constant(1, "flag", "UB layout: the simulator counts bank-group and bank conflicts of each vector "
                                    "instruction with it (opkit/sim/profile.h)"),
    "l2_bytes": Constant(192 * 2**20, "B", "CANN platform config: 192 MiB L2 on 910B2"),
    # --- vector pipe ---
    "vec_issue_cycles": Constant(21.25, "cycles", _ADD + " 1 and 3 (Add half of 32 and 128 repeats, both with a "
                                                  "read-read bank-group conflict: 83.7 and 271 cycles)"),
    "vec_simple_cycles": Constant(1.0, "cycles/repeat", "UB layout (a repeat reads 8 datablocks of each source from 8 "
                                                        "bank groups in one access each); add row 6 (conflict-free, "
                                                        "127 repeats: 0.98 cycles per repeat)"),
    "vec_conflict_cycles": Constant(0.951, "cycles", _ADD + " 1/3 against 6: each further access that one bank group "
                                                    "(reads, writes) or one bank (a read and the previous repeat's "
                                                    "write) must serve in a repeat"),
    "vec_transcendental_cycles": Constant(4.0, "cycles/repeat", _GUESS + ": Exp/Ln/Sqrt/Rsqrt/Reciprocal/Div are "
                                                                "multi-cycle on the vector unit"),
    "vec_reduce_cycles": Constant(2.0, "cycles/repeat", _GUESS + ": a reduction's tree adds about one pass"),
    "vec_convert_cycles": Constant(2.0, "cycles/repeat", _GUESS + ": Cast reads one width and writes another"),
    # --- DMA (MTE2 GM -> UB, MTE3 UB -> GM) ---
    "mte_issue_cycles": Constant(12.9, "cycles", _DC + " 1 (49152 copies of one 128 B burst per core, issued back to "
                                                 "back: 11.15 ns each, 4.0 ns of it the bytes)"),
    "mte_burst_cycles": Constant(0.70, "cycles", _DC + " 2 (64 bursts of 128 B per copy: 287 ns, 255 ns of it bytes)"),
    "mte_latency_s": Constant(107e-9, "s", _ADD + " 2 and 3 (the latency each tile waits for, 2 copies + latency "
                                              "= 631 ns and 2161 ns per tile) with mte_issue_cycles; copies in flight "
                                              "hide it: only the copy a queue or flag waits for exposes it"),
    "hbm_read_bw": Constant(1.543e12, "B/s", _ADD + " 2 and 3 (the chip's GM reads shared by 48 cores: 32.1 GB/s "
                                             "per core); HBM2e 1.6 TB/s nominal"),
    "mte2_core_bw": Constant(63.8e9, "B/s", _ADD + " 1 (one core: 379 ns per tile of two 8 KiB reads)"),
    "mte3_core_bw": Constant(182e9, "B/s", _ADD + " 1 and 2 (one core and 48 cores alike: 159 ns per 8 KiB write)"),
    "chip_write_bw": Constant(2.82e12, "B/s", _ADD + " 3 (48 cores writing 32 KiB copies: 672 ns each); writes land "
                                               "in L2"),
    "unaligned_extra_bytes": Constant(570, "B", _DC + " 3 and 4 (2048 B bursts, 512 B-aligned vs not: 202.7 vs "
                                                "259.0 us): each further 512 B GM transaction a burst straddles "
                                                "because its start is not 512 B-aligned; Ascend C best practices "
                                                "('Using 512-Byte Alignment for the GM Address': as little as 70% "
                                                "of the bandwidth for 32 B-aligned bursts)"),
    "l2_hit_bw": Constant(5.95e12, "B/s", _DC + " 6 (a 75 MB slice read 4 times: 3 passes from L2 in 114 us)"),
    "l2_hit_core_bw": Constant(124e9, "B/s", _DC + " 6 (per core of the same passes)"),
    "l2_share": Constant(0.5, "ratio", _GUESS + ": the part of L2 a streaming read can reuse while other data "
                                               "(outputs, other cores) shares it"),
    "shared_read_bw": Constant(1.05e12, "B/s", _DC + " 8 (48 cores each reading the same 6 MB, staggered by core: "
                                               "800 ns per 16 KiB copy of 128 B bursts): data many cores read lives "
                                               "in few L2 slices (addresses interleave over the slices), which serve "
                                               "them all"),
    "same_line_penalty": Constant(1.58, "ratio", _DC + " 7 against 8 (the same reads in the same order on every "
                                                 "core: 1236 ns per copy): cores reading one address range at once "
                                                 "queue at its L2 slice"),
    "big_copy_bytes": Constant(16 * 1024, "B", "Ascend C performance tips 03, data movement (hiascend.com developer "
                                               "techArticles 20240906-1): copies of 16 KB and more come near peak "
                                               "bandwidth"),
    # --- scalar unit ---
    "scalar_api_cycles": Constant(1.576, "cycles", _ADD + " 1 and 3 (16 queue/copy/vector calls per tile)"),
    "scalar_entry_cycles": Constant(2948.0, "cycles", _ADD + " 1 and 3 (per block: entry, tiling, Init)"),
    "scalar_ub_cycles": Constant(11.0, "cycles", _ADD + " 0 (one core, GetValue x2 + SetValue per element: 1233742 "
                                                  "us for 67M elements, 33 cycles per element)"),
    "scalar_gm_miss_cycles": Constant(193.0, "cycles", "mte_latency_s at clock_hz: a data-cache miss waits about one "
                                                       "GM latency"),
    # --- cube side (AIC: MTE2 GM -> L1 as the DMA above, MTE1 L1 -> L0A/L0B, CUBE, FIXPIPE L0C -> GM/L1/UB). The one
    # published cube profile (asc-devkit's matmul_basic_api_high_performance best practice, msprof on an Atlas A2:
    # M = N = K = 8192 half on 24 cube cores) is held apart like the vector ones; nothing here is solved from it. ---
    "cube_cores": Constant(24, "cores", "CANN platform config (opkit/sim/soc.h): 24 AIC cores on 910B1/B2, one per "
                                        "two AIV cores"),
    "cube_fractal_cycles": Constant(1.0, "cycles", "asc-devkit matmul_basic_api_high_performance README, theoretical "
                                                   "analysis: the A2's cube does 16 x 16 x 16 half multiply-adds per "
                                                   "cycle, i.e. one fractal product 16 x C0 by C0 x 16 (C0 = 32 bytes "
                                                   "of the input: 16x32x16 int8, 16x8x16 float assumed alike); its "
                                                   "held-apart msprof row (aic_mac_time 3081.7 us) is 0.8% below "
                                                   "this at clock_hz (3106.9 us)"),
    "cube_issue_cycles": Constant(16.0, "cycles", _GUESS + ": a Mmad's start-up before its first fractal"),
    "mte1_bytes_per_cycle": Constant(256.0, "B/cycle", _GUESS + ": L1 -> L0A/L0B, enough for the cube to reuse "
                                                       "each loaded fractal about twice"),
    "mte1_issue_cycles": Constant(12.9, "cycles", _GUESS + ": as mte_issue_cycles (an MTE instruction's issue)"),
    "fixpipe_bytes_per_cycle": Constant(128.0, "B/cycle", _GUESS + ": L0C -> GM/L1/UB after conversion"),
    "fixpipe_issue_cycles": Constant(24.0, "cycles", _GUESS + ": a Fixpipe's start-up (its quantisation and layout "
                                                     "set-up)"),
}

# The 910B4 and 910_93 share the 910B's core; only counts differ.
_910B_40 = dict(_910B, vector_cores=Constant(40, "cores", "CANN platform config: 40 AIV cores on 910B3/B4"),
                cube_cores=Constant(20, "cores", "CANN platform config: 20 AIC cores on 910B3/B4"))

# 310P (Atlas 300I Pro/Duo, dav-2002): no published msprof row; the 910B's per-core figures with its own memory.
_310P = dict(_910B,
             vector_cores=Constant(8, "cores", "(?) CANN platform config as opkit assumes it (soc.h)"),
             cube_cores=Constant(8, "cores", "CANN platform config: one AI Core does cube and vector work (fused)"),
             ub_bytes=Constant(256 * 1024, "B", "CANN platform config: 256 KiB UB"),
             ub_banks=Constant(0, "flag", _GUESS + ": the 310P's UB layout is not published; no bank conflicts"),
             l2_bytes=Constant(16 * 2**20, "B", "(?) CANN platform config: 16 MiB L2"),
             clock_hz=Constant(1.08e9, "Hz", "(?) Atlas 300I Pro AI Core clock as publicly quoted"),
             hbm_read_bw=Constant(204.8e9, "B/s", "(?) LPDDR4X of the Atlas 300I Pro; not calibrated"),
             chip_write_bw=Constant(204.8e9, "B/s", "(?) as hbm_read_bw; not calibrated"),
             l2_hit_bw=Constant(819e9, "B/s", _GUESS + ": 4x the DDR bandwidth"))

# 310B (Atlas 200I/500 A2, dav-3002): an edge SoC with 1 AI Core (1 vector unit) and LPDDR4X.
_310B = dict(_910B,
             vector_cores=Constant(1, "cores", "(?) CANN platform config as opkit assumes it (soc.h): 1 AIV"),
             cube_cores=Constant(1, "cores", "CANN platform config: one AI Core does cube and vector work (fused)"),
             ub_bytes=Constant(256 * 1024, "B", "CANN platform config: 256 KiB UB"),
             ub_banks=Constant(0, "flag", _GUESS + ": the 310B's UB layout is not published; no bank conflicts"),
             l2_bytes=Constant(4 * 2**20, "B", _GUESS),
             clock_hz=Constant(1.0e9, "Hz", _GUESS),
             hbm_read_bw=Constant(51.2e9, "B/s", "(?) LPDDR4X 3200 x 128 bit as publicly quoted; not calibrated"),
             chip_write_bw=Constant(51.2e9, "B/s", "(?) as hbm_read_bw; not calibrated"),
             mte2_core_bw=Constant(51.2e9, "B/s", "(?) the chip's DDR bandwidth"),
             l2_hit_bw=Constant(204.8e9, "B/s", _GUESS))

# 950 (Ascend 950PR/DT, dav-3510): 64 vector cores (asc-devkit's best practices launch 64 blocks on it). Its data_copy
# and add rows are published but this table is not fitted to them yet: the 910B's per-core figures with the 950's
# documented differences.
_950 = dict(_910B,
            vector_cores=Constant(64, "cores", "asc-devkit best practices: 64 vector blocks on Ascend 950"),
            cube_cores=Constant(32, "cores", _GUESS + ": one cube core per two vector cores, as on the 910B (soc.h "
                                                      "has 28-36 by product)"),
            ub_bytes=Constant(256 * 1024, "B", "(?) asc-devkit bank_conflict_3510 README: 256 KiB UB"),
            ub_banks=Constant(0, "flag", _GUESS + ": the 950's UB layout differs from the A2's (bank_conflict_3510 "
                                                  "README); its conflicts are not modelled yet"),
            l2_bytes=Constant(128 * 2**20, "B", _GUESS),
            clock_hz=Constant(1.8e9, "Hz", _GUESS + ": the 910B's (GetSystemCycle's 1 GHz on the 950 is the system "
                                                "counter's, not the AI Core's)"),
            hbm_read_bw=Constant(1.6e12, "B/s", "asc-devkit data_copy README: 'GM bandwidth approximately 1.6 TB/s' "
                                                "on Ascend 950"),
            chip_write_bw=Constant(1.6e12, "B/s", _GUESS + ": as hbm_read_bw"),
            unaligned_extra_bytes=Constant(32, "B", "asc-devkit data_copy README: unaligned large blocks cost 1.8% "
                                                    "more on Ascend 950 (128 B alignment suffices there)"))

TABLES: dict[str, SocTable] = {}
for _name in ("Ascend910B", "Ascend910B1", "Ascend910B2", "Ascend910B2C", "Ascend910_9391", "Ascend910_9381"):
    TABLES[_name] = SocTable(_name, _910B)
for _name in ("Ascend910B3", "Ascend910B4", "Ascend910B4-1", "Ascend910_9372"):
    TABLES[_name] = SocTable(_name, _910B_40)
for _name in ("Ascend310P", "Ascend310P1", "Ascend310P3"):
    TABLES[_name] = SocTable(_name, _310P)
for _name in ("Ascend310B", "Ascend310B1", "Ascend310B2", "Ascend310B3", "Ascend310B4"):
    TABLES[_name] = SocTable(_name, _310B)
for _name in ("Ascend950", "Ascend950DT_9591", "Ascend950PR_9579", "Ascend950PR_9599"):
    TABLES[_name] = SocTable(_name, _950)


def table_for(soc: str) -> SocTable:
    """The table of `soc`; an unknown SoC gets the 910B2's (the simulator's default profile)."""
    return TABLES.get(soc, TABLES["Ascend910B2"])

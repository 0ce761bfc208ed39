"""The timing model's constants, one table per SoC, each constant with where it comes from.

"calibration row 1/2" means CANN's add best-practice sample as profiled by msprof on an Atlas A2 training card
(half-precision add of two 8192 x 8192 tensors): row 1 on one core with 4096-element copies, row 2 on 48 cores with
16384-element copies. Each calibrated constant is solved from those two rows (see `derivation`); no other published
profile was used, so those stay a fair measure of the model. "(?)" marks a figure not confirmed by a public page.
"""
from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Constant", "SocTable", "TABLES", "table_for"]


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


_BEST_PRACTICE_512 = ("Ascend C best practices, 'Using 512-Byte Alignment for the GM Address' "
                      "(hiascend.com .../atlas_ascendc_best_practices_10_0014.html): a 32 B-aligned copy reaches "
                      "as little as 70% of the 512 B-aligned bandwidth")
_ROWS = "calibration rows 1+2"

# Derivation (us per copy: row 1 6208.762/32768 MTE2 and 2613.205/16384 MTE3 for 8 KiB; row 2 184.369/170.67 and
# 57.354/85.33 for 32 KiB per core, 48 cores sharing the chip). Row 2's reads at the HBM share give the DMA latency
# (1.0803 - 32768 B / (1.6 TB/s / 48) = 0.0973 us); row 1 then gives each pipe's per-core bandwidth; row 2's writes
# give the chip's write bandwidth (writes land in the 192 MB L2, which holds the 128 MiB output). Vector: Add of
# 32 and 128 repeats took 0.04649 and 0.15053 us -> 21.25 cycles per instruction + 1.951 cycles per repeat at
# 1.8 GHz. Scalar: 16 API calls per tile; 231.166 and 2.833 us over 16384 and 85.33 tiles -> 1.576 cycles per call
# and 2948 cycles per block (kernel entry, tiling read, Init).
_910B = {
    "clock_hz": Constant(1.8e9, "Hz", "(?) AI Core clock of Atlas A2 (910B) as msprof reports it; it only converts "
                                       "cycles, the calibrated cycle counts absorb an error in it"),
    "vector_cores": Constant(48, "cores", "CANN platform config (opkit/sim/soc.h): 48 AIV cores on 910B1/B2"),
    "ub_bytes": Constant(192 * 1024, "B", "CANN platform config: 192 KiB Unified Buffer per vector core"),
    "l2_bytes": Constant(192 * 2**20, "B", "CANN platform config: 192 MiB L2 on 910B2"),
    "hbm_read_bw": Constant(1.6e12, "B/s", "(?) HBM2e bandwidth of the 910B as publicly quoted (1.6 TB/s); row 2's "
                                          "reads run at 1.46 TB/s, consistent with it"),
    "chip_write_bw": Constant(2.736e12, "B/s", "calibration row 2 (MTE3 per 32 KiB copy with 48 cores writing)"),
    "mte_latency_s": Constant(0.09725e-6, "s", "calibration row 2 (MTE2 per 32 KiB copy) with hbm_read_bw"),
    "mte2_core_bw": Constant(88.83e9, "B/s", "calibration row 1 (MTE2 per 8 KiB copy) with mte_latency_s"),
    "mte3_core_bw": Constant(131.6e9, "B/s", "calibration row 1 (MTE3 per 8 KiB copy) with mte_latency_s"),
    "unaligned_efficiency": Constant(0.70, "ratio", _BEST_PRACTICE_512),
    "big_copy_bytes": Constant(16 * 1024, "B", "Ascend C performance tips 03, data movement (hiascend.com developer "
                                               "techArticles 20240906-1): copies of 16 KB and more come near peak "
                                               "bandwidth"),
    "vec_issue_cycles": Constant(21.25, "cycles", _ROWS + " (Add: 32 and 128 repeats)"),
    "vec_binary_cycles": Constant(1.951, "cycles/repeat", _ROWS + " (Add half: 256 B of each source per repeat)"),
    "vec_unary_cycles": Constant(1.0, "cycles/repeat", "assumption, not calibrated: one source stream, half a binary "
                                                       "instruction's UB reads"),
    "vec_transcendental_cycles": Constant(4.0, "cycles/repeat", "assumption, not calibrated: Exp/Ln/Sqrt/Div are "
                                                                "multi-cycle"),
    "vec_reduce_cycles": Constant(2.0, "cycles/repeat", "assumption, not calibrated"),
    "vec_highlevel_cycles": Constant(16.0, "cycles/repeat", "assumption, not calibrated: a high-level API (Gelu, "
                                                            "SoftMax, LayerNorm...) issues several instructions per "
                                                            "repeat of its input"),
    "scalar_api_cycles": Constant(1.576, "cycles", _ROWS + " (16 queue/copy/vector calls per tile)"),
    "scalar_entry_cycles": Constant(2948.0, "cycles", _ROWS + " (per block: entry, tiling, Init)"),
    "scalar_ub_cycles": Constant(2.0, "cycles", "assumption, not calibrated: one scalar load/store of UB"),
    "scalar_gm_miss_cycles": Constant(175.0, "cycles", "assumption: a data-cache miss costs about one DMA latency "
                                                       "(mte_latency_s at clock_hz)"),
}

# The 910B4 and 910_93 share the 910B's core; only counts differ. 310P has no public calibration: the 910B figures
# scaled to its core count, marked as such.
_910B_40 = dict(_910B, vector_cores=Constant(40, "cores", "CANN platform config: 40 AIV cores on 910B3/B4"))
_310P = dict(_910B, vector_cores=Constant(8, "cores", "(?) CANN platform config as opkit assumes it (soc.h)"),
             ub_bytes=Constant(256 * 1024, "B", "CANN platform config: 256 KiB UB"),
             hbm_read_bw=Constant(204.8e9, "B/s", "(?) LPDDR4X of the Atlas 300I Pro; not calibrated"),
             chip_write_bw=Constant(204.8e9, "B/s", "(?) as hbm_read_bw; not calibrated"))

TABLES: dict[str, SocTable] = {}
for _name in ("Ascend910B1", "Ascend910B2", "Ascend910B2C", "Ascend910_9391", "Ascend910_9381"):
    TABLES[_name] = SocTable(_name, _910B)
for _name in ("Ascend910B3", "Ascend910B4", "Ascend910B4-1", "Ascend910_9372"):
    TABLES[_name] = SocTable(_name, _910B_40)
for _name in ("Ascend310P1", "Ascend310P3"):
    TABLES[_name] = SocTable(_name, _310P)


def table_for(soc: str) -> SocTable:
    """The table of `soc`; an unknown SoC gets the 910B2's (the simulator's default profile)."""
    return TABLES.get(soc, TABLES["Ascend910B2"])

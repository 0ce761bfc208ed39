"""The timing model: a recorded launch (opkit/sim/profile.h's events) -> per-core, per-pipe timelines in microseconds.

Each block runs in program order on one vector core (block b on core b % cores, blocks of one core one after
another); a cube or mixed kernel's blocks run on cube and vector cores (cores.py, with the cross-core flags between
them), a cube core's MTE1, CUBE and FIXPIPE pipes costed like the others. The scalar unit issues every API call in
order and pays its issue cost; MTE2, MTE3 and VECTOR each run their own instructions in order, in parallel with each
other, an instruction starting when its pipe is free and the scalar unit has issued it. Queues and flags are the
dependencies between pipes, as Ascend C implements them: AllocTensor makes the producer pipe wait until the buffer's
consumer released it, EnQue marks the buffer ready when the producer pipe's work so far is done, DeQue makes the
consumer pipe wait for that, FreeTensor releases the buffer when the consumer's work so far is done; SetFlag/WaitFlag
do the same for named pipes; PipeBarrier<PIPE_ALL> and SyncAll wait for everything (SyncAll across all cores). A copy
occupies its pipe for an issue cost, a cost per burst and its bytes at the rate of where its data is (HBM, L2, or L2
shared by many cores: _l2_sources), plus one further 512-byte transaction per burst that straddles one; its data
lands a DMA latency later, which only a sync waiting for it exposes (copies in flight hide it). A vector instruction
costs an issue overhead plus cycles per repeat by class, plus the UB bank conflicts the recorder counted for its
operands. docs/profile-model.md describes the model; constants: soc_table.py.

Events are costed once per distinct event (a tile loop has a few dozen; the recorder classes them) and replayed by
replay.py, which skips the steady state of tiled loops exactly; VECTOR and SCALAR busy times and the counts need no
replay (sums over the distinct events), MTE2/MTE3 busy times (a copy moving or in flight) come from the replay.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from opkit.profile import replay as rp
from opkit.profile.cores import CrossFlags, core_map
from opkit.profile.recorded import (_BYPASS, _CLASS_SHIFT, _OFFSET, _PIPE_BITS, ALL, ALLOC, BARRIER, COPY,
                                    CROSS_SET, CROSS_WAIT, CUBE, DEQUE, ENQUE, FIX, FREE, MTE1, MTE2, MTE3, SCALAR_GM,
                                    SCALAR_UB, SETFLAG, SYNCALL, VEC, WAITFLAG, M, S, V, _all_once, _joined,
                                    _l2_sources, _sources)
from opkit.profile.replay import Span
from opkit.profile.soc_table import _DEFAULT_HIGHLEVEL, HIGHLEVEL, VEC_CLASSES, SocTable, table_for

__all__ = ["PIPES", "Interval", "CoreTime", "Timeline", "as_events", "expand_blocks", "simulate", "vec_kind"]

PIPES = {S: "SCALAR", V: "VECTOR", MTE2: "MTE2", MTE3: "MTE3", MTE1: "MTE1", M: "CUBE", FIX: "FIXPIPE"}
# clock slots of replay.py (slot 4: the memory port, see _Costs.shared_port; 5, 6: _DONE)
_SLOT = {S: 0, V: 1, MTE2: 2, MTE3: 3, MTE1: 7, M: 8, FIX: 9}
_DONE = {MTE2: 5, MTE3: 6}  # slots of the time each DMA pipe's last copy lands (its latency after the pipe frees)
_WORK_PIPES = (V, MTE1, M, FIX)  # pipes whose busy time is the sum of their work (MTE2/MTE3: the replay's in-flight)

# TPosition values -> the pipe that fills a queue buffer (producer) and the one that reads it (consumer): A1/B1/C1
# (L1) MTE2 -> MTE1, A2/B2 (L0A/L0B) and C2 (bias table) MTE1 -> CUBE, CO1 (L0C) CUBE -> FIXPIPE.
_A1, _A2, _B1, _B2, _C1, _C2, _CO1 = 1, 2, 3, 4, 5, 6, 7
_VECIN, _VECOUT, _VECCALC = 9, 10, 11
_PRODUCER = {_VECIN: MTE2, _VECOUT: V, _VECCALC: V, _A1: MTE2, _B1: MTE2, _C1: MTE2, _A2: MTE1, _B2: MTE1,
             _C2: MTE1, _CO1: M}
_CONSUMER = {_VECIN: V, _VECOUT: MTE3, _VECCALC: V, _A1: MTE1, _B1: MTE1, _C1: MTE1, _A2: M, _B2: M, _C2: M,
             _CO1: FIX}

# HardEvent order (positions.h) as (source pipe, destination pipe); M is the CUBE pipe, FIX the FIXPIPE.
_EVENT_PIPES = [
    ("MTE2", "MTE1"), ("MTE1", "MTE2"), ("MTE1", "M"), ("M", "MTE1"), ("MTE2", "V"), ("V", "MTE2"), ("MTE3", "V"),
    ("V", "MTE3"), ("M", "V"), ("V", "M"), ("V", "V"), ("MTE3", "MTE1"), ("MTE1", "MTE3"), ("MTE1", "V"),
    ("MTE2", "M"), ("M", "MTE2"), ("V", "MTE1"), ("M", "FIX"), ("FIX", "M"), ("MTE3", "MTE2"), ("MTE2", "MTE3"),
    ("S", "V"), ("V", "S"), ("S", "MTE2"), ("MTE2", "S"), ("S", "MTE3"), ("MTE3", "S"), ("MTE2", "FIX"),
    ("FIX", "MTE2"), ("FIX", "S"), ("M", "S"), ("FIX", "MTE3"), ("MTE1", "FIX"), ("FIX", "MTE1"), ("FIX", "FIX"),
]
_PIPE_OF = {"S": S, "V": V, "MTE2": MTE2, "MTE3": MTE3, "MTE1": MTE1, "M": M, "FIX": FIX}
EVENT_PIPES = [(_PIPE_OF.get(a, S), _PIPE_OF.get(b, S)) for a, b in _EVENT_PIPES]

# One pass over each repeat's datablocks (soc_table.py's vec_simple_cycles).
_SIMPLE = {"Add", "Sub", "Mul", "Max", "Min", "And", "Or", "Axpy", "Select", "Compare", "AddRelu", "SubRelu", "Abs",
           "Relu", "Not", "Adds", "Muls", "Maxs", "Mins", "ShiftLeft", "ShiftRight", "LeakyRelu", "Duplicate",
           "Compares", "CompareScalar", "DataCopy", "Copy", "MulAddDst", "FusedMulAdd", "AddDeqRelu", "Gather",
           "GatherMask", "Transpose", "BilinearInterpolation", "CopyCubeIn", "Brcb"}
_TRANSCENDENTAL = {"Exp", "Ln", "Sqrt", "Rsqrt", "Reciprocal", "Div"}
_CONVERT = {"Cast", "CastDeq"}


def vec_kind(api: str) -> str:
    """The cost class of a vector API: simple, transcendental, reduce, convert or highlevel (a high-level API, costed
    as the instructions it issues: soc_table.HIGHLEVEL)."""
    if api in _SIMPLE:
        return "simple"
    if api in _TRANSCENDENTAL:
        return "transcendental"
    if api in _CONVERT:
        return "convert"
    if "Reduce" in api:
        return "reduce"
    return "highlevel"


@dataclass(frozen=True, slots=True)
class Interval:
    core: int
    pipe: int
    start: float  # us
    end: float
    name: str


@dataclass
class CoreTime:
    core: int
    blocks: list[int] = field(default_factory=list)
    end: float = 0.0                                   # us, when its last block finished
    busy: dict[int, float] = field(default_factory=lambda: {p: 0.0 for p in PIPES})
    kind: str = "aiv"   # "aiv" a vector core, "aic" a cube core, "aicore" one core with both units (910, 310P, 310B)


@dataclass
class Timeline:
    soc: str
    block_dim: int
    cores: list[CoreTime]
    truncated: bool
    counts: dict[str, Any]
    names: list[str] = field(repr=False)
    # (core, spans, how many of their intervals are kept): what the replay recorded, expanded on demand
    spans: list[tuple[int, list[Span], int]] = field(repr=False)

    @cached_property
    def intervals(self) -> list[Interval]:
        """Every kept copy and vector instruction as an interval, in replay order (built when a report asks)."""
        out: list[Interval] = []
        names = self.names
        for core, spans, take in self.spans:
            for items, delta, first, reps in spans:
                for r in range(reps):
                    if take <= 0:
                        break
                    shift = first + r * delta
                    for pipe, start, end, name in items[:take]:
                        out.append(Interval(core, pipe, start + shift, end + shift, names[name]))
                    take -= len(items)
        return out


class _Costs:
    """Per-launch costs in microseconds from the SoC table."""

    def __init__(self, t: SocTable, active_cores: int) -> None:
        us_per_cycle = 1e6 / t["clock_hz"]
        self.cycle = us_per_cycle
        self.latency = t["mte_latency_s"] * 1e6
        self.mte_issue = t["mte_issue_cycles"] * us_per_cycle
        self.burst = t["mte_burst_cycles"] * us_per_cycle
        # bytes per us of each pipe by where the data is: HBM (a miss), L2 (a re-read), shared by many cores
        miss = min(t["mte2_core_bw"], t["hbm_read_bw"] / active_cores) / 1e6
        hit = min(t["l2_hit_core_bw"], t["l2_hit_bw"] / active_cores) / 1e6
        shared = min(hit, t["shared_read_bw"] / active_cores / 1e6)
        self.rate = {MTE2: (miss, hit, shared, shared / t["same_line_penalty"]),
                     MTE3: (min(t["mte3_core_bw"], t["chip_write_bw"] / active_cores) / 1e6,) * 4}
        self.unaligned_extra = t["unaligned_extra_bytes"]
        # When the active cores together ask for more than the chip's bandwidth, the memory serves a core's cached
        # reads and its writes from one share: its MTE2 and MTE3 no longer overlap (add row 3's pipes add up to its
        # Task Duration); reads that bypass L2 (SetL2CacheHint CACHE_MODE_DISABLE) do not take that share (add row 5).
        self.shared_port = t["hbm_read_bw"] / active_cores < t["mte2_core_bw"]
        self.issue = t["vec_issue_cycles"] * us_per_cycle
        self.per_repeat = {k: t[f"vec_{k}_cycles"] * us_per_cycle for k in VEC_CLASSES}
        self.conflict = t["vec_conflict_cycles"] * us_per_cycle
        self.banks = bool(t["ub_banks"])
        self.api = t["scalar_api_cycles"] * us_per_cycle
        self.entry = t["scalar_entry_cycles"] * us_per_cycle
        self.ub = t["scalar_ub_cycles"] * us_per_cycle
        self.gm_miss = t["scalar_gm_miss_cycles"] * us_per_cycle
        self.fractal = t["cube_fractal_cycles"] * us_per_cycle
        self.cube_issue = t["cube_issue_cycles"] * us_per_cycle
        self.mte1_issue = t["mte1_issue_cycles"] * us_per_cycle
        self.mte1_rate = t["mte1_bytes_per_cycle"] / us_per_cycle
        self.fix_issue = t["fixpipe_issue_cycles"] * us_per_cycle
        self.fix_rate = t["fixpipe_bytes_per_cycle"] / us_per_cycle

    def cube(self, pipe: int, b: int, c: int, d: int) -> float:
        """us of one cube-side instruction (profile.h's Ev::Cube): MTE1 b bytes into L0A/L0B; CUBE (Mmad) of m = b,
        k = c, n = d's low 32 bits and inputs of d >> 32 bits, one fractal product (16 x C0 by C0 x 16, C0 = 32
        bytes of the input) per cube_fractal_cycles; FIXPIPE b rows of c bytes, to GM (d) at most at the core's
        share of the chip's write bandwidth."""
        if pipe == MTE1:
            return self.mte1_issue + b / self.mte1_rate
        if pipe == M:
            bits = max(1, d >> 32)
            c0 = 256 // bits                     # input values in 32 bytes
            n = d & 0xFFFFFFFF
            fractals = -(-b // 16) * -(-c // c0) * -(-n // 16)
            return self.cube_issue + fractals * self.fractal
        nbytes = b * c
        rate = min(self.fix_rate, self.rate[MTE3][0]) if d & 1 else self.fix_rate
        return self.fix_issue + nbytes / rate

    def copy(self, pipe: int, bursts: int, length: int, offset: int, gap: int, source: int = 0) -> tuple[float, int]:
        """(us the pipe is occupied, further 512-byte transactions its unaligned bursts need) of one GM copy; its
        latency comes on top for the pipe that waits for it (replay.py)."""
        if bursts <= 0 or length <= 0:
            return 0.0, 0
        # a burst moves whole 512-byte GM transactions: one that straddles more of them than its length needs pays
        # for each further one
        base = -(-length // 512)
        step = length + gap
        if step % 512 == 0 or bursts == 1:
            unaligned = bursts * (-(-(offset % 512 + length) // 512) - base)
        else:
            sample = min(bursts, 512)
            unaligned = sum(-(-((offset + i * step) % 512 + length) // 512) - base
                            for i in range(sample)) * bursts // sample
        transfer = (bursts * length + unaligned * self.unaligned_extra) / self.rate[pipe][source]
        return self.mte_issue + bursts * self.burst + transfer, unaligned

    def vec(self, api: str, repeats: int, conflicts_x16: int = 0) -> float:
        """us of one vector instruction (a high-level API: the instructions it issues) with `repeats` repeats and
        conflicts_x16 / 16 extra bank accesses per repeat (opkit/sim/profile.h counts them)."""
        instructions = max(1, math.ceil(repeats / 255))
        extra = repeats * conflicts_x16 / 16 * self.conflict if self.banks else 0.0
        kind = vec_kind(api)
        if kind != "highlevel":
            return instructions * self.issue + repeats * self.per_repeat[kind] + extra
        mix = HIGHLEVEL.get(api, _DEFAULT_HIGHLEVEL)
        return sum(n * (instructions * self.issue + repeats * self.per_repeat[k] + extra) for k, n in mix.items())


def as_events(block: Any) -> np.ndarray:
    """A block's events as an (n, 6) int64 array (read_launches gives arrays; a parsed JSON list works too)."""
    return np.asarray(block, dtype=np.int64).reshape(-1, 6)


def _hash_rows(cols: list[np.ndarray]) -> np.ndarray:
    h = cols[0].copy()
    for col in cols[1:]:  # wrapping int64 arithmetic
        h *= 1_000_003
        h ^= col
        h ^= col >> 29
    return h


def _distinct(rows: np.ndarray, classes: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(distinct rows, each row's index into them) of the events with GM offsets reduced to their 512-byte phase
    (all that a copy's cost depends on, written into `rows`), so that the tiles of a loop become equal rows.
    `classes`: the recorder's event classes (profile.h's EventClasses: equal rows up to a copy's data source), when
    every row has one; then no sorting is needed."""
    copy = np.flatnonzero(rows[:, 0] == COPY)
    w = rows[copy, 5]
    reduced = rows   # reduced in place: the caller's rows are its own concatenation
    reduced[copy, 5] = (w & ~_OFFSET) | ((w & _OFFSET) % 512)
    if classes is not None and len(classes):
        key = classes << 2
        key[copy] |= (rows[copy, 2] >> 3) & 3   # the data source model.py adds to a copy
        seen = np.zeros(int(key.max()) + 1, dtype=bool)
        seen[key] = True
        remap = np.cumsum(seen) - 1
        inverse = remap[key]
        first = np.empty(int(remap[-1]) + 1, dtype=np.int64)
        first[inverse] = np.arange(len(key))   # any row of a class stands for it: they are equal
        return reduced[first], inverse
    cols = [reduced[:, k] for k in range(6)]
    # Sorting one hash per row is ~5x faster than sorting the rows; equal hashes are then checked to be equal rows.
    _, first, inverse = np.unique(_hash_rows(cols), return_index=True, return_inverse=True)
    inverse = inverse.reshape(-1)
    distinct = reduced[first]
    if not np.array_equal(distinct[inverse], reduced):  # a collision: sort the rows themselves
        keys = np.ascontiguousarray(reduced).view(np.dtype((np.void, 48))).ravel()
        _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
        inverse = inverse.reshape(-1)
        distinct = reduced[first]
    return distinct, inverse


def _op(row: list[int], names: list[str], c: _Costs) -> tuple[tuple, int, float, int]:
    """(op tuple for replay.py, pipe, us of work on that pipe, unaligned bursts) of one distinct event."""
    kind, name, x, y, z, w = row
    if kind == SCALAR_UB:
        return (rp.SCALAR, x * c.ub), S, 0.0, 0
    if kind == SCALAR_GM:
        return (rp.SCALAR, (x - y) * c.ub + y * c.gm_miss), S, 0.0, 0
    if kind == COPY or kind == VEC:
        unaligned, latency, port = 0, 0.0, False
        if kind == VEC:
            pipe, d = V, c.vec(names[name], y, w)
        elif x & _PIPE_BITS == V:
            pipe, d = V, c.vec("DataCopy", math.ceil(y * z / 256))
        else:
            pipe = x & _PIPE_BITS
            d, unaligned = c.copy(pipe, y, z, w & _OFFSET, w >> 40, (x >> 3) & 3)
            latency = c.latency
            port = not (pipe == MTE2 and x & _BYPASS)   # a read that bypasses L2 leaves the shared port alone
        return (rp.WORK, c.api, _SLOT[pipe], d, name, latency, port), pipe, d, unaligned
    if kind == ALLOC:
        return (rp.ALLOC, c.api, w >> 8, (w & 0xFF) or 1, x, _SLOT[_PRODUCER.get(y, V)]), S, 0.0, 0
    if kind in (ENQUE, FREE, DEQUE):
        pipe = _PRODUCER.get(y, V) if kind == ENQUE else _CONSUMER.get(z, V)
        code = {ENQUE: rp.ENQUE, DEQUE: rp.DEQUE, FREE: rp.FREE}[kind]
        return (code, c.api, x, _SLOT[pipe], _DONE.get(pipe, _SLOT[pipe])), S, 0.0, 0
    if kind == SETFLAG or kind == WAITFLAG:
        src, dst = EVENT_PIPES[x] if x < len(EVENT_PIPES) else (S, S)
        code, pipe = (rp.SETFLAG, src) if kind == SETFLAG else (rp.WAITFLAG, dst)
        return (code, c.api, (x, y), _SLOT[pipe], _DONE.get(pipe, _SLOT[pipe])), S, 0.0, 0
    if kind == CUBE and x in (MTE1, M, FIX):
        d = c.cube(x, y, z, w)
        return (rp.WORK, c.api, _SLOT[x], d, name, 0.0, False), x, d, 0
    if kind == CROSS_SET:
        slot = -1 if z == ALL else _SLOT.get(z, 0)
        return (rp.CROSS_SET, c.api, x, y, slot, _DONE.get(z, slot)), S, 0.0, 0
    if kind == CROSS_WAIT:
        return (rp.CROSS_WAIT, c.api, x, _SLOT.get(z, 0)), S, 0.0, 0
    if kind == BARRIER and x == ALL:
        return (rp.BARRIER_ALL, c.api), S, 0.0, 0
    return (rp.ISSUE, c.api), S, 0.0, 0


def _counts(distinct: np.ndarray, seen: np.ndarray, work: list[tuple[int, float, int]]) -> dict[str, Any]:
    counts: dict[str, Any] = {"mte2_copies": 0, "mte2_bytes": 0, "mte2_unaligned": 0, "mte3_copies": 0,
                              "mte3_bytes": 0, "mte3_unaligned": 0, "vec_instructions": 0, "vec_repeats": 0,
                              "scalar_ub": 0, "scalar_gm": 0, "copy_sizes": {}, "syncall": 0, "mte1_loads": 0,
                              "mte1_bytes": 0, "mmad_instructions": 0, "mmad_macs": 0, "fixpipe_instructions": 0,
                              "fixpipe_bytes": 0}
    sizes: dict[int, int] = counts["copy_sizes"]
    for (kind, _, x, y, z, w), n, (pipe, _, unaligned) in zip(distinct.tolist(), seen.tolist(), work):
        if kind == COPY and pipe != V:
            key = "mte2" if pipe == MTE2 else "mte3"
            counts[key + "_copies"] += n
            counts[key + "_bytes"] += n * y * z
            counts[key + "_unaligned"] += n if unaligned else 0
            sizes[y * z] = sizes.get(y * z, 0) + n
        elif kind == VEC:
            counts["vec_instructions"] += n
            counts["vec_repeats"] += n * y
        elif kind == SCALAR_UB:
            counts["scalar_ub"] += n * x
        elif kind == SCALAR_GM:
            counts["scalar_gm"] += n * x
        elif kind == CUBE and x == MTE1:
            counts["mte1_loads"] += n
            counts["mte1_bytes"] += n * y
        elif kind == CUBE and x == M:
            counts["mmad_instructions"] += n
            counts["mmad_macs"] += n * y * z * (w & 0xFFFFFFFF)
        elif kind == CUBE and x == FIX:
            counts["fixpipe_instructions"] += n
            counts["fixpipe_bytes"] += n * y * z
    return counts


def _segments(kinds: np.ndarray) -> list[tuple[int, int]]:
    """A block's events cut at each SyncAll (the SyncAll ends its segment), as [lo, hi) ranges."""
    cuts = [0, *(np.flatnonzero(kinds == SYNCALL) + 1).tolist(), len(kinds)]
    return list(zip(cuts[:-1], cuts[1:]))


_Prepared = tuple[np.ndarray, np.ndarray, list[int], list[list[tuple[int, int]]], list[np.ndarray] | None]


def _prepare_rows(launch: dict[str, Any], active: int, table: SocTable) -> _Prepared:
    """(distinct events, each event's index into them, block bounds, each block's segments, each block's count of
    each distinct event or None) of a launch given as rows per block (expand_blocks' form, or JSON lists)."""
    blocks = [as_events(b) for b in launch["blocks"]]
    rows = np.concatenate(blocks) if blocks else np.zeros((0, 6), dtype=np.int64)
    classes = rows[:, 1] >> _CLASS_SHIFT
    rows[:, 1] &= (1 << _CLASS_SHIFT) - 1
    if not len(classes) or not classes.all():
        classes = None
    bounds = np.cumsum([0, *(len(b) for b in blocks)]).tolist()
    _l2_sources(rows, bounds, active, table)
    copies = rows[:, 0] == COPY
    rows[copies, 2] &= _PIPE_BITS | _BYPASS | (3 << 3)   # the GM buffer index only served _l2_sources
    distinct, ids = _distinct(rows, classes)
    return distinct, ids, bounds, [_segments(b[:, 0]) for b in blocks], None


def _prepare_classes(launch: dict[str, Any], active: int, table: SocTable) -> _Prepared:
    """_prepare_rows of a launch as read_launches gives it (profile.h's format: event classes, each event's class,
    each copy's exact fields a and d), without building its rows: what _prepare_rows gives on expand_blocks(launch)."""
    tab = np.asarray(launch["classes"], dtype=np.int64).reshape(-1, 6)
    if len(tab) >= 1 << 29:
        raise ValueError(f"{len(tab)} event classes")
    # 32-bit class ids: a launch's millions of events cost half the memory traffic of int64 ones
    cls = _joined(launch["ids"], np.zeros(0, dtype=np.uint32)).astype(np.uint32, copy=False)
    bounds = np.cumsum([0, *(len(b) for b in launch["ids"])]).tolist()
    ad = _joined(launch["copies"], np.zeros((0, 2), dtype=np.int64))
    is_copy = tab[:, 0] == COPY
    if "runs" in launch:   # each block's count of each class from its runs (profile_runs.h), not its events
        seen_per_block = [np.bincount(np.asarray(ids, dtype=np.int64), weights=repeats, minlength=len(tab))
                          .astype(np.int64) for ids, repeats in launch["runs"]]
    else:
        seen_per_block = [np.bincount(cls[a:b], minlength=len(tab)) for a, b in zip(bounds[:-1], bounds[1:])]
    copies_per_block = [int(n[is_copy].sum()) for n in seen_per_block]
    if copies_per_block != [len(c) for c in launch["copies"]]:
        raise ValueError(f"{sum(copies_per_block)} copy events but {len(ad)} copies' fields")
    mte2 = (ad[:, 0] & _PIPE_BITS) == MTE2
    a_mte2, d_mte2 = ad[:, 0][mte2], ad[:, 1][mte2]   # (columns first: a boolean index of rows is slower)
    sync = tab[:, 0] == SYNCALL
    if sync.any():
        segmented = [_segments(np.where(sync[cls[a:b]], SYNCALL, 0)) for a, b in zip(bounds[:-1], bounds[1:])]
    else:
        segmented = [[(0, b - a)] for a, b in zip(bounds[:-1], bounds[1:])]
    everywhere = sum(seen_per_block, np.zeros(len(tab), dtype=np.int64)) if seen_per_block else None
    if everywhere is not None and everywhere.all() and _all_once(a_mte2, d_mte2):
        # No GM datum is read twice: every MTE2 copy's data comes from HBM (source 0, _sources), so an event's key is
        # its class << 2 and, every class occurring, the distinct events are the classes themselves.
        return tab.copy(), cls, bounds, segmented, seen_per_block
    copy = np.flatnonzero(is_copy[cls])
    # an event's key: its class << 2 | its data source (_sources; 0 but for MTE2 copies, whose classes hold only them)
    at = copy[mte2]
    key_at = cls[at].astype(np.int64) << 2
    if len(at):
        nbytes = (tab[:, 3] * tab[:, 4])[cls[at]]
        key_at |= _sources(at, a_mte2, nbytes, d_mte2, bounds, active, table)
    seen = np.zeros(4 * len(tab), dtype=bool)
    seen[np.flatnonzero((tab[:, 0] != COPY) | ((tab[:, 2] & _PIPE_BITS) != MTE2)) << 2] = True
    seen[key_at] = True
    remap = (np.cumsum(seen) - 1).astype(np.int32)
    ids = remap[0::4][cls]
    ids[at] = remap[key_at]
    kept = np.flatnonzero(seen)
    distinct = tab[kept >> 2]
    distinct[distinct[:, 0] == COPY, 2] |= (kept[distinct[:, 0] == COPY] & 3) << 3
    return distinct, ids, bounds, segmented, None


def expand_blocks(launch: dict[str, Any]) -> list[np.ndarray]:
    """The launch's events as rows per block, (n, 6) int64 (kind, name | (class from 1) << 20, a, b, c, d): what the
    recorder's classes and copy fields stand for (tests check that the model gives the same on both)."""
    tab = np.asarray(launch["classes"], dtype=np.int64).reshape(-1, 6)
    out = []
    for ids, ad in zip(launch["ids"], launch["copies"]):
        cls = np.asarray(ids, dtype=np.int64)
        rows = tab[cls]
        rows[:, 1] |= (cls + 1) << _CLASS_SHIFT
        copy = rows[:, 0] == COPY
        rows[copy, 2] = ad[:, 0]
        rows[copy, 5] = ad[:, 1]
        out.append(rows)
    return out


def simulate(launch: dict[str, Any], soc: str | None = None, max_intervals: int = 200_000,
             skip_steady_state: bool = True) -> Timeline:
    """The timeline of one recorded launch (from read_launches). skip_steady_state=False replays every event (the
    same numbers up to floating-point rounding, slower; for tests)."""
    soc_name = soc or launch["soc"]
    table = table_for(soc_name)
    records = len(launch["ids"]) if "ids" in launch else len(launch["blocks"])
    kinds, where = core_map(launch, records, table)
    cores = [CoreTime(i, kind=k) for i, k in enumerate(kinds)]
    active = len(cores)   # the cores that share the chip's bandwidth
    costs = _Costs(table, active)
    names: list[str] = list(launch["names"])
    prepare = _prepare_classes if "ids" in launch else _prepare_rows
    distinct, ids, bounds, segmented, per_block = prepare(launch, active, table)
    if per_block is None:
        per_block = [np.bincount(ids[a:b], minlength=len(distinct)) for a, b in zip(bounds[:-1], bounds[1:])]
    described = [_op(row, names, costs) for row in distinct.tolist()]
    ops = [d[0] for d in described]
    work = [(pipe, d, unaligned) for _, pipe, d, unaligned in described]
    counts = _counts(distinct, sum(per_block, np.zeros(len(distinct), dtype=np.int64)), work)
    issue = np.array([op[1] for op in ops])
    on_pipe = {p: np.array([d if pipe == p else 0.0 for pipe, d, _ in work]) for p in _WORK_PIPES}
    for b in range(records):
        core = cores[where[b]]
        core.blocks.append(b)
        seen = per_block[b]
        core.busy[S] += costs.entry + float(seen @ issue)
        for p in _WORK_PIPES:   # MTE2/MTE3: the replay's in-flight time, below
            core.busy[p] += float(seen @ on_pipe[p])
    # A block that sets or waits for cross-core flags is replayed in full (a wait's time comes from another block,
    # which the steady-state skip cannot shift) and the launch until its flags settle (cores.py).
    cross_ops = np.array([op[0] in (rp.CROSS_SET, rp.CROSS_WAIT) for op in ops], dtype=bool)
    crossing = [bool(cross_ops[np.flatnonzero(n)].any()) for n in per_block]
    flags = CrossFlags(launch, records) if any(crossing) else None
    n_segments = max((len(s) for s in segmented), default=1)
    counts["syncall"] = n_segments - 1
    while True:
        states = [rp.Block(0.0, costs.shared_port) for _ in range(records)]
        states, spans, truncated = rp.replay_launch(cores, where, states, ops, ids, bounds, segmented, crossing,
                                                    flags, costs.entry, max(1, max_intervals // active),
                                                    skip_steady_state)
        if flags is None or not flags.next_pass():
            break
    for b, s in enumerate(states):
        cores[where[b]].busy[MTE2] += s.busy[0]
        cores[where[b]].busy[MTE3] += s.busy[1]
    block_dim = int(launch.get("block_dim", records)) if launch.get("aic_per_block") else records
    return Timeline(soc_name, block_dim, cores, truncated, counts, names, spans)

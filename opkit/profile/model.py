"""The timing model: a recorded launch (opkit/sim/profile.h's events) -> per-core, per-pipe timelines in microseconds.

Each block runs in program order on one vector core (block b on core b % cores, blocks of one core one after
another). The scalar unit issues every API call in order and pays its issue cost; MTE2, MTE3 and VECTOR each run
their own instructions in order, in parallel with each other, an instruction starting when its pipe is free and the
scalar unit has issued it. Queues and flags are the dependencies between pipes, as Ascend C implements them:
AllocTensor makes the producer pipe wait until the buffer's consumer released it, EnQue marks the buffer ready when
the producer pipe's work so far is done, DeQue makes the consumer pipe wait for that, FreeTensor releases the buffer
when the consumer's work so far is done; SetFlag/WaitFlag do the same for named pipes; PipeBarrier<PIPE_ALL> and
SyncAll wait for everything (SyncAll across all cores). A copy costs one DMA latency plus its bytes at the core's
bandwidth, which is the chip's bandwidth shared by the active cores when that is smaller; a burst whose GM start is
not 512-byte aligned moves at the documented worst-case efficiency. A vector instruction costs an issue overhead plus
cycles per repeat by kind. Constants: soc_table.py.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from opkit.profile.soc_table import SocTable, table_for

__all__ = ["PIPES", "Interval", "CoreTime", "Timeline", "simulate", "vec_kind"]

# pipe_t values (opkit/sim/positions.h) of the pipes a vector core has.
S, V, MTE2, MTE3, ALL = 0, 1, 4, 5, 6
_PORT = -1  # a core's share of the chip's memory when the chip is saturated (see _Costs.shared_port)
PIPES = {S: "SCALAR", V: "VECTOR", MTE2: "MTE2", MTE3: "MTE3"}

# Event kinds (profile.h's Ev).
COPY, VEC, ALLOC, ENQUE, DEQUE, FREE, SETFLAG, WAITFLAG, BARRIER, SYNCALL, SCALAR_UB, SCALAR_GM = range(12)

# TPosition values -> the pipe that fills a queue buffer (producer) and the one that reads it (consumer).
_VECIN, _VECOUT, _VECCALC = 9, 10, 11
_PRODUCER = {_VECIN: MTE2, _VECOUT: V, _VECCALC: V, 1: MTE2, 3: MTE2}
_CONSUMER = {_VECIN: V, _VECOUT: MTE3, _VECCALC: V}

# HardEvent order (positions.h) as (source pipe, destination pipe); M/MTE1/FIX do not exist on a vector core and
# map to the scalar unit, which is what waits for them in a vector-only kernel.
_EVENT_PIPES = [
    ("MTE2", "MTE1"), ("MTE1", "MTE2"), ("MTE1", "M"), ("M", "MTE1"), ("MTE2", "V"), ("V", "MTE2"), ("MTE3", "V"),
    ("V", "MTE3"), ("M", "V"), ("V", "M"), ("V", "V"), ("MTE3", "MTE1"), ("MTE1", "MTE3"), ("MTE1", "V"),
    ("MTE2", "M"), ("M", "MTE2"), ("V", "MTE1"), ("M", "FIX"), ("FIX", "M"), ("MTE3", "MTE2"), ("MTE2", "MTE3"),
    ("S", "V"), ("V", "S"), ("S", "MTE2"), ("MTE2", "S"), ("S", "MTE3"), ("MTE3", "S"), ("MTE2", "FIX"),
    ("FIX", "MTE2"), ("FIX", "S"), ("M", "S"), ("FIX", "MTE3"), ("MTE1", "FIX"), ("FIX", "MTE1"), ("FIX", "FIX"),
]
_PIPE_OF = {"S": S, "V": V, "MTE2": MTE2, "MTE3": MTE3}
EVENT_PIPES = [(_PIPE_OF.get(a, S), _PIPE_OF.get(b, S)) for a, b in _EVENT_PIPES]

_BINARY = {"Add", "Sub", "Mul", "Max", "Min", "And", "Or", "Axpy", "Select", "Compare", "AddRelu", "SubRelu"}
_TRANSCENDENTAL = {"Exp", "Ln", "Sqrt", "Rsqrt", "Reciprocal", "Div"}
_UNARY = {"Abs", "Relu", "Not", "Adds", "Muls", "Maxs", "Mins", "ShiftLeft", "ShiftRight", "LeakyRelu", "Duplicate",
          "Cast", "Compares", "CompareScalar", "DataCopy"}


def vec_kind(api: str) -> str:
    """The cost class of a vector API: binary, unary, transcendental, reduce or highlevel."""
    if api in _BINARY:
        return "binary"
    if api in _TRANSCENDENTAL:
        return "transcendental"
    if api in _UNARY:
        return "unary"
    if "Reduce" in api:
        return "reduce"
    return "highlevel"


@dataclass(frozen=True)
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
    busy: dict[int, float] = field(default_factory=lambda: {S: 0.0, V: 0.0, MTE2: 0.0, MTE3: 0.0})


@dataclass
class Timeline:
    soc: str
    block_dim: int
    cores: list[CoreTime]
    intervals: list[Interval]
    truncated: bool
    counts: dict[str, Any]


class _Costs:
    """Per-launch costs in microseconds from the SoC table."""

    def __init__(self, t: SocTable, active_cores: int) -> None:
        us_per_cycle = 1e6 / t["clock_hz"]
        self.cycle = us_per_cycle
        self.latency = t["mte_latency_s"] * 1e6
        self.rate = {MTE2: min(t["mte2_core_bw"], t["hbm_read_bw"] / active_cores) / 1e6,   # bytes per us
                     MTE3: min(t["mte3_core_bw"], t["chip_write_bw"] / active_cores) / 1e6}
        self.unaligned = t["unaligned_efficiency"]
        # When the active cores together ask for more than the chip's bandwidth, the memory serves a core's reads and
        # writes from one share: its MTE2 and MTE3 no longer overlap (row 2's pipes add up to its Task Duration).
        self.shared_port = t["hbm_read_bw"] / active_cores < t["mte2_core_bw"]
        self.issue = t["vec_issue_cycles"] * us_per_cycle
        self.per_repeat = {k: t[f"vec_{k}_cycles"] * us_per_cycle
                           for k in ("binary", "unary", "transcendental", "reduce", "highlevel")}
        self.api = t["scalar_api_cycles"] * us_per_cycle
        self.entry = t["scalar_entry_cycles"] * us_per_cycle
        self.ub = t["scalar_ub_cycles"] * us_per_cycle
        self.gm_miss = t["scalar_gm_miss_cycles"] * us_per_cycle

    def copy(self, pipe: int, bursts: int, length: int, offset: int, gap: int) -> tuple[float, int]:
        """(us, bursts not 512-byte aligned) of one GM copy."""
        if bursts <= 0 or length <= 0:
            return 0.0, 0
        step = length + gap
        if step % 512 == 0 or bursts == 1:
            unaligned = bursts if offset % 512 else 0
        else:
            sample = min(bursts, 512)
            unaligned = sum(1 for i in range(sample) if (offset + i * step) % 512) * bursts // sample
        transfer = bursts * length / self.rate[pipe]
        if unaligned:
            f = unaligned / bursts
            transfer *= (1 - f) + f / self.unaligned
        return self.latency + transfer, unaligned

    def vec(self, api: str, repeats: int) -> float:
        instructions = max(1, math.ceil(repeats / 255))
        return instructions * self.issue + repeats * self.per_repeat[vec_kind(api)]


def _segments(events: list[list[int]]) -> list[list[list[int]]]:
    """A block's events cut at each SyncAll (the SyncAll ends its segment)."""
    out: list[list[list[int]]] = [[]]
    for e in events:
        out[-1].append(e)
        if e[0] == SYNCALL:
            out.append([])
    return out


class _Block:
    """One block's pipe clocks while its events are replayed."""

    def __init__(self, core: int, start: float) -> None:
        self.core = core
        self.t = {S: start, V: start, MTE2: start, MTE3: start, _PORT: start}
        self.ready: dict[object, float] = {}
        self.freed: dict[object, float] = {}
        # The device hands a queue's buffers out in turn (the simulator takes the first free one): Alloc maps the
        # simulator's buffer to the device's next one, which the buffer's later events then use.
        self.cursor: dict[int, int] = {}
        self.alias: dict[int, object] = {}
        self.flags: dict[tuple[int, int], list[float]] = {}

    def end(self) -> float:
        return max(self.t.values())


def _replay(b: _Block, events: list[list[int]], names: list[str], c: _Costs, busy: dict[int, float],
            out: list[Interval] | None, counts: dict[str, Any]) -> None:
    t = b.t
    for kind, name, x, y, z, w in events:
        if kind == SCALAR_UB:
            d = x * c.ub
            t[S] += d
            busy[S] += d
            counts["scalar_ub"] += x
            continue
        if kind == SCALAR_GM:
            d = (x - y) * c.ub + y * c.gm_miss
            t[S] += d
            busy[S] += d
            counts["scalar_gm"] += x
            continue
        t[S] += c.api
        busy[S] += c.api
        if kind == COPY or kind == VEC:
            if kind == COPY:
                pipe = x
                if pipe == V:
                    d = c.vec("DataCopy", math.ceil(y * z / 256))
                else:
                    d, unaligned = c.copy(pipe, y, z, w & ((1 << 40) - 1), w >> 40)
                    key = "mte2" if pipe == MTE2 else "mte3"
                    counts[key + "_copies"] += 1
                    counts[key + "_bytes"] += y * z
                    counts[key + "_unaligned"] += 1 if unaligned else 0
                    counts["copy_sizes"][y * z] = counts["copy_sizes"].get(y * z, 0) + 1
            else:
                pipe = V
                d = c.vec(names[name], y)
                counts["vec_instructions"] += 1
                counts["vec_repeats"] += y
            start = t[pipe] if t[pipe] > t[S] else t[S]
            if pipe != V and c.shared_port and t[_PORT] > start:
                start = t[_PORT]
            t[pipe] = start + d
            if pipe != V:
                t[_PORT] = start + d
            busy[pipe] += d
            if out is not None:
                out.append(Interval(b.core, pipe, start, start + d, names[name]))
        elif kind == ALLOC:
            queue, n = w >> 8, (w & 0xFF) or 1
            turn = b.cursor.get(queue, 0)
            b.cursor[queue] = turn + 1
            buf = b.alias[x] = (queue, turn % n)
            p = _PRODUCER.get(y, V)
            t[p] = max(t[p], b.freed.get(buf, 0.0))
        elif kind == ENQUE:
            b.ready[b.alias.get(x, x)] = t[_PRODUCER.get(y, V)]
        elif kind == DEQUE:
            p = _CONSUMER.get(z, V)
            t[p] = max(t[p], b.ready.get(b.alias.get(x, x), 0.0))
        elif kind == FREE:
            b.freed[b.alias.get(x, x)] = t[_CONSUMER.get(z, V)]
        elif kind == SETFLAG:
            src, _ = EVENT_PIPES[x] if x < len(EVENT_PIPES) else (S, S)
            b.flags.setdefault((x, y), []).append(t[src])
        elif kind == WAITFLAG:
            _, dst = EVENT_PIPES[x] if x < len(EVENT_PIPES) else (S, S)
            pending = b.flags.get((x, y))
            if pending:
                t[dst] = max(t[dst], pending.pop(0))
        elif kind == BARRIER and x == ALL:
            now = b.end()
            for p in t:
                t[p] = now


def _new_counts() -> dict[str, Any]:
    return {"mte2_copies": 0, "mte2_bytes": 0, "mte2_unaligned": 0, "mte3_copies": 0, "mte3_bytes": 0,
            "mte3_unaligned": 0, "vec_instructions": 0, "vec_repeats": 0, "scalar_ub": 0, "scalar_gm": 0,
            "copy_sizes": {}, "syncall": 0}


def simulate(launch: dict[str, Any], soc: str | None = None, max_intervals: int = 200_000) -> Timeline:
    """The timeline of one recorded launch (a line of the OPKIT_PROFILE file, parsed)."""
    soc_name = soc or launch["soc"]
    table = table_for(soc_name)
    n_cores = int(table["vector_cores"])
    blocks: list[list[list[int]]] = launch["blocks"]
    block_dim = len(blocks)
    active = max(1, min(block_dim, n_cores))
    costs = _Costs(table, active)
    names: list[str] = launch["names"]
    cores = [CoreTime(i) for i in range(active)]
    per_core_cap = max(1, max_intervals // active)
    kept = [0] * active
    intervals: list[Interval] = []
    truncated = False
    counts = _new_counts()
    segmented = [_segments(events) for events in blocks]
    n_segments = max(len(s) for s in segmented) if segmented else 1
    counts["syncall"] = n_segments - 1
    states: list[_Block] = []
    for b in range(block_dim):
        core = cores[b % active]
        core.blocks.append(b)
        states.append(_Block(core.core, 0.0))
    for seg in range(n_segments):
        for b in range(block_dim):
            state = states[b]
            core = cores[state.core]
            if seg == 0:  # blocks that share a core run one after another
                start = core.end
                state.t = {p: start for p in state.t}
                state.t[S] += costs.entry
                core.busy[S] += costs.entry
            events = segmented[b][seg] if seg < len(segmented[b]) else []
            room = kept[state.core] < per_core_cap
            sink: list[Interval] | None = [] if room else None
            truncated = truncated or not room
            _replay(state, events, names, costs, core.busy, sink, counts)
            if sink:
                take = sink[: per_core_cap - kept[state.core]]
                kept[state.core] += len(take)
                intervals.extend(take)
                truncated = truncated or len(take) < len(sink)
            if n_segments == 1:
                core.end = max(core.end, state.end())
        if n_segments > 1:
            barrier = max(s.end() for s in states)
            for s in states:
                s.t = {p: barrier for p in s.t}
    if n_segments > 1:
        for s in states:
            cores[s.core].end = max(cores[s.core].end, s.end())
    return Timeline(soc_name, block_dim, cores, intervals, truncated, counts)

"""Which cores a recorded launch's event lists run on (cube and vector cores), and the cross-core flags between a
block's cube core and its vector cores (CrossCoreSetFlag/CrossCoreWaitFlag), which the timing model replays to a
fixed point: each pass's waits take the times the previous pass's sets gave, until no set time moves."""
from __future__ import annotations

from collections import defaultdict
from typing import Any

from opkit.profile.soc_table import SocTable

__all__ = ["core_map", "CrossFlags"]

_MATMUL_ANSWER = 1 << 16   # mode 3: the Matmul API's answer to core (flag - this), lib/matmul/matmul_profile.h
_MAX_PASSES = 8   # a chain of cross-core waits settles in one pass per link; ping-pong loops may need more
_REL_TOL = 1e-11


def core_map(launch: dict[str, Any], records: int, table: SocTable) -> tuple[list[str], list[int]]:
    """(each core's kind, each record's core). A vector-only launch has one record per block, run on the SoC's
    vector cores ("aiv", block b on core b % cores); a cube or mixed launch has, per block, aic_per_block cube-core
    records then aiv_per_block vector-core records (the header's core shape), run on the cube cores ("aic") and the
    vector cores; where one AI Core has both units (fused: 910, 310P, 310B) each record is one "aicore"."""
    aic, aiv = int(launch.get("aic_per_block", 0)), int(launch.get("aiv_per_block", 1))
    if launch.get("fused") or aic == 0:
        n = max(1, min(records, int(table["vector_cores"])))
        return ["aicore" if aic else "aiv"] * n, [r % n for r in range(records)]
    per = aic + aiv
    roles = [r % per < aic for r in range(records)]   # True: a cube-core record
    n_aic = max(1, min(sum(roles), int(table["cube_cores"])))
    n_aiv = min(records - sum(roles), int(table["vector_cores"]))
    seen = [0, 0]
    where = []
    for is_aic in roles:
        i = seen[is_aic]
        seen[is_aic] += 1
        where.append(i % n_aic if is_aic else n_aic + i % n_aiv)
    return ["aic"] * n_aic + ["aiv"] * n_aiv, where


class CrossFlags:
    """The cross-core flags of a mixed launch, as CANN defines their modes: mode 2 from a cube core releases each
    vector core of its block, from the vector cores releases the cube core once all of them set it; mode 1 releases
    the block's vector cores once all of them set it; mode 0 releases every core of the setter's kind once all of
    them set it; mode 3 (opkit's, the Matmul API's answer) releases the one vector core it names. A wait takes the
    next release of its flag (the k-th wait the k-th release)."""

    def __init__(self, launch: dict[str, Any], records: int) -> None:
        self.aic = int(launch.get("aic_per_block", 0))
        self.per = self.aic + int(launch.get("aiv_per_block", 1))
        self.records = records
        self.sets: dict[tuple[int, int, int], list[float]] = defaultdict(list)   # (record, flag, mode) -> times
        self.released: dict[tuple[int, int], list[float]] = {}                    # (record, flag) -> times
        self.waits: dict[tuple[int, int], int] = defaultdict(int)
        self.passes = 0

    def view(self, record: int) -> "_View":
        return _View(self, record)

    def _is_aic(self, r: int) -> bool:
        return r % self.per < self.aic

    def _release(self) -> dict[tuple[int, int], list[float]]:
        out: dict[tuple[int, int], list[float]] = defaultdict(list)
        groups: dict[tuple, list[int]] = defaultdict(list)
        for (r, flag, mode) in self.sets:
            block = r // self.per
            if mode == 3:
                out[(flag - _MATMUL_ANSWER, flag)] += self.sets[(r, flag, mode)]
            elif mode == 2 and self._is_aic(r):
                for v in range(block * self.per + self.aic, (block + 1) * self.per):
                    out[(v, flag)] += self.sets[(r, flag, mode)]
            elif mode == 2 or mode == 1:
                groups[(mode, block, flag)].append(r)
            else:
                groups[(0, self._is_aic(r), flag)].append(r)
        for (mode, key, flag), members in groups.items():
            if mode == 0:   # every core of the setters' kind
                size = sum(1 for r in range(self.records) if self._is_aic(r) == key)
                targets = [r for r in range(self.records) if self._is_aic(r) == key]
            else:
                size = self.per - self.aic
                first = key * self.per
                targets = [first] if mode == 2 else list(range(first + self.aic, first + self.per))
            if len(members) < size:
                continue   # not every member set it: the simulator would have faulted
            times = [self.sets[(r, flag, mode)] for r in members]
            rounds = [max(t[i] for t in times) for i in range(min(len(t) for t in times))]
            for target in targets:
                out[(target, flag)] += rounds
        return out

    def next_pass(self) -> bool:
        """Whether another pass is needed: the releases moved since the last pass (and passes remain)."""
        released = self._release()
        moved = released.keys() != self.released.keys() or any(
            len(v) != len(self.released[k]) or any(abs(x - y) > _REL_TOL * max(1.0, abs(x)) for x, y in
                                                   zip(v, self.released[k])) for k, v in released.items())
        self.released = released
        self.sets = defaultdict(list)
        self.waits = defaultdict(int)
        self.passes += 1
        return moved and self.passes < _MAX_PASSES


class _View:
    """One record's side of CrossFlags (what replay.py's cross-core ops call)."""

    def __init__(self, flags: CrossFlags, record: int) -> None:
        self.flags, self.record = flags, record

    def set(self, flag: int, mode: int, t: float) -> None:
        self.flags.sets[(self.record, flag, mode)].append(t)

    def wait(self, flag: int) -> float:
        key = (self.record, flag)
        k = self.flags.waits[key]
        self.flags.waits[key] = k + 1
        got = self.flags.released.get(key, ())
        return got[k] if k < len(got) else 0.0

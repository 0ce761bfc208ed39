"""The timing model's replay: one block's events run through its pipe clocks, with the steady state of a tiled loop
skipped exactly.

model.py turns each distinct event into an op tuple (what it costs, which clocks it reads and advances); this module
only moves clocks. A block's state is its clocks (SCALAR, VECTOR, MTE2, MTE3, the memory port, and a cube core's
MTE1, CUBE and FIXPIPE), the times at which queue buffers became ready or free, and pending flags. Every op maps that
state by additions of constants and maxima, so the replay of a fixed sequence of ops is a max-plus linear map:
replaying it from a state shifted by d gives the same result shifted by d. A tiled kernel repeats one sequence (one
tile's events) many times; once the state after a group of repeats equals the state before it shifted by d (same
buffers, flags and queue turns, every time d later), each further identical group shifts it by d again, so those
groups are not replayed: the state moves by m * d and their intervals are the group's, shifted. A copy-bound loop has
one more steady state: the scalar unit never waits for the pipes, so it advances only by its issue costs, d_s per
group, less than the pipes' d, and falls behind. A probe replay of the group with the scalar clock at minus infinity
shows that it delayed nothing there; falling further behind, it delays nothing in later groups either (the replay is
monotone in every clock), so the pipes' state moves by m * d and the scalar clock by m * d_s. Times are compared to
1e-11 of their size (far below one clock cycle), which only absorbs floating-point rounding; the skipped result is
the full replay's up to that rounding, which tests/profile/test_profile_steady_state.py checks.
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np

__all__ = ["Block", "Span", "replay_block", "full_replay_block", "SCALAR", "ISSUE", "WORK", "ALLOC", "ENQUE",
           "DEQUE", "FREE", "SETFLAG", "WAITFLAG", "BARRIER_ALL", "PORT", "replay_launch", "live_slots"]

# Op codes (the first field of an op tuple; the second is the scalar unit's cost of issuing it).
SCALAR, ISSUE, WORK, ALLOC, ENQUE, DEQUE, FREE, SETFLAG, WAITFLAG, BARRIER_ALL, CROSS_SET, CROSS_WAIT = range(12)
PORT = 4  # clock slot of the core's memory port; slots 0..3 are SCALAR, VECTOR, MTE2, MTE3; 5 and 6 when the
# last copy of MTE2 and MTE3 lands (the DMA latency after the pipe is free for the next copy); 7..9 the cube core's
# MTE1, CUBE (M) and FIXPIPE
_SLOT_PIPE = (0, 1, 4, 5, -1, -1, -1, 3, 2, 10)  # slot -> pipe_t value
_SLOTS = 10

_MIN_REPEATS = 4   # a loop shorter than this many periods is replayed in full
_MAX_GROUP = 12    # periods per group tried: queue turns of 1, 2, 3, 4 buffers repeat within 12
_REL_TOL = 1e-11
# Periods checked one by one for a steady state; a loop not settled by then is checked every _PATIENCE-th period.
_PATIENCE = 64

# A span of intervals: (items, delta, first, reps): each (pipe, start, end, name index) of items, shifted by
# first + r * delta for r in range(reps).
Span = tuple[list[tuple[int, float, float, int]], float, float, int]


class Block:
    """One block's clocks and dependency state while its events are replayed."""

    def __init__(self, start: float, shared_port: bool) -> None:
        self.t = [start] * _SLOTS
        self.shared = shared_port
        # The clocks besides SCALAR that a tiled loop's ops read or write (live_slots, set while it is replayed): its
        # steady state shifts them; the others stay as they are (a vector core's CUBE clock, a cube core's FIXPIPE
        # clock before the loop's result goes out), since no op of the loop touches them.
        self.live = tuple(range(1, _SLOTS))
        self.cross: Any = None   # cores.py's view of the cross-core flags, for a block that sets or waits for them
        self.ready: dict[object, float] = {}
        self.freed: dict[object, float] = {}
        # The device hands a queue's buffers out in turn (the simulator takes the first free one): Alloc maps the
        # simulator's buffer to the device's next one, which the buffer's later events then use.
        self.cursor: dict[int, int] = {}
        self.nbuf: dict[int, int] = {}
        self.alias: dict[int, object] = {}
        self.flags: dict[tuple[int, int], list[float]] = {}
        # How long MTE2 and MTE3 had a copy moving or in flight (msprof's aiv_mte2/mte3_time): from when the copy
        # started moving until its data landed, overlaps counted once.
        self.busy = [0.0, 0.0]

    def end(self) -> float:
        return max(self.t)

    def restart(self, start: float) -> None:
        self.t = [start] * _SLOTS


def _run(b: Block, ops: list[tuple], seq: list[int], out: list[tuple[int, float, float, int]] | None) -> None:
    # Hot loop (every event of a launch that is not skipped): locals, tuples, no per-event objects.
    t = b.t
    ready, freed, alias, flags, cursor = b.ready, b.freed, b.alias, b.flags, b.cursor
    shared = b.shared
    busy = b.busy
    for u in seq:
        op = ops[u]
        code = op[0]
        t[0] += op[1]
        if code == WORK:
            slot, d = op[2], op[3]
            start = t[slot] if t[slot] > t[0] else t[0]
            if slot == 2 or slot == 3:   # MTE2, MTE3: a DMA in flight until its data lands
                if op[6]:
                    if shared and t[4] > start:
                        start = t[4]
                    t[4] = start + d
                done = start + d + op[5]
                landed = t[slot + 3]
                if done > landed:
                    busy[slot - 2] += done - (start if start > landed else landed)
                    t[slot + 3] = done
            t[slot] = start + d
            if out is not None:
                out.append((_SLOT_PIPE[slot], start, start + d, op[4]))
        elif code == SCALAR or code == ISSUE:
            continue
        elif code == ALLOC:
            _, _, queue, n, x, p = op
            turn = cursor.get(queue, 0)
            cursor[queue] = turn + 1
            b.nbuf[queue] = n
            buf = alias[x] = (queue, turn % n)
            f = freed.get(buf, 0.0)
            if f > t[p]:
                t[p] = f
        elif code == ENQUE:
            ready[alias.get(op[2], op[2])] = t[op[3]] if t[op[3]] > t[op[4]] else t[op[4]]
        elif code == DEQUE:
            r = ready.get(alias.get(op[2], op[2]), 0.0)
            if r > t[op[3]]:
                t[op[3]] = r
        elif code == FREE:
            freed[alias.get(op[2], op[2])] = t[op[3]] if t[op[3]] > t[op[4]] else t[op[4]]
        elif code == SETFLAG:
            flags.setdefault(op[2], []).append(t[op[3]] if t[op[3]] > t[op[4]] else t[op[4]])
        elif code == WAITFLAG:
            pending = flags.get(op[2])
            if pending:
                w = pending.pop(0)
                if w > t[op[3]]:
                    t[op[3]] = w
        elif code == BARRIER_ALL:
            now = max(t)
            t[:] = [now] * _SLOTS
        elif code == CROSS_SET:   # (code, cost, flag, mode, slot, done slot); slot -1: every pipe
            b.cross.set(op[2], op[3], max(t) if op[4] < 0 else t[op[4]] if t[op[4]] > t[op[5]] else t[op[5]])
        elif code == CROSS_WAIT:  # (code, cost, flag, slot)
            w = b.cross.wait(op[2])
            if w > t[op[3]]:
                t[op[3]] = w


def _period(seq: np.ndarray) -> int:
    """The dominant period of an id sequence (a tile's event count), or 0 when it has none worth skipping: of the
    first 16 candidate periods (where the middle event recurs), the first that matches at least 90% as many events as
    the best of them and half of its overlap. Candidates are counted in increasing order, and counting stops once no
    later one can match more than the best so far (p matches at most n - p events): a perfect first period is
    counted alone."""
    n = len(seq)
    if n < 4 * _MIN_REPEATS:
        return 0
    k = n // 2
    hits = (np.flatnonzero(seq[k + 1: k + 1 + n // _MIN_REPEATS] == seq[k])[:16] + 1).tolist()
    if not hits:
        return 0
    matches: list[int] = []
    for i, p in enumerate(hits):
        matches.append(int(np.count_nonzero(seq[:-p] == seq[p:])))
        if i + 1 < len(hits) and n - hits[i + 1] > max(matches):
            continue   # a later candidate may still set the best
        best = max(matches)
        for q, m in zip(hits, matches):
            if m >= 0.9 * best and m >= 0.5 * (n - q):
                return int(q)
    return 0


def _regions(seq: np.ndarray, p: int) -> list[tuple[int, int]]:
    """[a, e) ranges of seq that repeat with period p for at least _MIN_REPEATS periods: the runs between the
    events that differ from the one p later (a tiled loop has few)."""
    cuts = [-1, *np.flatnonzero(seq[:-p] != seq[p:]).tolist(), len(seq) - p]
    return [(a + 1, b + p) for a, b in zip(cuts[:-1], cuts[1:]) if b - a - 1 >= (_MIN_REPEATS - 1) * p]


def _clone(b: Block) -> Block:
    c = Block.__new__(Block)
    c.t, c.shared, c.cross, c.live = list(b.t), b.shared, b.cross, b.live
    c.ready, c.freed, c.cursor, c.nbuf, c.alias = dict(b.ready), dict(b.freed), dict(b.cursor), dict(b.nbuf), \
        dict(b.alias)
    c.flags = {k: list(v) for k, v in b.flags.items()}
    c.busy = list(b.busy)
    return c


def _snapshot(b: Block, n_out: int) -> tuple[tuple, list[float], Block, int]:
    """(what must repeat exactly, every time with the SCALAR clock first, a copy of the state, intervals so far)."""
    shape = (tuple(b.ready), tuple(b.freed), tuple(b.alias.items()),
             tuple((q, c % b.nbuf.get(q, 1)) for q, c in b.cursor.items()),
             tuple((k, len(v)) for k, v in b.flags.items()))
    t = b.t
    times = [t[0], *(t[i] for i in b.live), *b.ready.values(), *b.freed.values(),
             *(x for v in b.flags.values() for x in v)]
    return shape, times, _clone(b), n_out


def _shift(before: tuple, after: tuple) -> tuple[float, float] | None:
    """(d, d_scalar) when `after` is `before` with every time but the SCALAR clock d later, else None."""
    if before[0] != after[0]:
        return None
    t0, t1 = before[1], after[1]
    d = t1[1] - t0[1]
    tol = _REL_TOL * max(1.0, abs(t1[0]), abs(t1[1]))
    for x0, x1 in zip(t0[1:], t1[1:]):
        if abs(x1 - x0 - d) > tol:
            return None
    return d, t1[0] - t0[0]


def _scalar_irrelevant(ops: list[tuple], group: list[int], before: tuple, after: tuple) -> bool:
    """Whether the group, replayed from `before` with the SCALAR clock at minus infinity, still ends at `after`:
    then the scalar unit delayed nothing (it only issues, ahead of the pipes) and, falling further behind in each
    later group, it delays nothing there either (the replay is monotone in every clock)."""
    probe = _clone(before[2])
    probe.t[0] = -math.inf
    _run(probe, ops, group, None)
    if probe.t[0] != -math.inf:  # something made the scalar unit wait
        return False
    got = _snapshot(probe, 0)
    tol = _REL_TOL * max(1.0, abs(after[1][1]))
    return got[0] == after[0] and all(abs(x - y) <= tol for x, y in zip(got[1][1:], after[1][1:]))


def _skip(b: Block, before: tuple, after: tuple, d: float, d_scalar: float, m: int) -> None:
    """Advance the state by m more groups of what happened between the two snapshots."""
    s = m * d
    b.t[0] += m * d_scalar
    for i in b.live:
        b.t[i] += s
    for table in (b.ready, b.freed):
        for k in table:
            table[k] += s
    for v in b.flags.values():
        v[:] = [x + s for x in v]
    for q, c in after[2].cursor.items():
        b.cursor[q] = c + m * (c - before[2].cursor.get(q, 0))
    for i in range(2):
        b.busy[i] += m * (after[2].busy[i] - before[2].busy[i])


def _steady(ops: list[tuple], seq: np.ndarray, i: int, p: int, snaps: list[tuple]) -> tuple[int, float, float] | None:
    """(periods per group, d, d_scalar) when the groups ending at the last snapshot repeat from now on."""
    for c in range(1, min(_MAX_GROUP, len(snaps) - 1) + 1):
        before, after = snaps[-1 - c], snaps[-1]
        shift = _shift(before, after)
        if shift is None:
            continue
        d, d_scalar = shift
        tol = _REL_TOL * max(1.0, abs(after[1][0]), abs(after[1][1]))
        if abs(d_scalar - d) <= tol:
            return c, d, d
        if d_scalar < d and _scalar_irrelevant(ops, seq[i - c * p: i].tolist(), before, after):
            return c, d, d_scalar
    return None


def _run_periodic(b: Block, ops: list[tuple], seq: np.ndarray, p: int, spans: list[Span] | None) -> None:
    """Replay seq (whole periods of p events, then a tail), skipping the steady state."""
    outer = b.live
    b.live = live_slots([ops[u] for u in np.unique(seq[:p]).tolist()])
    try:
        _run_periods(b, ops, seq, p, spans)
    finally:
        b.live = outer


def _run_periods(b: Block, ops: list[tuple], seq: np.ndarray, p: int, spans: list[Span] | None) -> None:
    out: list[tuple[int, float, float, int]] | None = [] if spans is not None else None
    periods = len(seq) // p
    snaps = [_snapshot(b, 0)]
    i = 0
    for j in range(periods):
        _run(b, ops, seq[i: i + p].tolist(), out)
        i += p
        snaps.append(_snapshot(b, len(out) if out is not None else 0))
        # a loop that has not settled in _PATIENCE periods is checked less often (each check costs a few periods)
        steady = _steady(ops, seq, i, p, snaps) if j < _PATIENCE or j % _PATIENCE == 0 else None
        if steady is not None:
            c, d, d_scalar = steady
            m = (periods - j - 1) // c
            before, after = snaps[-1 - c], snaps[-1]
            if m:
                _skip(b, before, after, d, d_scalar, m)
                if out is not None and spans is not None:
                    spans.append((out, 0.0, 0.0, 1))
                    spans.append((out[before[3]: after[3]], d, d, m))
                    out = []
                i += m * c * p
            break
        del snaps[: -_MAX_GROUP - 1]
    _run(b, ops, seq[i:].tolist(), out)
    if out is not None and spans is not None:
        spans.append((out, 0.0, 0.0, 1))


def live_slots(ops: list[tuple]) -> tuple[int, ...]:
    """The clocks besides SCALAR that some of `ops` reads or writes (every one when a PipeBarrier<PIPE_ALL> or a
    cross-core set of PIPE_ALL takes their maximum), in slot order (_shift measures the shift on the first)."""
    used: set[int] = set()
    for op in ops:
        code = op[0]
        if code == WORK:
            used.add(op[2])
            if op[2] in (2, 3):
                used.update((PORT, op[2] + 3))
        elif code == ALLOC:
            used.add(op[5])
        elif code in (ENQUE, FREE, SETFLAG):
            used.update((op[3], op[4]))
        elif code in (DEQUE, WAITFLAG, CROSS_WAIT):
            used.add(op[3])
        elif code == CROSS_SET:
            used.update((op[4], op[5]) if op[4] >= 0 else range(_SLOTS))
        elif code == BARRIER_ALL:
            used.update(range(_SLOTS))
    used.discard(0)
    return tuple(sorted(used)) or (1,)


def replay_block(b: Block, ops: list[tuple], ids: np.ndarray, spans: list[Span] | None) -> None:
    """Replay one block's events (ids into ops) from b's state; intervals go to spans unless it is None."""
    seq = ids   # lists only of the parts replayed (a skipped steady state is most of a tiled loop)
    p = _period(ids)
    pos = 0
    for a, e in _regions(ids, p) if p else []:
        a = max(a, pos)
        if e - a < _MIN_REPEATS * p:
            continue
        out: list[tuple[int, float, float, int]] | None = [] if spans is not None else None
        _run(b, ops, seq[pos:a].tolist(), out)
        if out and spans is not None:
            spans.append((out, 0.0, 0.0, 1))
        _run_periodic(b, ops, seq[a:e], p, spans)
        pos = e
    out = [] if spans is not None else None
    _run(b, ops, seq[pos:].tolist(), out)
    if out and spans is not None:
        spans.append((out, 0.0, 0.0, 1))


def full_replay_block(b: Block, ops: list[tuple], ids: np.ndarray, spans: list[Span] | None) -> None:
    """replay_block without the steady-state skip (what the skip must equal; tests compare the two)."""
    out: list[tuple[int, float, float, int]] | None = [] if spans is not None else None
    _run(b, ops, ids.tolist(), out)
    if out and spans is not None:
        spans.append((out, 0.0, 0.0, 1))


def replay_launch(cores: list[Any], where: list[int], states: list[Block], ops: list[tuple], ids: np.ndarray,
                  bounds: list[int], segmented: list[list[tuple[int, int]]], crossing: list[bool], flags: Any,
                  entry: float, per_core_cap: int,
                  skip_steady_state: bool) -> tuple[list[Block], list[tuple[int, list[Span], int]], bool]:
    """One pass over the launch's blocks, segment by segment (SyncAll cuts them): (blocks' final states, the replayed
    spans per core, whether some were left out). Sets each core's end."""
    for core in cores:
        core.end = 0.0
    kept = [0] * len(cores)
    truncated = False
    spans: list[tuple[int, list[Span], int]] = []
    n_segments = max((len(s) for s in segmented), default=1)
    for b, state in enumerate(states):
        if crossing[b] and flags is not None:
            state.cross = flags.view(b)
    for seg in range(n_segments):
        for b, state in enumerate(states):
            core = cores[where[b]]
            if seg == 0:  # blocks that share a core run one after another
                state.restart(core.end)
                state.t[0] += entry
            lo, hi = segmented[b][seg] if seg < len(segmented[b]) else (0, 0)
            room = kept[core.core] < per_core_cap
            truncated = truncated or not room
            recorded: list[Span] | None = [] if room else None
            replay = replay_block if skip_steady_state and not crossing[b] else full_replay_block
            replay(state, ops, ids[bounds[b] + lo: bounds[b] + hi], recorded)
            if recorded:
                total = sum(len(items) * reps for items, _, _, reps in recorded)
                take = min(total, per_core_cap - kept[core.core])
                kept[core.core] += take
                spans.append((core.core, recorded, take))
                truncated = truncated or take < total
            if n_segments == 1:
                core.end = max(core.end, state.end())
        if n_segments > 1:
            barrier = max(s.end() for s in states)
            for s in states:
                s.restart(barrier)
    if n_segments > 1:
        for b, s in enumerate(states):
            cores[where[b]].end = max(cores[where[b]].end, s.end())
    return states, spans, truncated

"""What the recorder wrote (opkit/sim/profile.h): event kinds and fields, the blocks' arrays end to end, and where
each MTE2 copy's data comes from (HBM, L2, L2 shared by several cores), which the timing model (model.py) costs."""
from __future__ import annotations

from typing import Any

import numpy as np

from opkit.profile.soc_table import SocTable

# pipe_t values (opkit/sim/positions.h): the vector core's pipes, ALL, and the cube core's (M is the CUBE pipe).
S, V, MTE2, MTE3, ALL = 0, 1, 4, 5, 6
M, MTE1, FIX = 2, 3, 10
_OFFSET = (1 << 40) - 1  # a copy's field d: GM offset in the low 40 bits, gap between bursts above
# a copy's field a: pipe (bits 0-2), where its data comes from (bits 3-4, _l2_sources below), L2 bypass (bit
# 7), GM buffer index (bits 8 and up)
_PIPE_BITS, _BYPASS = 7, 1 << 7
_CLASS_SHIFT = 20  # a row's field 1: name index | (its event class << 20) (profile.h's EventClasses)

# Event kinds (profile.h's Ev).
(COPY, VEC, ALLOC, ENQUE, DEQUE, FREE, SETFLAG, WAITFLAG, BARRIER, SYNCALL, SCALAR_UB, SCALAR_GM, CUBE, CROSS_SET,
 CROSS_WAIT) = range(15)


def _l2_sources(rows: np.ndarray, bounds: list[int], active: int, table: SocTable) -> None:
    """Where each MTE2 copy's data comes from, written into its field a (bits 3-4, region bits cleared): 0 HBM (a
    miss), 1 L2 (this data was read within the last share of L2's capacity, counted in bytes the whole chip moved
    since: this core's bytes x the active cores), 2 L2 shared by several cores (staggered), 3 the same, read by
    several cores at the same time (bypassing L2 or not: the same few channels serve them). A re-read that bypasses
    L2 (SetL2CacheHint CACHE_MODE_DISABLE) misses."""
    copy = np.flatnonzero((rows[:, 0] == COPY) & ((rows[:, 2] & _PIPE_BITS) == MTE2))
    if not len(copy):
        return
    a = rows[copy, 2]
    out = _sources(copy, a, rows[copy, 3] * rows[copy, 4], rows[copy, 5], bounds, active, table)
    rows[copy, 2] = (a & (_PIPE_BITS | _BYPASS)) | (out << 3)


def _sources(copy: np.ndarray, a: np.ndarray, nbytes: np.ndarray, w: np.ndarray, bounds: list[int], active: int,
             table: SocTable) -> np.ndarray:
    """_l2_sources' data source (0-3) of the MTE2 copies at event positions `copy` (launch-wide, in order), from
    their fields a and d and their bytes."""
    block = np.searchsorted(np.asarray(bounds[1:]), copy, side="right")
    cum = np.cumsum(nbytes) - nbytes
    starts = np.concatenate(([0], np.flatnonzero(np.diff(block)) + 1))
    first = np.zeros(len(copy), dtype=np.int64)
    first[starts] = cum[starts]
    cum = cum - np.maximum.accumulate(first)     # bytes this block read before each copy
    g = cum * active
    key = ((a >> 8) << 40) | (w & _OFFSET)
    bypass = (a & _BYPASS) != 0
    order = np.lexsort((g, key))
    k, gg, bb = key[order], g[order], block[order]
    same = np.zeros(len(k), dtype=bool)
    same[1:] = k[1:] == k[:-1]
    hit = np.zeros(len(k), dtype=bool)
    hit[1:] = same[1:] & (gg[1:] - gg[:-1] < table["l2_bytes"] * table["l2_share"])
    tie = np.zeros(len(k), dtype=bool)
    tie[1:] = same[1:] & (gg[1:] == gg[:-1]) & (bb[1:] != bb[:-1])
    tie[:-1] |= tie[1:]
    starts = np.flatnonzero(~same)   # each key's entries: several blocks among them = data several cores read
    many = np.repeat(np.minimum.reduceat(bb, starts) != np.maximum.reduceat(bb, starts),
                     np.diff(np.append(starts, len(k))))
    source = np.where(many, np.where(tie, 3, 2), np.where(hit & ~bypass[order], 1, 0))
    out = np.empty_like(source)
    out[order] = source
    return out


def _joined(parts: list[Any], empty: np.ndarray) -> np.ndarray:
    """The blocks' arrays end to end: the array they are consecutive views of (read_launches splits one array of the
    file's bytes), else a concatenation."""
    base = parts[0].base if parts and isinstance(parts[0], np.ndarray) else None
    if (isinstance(base, np.ndarray) and base.dtype == empty.dtype and base.flags.c_contiguous
            and sum(p.size for p in parts if isinstance(p, np.ndarray)) == base.size):
        at = base.__array_interface__["data"][0]
        for part in parts:
            if (not isinstance(part, np.ndarray) or part.base is not base or not part.flags.c_contiguous
                    or part.shape[1:] != empty.shape[1:] or part.__array_interface__["data"][0] != at):
                break
            at += part.nbytes
        else:
            return base.reshape((-1, *empty.shape[1:]))
    return np.concatenate([empty, *parts])


def _all_once(a: np.ndarray, d: np.ndarray) -> bool:
    """Whether no two of these MTE2 copies (fields a and d) start at the same place of the same GM buffer (the key of
    _sources): then none re-reads what another read, in any block."""
    if len(a) < 2:
        return True
    key = ((a >> 8) << 40) | (d & _OFFSET)
    buffer = a >> 8
    if int(buffer.max()) < 1 << 16:
        # a streaming kernel's blocks read each buffer at rising offsets: ordered by buffer (a radix sort of 16-bit
        # numbers), the keys then rise throughout
        ordered = key[np.argsort(buffer.astype(np.uint16), kind="stable")]
        if (ordered[1:] > ordered[:-1]).all():
            return True
    key.sort()
    return bool((key[1:] != key[:-1]).all())

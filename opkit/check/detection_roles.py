"""Inputs for a non-max-suppression op in ONNX's layout (NonMaxSuppression: `boxes`, `scores`, a count
`max_output_boxes_per_class`, `iou_threshold`, `score_threshold`), for the generated tests (input_roles.py).

The other inputs of such an op are not of the data's shape: its count is one integer and its data inputs have shapes
tied to each other, so opkit's one-shape-per-case inputs are not inputs it takes. The layout is ONNX's, which the op
names: `boxes` [batches, spatial, 4] as (y1, x1, y2, x2) corners, `scores` [batches, classes, spatial], each other
input one element. From a case of shape `s`: batches is `s[0]` (at most 3) when `s` has 2 dims or more, else 1;
spatial is `s[-1]` capped at 128 (the quadratic suppression stays quick on the simulator; an empty case stays
empty); one class; the count half the boxes (at least 1), so it limits the selection; thresholds 0.5 (IoU) and 0.25
(score). Boxes and scores are uniform in [0, 1): many boxes overlap, and about three in four pass the score
threshold. The output (at most batches x count rows of 3 indices) then fits any output of the boxes' size.
"""
from __future__ import annotations

import math
import re
from collections.abc import Sequence

import numpy as np

__all__ = ["detection_roles", "detection_array", "DETECTION_ROLES"]

_OP = re.compile(r"non_?max_?suppression|nms", re.I)
_COUNT = re.compile(r"(^|_)(max|count|num)($|_)", re.I)
_THRESHOLD = re.compile(r"threshold", re.I)
DETECTION_ROLES = ("boxes", "scores", "count", "iou_threshold", "score_threshold")
_MAX_SPATIAL = 128


def detection_roles(op_type: str, names: Sequence[str], flagged: Sequence[str]) -> dict[str, str]:
    """{input name: role} for an NMS op (its type says so) with inputs named `boxes` and `scores`; {} otherwise.
    A count role goes only to a `flagged` (integer) input whose name says count (`max_...`, `num_...`)."""
    lowered = {n.lower(): n for n in names}
    if not _OP.search(op_type) or not {"boxes", "scores"} <= lowered.keys():
        return {}
    roles = {lowered["boxes"]: "boxes", lowered["scores"]: "scores"}
    for name in names:
        if name in flagged and _COUNT.search(name):
            roles[name] = "count"
        elif name not in flagged and _THRESHOLD.search(name):
            roles[name] = "iou_threshold" if "iou" in name.lower() else "score_threshold"
    return roles


def _layout(shape: tuple[int, ...]) -> tuple[int, int]:
    batches = min(shape[0], 3) if len(shape) >= 2 else 1
    spatial = min(shape[-1], _MAX_SPATIAL) if shape else 1
    return (batches, spatial) if math.prod(shape) else (batches, 0)


def detection_array(role: str, dtype: str, shape: tuple[int, ...], rng: np.random.Generator) -> np.ndarray:
    """The values of an input of `role` (detection_roles) for a case of `shape` (see the module's rules)."""
    batches, spatial = _layout(shape)
    if role == "boxes":
        return rng.random((batches, spatial, 4)).astype(dtype)
    if role == "scores":
        return rng.random((batches, 1, spatial)).astype(dtype)
    if role == "count":
        return np.array([max(spatial // 2, 1)], dtype=dtype)
    if role in ("iou_threshold", "score_threshold"):
        return np.array([0.5 if role == "iou_threshold" else 0.25], dtype=dtype)
    raise ValueError(f"unknown input role {role!r}")

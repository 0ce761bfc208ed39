"""Reference maths of the 310B-only test project (opkit test reads it from the project's root)."""
import numpy as np


def scale_edge_custom(x, *, scale=2.0):
    return (scale * np.asarray(x, np.float64)).astype(x.dtype)


def _corners(boxes, center_point_box):
    b = np.asarray(boxes, np.float32)
    if center_point_box:
        x, y, w, h = b[..., 0], b[..., 1], b[..., 2], b[..., 3]
        b = np.stack([y - h / 2, x - w / 2, y + h / 2, x + w / 2], axis=-1)
    return np.concatenate([np.minimum(b[..., 0:2], b[..., 2:4]), np.maximum(b[..., 0:2], b[..., 2:4])], axis=-1)


def _iou(a, b):
    top, left = np.maximum(a[0], b[0]), np.maximum(a[1], b[1])
    bottom, right = np.minimum(a[2], b[2]), np.minimum(a[3], b[3])
    if bottom <= top or right <= left:
        return np.float32(0)
    inter = (bottom - top) * (right - left)
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else np.float32(0)


def non_max_suppression(boxes, scores, max_output_boxes_per_class, iou_threshold, score_threshold, *,
                        center_point_box=0):
    """ONNX NonMaxSuppression; rows (batch, class, box) of the kept boxes, then rows of -1 up to batches x classes x
    spatial rows."""
    corners = _corners(boxes, center_point_box)
    scores = np.asarray(scores, np.float32)
    batches, classes, spatial = scores.shape
    out = np.full((batches * classes * spatial, 3), -1, np.int32)
    rows = 0
    for b in range(batches):
        for c in range(classes):
            order = [i for i in np.argsort(-scores[b, c], kind="stable") if scores[b, c, i] > score_threshold[0]]
            kept = []
            for i in order:
                if len(kept) >= max_output_boxes_per_class[0]:
                    break
                if all(_iou(corners[b, k], corners[b, i]) <= iou_threshold[0] for k in kept):
                    kept.append(i)
                    out[rows] = (b, c, i)
                    rows += 1
    return out

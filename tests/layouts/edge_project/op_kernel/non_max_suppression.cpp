/* NonMaxSuppression kernel: one AI Core; for each batch and class, the boxes scoring above the score threshold in
 * falling score order, each kept unless a box kept before it overlaps it by more than the IoU threshold, up to the
 * count. Scalar code over the boxes' corners in the UB. Written for the 310B (arch 3002) only. */
#include "kernel_operator.h"
#include "non_max_suppression_tiling.h"
using namespace AscendC;

#if __NPU_ARCH__ != 3002
#error "NonMaxSuppression is written for Ascend310B (__NPU_ARCH__ 3002)"
#endif

class KernelNonMaxSuppression {
public:
    __aicore__ inline KernelNonMaxSuppression() {}
    __aicore__ inline void Init(GM_ADDR boxes, GM_ADDR scores, GM_ADDR maxOutput, GM_ADDR iouThreshold,
                                GM_ADDR scoreThreshold, GM_ADDR selected, const NonMaxSuppressionTilingData& tiling)
    {
        t = tiling;
        boxGm.SetGlobalBuffer((__gm__ float*)boxes, t.batches * t.spatial * 4);
        scoreGm.SetGlobalBuffer((__gm__ float*)scores, t.batches * t.classes * t.spatial);
        countGm.SetGlobalBuffer((__gm__ int32_t*)maxOutput, 1);
        iouGm.SetGlobalBuffer((__gm__ float*)iouThreshold, 1);
        scoreThresholdGm.SetGlobalBuffer((__gm__ float*)scoreThreshold, 1);
        selectedGm.SetGlobalBuffer((__gm__ int32_t*)selected, t.batches * t.classes * t.spatial * 3);
        pipe.InitBuffer(orderBuf, NMS_MAX_BOXES * sizeof(int32_t));
        pipe.InitBuffer(keptBuf, NMS_MAX_BOXES * sizeof(int32_t));
        pipe.InitBuffer(cornerBuf, NMS_MAX_BOXES * 4 * sizeof(float));
    }

    __aicore__ inline void Process()
    {
        const uint32_t values = t.batches * t.classes * t.spatial * 3;
        for (uint32_t i = 0; i < values; ++i) {
            selectedGm.SetValue(i, -1);
        }
        uint32_t rows = 0;
        for (uint32_t b = 0; b < t.batches; ++b) {
            LoadCorners(b);
            for (uint32_t c = 0; c < t.classes; ++c) {
                rows = SelectClass(b, c, rows);
            }
        }
    }

private:
    __aicore__ inline void LoadCorners(uint32_t b)
    {
        LocalTensor<float> corners = cornerBuf.Get<float>();
        for (uint32_t i = 0; i < t.spatial; ++i) {
            float v[4];
            for (uint32_t k = 0; k < 4; ++k) {
                v[k] = boxGm.GetValue((b * t.spatial + i) * 4 + k);
            }
            float y1 = v[0], x1 = v[1], y2 = v[2], x2 = v[3];
            if (t.centerPointBox != 0) {   // (x_center, y_center, width, height)
                x1 = v[0] - v[2] / 2; x2 = v[0] + v[2] / 2;
                y1 = v[1] - v[3] / 2; y2 = v[1] + v[3] / 2;
            }
            corners.SetValue(i * 4 + 0, y1 < y2 ? y1 : y2);
            corners.SetValue(i * 4 + 1, x1 < x2 ? x1 : x2);
            corners.SetValue(i * 4 + 2, y1 < y2 ? y2 : y1);
            corners.SetValue(i * 4 + 3, x1 < x2 ? x2 : x1);
        }
    }

    __aicore__ inline float Iou(uint32_t a, uint32_t b)
    {
        LocalTensor<float> c = cornerBuf.Get<float>();
        const float top = c.GetValue(a * 4) > c.GetValue(b * 4) ? c.GetValue(a * 4) : c.GetValue(b * 4);
        const float left = c.GetValue(a * 4 + 1) > c.GetValue(b * 4 + 1) ? c.GetValue(a * 4 + 1) : c.GetValue(b * 4 + 1);
        const float bottom = c.GetValue(a * 4 + 2) < c.GetValue(b * 4 + 2) ? c.GetValue(a * 4 + 2) : c.GetValue(b * 4 + 2);
        const float right = c.GetValue(a * 4 + 3) < c.GetValue(b * 4 + 3) ? c.GetValue(a * 4 + 3) : c.GetValue(b * 4 + 3);
        if (bottom <= top || right <= left) {
            return 0.0f;
        }
        const float inter = (bottom - top) * (right - left);
        const float areaA = (c.GetValue(a * 4 + 2) - c.GetValue(a * 4)) * (c.GetValue(a * 4 + 3) - c.GetValue(a * 4 + 1));
        const float areaB = (c.GetValue(b * 4 + 2) - c.GetValue(b * 4)) * (c.GetValue(b * 4 + 3) - c.GetValue(b * 4 + 1));
        const float uni = areaA + areaB - inter;
        return uni > 0.0f ? inter / uni : 0.0f;
    }

    __aicore__ inline uint32_t SelectClass(uint32_t b, uint32_t c, uint32_t rows)
    {
        LocalTensor<int32_t> order = orderBuf.Get<int32_t>();
        LocalTensor<int32_t> kept = keptBuf.Get<int32_t>();
        const uint32_t base = (b * t.classes + c) * t.spatial;
        const float scoreThreshold = scoreThresholdGm.GetValue(0);
        uint32_t n = 0;
        for (uint32_t i = 0; i < t.spatial; ++i) {
            if (scoreGm.GetValue(base + i) > scoreThreshold) {
                order.SetValue(n++, static_cast<int32_t>(i));
            }
        }
        for (uint32_t i = 1; i < n; ++i) {   // falling score; equal scores keep the lower index first
            const int32_t v = order.GetValue(i);
            const float s = scoreGm.GetValue(base + v);
            uint32_t j = i;
            for (; j > 0 && scoreGm.GetValue(base + order.GetValue(j - 1)) < s; --j) {
                order.SetValue(j, order.GetValue(j - 1));
            }
            order.SetValue(j, v);
        }
        const int32_t limit = countGm.GetValue(0);
        const float iouThreshold = iouGm.GetValue(0);
        int32_t count = 0;
        for (uint32_t i = 0; i < n && count < limit; ++i) {
            const int32_t v = order.GetValue(i);
            bool keep = true;
            for (int32_t m = 0; m < count && keep; ++m) {
                keep = Iou(kept.GetValue(m), v) <= iouThreshold;
            }
            if (keep) {
                kept.SetValue(count++, v);
                selectedGm.SetValue(rows * 3 + 0, static_cast<int32_t>(b));
                selectedGm.SetValue(rows * 3 + 1, static_cast<int32_t>(c));
                selectedGm.SetValue(rows * 3 + 2, v);
                ++rows;
            }
        }
        return rows;
    }

    NonMaxSuppressionTilingData t;
    TPipe pipe;
    TBuf<TPosition::VECCALC> orderBuf, keptBuf, cornerBuf;
    GlobalTensor<float> boxGm, scoreGm, iouGm, scoreThresholdGm;
    GlobalTensor<int32_t> countGm, selectedGm;
};

extern "C" __global__ __aicore__ void non_max_suppression(GM_ADDR boxes, GM_ADDR scores, GM_ADDR maxOutput,
                                                          GM_ADDR iouThreshold, GM_ADDR scoreThreshold,
                                                          GM_ADDR selected, GM_ADDR workspace, GM_ADDR tiling)
{
    REGISTER_TILING_DEFAULT(NonMaxSuppressionTilingData);
    GET_TILING_DATA(tilingData, tiling);
    KernelNonMaxSuppression op;
    op.Init(boxes, scores, maxOutput, iouThreshold, scoreThreshold, selected, tilingData);
    op.Process();
}

// DataCopy with SliceInfo (CANN's kernel_operator_data_copy_intf.h, "GM and UB slice copy"): copies the slices of a
// dimValue-dimensional tensor, as CANN's own implementation computes them (impl/basic_api/
// kernel_operator_data_copy_intf_impl.h):
//   - start at sum(startIndex[i] * product of the lower dims' shapeValue);
//   - dim 0: blockCount = (end - start + 1 + stride) / (burstLen * 32 / sizeof(T) + stride) slices of burstLen 32-byte
//     blocks, `stride` elements apart on the GM side and stride * sizeof(T) / 32 whole blocks apart on the UB side;
//   - each higher dim i: (end - start + 1 + stride) / (1 + stride) positions, (1 + stride) rows of the lower dims
//     apart;
//   - the source's slice list and block count drive the copy; the destination's list gives where each slice lands.
// shapeValue 0 (the tensors' own ShapeInfo) is not simulated and faults.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

// Included by copy.h before its catch-all DataCopy (signature.h: overloads must precede it); uses copy.h's helpers.

namespace AscendC {

inline constexpr int32_t K_MAX_DIM = 8;

struct SliceInfo {
  SliceInfo() {}
  SliceInfo(const uint32_t startIndexIn, const uint32_t endIndexIn, const uint32_t strideIn,
            const uint32_t burstLenIn, const uint32_t shapeValueIn = 0)
      : startIndex(startIndexIn), endIndex(endIndexIn), stride(strideIn), burstLen(burstLenIn),
        shapeValue(shapeValueIn) {}
  uint32_t startIndex = 0;
  uint32_t endIndex = 32 - 1;
  uint32_t stride = 0;
  uint32_t burstLen = 32;
  uint32_t shapeValue = 0;
};

}  // namespace AscendC

namespace opkit::sim::detail {

struct SlicePlan {
  uint64_t start = 0;                // elements
  std::vector<uint64_t> offsets;     // elements, one per dim-0 run
};

inline SlicePlan plan_slices(const char* api, const char* role, const AscendC::SliceInfo info[], uint32_t dims,
                             const SourceLoc& where) {
  if (dims == 0 || dims > uint32_t(AscendC::K_MAX_DIM)) {
    fault(api, cat("dimValue ", dims, " is outside [1, ", AscendC::K_MAX_DIM, "]"), where);
  }
  SlicePlan p;
  uint64_t size = 1;
  p.offsets.push_back(0);
  for (uint32_t i = 0; i < dims; ++i) {
    const AscendC::SliceInfo& s = info[i];
    if (s.shapeValue == 0) {
      fault(api, cat(role, "SliceInfo[", i, "].shapeValue is 0: taking the shape from the tensor's ShapeInfo is not "
                     "simulated; give shapeValue"), where);
    }
    if (s.endIndex < s.startIndex || s.endIndex >= s.shapeValue) {
      fault(api, cat(role, "SliceInfo[", i, "] runs from ", s.startIndex, " to ", s.endIndex, " in a dim of ",
                     s.shapeValue, " elements"), where);
    }
    if (i > 0) {
      size *= info[i - 1].shapeValue;
      if (s.burstLen != 1) fault(api, cat(role, "SliceInfo[", i, "].burstLen must be 1 beyond dim 0"), where);
      const uint64_t n = (uint64_t(s.endIndex) - s.startIndex + 1 + s.stride) / (1 + uint64_t(s.stride));
      const size_t lower = p.offsets.size();
      for (uint64_t k = 1; k < n; ++k) {
        for (size_t j = 0; j < lower; ++j) p.offsets.push_back(p.offsets[j] + k * (1 + uint64_t(s.stride)) * size);
      }
    }
    p.start += uint64_t(s.startIndex) * size;
  }
  return p;
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const SliceInfo dstSliceInfo[],
              const SliceInfo srcSliceInfo[], const uint32_t dimValue = 1, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  const char* api = "DataCopy";
  d::check_cancelled(api, where);
  const d::SlicePlan s = d::plan_slices(api, "src", srcSliceInfo, dimValue, where);
  const d::SlicePlan t = d::plan_slices(api, "dst", dstSliceInfo, dimValue, where);
  if (t.offsets.size() < s.offsets.size()) {
    d::fault(api, d::cat("the source has ", s.offsets.size(), " slice rows but the destination only ",
                         t.offsets.size()), where);
  }
  const uint64_t elems = 32 / sizeof(T), len = uint64_t(srcSliceInfo[0].burstLen) * 32;
  const SliceInfo& r = srcSliceInfo[0];
  const uint64_t count = (uint64_t(r.endIndex) - r.startIndex + 1 + r.stride) / (r.burstLen * elems + r.stride);
  if (count == 0 || len == 0) return;
  const uint64_t src_step = len + uint64_t(srcSliceInfo[0].stride) * sizeof(T);
  const uint64_t dst_step = len + uint64_t(dstSliceInfo[0].stride) * sizeof(T) / 32 * 32;
  uint64_t src_need = 0, dst_need = 0;
  for (size_t i = 0; i < s.offsets.size(); ++i) {
    src_need = std::max(src_need, (s.start + s.offsets[i]) * sizeof(T) + d::extent(count, len, src_step - len));
    dst_need = std::max(dst_need, (t.start + t.offsets[i]) * sizeof(T) + d::extent(count, len, dst_step - len));
  }
  d::require_local_operand(api, "dst", dst, dst_need, where);
  const uint8_t* src_end = d::check_gm(api, "read", src.opkit_addr, src_need, where, src.opkit_base);
  for (size_t i = 0; i < s.offsets.size(); ++i) {
    d::copy_rows(d::bytes_of(dst.opkit_addr) + (t.start + t.offsets[i]) * sizeof(T),
                 d::bytes_of(src.opkit_addr) + (s.start + s.offsets[i]) * sizeof(T), count, len, src_step, dst_step,
                 src_end);
  }
}

template <typename T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const SliceInfo dstSliceInfo[],
              const SliceInfo srcSliceInfo[], const uint32_t dimValue = 1, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  const char* api = "DataCopy";
  d::check_cancelled(api, where);
  const d::SlicePlan s = d::plan_slices(api, "src", srcSliceInfo, dimValue, where);
  const d::SlicePlan t = d::plan_slices(api, "dst", dstSliceInfo, dimValue, where);
  if (t.offsets.size() < s.offsets.size()) {
    d::fault(api, d::cat("the source has ", s.offsets.size(), " slice rows but the destination only ",
                         t.offsets.size()), where);
  }
  const uint64_t elems = 32 / sizeof(T), len = uint64_t(srcSliceInfo[0].burstLen) * 32;
  const SliceInfo& r = srcSliceInfo[0];
  const uint64_t count = (uint64_t(r.endIndex) - r.startIndex + 1 + r.stride) / (r.burstLen * elems + r.stride);
  if (count == 0 || len == 0) return;
  const uint64_t src_step = len + uint64_t(srcSliceInfo[0].stride) * sizeof(T) / 32 * 32;
  const uint64_t dst_step = len + uint64_t(dstSliceInfo[0].stride) * sizeof(T);
  uint64_t src_need = 0, dst_need = 0;
  for (size_t i = 0; i < s.offsets.size(); ++i) {
    src_need = std::max(src_need, (s.start + s.offsets[i]) * sizeof(T) + d::extent(count, len, src_step - len));
    dst_need = std::max(dst_need, (t.start + t.offsets[i]) * sizeof(T) + d::extent(count, len, dst_step - len));
  }
  d::require_local_operand(api, "src", src, src_need, where);
  const uint8_t* dst_end = d::check_gm(api, "write", dst.opkit_addr, dst_need, where, dst.opkit_base);
  for (size_t i = 0; i < s.offsets.size(); ++i) {
    d::store_gm_rows(d::bytes_of(dst.opkit_addr) + (t.start + t.offsets[i]) * sizeof(T),
                     d::bytes_of(src.opkit_addr) + (s.start + s.offsets[i]) * sizeof(T), count, len, src_step,
                     dst_step, dst_end);
  }
}

}  // namespace AscendC

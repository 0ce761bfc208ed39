// DataCopy with SliceInfo (CANN's kernel_operator_data_copy_intf.h, "GM and UB slice copy"): copies the slices of a
// dimValue-dimensional tensor, as CANN's own implementation computes them (impl/basic_api/
// kernel_operator_data_copy_intf_impl.h):
//   - start at sum(startIndex[i] * product of the lower dims' shapeValue);
//   - dim 0: blockCount = (end - start + 1 + stride) / (burstLen * 32 / sizeof(T) + stride) slices of burstLen 32-byte
//     blocks, `stride` elements apart on the GM side and stride * sizeof(T) / 32 whole blocks apart on the UB side;
//   - each higher dim i: (end - start + 1 + stride) / (1 + stride) positions, (1 + stride) rows of the lower dims
//     apart;
//   - the source's slice list and block count drive the copy; the destination's list gives where each slice lands.
// shapeValue 0 (the tensors' own ShapeInfo) is not simulated and faults. CANN's documented constraint is startIndex <
// endIndex <= shapeValue; the device does not check it (endIndex only counts the blocks or rows to copy, the addresses
// come from startIndex and the shapeValues). An endIndex past shapeValue on the GM side of a read makes the copy read
// the elements that follow in GM (the next row's, or past the tensor, which check_gm judges): a warning, once per call
// site and launch, and the copy reads what the NPU reads. On a UB side or the GM side of a write (it would overwrite
// the next row's data) it stays a fault.
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
                             const SourceLoc& where, bool gm_read = false) {
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
    // CANN's constraint is startIndex < endIndex <= shapeValue: endIndex may name the element just past the dim (a
    // tail block that reads one element of the next row; the GM/UB bounds checks still hold).
    if (s.endIndex < s.startIndex || (s.endIndex > s.shapeValue && !(gm_read && warn_once(
            cat("slice past its dim|", where.str()), [&] {
              return cat(located_head(api, where), role, "SliceInfo[", i, "] runs from ", s.startIndex, " to ",
                         s.endIndex, " in a dim of ", s.shapeValue, " elements (CANN's constraint is endIndex <= "
                         "shapeValue): the NPU does not check it and reads on past the end of each ",
                         i == 0 ? "row" : "block of rows", " into what follows in GM (the next one's data, or past "
                         "the tensor), values it was not meant to read; here the copy reads the same. A bug to fix, "
                         "not a fault");
            })))) {
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

// What both directions share: the two plans, the dim-0 runs (count bursts of len bytes) and each side's step, `gm_src`
// telling which side is GM (stride in elements) and which UB (stride rounded down to whole 32-byte blocks), and the
// bytes each side needs. count 0: nothing to copy.
struct SliceCopy {
  SlicePlan s, t;
  uint64_t count = 0, len = 0, src_step = 0, dst_step = 0, src_need = 0, dst_need = 0;

  // rows(dst row, src row, count, len, src_step, dst_step) for each slice row; `elem` = sizeof(T).
  template <typename Rows>
  void each(uint8_t* dst, const uint8_t* src, size_t elem, Rows rows) const {
    for (size_t i = 0; i < s.offsets.size(); ++i) {
      rows(dst + (t.start + t.offsets[i]) * elem, src + (s.start + s.offsets[i]) * elem, count, len, src_step,
           dst_step);
    }
  }
};

template <typename T>
SliceCopy plan_slice_copy(const char* api, const AscendC::SliceInfo dst[], const AscendC::SliceInfo src[],
                          uint32_t dims, bool gm_src, const SourceLoc& where) {
  SliceCopy c;
  c.s = plan_slices(api, "src", src, dims, where, gm_src);
  c.t = plan_slices(api, "dst", dst, dims, where);
  if (c.t.offsets.size() < c.s.offsets.size()) {
    fault(api, cat("the source has ", c.s.offsets.size(), " slice rows but the destination only ",
                   c.t.offsets.size()), where);
  }
  const uint64_t elems = 32 / sizeof(T);
  const AscendC::SliceInfo& r = src[0];
  c.len = uint64_t(r.burstLen) * 32;
  if (c.len == 0) return c;
  c.count = (uint64_t(r.endIndex) - r.startIndex + 1 + r.stride) / (r.burstLen * elems + r.stride);
  if (c.count == 0) return c;
  const auto gm_gap = [](uint32_t stride) { return uint64_t(stride) * sizeof(T); };
  const auto ub_gap = [](uint32_t stride) { return uint64_t(stride) * sizeof(T) / 32 * 32; };
  c.src_step = c.len + (gm_src ? gm_gap(src[0].stride) : ub_gap(src[0].stride));
  c.dst_step = c.len + (gm_src ? ub_gap(dst[0].stride) : gm_gap(dst[0].stride));
  const uint64_t src_run = extent(c.count, c.len, c.src_step - c.len);
  const uint64_t dst_run = extent(c.count, c.len, c.dst_step - c.len);
  for (size_t i = 0; i < c.s.offsets.size(); ++i) {
    c.src_need = std::max(c.src_need, (c.s.start + c.s.offsets[i]) * sizeof(T) + src_run);
    c.dst_need = std::max(c.dst_need, (c.t.start + c.t.offsets[i]) * sizeof(T) + dst_run);
  }
  return c;
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const SliceInfo dstSliceInfo[],
              const SliceInfo srcSliceInfo[], const uint32_t dimValue = 1, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  d::check_cancelled("DataCopy", where);
  const d::SliceCopy c = d::plan_slice_copy<T>("DataCopy", dstSliceInfo, srcSliceInfo, dimValue, true, where);
  if (c.count == 0) return;
  d::require_local_operand("DataCopy", "dst", dst, c.dst_need, where);
  const uint8_t* end = d::check_gm_read("DataCopy", src.opkit_addr, c.src_need, where, src.opkit_base);
  c.each(d::bytes_of(dst.opkit_addr), d::bytes_of(src.opkit_addr), sizeof(T), [end](auto... row) {
    d::copy_rows(row..., end);
  });
}

template <typename T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const SliceInfo dstSliceInfo[],
              const SliceInfo srcSliceInfo[], const uint32_t dimValue = 1, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  d::check_cancelled("DataCopy", where);
  const d::SliceCopy c = d::plan_slice_copy<T>("DataCopy", dstSliceInfo, srcSliceInfo, dimValue, false, where);
  if (c.count == 0) return;
  d::require_local_operand("DataCopy", "src", src, c.src_need, where);
  const uint8_t* end = d::check_gm("DataCopy", "write", dst.opkit_addr, c.dst_need, where, dst.opkit_base);
  c.each(d::bytes_of(dst.opkit_addr), d::bytes_of(src.opkit_addr), sizeof(T), [end](auto... row) {
    d::store_gm_rows(row..., end);
  });
}

}  // namespace AscendC

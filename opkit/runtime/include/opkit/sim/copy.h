// DataCopy (count and DataCopyParams forms) and DataCopyPad (GM <-> UB with padding) with their checks.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "opkit/sim/atomic.h"
#include "opkit/sim/context.h"
#include "opkit/sim/copy_loop.h"
#include "opkit/sim/cube/load.h"  // its DataCopy forms come before the catch-all below
#include "opkit/sim/cube/fixpipe_regs.h"  // DataCopy(GM, L0C, DataCopyCO12DstParams), likewise
#include "opkit/sim/cube/operand.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/global_tensor.h"
#include "opkit/sim/launch_state.h"
#include "opkit/sim/signature.h"
#include "opkit/sim/profile.h"
#include "opkit/sim/profile_hooks.h"
#include "opkit/sim/tensor.h"

namespace AscendC {

// blockLen and strides in 32-byte blocks (DataCopy) or blockLen in bytes (legacy DataCopyPad).
struct DataCopyParams {
  uint16_t blockCount = 1;
  uint16_t blockLen = 0;
  uint16_t srcStride = 0;  // gap between blocks on the source side
  uint16_t dstStride = 0;
  DataCopyParams() = default;
  DataCopyParams(uint16_t count, uint16_t len, uint16_t src_stride, uint16_t dst_stride)
      : blockCount(count), blockLen(len), srcStride(src_stride), dstStride(dst_stride) {}
};

// DataCopyPad: blockLen in bytes; the GM-side stride in bytes, the UB-side stride in 32-byte blocks.
struct DataCopyExtParams {
  uint16_t blockCount = 1;
  uint32_t blockLen = 0;
  uint32_t srcStride = 0;
  uint32_t dstStride = 0;
  uint32_t rsv = 0;
  DataCopyExtParams() = default;
  DataCopyExtParams(uint16_t count, uint32_t len, uint32_t src_stride, uint32_t dst_stride, uint32_t reserved)
      : blockCount(count), blockLen(len), srcStride(src_stride), dstStride(dst_stride), rsv(reserved) {}
};

template <typename T>
struct DataCopyPadExtParams {
  bool isPad = false;
  uint8_t leftPadding = 0;   // elements
  uint8_t rightPadding = 0;  // elements
  T paddingValue{};
  DataCopyPadExtParams() = default;
  DataCopyPadExtParams(bool is_pad, uint8_t left, uint8_t right, T value)
      : isPad(is_pad), leftPadding(left), rightPadding(right), paddingValue(value) {}
};

// Legacy padding parameters: paddingValue holds the raw bits of the element (low sizeof(T) bytes).
struct DataCopyPadParams {
  bool isPad = false;
  uint8_t leftPadding = 0;
  uint8_t rightPadding = 0;
  uint64_t paddingValue = 0;
  DataCopyPadParams() = default;
  DataCopyPadParams(bool is_pad, uint8_t left, uint8_t right, uint64_t value)
      : isPad(is_pad), leftPadding(left), rightPadding(right), paddingValue(value) {}
};

}  // namespace AscendC

namespace opkit::sim::detail {

inline constexpr uint64_t kMaxBlockLen = 65535;  // DataCopyParams::blockLen is 16 bits of 32-byte blocks

// Bytes a count-form DataCopy moves: 32-byte multiple, or rounded down in device mode (what the NPU does).
template <typename T>
uint64_t count_copy_bytes(uint32_t count, const SourceLoc& where) {
  const uint64_t bytes = uint64_t(count) * sizeof(T);
  if (bytes % 32 != 0) {
    if (current_block().device_rounding) return bytes / 32 * 32;
    fault("DataCopy", cat("count ", count, " x ", sizeof(T), " bytes = ", bytes,
                          " bytes is not a multiple of 32 bytes (the NPU would silently copy only ", bytes / 32 * 32,
                          " bytes); use DataCopyPad for unaligned lengths"), where);
  }
  if (bytes / 32 > kMaxBlockLen) {
    fault("DataCopy", cat("count ", count, " x ", sizeof(T), " bytes = ", bytes, " bytes overflows one copy (at most ",
                          kMaxBlockLen, " blocks of 32 bytes)"), where);
  }
  return bytes;
}

// Byte extent of `count` rows of `len` bytes spaced `len + gap` bytes apart.
inline uint64_t extent(uint64_t count, uint64_t len, uint64_t gap) { return (count - 1) * (len + gap) + len; }

// Bytes of [p, p+len) before `end` (all of them when `end` is null).
inline uint64_t before(const uint8_t* p, const uint8_t* end, uint64_t len) {
  if (end == nullptr) return len;
  return p >= end ? 0 : std::min<uint64_t>(len, static_cast<uint64_t>(end - p));
}

// Copy `count` rows of `len` bytes; `src_step`/`dst_step` are the row pitches in bytes. `src_end`/`dst_end`: where a
// GM buffer's real bytes end when the copy reaches into the allocator padding behind it or, for a read, past it
// (check_gm, check_gm_read): what lies past `src_end` reads as 0xFF bytes, what lies past `dst_end` is not written.
inline void copy_rows(uint8_t* dst, const uint8_t* src, uint64_t count, uint64_t len, uint64_t src_step,
                      uint64_t dst_step, const uint8_t* src_end = nullptr, const uint8_t* dst_end = nullptr) {
  for (uint64_t i = 0; i < count; ++i) {
    uint8_t* d = dst + i * dst_step;
    const uint8_t* s = src + i * src_step;
    const uint64_t n = std::min(before(s, src_end, len), before(d, dst_end, len));
    std::memmove(d, s, n);
    if (n < len && src_end != nullptr) std::memset(d + n, 0xFF, len - n);
  }
}

template <typename T>
uint8_t* bytes_of(T* p) {
  return reinterpret_cast<uint8_t*>(p);
}

inline void require_pad_support(const char* api, const SourceLoc& where) {
  const int arch = current_block().npu_arch;
  if (!arch_has_data_copy_pad(arch)) {
    fault(api, cat("DataCopyPad is not available on ", arch_soc_name(arch), " (arch ", arch, ")"), where);
  }
}

// Fill UB row bytes [from, to) with `value` repeated (whole elements; the row start is element-aligned).
template <typename T>
void fill_elements(uint8_t* row, uint64_t from, uint64_t to, const T& value) {
  for (uint64_t b = from; b + sizeof(T) <= to; b += sizeof(T)) {
    std::memcpy(row + b, static_cast<const void*>(&value), sizeof(T));
  }
}

// The pad fill when isPad is false: SetPadValue's value (of this element size), else the NPU repeats the first element
// of the row it pads (`row`: that row as copied to UB).
template <typename T>
T pad_fill(bool is_pad, const T& pad_value, const uint8_t* row) {
  if (is_pad) return pad_value;
  T fill;
  const BlockContext& c = current_block();
  std::memcpy(static_cast<void*>(&fill), c.pad_value_size == sizeof(T) ? static_cast<const void*>(&c.pad_value_bits)
                                                                      : static_cast<const void*>(row), sizeof(T));
  return fill;
}

// Ascend 950's PaddingMode::Compact: the rows back to back in UB, one padding to 32 bytes after the last (dstStride and
// left/right padding do not apply).
template <typename T>
void pad_copy_compact_in(const AscendC::LocalTensor<T>& dst, const AscendC::GlobalTensor<T>& src, uint64_t count,
                         uint64_t len, uint64_t src_gap, bool is_pad, const T& pad_value, const SourceLoc& where) {
  const char* api = "DataCopyPad";
  const uint64_t bytes = count * len, padded = (bytes + 31) / 32 * 32;
  const uint8_t* src_end = check_gm_read(api, src.opkit_addr, extent(count, len, src_gap), where, src.opkit_base);
  require_ub_operand(api, "dst", dst, padded, where);
  if (BlockRecord* r = current_block().rec) {
    record_copy(*r, api, PIPE_MTE2, count, len, src.opkit_addr, src_gap, src.opkit_cache);
  }
  copy_rows(bytes_of(dst.opkit_addr), bytes_of(src.opkit_addr), count, len, len + src_gap, len, src_end);
  const uint8_t* last = bytes_of(dst.opkit_addr) + (count - 1) * len;  // the last row as copied (0xFF past src_end)
  fill_elements(bytes_of(dst.opkit_addr), bytes, padded, pad_fill(is_pad, pad_value, last));
}

template <typename T>
void pad_copy_in(const AscendC::LocalTensor<T>& dst, const AscendC::GlobalTensor<T>& src, uint64_t count,
                 uint64_t len, uint64_t src_gap, uint64_t dst_gap_blocks, bool is_pad, uint64_t left, uint64_t right,
                 const T& pad_value, const SourceLoc& where, bool compact = false) {
  const char* api = "DataCopyPad";
  require_pad_support(api, where);
  check_cancelled(api, where);
  if (count == 0 || len == 0) return;
  if (len % sizeof(T) != 0) fault(api, cat("blockLen ", len, " bytes is not a whole number of ", sizeof(T),
                                           "-byte elements"), where);
  if (compact) return pad_copy_compact_in(dst, src, count, len, src_gap, is_pad, pad_value, where);
  if (left * sizeof(T) > 32 || right * sizeof(T) > 32) {
    fault(api, cat("padding of ", left, " + ", right, " elements is more than 32 bytes on one side"), where);
  }
  const uint64_t row = (left * sizeof(T) + len + right * sizeof(T) + 31) / 32 * 32;
  const uint64_t ub_step = row + dst_gap_blocks * 32;
  const uint8_t* src_end = check_gm_read(api, src.opkit_addr, extent(count, len, src_gap), where, src.opkit_base);
  require_ub_operand(api, "dst", dst, (count - 1) * ub_step + row, where);
  if (BlockRecord* r = current_block().rec) {
    record_copy(*r, api, PIPE_MTE2, count, len, src.opkit_addr, src_gap, src.opkit_cache);
  }
  for (uint64_t i = 0; i < count; ++i) {
    uint8_t* out = bytes_of(dst.opkit_addr) + i * ub_step;
    const uint8_t* in = bytes_of(src.opkit_addr) + i * (len + src_gap);
    copy_rows(out + left * sizeof(T), in, 1, len, 0, 0, src_end);
    const T fill = pad_fill(is_pad, pad_value, out + left * sizeof(T));  // the row as copied (0xFF past src_end)
    fill_elements(out, 0, left * sizeof(T), fill);
    fill_elements(out, left * sizeof(T) + len, row, fill);
  }
}

template <typename T>
void pad_copy_out(const AscendC::GlobalTensor<T>& dst, const AscendC::LocalTensor<T>& src, uint64_t count,
                  uint64_t len, uint64_t src_gap_blocks, uint64_t dst_gap, const SourceLoc& where,
                  bool compact = false) {
  const char* api = "DataCopyPad";
  require_pad_support(api, where);
  check_cancelled(api, where);
  if (count == 0 || len == 0) return;
  // PaddingMode::Compact (950): the UB rows back to back
  const uint64_t ub_step = compact ? len : (len + 31) / 32 * 32 + src_gap_blocks * 32;
  require_ub_operand(api, "src", src, (count - 1) * ub_step + len, where);
  const uint8_t* dst_end = check_gm(api, "write", dst.opkit_addr, extent(count, len, dst_gap), where, dst.opkit_base);
  if (BlockRecord* r = current_block().rec) {
    record_copy(*r, api, PIPE_MTE3, count, len, dst.opkit_addr, dst_gap, dst.opkit_cache);
  }
  store_gm_rows(bytes_of(dst.opkit_addr), bytes_of(src.opkit_addr), count, len, ub_step, len + dst_gap, dst_end);
}

// DataCopy(C2, C1, DataCopyParams): the bias row into the bias table (defined below).
template <typename T, typename U>
void copy_bias_row(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<U>& src,
                   const AscendC::DataCopyParams& p, const SourceLoc& where);

}  // namespace opkit::sim::detail

namespace AscendC {

// The pad value register of the MTE: DataCopyPad with isPad false fills its padding with it (elements of T's size;
// CANN's `pos` selects the destination memory, the same register here).
template <typename T, TPosition pos = TPosition::MAX>
void SetPadValue(T paddingValue) {
  static_assert(sizeof(T) <= 8, "SetPadValue: T is a scalar element type");
  auto& c = opkit::sim::detail::current_block();
  c.pad_value_bits = 0;
  std::memcpy(&c.pad_value_bits, static_cast<const void*>(&paddingValue), sizeof(T));
  c.pad_value_size = static_cast<uint8_t>(sizeof(T));
}


// ---- count form: count * sizeof(T) must be a multiple of 32 bytes ----
template <typename T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, uint32_t count,
              OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  const uint64_t bytes = d::count_copy_bytes<T>(count, where);
  d::require_local_operand("DataCopy", "dst", dst, bytes, where);
  const uint8_t* src_end = d::check_gm_read("DataCopy", src.opkit_addr, bytes, where, src.opkit_base);
  if (d::BlockRecord* r = d::current_block().rec) {
    d::record_copy(*r, "DataCopy", PIPE_MTE2, 1, bytes, src.opkit_addr, 0, src.opkit_cache);
  }
  d::copy_rows(d::bytes_of(dst.opkit_addr), d::bytes_of(src.opkit_addr), 1, bytes, 0, 0, src_end);
}

template <typename T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, uint32_t count,
              OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  const uint64_t bytes = d::count_copy_bytes<T>(count, where);
  d::require_local_operand("DataCopy", "src", src, bytes, where);
  const uint8_t* dst_end = d::check_gm("DataCopy", "write", dst.opkit_addr, bytes, where, dst.opkit_base);
  if (d::BlockRecord* r = d::current_block().rec) {
    d::record_copy(*r, "DataCopy", PIPE_MTE3, 1, bytes, dst.opkit_addr, 0, dst.opkit_cache);
  }
  d::store_gm_rows(d::bytes_of(dst.opkit_addr), d::bytes_of(src.opkit_addr), 1, bytes, 0, 0, dst_end);
}

template <typename T>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t count,
              OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  const uint64_t bytes = d::count_copy_bytes<T>(count, where);
  d::require_local_operand("DataCopy", "dst", dst, bytes, where);
  d::require_local_operand("DataCopy", "src", src, bytes, where);
  if (d::BlockRecord* r = d::current_block().rec) d::record_copy(*r, "DataCopy", PIPE_V, 1, bytes, nullptr, 0);
  if (bytes > 0) std::memmove(d::bytes_of(dst.opkit_addr), d::bytes_of(src.opkit_addr), bytes);
}

// ---- DataCopyParams form: blockCount blocks of blockLen x 32 bytes, gaps in 32-byte blocks ----
template <typename T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p,
              OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  d::check_cancelled("DataCopy", where);
  if (p.blockCount == 0 || p.blockLen == 0) return;
  const uint64_t len = uint64_t(p.blockLen) * 32;
  d::require_local_operand("DataCopy", "dst", dst, d::extent(p.blockCount, len, uint64_t(p.dstStride) * 32), where);
  const uint8_t* src_end = d::check_gm_read("DataCopy", src.opkit_addr,
                                            d::extent(p.blockCount, len, uint64_t(p.srcStride) * 32), where,
                                            src.opkit_base);
  if (d::BlockRecord* r = d::current_block().rec) {
    d::record_copy(*r, "DataCopy", PIPE_MTE2, p.blockCount, len, src.opkit_addr, uint64_t(p.srcStride) * 32,
                   src.opkit_cache);
  }
  d::copy_rows(d::bytes_of(dst.opkit_addr), d::bytes_of(src.opkit_addr), p.blockCount, len,
               len + uint64_t(p.srcStride) * 32, len + uint64_t(p.dstStride) * 32, src_end);
}

template <typename T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p,
              OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  d::check_cancelled("DataCopy", where);
  if (p.blockCount == 0 || p.blockLen == 0) return;
  const uint64_t len = uint64_t(p.blockLen) * 32;
  d::require_local_operand("DataCopy", "src", src, d::extent(p.blockCount, len, uint64_t(p.srcStride) * 32), where);
  const uint8_t* dst_end = d::check_gm("DataCopy", "write", dst.opkit_addr,
                                       d::extent(p.blockCount, len, uint64_t(p.dstStride) * 32), where, dst.opkit_base);
  if (d::BlockRecord* r = d::current_block().rec) {
    d::record_copy(*r, "DataCopy", PIPE_MTE3, p.blockCount, len, dst.opkit_addr, uint64_t(p.dstStride) * 32,
                   dst.opkit_cache);
  }
  d::store_gm_rows(d::bytes_of(dst.opkit_addr), d::bytes_of(src.opkit_addr), p.blockCount, len,
                   len + uint64_t(p.srcStride) * 32, len + uint64_t(p.dstStride) * 32, dst_end);
}

template <typename T>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p,
              OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, int32_t>) {
    if (d::mem_of(dst.opkit_pos) == d::Mem::BT) return d::copy_bias_row(dst, src, p, where);  // C1 -> C2, 64-byte units
  }
  d::check_cancelled("DataCopy", where);
  if (p.blockCount == 0 || p.blockLen == 0) return;
  const uint64_t len = uint64_t(p.blockLen) * 32;
  d::require_ub_operand("DataCopy", "dst", dst, d::extent(p.blockCount, len, uint64_t(p.dstStride) * 32), where);
  d::require_ub_operand("DataCopy", "src", src, d::extent(p.blockCount, len, uint64_t(p.srcStride) * 32), where);
  if (d::BlockRecord* r = d::current_block().rec) d::record_copy(*r, "DataCopy", PIPE_V, p.blockCount, len, nullptr, 0);
  d::copy_rows(d::bytes_of(dst.opkit_addr), d::bytes_of(src.opkit_addr), p.blockCount, len,
               len + uint64_t(p.srcStride) * 32, len + uint64_t(p.dstStride) * 32);
}

// ---- DataCopyPad: byte-exact rows between GM and UB ----
// A kernel compiled for 310P (arch 2002) or the first 910 (1001) cannot use DataCopyPad: its MTE has no padded
// copy. The run-time check (pad_copy_in/out) still catches a 2201 build launched on such a profile.
#if !OPKIT_ARCH_HAS_DATA_COPY_PAD
#define OPKIT_PAD_SOC_CHECK                                                                                   \
  static_assert(opkit::sim::detail::always_false_v<T>,                                                      \
                "DataCopyPad is not available on " OPKIT_SOC_NAME " (__NPU_ARCH__ " OPKIT_STRINGIFY(__NPU_ARCH__) \
                "); use DataCopy with 32-byte aligned lengths")
#else
#define OPKIT_PAD_SOC_CHECK static_assert(true)
#endif
// Ascend 950 runs each DataCopyPad between GM and UB in the loops SetLoopModePara set (copy_loop.h), and takes a
// PaddingMode (Normal: each row padded to 32 bytes; Compact: the rows back to back, padded once after the last).
#if OPKIT_SOC_ARCH == 3510
#define OPKIT_PAD_TEMPLATE template <typename T, PaddingMode mode = PaddingMode::Normal>
#define OPKIT_PAD_COMPACT (mode == PaddingMode::Compact)
#else
#define OPKIT_PAD_TEMPLATE template <typename T>
#define OPKIT_PAD_COMPACT false
#endif
#if OPKIT_SOC_ARCH == 3510
#define OPKIT_PAD_LOOPS(TYPE, DST, SRC, CALL) \
  opkit::sim::detail::with_loop_mode(DataCopyMVType::TYPE, DST, SRC, where, [&](const auto& dst, const auto& src) { CALL; })
#else
#define OPKIT_PAD_LOOPS(TYPE, DST, SRC, CALL) CALL
#endif

OPKIT_PAD_TEMPLATE
void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyExtParams& p,
                 const DataCopyPadExtParams<T>& pad, OPKIT_SIM_HERE) {
  OPKIT_PAD_SOC_CHECK;
  OPKIT_PAD_LOOPS(OUT_TO_UB, dst, src,
                  opkit::sim::detail::pad_copy_in(dst, src, p.blockCount, p.blockLen, p.srcStride, p.dstStride,
                                                  pad.isPad, pad.leftPadding, pad.rightPadding, pad.paddingValue, where,
                                                  OPKIT_PAD_COMPACT));
}

OPKIT_PAD_TEMPLATE
void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyExtParams& p,
                 OPKIT_SIM_HERE) {
  OPKIT_PAD_SOC_CHECK;
  OPKIT_PAD_LOOPS(UB_TO_OUT, dst, src,
                  opkit::sim::detail::pad_copy_out(dst, src, p.blockCount, p.blockLen, p.srcStride, p.dstStride, where,
                                                   OPKIT_PAD_COMPACT));
}

OPKIT_PAD_TEMPLATE
void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p,
                 const DataCopyPadParams& pad, OPKIT_SIM_HERE) {
  OPKIT_PAD_SOC_CHECK;
  T value{};
  std::memcpy(static_cast<void*>(&value), &pad.paddingValue, sizeof(T) < 8 ? sizeof(T) : 8);
  OPKIT_PAD_LOOPS(OUT_TO_UB, dst, src,
                  opkit::sim::detail::pad_copy_in(dst, src, p.blockCount, p.blockLen, p.srcStride, p.dstStride,
                                                  pad.isPad, pad.leftPadding, pad.rightPadding, value, where,
                                                  OPKIT_PAD_COMPACT));
}

OPKIT_PAD_TEMPLATE
void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p,
                 OPKIT_SIM_HERE) {
  OPKIT_PAD_SOC_CHECK;
  OPKIT_PAD_LOOPS(UB_TO_OUT, dst, src,
                  opkit::sim::detail::pad_copy_out(dst, src, p.blockCount, p.blockLen, p.srcStride, p.dstStride, where,
                                                   OPKIT_PAD_COMPACT));
}

#undef OPKIT_PAD_SOC_CHECK
#undef OPKIT_PAD_LOOPS
#undef OPKIT_PAD_TEMPLATE
#undef OPKIT_PAD_COMPACT

}  // namespace AscendC

namespace opkit::sim::detail {
// The bias row from L1 (C1) to the bias table (C2), converting half/bfloat16 to float as the device does: blockLen in
// 64-byte units of the source (asc-devkit's and CANN's Mmad-with-bias samples: n * sizeof(half) / 64); float and
// int32_t rows move unchanged.
template <typename T, typename U>
void copy_bias_row(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<U>& src,
                   const AscendC::DataCopyParams& p, const SourceLoc& where) {
  const char* api = "DataCopy(C1 -> C2)";
  check_cancelled(api, where);
  if (p.blockCount == 0 || p.blockLen == 0) return;
  const uint64_t n = uint64_t(p.blockLen) * 64 / sizeof(U);
  const uint64_t src_step = n + uint64_t(p.srcStride) * 64 / sizeof(U), dst_step = n + uint64_t(p.dstStride) * 64 / sizeof(U);
  require_cube_operand(api, "src", src, Mem::L1, ((p.blockCount - 1) * src_step + n) * sizeof(U), where);
  require_cube_operand(api, "dst", dst, Mem::BT, ((p.blockCount - 1) * dst_step + n) * sizeof(T), where);
  record_cube(api, PIPE_MTE1, uint64_t(p.blockCount) * n * sizeof(U));
  for (uint64_t b = 0; b < p.blockCount; ++b) {
    for (uint64_t i = 0; i < n; ++i) {
      if constexpr (std::is_same_v<T, U>) {
        dst.opkit_addr[b * dst_step + i] = src.opkit_addr[b * src_step + i];
      } else {
        dst.opkit_addr[b * dst_step + i] = T(static_cast<float>(src.opkit_addr[b * src_step + i]));
      }
    }
  }
}
}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T, typename U, std::enable_if_t<!std::is_same_v<T, U>, int> = 0>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const DataCopyParams& p, OPKIT_SIM_HERE) {
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, int32_t>,
                "DataCopy between different element types moves a bias row from L1 (C1) into the bias table (C2): "
                "half/bfloat16_t to float");
  opkit::sim::detail::copy_bias_row(dst, src, p, where);
}

}  // namespace AscendC
#include "opkit/sim/copy_slice.h"
#include "opkit/sim/copy_nddma.h"
namespace AscendC {

OPKIT_REJECT_UNMATCHED(DataCopy, "CANN declares DataCopy(dst, src, count) and DataCopy(dst, src, DataCopyParams) "
                       "between a LocalTensor<T> and a GlobalTensor<T> or LocalTensor<T> of the same element type "
                       "T; to change the type, copy and then Cast, or ReinterpretCast the tensor.")
OPKIT_REJECT_UNMATCHED(DataCopyPad, "CANN declares DataCopyPad(LocalTensor<T>, GlobalTensor<T>, DataCopyExtParams, "
                       "DataCopyPadExtParams<T>), DataCopyPad(GlobalTensor<T>, LocalTensor<T>, DataCopyExtParams) "
                       "and the legacy forms with DataCopyParams (+ DataCopyPadParams), all with one element type T; "
                       "the pad parameters' T must be the tensors' element type.")

}  // namespace AscendC

// 4:2 structured-sparse matrix multiply (dav-2201): LoadDataWithSparse moves the densified B (int8, whole 512-byte
// Zn fractals) from L1 to L0B and its 2-bit index fractals (128 bytes each) into the cube's own index buffer, a
// quarter of L0B's size; MmadWithSparse multiplies the full A (m x k) by that B (k/2 x n) after picking, for each
// group of 4 A values along K, the 2 that B's indices name.
//
// Index format (asc-devkit's LoadDataWithSparse/MmadWithSparse pages): one uint8 holds 4 2-bit indices, the first in
// the low bits; the index for the dense B value at L0B byte offset o is index-buffer byte o / 4, bits 2 * (o % 4).
// Dense values come in pairs per group of 4: the first index (0..2) is the first value's position in the group, the
// second (0..2) the second value's position minus 1; when that lands at or before the first (the table's "X/X" rows),
// both values take the first's position.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "opkit/sim/cube/load.h"
#include "opkit/sim/cube/mmad.h"
#include "opkit/sim/cube/operand.h"
#include "opkit/sim/fault.h"

namespace opkit::sim::detail {

// The index buffer of the block running on this thread (blocks run one per thread): 2-bit indices by L0B byte
// offset / 4, with which bytes LoadDataWithSparse has written (MmadWithSparse faults on the others).
struct SparseIndexBuffer {
  const uint8_t* l0b = nullptr;  // the L0B arena the buffer belongs to
  std::vector<uint8_t> bytes, loaded;
};

inline SparseIndexBuffer& sparse_index_buffer() {
  thread_local SparseIndexBuffer b;
  const uint8_t* l0b = cube_arena(Mem::L0B);
  if (b.l0b != l0b) {
    const size_t n = cube_mem_bytes(current_block().npu_arch, Mem::L0B) / 4;
    b.l0b = l0b;
    b.bytes.assign(n, 0);
    b.loaded.assign(n, 0);
  }
  return b;
}

inline void require_sparse_arch(const char* api, const SourceLoc& where) {
  if (current_block().npu_arch != 2201) {
    fault(api, cat("is dav-2201 only (Atlas A2/A3); this launch runs dav-", current_block().npu_arch), where);
  }
}

}  // namespace opkit::sim::detail

namespace AscendC {

// repeatTimes fractals from src's fractal startIndex on, one after another into dst; the matching index fractals
// (128 bytes each) from idx's fractal startIndex on into the index buffer. Strides, gaps and transpose are not used.
template <typename T, typename U>
void LoadDataWithSparse(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<U>& idx,
                        const LoadData2DParams& p, OPKIT_SIM_HERE) {
  static_assert(std::is_same_v<T, int8_t> && std::is_same_v<U, uint8_t>,
                "LoadDataWithSparse moves int8_t values (dst, src) and uint8_t indices (idx)");
  namespace d = opkit::sim::detail;
  const char* api = "LoadDataWithSparse";
  d::check_cancelled(api, where);
  d::require_sparse_arch(api, where);
  if (p.repeatTimes == 0) return;
  constexpr uint64_t frac = 512, ifrac = 128;
  const uint64_t first = p.startIndex, count = p.repeatTimes;
  d::require_cube_operand(api, "src", src, d::Mem::L1, (first + count) * frac, where);
  d::require_cube_operand(api, "idx", idx, d::Mem::L1, (first + count) * ifrac, where);
  d::require_cube_operand(api, "dst", dst, d::Mem::L0B, count * frac, where);
  const uint64_t off = static_cast<uint64_t>(reinterpret_cast<const uint8_t*>(dst.opkit_addr) -
                                             d::cube_arena(d::Mem::L0B));
  if (off % frac != 0) d::fault(api, d::cat("dst starts at L0B offset ", off, ", not 512-byte aligned"), where);
  d::record_cube(api, PIPE_MTE1, count * (frac + ifrac));
  std::memmove(dst.opkit_addr, src.opkit_addr + first * frac, count * frac);
  auto& b = d::sparse_index_buffer();
  const uint8_t* from = reinterpret_cast<const uint8_t*>(idx.opkit_addr) + first * ifrac;
  for (uint64_t i = 0; i < count * ifrac; ++i) {
    b.bytes[off / 4 + i] = from[i];
    b.loaded[off / 4 + i] = 1;
  }
}

// dst (m x n, int32, NZ in L0C) = A (m x k, int8, Zz in L0A) x B (k/2 x n, int8, Zn in L0B), A's values picked by
// the indices LoadDataWithSparse stored for B. cmatrixInitVal false accumulates into dst.
template <typename T, typename U>
void MmadWithSparse(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<U>& filter,
                    const MmadParams& p, OPKIT_SIM_HERE) {
  static_assert(std::is_same_v<T, int32_t> && std::is_same_v<U, int8_t>,
                "MmadWithSparse multiplies int8_t (fm, filter) into int32_t (dst)");
  namespace d = opkit::sim::detail;
  const char* api = "MmadWithSparse";
  d::check_cancelled(api, where);
  d::require_sparse_arch(api, where);
  if (p.m == 0 || p.n == 0 || p.k == 0) return;
  constexpr uint64_t c0 = 32;
  if (p.k % 64 != 0) {
    d::fault(api, d::cat("k ", p.k, " must be a multiple of 64 (B's dense fractals hold 32 of every 64 K values)"),
             where);
  }
  const uint64_t m16 = d::ceil_to(p.m, 16), n16 = d::ceil_to(p.n, 16), kd = p.k / 2;
  const uint64_t k1 = p.k / c0, n1 = n16 / 16;
  d::require_cube_operand(api, "dst", dst, d::Mem::L0C, m16 * n16 * sizeof(T), where);
  d::require_cube_operand(api, "fm", fm, d::Mem::L0A, m16 * p.k, where);
  d::require_cube_operand(api, "filter", filter, d::Mem::L0B, kd * n16, where);
  d::record_cube(api, PIPE_M, p.m, p.k / 2, p.n | (uint64_t(8) << 32));  // half of K's values reach the cube
  const uint64_t boff = static_cast<uint64_t>(reinterpret_cast<const uint8_t*>(filter.opkit_addr) -
                                              d::cube_arena(d::Mem::L0B));
  const auto& ib = d::sparse_index_buffer();
  auto a_at = [&](uint64_t mi, uint64_t ka) {
    return fm.opkit_addr[((mi / 16) * k1 + ka / c0) * 16 * c0 + (mi % 16) * c0 + ka % c0];
  };
  for (uint64_t ni = 0; ni < p.n; ++ni) {
    for (uint64_t di = 0; di < kd; di += 2) {
      // B's dense pair (di, di + 1) of column ni and its two indices.
      const uint64_t at = ((di / c0) * n1 + ni / 16) * 16 * c0 + (ni % 16) * c0 + di % c0;
      const uint64_t ibyte = (boff + at) / 4;
      if (!ib.loaded[ibyte]) {
        d::fault(api, d::cat("filter's value at L0B byte ", boff + at, " has no index: load B with "
                             "LoadDataWithSparse"), where);
      }
      const uint32_t shift = 2 * ((boff + at) % 4);
      const uint32_t i0 = (ib.bytes[ibyte] >> shift) & 3, i1 = (ib.bytes[ibyte] >> (shift + 2)) & 3;
      if (i0 == 3 || i1 == 3) {
        d::fault(api, d::cat("index ", i0 == 3 ? "3 (first of a pair)" : "3 (second of a pair)", " for column ", ni,
                             ", K group ", di / 2, ": each index of a 4:2 pair is 0, 1 or 2"), where);
      }
      const uint64_t g = di / 2 * 4, p0 = g + i0, p1 = g + std::max<uint32_t>(i1 + 1, i0);
      const int32_t b0 = filter.opkit_addr[at], b1 = filter.opkit_addr[at + 1];
      for (uint64_t mi = 0; mi < p.m; ++mi) {
        T& out = dst.opkit_addr[(ni / 16) * m16 * 16 + mi * 16 + ni % 16];
        if (di == 0 && p.cmatrixInitVal) out = 0;
        out += static_cast<int32_t>(a_at(mi, p0)) * b0 + static_cast<int32_t>(a_at(mi, p1)) * b1;
      }
    }
  }
}

}  // namespace AscendC

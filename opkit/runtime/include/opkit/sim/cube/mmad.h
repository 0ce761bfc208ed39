// Mmad: C (L0C) = A (L0A) x B (L0B) [+ C | + bias], on the fractal layouts the cube reads.
#pragma once

#include <cstdint>
#include <type_traits>

#include "opkit/sim/cube/operand.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/profile_hooks.h"
#include "opkit/sim/numeric.h"
#include "opkit/sim/tensor.h"

namespace AscendC {

struct MmadParams {
  MmadParams() = default;
  MmadParams(uint16_t mIn, uint16_t nIn, uint16_t kIn, bool isBiasIn, int32_t fmOffsetIn, bool enSsparseIn,
             bool enWinogradAIn, bool enWinogradBIn)
      : m(mIn), n(nIn), k(kIn), isBias(isBiasIn), fmOffset(fmOffsetIn), enSsparse(enSsparseIn),
        enWinogradA(enWinogradAIn), enWinogradB(enWinogradBIn) {}
  MmadParams(uint16_t mIn, uint16_t nIn, uint16_t kIn, uint8_t unitFlagIn, bool cmatrixSourceIn,
             bool cmatrixInitValIn)
      : m(mIn), n(nIn), k(kIn), unitFlag(unitFlagIn), cmatrixSource(cmatrixSourceIn),
        cmatrixInitVal(cmatrixInitValIn) {}
  uint16_t m = 0;
  uint16_t n = 0;
  uint16_t k = 0;
  bool isBias = false;
  int32_t fmOffset = 0;
  bool enSsparse = false;
  bool enWinogradA = false;
  bool enWinogradB = false;
  uint8_t unitFlag = 0;
  bool kDirectionAlign = false;
  bool cmatrixSource = false;
  bool cmatrixInitVal = true;
  bool disableGemv = false;
};

}  // namespace AscendC

namespace opkit::sim::detail {

// The type pairs the cube multiplies: half/bfloat16 -> float, int8 -> int32, float -> float (910B and later).
template <typename Dst, typename A, typename B>
constexpr bool mmad_types_ok() {
  using half = opkit::sim::half;
  using bf16 = opkit::sim::bfloat16;
  return (std::is_same_v<Dst, float> && std::is_same_v<A, half> && std::is_same_v<B, half>) ||
         (std::is_same_v<Dst, float> && std::is_same_v<A, bf16> && std::is_same_v<B, bf16>) ||
         (std::is_same_v<Dst, int32_t> && std::is_same_v<A, int8_t> && std::is_same_v<B, int8_t>) ||
         (std::is_same_v<Dst, int32_t> && AscendC::opkit_is_int4_v<A> && AscendC::opkit_is_int4_v<B>) ||
         (std::is_same_v<Dst, float> && std::is_same_v<A, float> && std::is_same_v<B, float>);
}

// Value i of int4b_t storage: byte i / 2, the low nibble first, sign-extended.
inline int32_t int4_at(const AscendC::int4b_t* p, uint64_t i) {
  const uint8_t byte = p[i / 2].opkit_bits;
  const int32_t nib = (i % 2 == 0 ? byte : byte >> 4) & 0xF;
  return nib >= 8 ? nib - 16 : nib;
}

// Layouts (asc-devkit's matmul_basic_api example, dav_c220): L0A holds A (m x k) as ZZ, fractal (mi, ki) at
// mi * K1 + ki, rows inside; L0B holds B (k x n) as ZN, fractal (ki, ni) at ki * N1 + ni with n rows of C0 k values
// inside; L0C holds C (m x n) as NZ, column blocks of 16 n values, each ceil(m, 16) rows. K1, N1: fractal counts.
template <typename Dst, typename A, typename B, typename Bias>
OPKIT_CUBE_HOT void mmad(const AscendC::LocalTensor<Dst>& c, const AscendC::LocalTensor<A>& a, const AscendC::LocalTensor<B>& b,
          const AscendC::LocalTensor<Bias>* bias, const AscendC::MmadParams& p, const SourceLoc& where) {
  const char* api = "Mmad";
  check_cancelled(api, where);
  if (p.m == 0 || p.n == 0 || p.k == 0) return;
  // int4b_t: 64 values (32 bytes) to a fractal row, value i in byte i / 2 (low nibble first), sign-extended.
  constexpr bool i4 = AscendC::opkit_is_int4_v<A>;
  constexpr uint32_t c0 = i4 ? 64 : c0_of<A>();
  constexpr uint64_t esz = i4 ? 1 : sizeof(A);  // bytes per value, int4 rounded up (sizes below are halved)
  const uint64_t m16 = ceil_to(p.m, 16), n16 = ceil_to(p.n, 16), kc = ceil_to(p.k, c0);
  const uint64_t k1 = kc / c0, n1 = n16 / 16;
  // GEMV: with m == 1 the cube reads A as one row of k values in whole 512-byte fractals (asc-devkit's mmad_gemv
  // example); only the 950 can turn that off (disableGemv).
  const bool gemv = p.m == 1 && !(p.disableGemv && current_block().npu_arch == 3510);
  require_cube_operand(api, "dst", c, Mem::L0C, m16 * n16 * sizeof(Dst), where);
  const uint64_t a_vals = gemv ? ceil_to(p.k, i4 ? 1024 : 512 / sizeof(A)) : m16 * kc;  // values of A read
  require_cube_operand(api, "fm", a, Mem::L0A, i4 ? a_vals / 2 : a_vals * esz, where);
  require_cube_operand(api, "filter", b, Mem::L0B, i4 ? kc * n16 / 2 : kc * n16 * esz, where);
  if (bias != nullptr) {
    const Mem bm = mem_of(bias->opkit_pos);
    require_cube_operand(api, "bias", *bias, bm == Mem::L0C ? Mem::L0C : Mem::BT, p.n * sizeof(Bias), where);
  }
  record_cube(api, PIPE_M, p.m, p.k, p.n | (uint64_t(i4 ? 4 : 8 * sizeof(A)) << 32));
  using Acc = std::conditional_t<std::is_same_v<Dst, int32_t>, int32_t, float>;
  // cmatrixSource without a bias tensor: C starts from the bias table (C2) at its start, one value per column.
  const Dst* bt = nullptr;
  if (bias == nullptr && p.cmatrixSource && !p.cmatrixInitVal) {
    const size_t bt_size = cube_mem_bytes(current_block().npu_arch, Mem::BT);
    if (bt_size < p.n * sizeof(Dst)) {
      fault(api, cat("cmatrixSource reads ", p.n * sizeof(Dst), " bytes of the bias table (C2), which holds ",
                     bt_size, " on this arch"), where);
    }
    bt = reinterpret_cast<const Dst*>(cube_arena(Mem::BT));
  }
  for (uint64_t mi = 0; mi < p.m; ++mi) {
    for (uint64_t ni = 0; ni < p.n; ++ni) {
      Dst& out = c.opkit_addr[(ni / 16) * m16 * 16 + mi * 16 + ni % 16];
      Acc acc = 0;
      if (bias != nullptr) {
        acc = static_cast<Acc>(static_cast<float>(bias->opkit_addr[ni]));
      } else if (bt != nullptr) {
        acc = static_cast<Acc>(bt[ni]);
      } else if (!p.cmatrixInitVal) {
        acc = static_cast<Acc>(out);
      }
      for (uint64_t ki = 0; ki < p.k; ++ki) {
        const uint64_t ai = gemv ? ki : ((mi / 16) * k1 + ki / c0) * 16 * c0 + (mi % 16) * c0 + ki % c0;
        const uint64_t bi = ((ki / c0) * n1 + ni / 16) * 16 * c0 + (ni % 16) * c0 + ki % c0;
        if constexpr (i4) {
          acc += int4_at(a.opkit_addr, ai) * int4_at(b.opkit_addr, bi);
        } else if constexpr (std::is_same_v<Acc, int32_t>) {
          acc += static_cast<int32_t>(a.opkit_addr[ai]) * static_cast<int32_t>(b.opkit_addr[bi]);
        } else {
          const A av = a.opkit_addr[ai];
          const B bv = b.opkit_addr[bi];
          acc += static_cast<float>(av) * static_cast<float>(bv);
        }
      }
      out = static_cast<Dst>(acc);
    }
  }
}

}  // namespace opkit::sim::detail

namespace AscendC {

// cmatrixInitVal: C = A x B; otherwise C += A x B (split-K accumulation in L0C), or with cmatrixSource
// C = bias table (C2, from its start) + A x B.
template <typename T, typename U, typename S>
void Mmad(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter, const MmadParams& p,
          OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::mmad_types_ok<T, U, S>(),
                "Mmad multiplies half/bfloat16_t into float, int8_t or int4b_t into int32_t, or float into float");
  opkit::sim::detail::mmad<T, U, S, T>(dst, fm, filter, nullptr, p, where);
}

// C = bias (one value per column, in the bias table C2 or in L0C) + A x B.
template <typename T, typename U, typename S, typename V>
void Mmad(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter,
          const LocalTensor<V>& bias, const MmadParams& p, OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::mmad_types_ok<T, U, S>(),
                "Mmad multiplies half/bfloat16_t into float, int8_t or int4b_t into int32_t, or float into float");
  opkit::sim::detail::mmad<T, U, S, V>(dst, fm, filter, &bias, p, where);
}

}  // namespace AscendC

// The checks of a TCubeTiling that CANN's tiling rules guarantee and a hand-written or truncated tiling breaks
// (Matmul::Init), and a constant tiling's conversion to one.
#pragma once

#include <cstdint>
#include <string>

#include "lib/matmul/matmul_tilingdata.h"
#include "lib/matmul/matmul_type.h"
#include "opkit/sim/cube/operand.h"

namespace opkit::sim::detail {

// The checks CANN's tiling rules guarantee and a hand-written or truncated tiling breaks.
void check_cube_tiling(const TCubeTiling& t, uint32_t a_bytes, uint32_t b_bytes, const SourceLoc& where);

inline void check_cube_tiling(const TCubeTiling& t, uint32_t a_bytes, uint32_t b_bytes, const SourceLoc& where) {
  const char* api = "Matmul::Init";
  const int arch = current_block().npu_arch;
  const uint32_t c0 = 32 / a_bytes;
  auto bad = [&](const std::string& what) {
    fault(api, cat("the TCubeTiling is not valid: ", what, " (M=", t.M, " N=", t.N, " Ka=", t.Ka, " singleCore ",
                   t.singleCoreM, "x", t.singleCoreN, "x", t.singleCoreK, " base ", t.baseM, "x", t.baseN, "x",
                   t.baseK, "); was it made by GetTiling, and copied whole?"), where);
  };
  if (t.M <= 0 || t.N <= 0 || t.Ka <= 0) bad("M, N and Ka must be positive");
  if (t.singleCoreM <= 0 || t.singleCoreN <= 0 || t.singleCoreK <= 0) bad("singleCoreM/N/K must be positive");
  if (t.baseM <= 0 || t.baseM % 16 != 0 || t.baseN <= 0 || t.baseN % 16 != 0) {
    bad("baseM and baseN must be positive multiples of 16");
  }
  if (t.baseK <= 0 || t.baseK % static_cast<int32_t>(c0) != 0) bad(cat("baseK must be a multiple of C0 = ", c0));
  const auto db = [](int32_t v) { return v > 1 ? 2 : 1; };
  const uint64_t l0a = uint64_t(t.baseM) * t.baseK * a_bytes * db(t.dbL0A);
  const uint64_t l0b = uint64_t(t.baseN) * t.baseK * b_bytes * db(t.dbL0B);
  const uint64_t l0c = uint64_t(t.baseM) * t.baseN * 4 * db(t.dbL0C);
  if (l0a > cube_mem_bytes(arch, Mem::L0A)) bad(cat("A's base blocks need ", l0a, " bytes of L0A"));
  if (l0b > cube_mem_bytes(arch, Mem::L0B)) bad(cat("B's base blocks need ", l0b, " bytes of L0B"));
  if (l0c > cube_mem_bytes(arch, Mem::L0C)) bad(cat("C's base blocks need ", l0c, " bytes of L0C"));
  if (t.iterateOrder != 0 && t.iterateOrder != 1) bad(cat("iterateOrder ", t.iterateOrder, " is not 0 or 1"));
}


// CANN's PartialOutput (MatmulConfig.isPartialOutput): the MDL template only, and no bias (matmul_impl_base.h's
// asserts). IterateAll and a UB output do not compile with it (matmul.h).
inline void check_partial_output(const MatmulConfig& cfg, bool bias, const SourceLoc& where) {
  const char* api = "Matmul::Iterate";
  if (cfg.doNorm || !cfg.doMultiDataLoad) fault(api, "isPartialOutput needs the MDL template (CFG_MDL/GetMDLConfig)", where);
  if (bias) {
    fault(api, "isPartialOutput does not support a bias (CANN: \"PartialOutput not support bias\"); disable it in the "
               "tiling (EnableBias(false)) or call DisableBias", where);
  }
}

// n columns of C as its format lays them out: ND_ALIGN rounds them up to 32 bytes (CANN's GetOrgWidth).
template <AscendC::CubeFormat F, class DstT>
constexpr int64_t c_columns(int64_t n) {
  constexpr int64_t c0 = 32 / int64_t(sizeof(DstT));
  return F == AscendC::CubeFormat::ND_ALIGN ? (n + c0 - 1) / c0 * c0 : n;
}

// A constant tiling (MatmulApiStaticTiling) as the TCubeTiling the Matmul runs on.
inline TCubeTiling to_cube_tiling(const MatmulApiStaticTiling& s) {
  TCubeTiling t{};
  t.usedCoreNum = s.usedCoreNum;
  t.M = s.M;
  t.N = s.N;
  t.Ka = s.Ka;
  t.Kb = s.Kb;
  t.singleCoreM = s.singleCoreM;
  t.singleCoreN = s.singleCoreN;
  t.singleCoreK = s.singleCoreK;
  t.baseM = s.baseM;
  t.baseN = s.baseN;
  t.baseK = s.baseK;
  t.depthA1 = s.depthA1;
  t.depthB1 = s.depthB1;
  t.stepM = s.stepM;
  t.stepN = s.stepN;
  t.stepKa = s.stepKa;
  t.stepKb = s.stepKb;
  t.isBias = s.isBias;
  t.iterateOrder = s.iterateOrder;
  t.dbL0A = s.dbL0A;
  t.dbL0B = s.dbL0B;
  t.dbL0C = s.dbL0C;
  t.BatchNum = s.BatchNum;
  return t;
}

// Element (r, c) of an operand stored as an R x C matrix (A as M x Ka, or Ka x M when transposed; B as Kb x N, or
// N x Kb): ND rows C apart, or NZ: column blocks of C0 (32 bytes), each R rounded up to 16 high.
template <AscendC::CubeFormat F, typename T>
const T& operand_at(const T* p, int64_t r, int64_t c, int64_t rows, int64_t cols) {
  constexpr int64_t c0 = 32 / int64_t(sizeof(T));
  if constexpr (F == AscendC::CubeFormat::NZ) return p[(c / c0) * ((rows + 15) / 16 * 16) * c0 + r * c0 + c % c0];
  return p[r * cols + c];
}
// An NZ operand in GM: the whole R x C matrix must lie in its buffer.
template <typename T>
void check_nz_read(const char* what, const T* p, const void* base, int64_t rows, int64_t cols, const SourceLoc& where) {
  constexpr int64_t c0 = 32 / int64_t(sizeof(T));
  const uint64_t n = uint64_t((cols + c0 - 1) / c0) * uint64_t((rows + 15) / 16 * 16) * c0;
  check_gm("Matmul::Iterate", what, p, n * sizeof(T), where, base);
}

// What the device's Matmul takes from the pipe: L1 for depthA1/depthB1 base blocks (and the bias row), L0A/L0B/L0C
// for the base blocks, so that a kernel's own cube buffers beside it overflow as they would.
template <typename SrcAT, typename SrcBT, typename BiasT, class L1, class L0A, class L0B, class L0C>
void reserve_matmul_buffers(AscendC::TPipe& pipe, const TCubeTiling& t, bool has_bias, bool a2b2_shared, L1& l1,
                            L0A& l0a, L0B& l0b, L0C& l0c, const SourceLoc& where) {
  const uint32_t bm = t.baseM, bn = t.baseN, bk = t.baseK;
  const uint32_t depth_a = t.depthA1 > 0 ? t.depthA1 : 1, depth_b = t.depthB1 > 0 ? t.depthB1 : 1;
  const auto db = [](int32_t v) { return v > 1 ? 2u : 1u; };
  pipe.InitBuffer(l1, depth_a * bm * bk * uint32_t(sizeof(SrcAT)) + depth_b * bn * bk * uint32_t(sizeof(SrcBT)) +
                          (has_bias ? bn * uint32_t(sizeof(BiasT)) : 0u), where);
  if (!pipe.opkit_take_matmul_l0()) return;  // a second Matmul object on the pipe: the first one's L0 buffers
  if (!a2b2_shared) {  // isA2B2Shared: every Matmul object of the kernel shares L0A/L0B
    pipe.InitBuffer(l0a, bm * bk * uint32_t(sizeof(SrcAT)) * db(t.dbL0A), where);
    pipe.InitBuffer(l0b, bn * bk * uint32_t(sizeof(SrcBT)) * db(t.dbL0B), where);
  }
  pipe.InitBuffer(l0c, bm * bn * 4u * db(t.dbL0C), where);
}

}  // namespace opkit::sim::detail

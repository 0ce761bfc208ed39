// The batch matmul behind Matmul::IterateBatch/IterateNBatch: batchA x batchB matrices (C gets the larger count, the
// smaller side repeats), each singleCoreM x singleCoreN x singleCoreK, laid out as the MatmulTypes' LayoutMode says:
// NORMAL (matrices one after another, or matrixStride elements apart) or BSNGD (the tiling's layout info: matrix q at
// its (b, n, g) place, rows N*G*D elements apart).
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "lib/matmul/matmul_tilingdata.h"
#include "lib/matmul/matmul_type.h"
#include "opkit/sim/cube/operand.h"
#include "opkit/sim/fault.h"

namespace opkit::sim::detail {

// Element `i` of a GM or UB operand as float (or int64 for integer products).
template <typename T>
inline auto mm_value(T v) {
  if constexpr (std::is_integral_v<T>) {
    return static_cast<int64_t>(v);
  } else {
    return static_cast<float>(v);
  }
}

struct BatchStrides {
  uint32_t a, b, c;
};

template <typename A, typename B, typename Bias, typename C>
struct BatchOperands {
  const A* a;
  const void* a_base;
  bool trans_a;
  const B* b;
  const void* b_base;
  bool trans_b;
  const Bias* bias;  // null: no bias
  const void* bias_base;
  bool bias_batch;  // one bias row per batch (MatmulConfig::isBiasBatch)
  C* c;
  const void* c_base;  // null: C is in UB (checked by the caller)
};

// Offset of matrix q and the row stride of an operand laid out by `layout` (layout info b, s, n, g, d).
inline void batch_place(LayoutMode layout, int64_t q, int64_t rows, int64_t cols, uint32_t stride, int32_t ls,
                        int32_t ln, int32_t lg, int32_t ld, int64_t& off, int64_t& row) {
  if (layout == LayoutMode::BSNGD) {
    const int64_t ng = int64_t(std::max(ln, 1)) * std::max(lg, 1);
    off = (q / ng) * ls * ng * ld + (q % ng) * ld;
    row = ng * ld;
  } else {
    off = q * (stride > 0 ? int64_t(stride) : rows * cols);
    row = cols;
  }
}

// Matrices first .. first + max(batchA, batchB) - 1 of C.
template <typename Acc, LayoutMode LA, LayoutMode LB, LayoutMode LC, typename A, typename B, typename Bias, typename C>
OPKIT_CUBE_HOT void batch_product(const char* api, const BatchOperands<A, B, Bias, C>& o, const TCubeTiling& t,
                                  int64_t M, int64_t N, int64_t K, uint32_t first, uint32_t batchA, uint32_t batchB,
                                  BatchStrides st, const SourceLoc& where) {
  for (LayoutMode l : {LA, LB, LC}) {
    if (l != LayoutMode::NONE && l != LayoutMode::NORMAL && l != LayoutMode::BSNGD) {
      fault(api, "only the NORMAL and BSNGD batch layouts are simulated", where);
    }
  }
  if (batchA == 0 || batchB == 0) fault(api, "batchA and batchB must be positive", where);
  const uint32_t batches = std::max(batchA, batchB);
  if (batches % batchA != 0 || batches % batchB != 0) {
    fault(api, cat("batchA ", batchA, " and batchB ", batchB, ": one must be a multiple of the other"), where);
  }
  for (uint32_t j = 0; j < batches; ++j) {
    const int64_t qa = first / batches * batchA + j % batchA, qb = first / batches * batchB + j % batchB;
    const int64_t qc = first + j;
    int64_t oa, ra, ob, rb, oc, rc;
    batch_place(LA, qa, o.trans_a ? K : M, o.trans_a ? M : K, st.a, t.ALayoutInfoS, t.ALayoutInfoN, t.ALayoutInfoG,
                t.ALayoutInfoD, oa, ra);
    batch_place(LB, qb, o.trans_b ? N : K, o.trans_b ? K : N, st.b, t.BLayoutInfoS, t.BLayoutInfoN, t.BLayoutInfoG,
                t.BLayoutInfoD, ob, rb);
    batch_place(LC, qc, M, N, st.c, t.CLayoutInfoS1, t.CLayoutInfoN, t.CLayoutInfoG, t.CLayoutInfoS2, oc, rc);
    const A* a = o.a + oa;
    const B* b = o.b + ob;
    if (o.a_base != nullptr) {
      check_gm(api, "read of A", a, uint64_t((o.trans_a ? K : M) - 1) * ra * sizeof(A) + (o.trans_a ? M : K) * sizeof(A),
               where, o.a_base);
    }
    if (o.b_base != nullptr) {
      check_gm(api, "read of B", b, uint64_t((o.trans_b ? N : K) - 1) * rb * sizeof(B) + (o.trans_b ? K : N) * sizeof(B),
               where, o.b_base);
    }
    const Bias* bias = o.bias != nullptr ? o.bias + (o.bias_batch ? qc * N : 0) : nullptr;
    if (bias != nullptr && o.bias_base != nullptr) check_gm(api, "read of bias", bias, N * sizeof(Bias), where, o.bias_base);
    if (o.c_base != nullptr) {
      check_gm(api, "write", o.c + oc, uint64_t(M - 1) * rc * sizeof(C) + N * sizeof(C), where, o.c_base);
    }
    for (int64_t i = 0; i < M; ++i) {
      for (int64_t n = 0; n < N; ++n) {
        Acc s = bias != nullptr ? Acc(mm_value(bias[n])) : Acc(0);
        for (int64_t k = 0; k < K; ++k) {
          s += Acc(mm_value(o.trans_a ? a[k * ra + i] : a[i * ra + k])) *
               Acc(mm_value(o.trans_b ? b[n * rb + k] : b[k * rb + n]));
        }
        o.c[oc + i * rc + n] = static_cast<C>(s);
      }
    }
  }
}

}  // namespace opkit::sim::detail

// The tiling rules behind matmul_tiling::MatmulApiTiling and MultiCoreMatmulTiling (lib/matmul/matmul_tiling.h).
#pragma once

#include <algorithm>
#include <cstdint>
#include <tuple>

namespace matmul_tiling {

inline int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }
inline int64_t align_up(int64_t a, int64_t b) { return ceil_div(a, b) * b; }

inline bool MatmulApiTilingBase::types_ok() const {
  const DataType a = a_.dataType, b = b_.dataType;
  if (a != b) return false;
  return a == DataType::DT_FLOAT16 || a == DataType::DT_BF16 || a == DataType::DT_INT8 || a == DataType::DT_FLOAT;
}

// Base blocks: whole 16-row fractals, baseM <= 128 and baseN <= 256 dividing the core's (16-aligned) share when they
// can; baseK a multiple of C0 (32 bytes of A) so that A's and B's base blocks fit L0A/L0B twice (double buffer) and C's
// fits L0C; the K steps that L1 holds twice (double buffer) next to the bias row.
inline bool MatmulApiTilingBase::fill_core_tiling(optiling::TCubeTiling& t, int32_t sm, int32_t sn, int32_t sk) {
  if (sm <= 0 || sn <= 0 || sk <= 0 || !types_ok()) return false;
  const int64_t sa = dtype_bytes(a_.dataType), sb = dtype_bytes(b_.dataType);
  const int64_t c0 = 32 / sa;
  const int64_t acc = 4;  // L0C holds float or int32
  auto pick = [](int32_t fixed, int64_t single, int64_t cap) -> int64_t {
    if (fixed > 0) return fixed;
    const int64_t s = align_up(single, 16);
    for (int64_t b = std::min<int64_t>(cap, s); b >= 16; b -= 16) {
      if (s % b == 0) return b;
    }
    return 16;
  };
  int64_t bm = pick(fix_m_, sm, 128), bn = pick(fix_n_, sn, 256);
  if (bm % 16 != 0 || bn % 16 != 0) return false;
  while (bm * bn * acc > l0c_) {
    if (fix_n_ <= 0 && bn > 16 && bn >= bm) {
      bn = std::max<int64_t>(16, bn / 2 / 16 * 16);
    } else if (fix_m_ <= 0 && bm > 16) {
      bm = std::max<int64_t>(16, bm / 2 / 16 * 16);
    } else {
      return false;
    }
  }
  int64_t bk = 0;
  if (fix_k_ > 0) {
    bk = fix_k_;
    if (bk % c0 != 0 || bm * bk * sa > l0a_ || bn * bk * sb > l0b_) return false;
  } else {
    const int64_t kk = align_up(sk, c0);
    for (int64_t cand : {256, 128, 64, 32, 16, 8}) {
      if (cand % c0 != 0 || (cand > kk && cand > c0)) continue;
      if (bm * cand * sa * 2 <= l0a_ && bn * cand * sb * 2 <= l0b_) {
        bk = cand;
        break;
      }
    }
    if (bk == 0) {
      if (bm * c0 * sa > l0a_ || bn * c0 * sb > l0b_) return false;
      bk = c0;
    }
  }
  const int64_t k_iter = ceil_div(sk, bk);
  const int64_t bias_bytes = bias_ ? bn * dtype_bytes(bias_type_.dataType) : 0;
  auto l1_use = [&](int64_t step, int64_t db) { return db * step * bk * (bm * sa + bn * sb) + bias_bytes; };
  // The K steps take at most half of L1 while more than one step is held, which leaves room for the kernel's own L1
  // buffers and a second Matmul object (CANN's tilings for such kernels fit both).
  const int64_t budget = l1_ / 2;
  int64_t step = k_iter, db = 2;
  while (l1_use(step, db) > budget && step > 1) step = ceil_div(step, 2);
  if (l1_use(step, db) > l1_) db = 1;
  if (l1_use(step, db) > l1_) return false;
  base_m_ = static_cast<int32_t>(bm);
  base_n_ = static_cast<int32_t>(bn);
  base_k_ = static_cast<int32_t>(bk);
  t.singleCoreM = sm;
  t.singleCoreN = sn;
  t.singleCoreK = sk;
  t.baseM = base_m_;
  t.baseN = base_n_;
  t.baseK = base_k_;
  t.stepM = 1;
  t.stepN = 1;
  t.stepKa = static_cast<int32_t>(step);
  t.stepKb = static_cast<int32_t>(step);
  t.depthA1 = static_cast<int32_t>(step * db);
  t.depthB1 = static_cast<int32_t>(step * db);
  t.isBias = bias_ ? 1 : 0;
  t.iterateOrder = traverse_ == MatrixTraverse::FIRSTN ? 1 : 0;
  t.dbL0A = bm * bk * sa * 2 <= l0a_ ? 2 : 1;
  t.dbL0B = bn * bk * sb * 2 <= l0b_ ? 2 : 1;
  t.dbL0C = 1;
  t.shareMode = 0;
  t.shareL1Size = static_cast<int32_t>(l1_use(step, db));
  t.shareL0CSize = static_cast<int32_t>(bm * bn * acc);
  t.shareUbSize = 0;
  t.transLength = 0;
  t.batchM = t.batchN = t.singleBatchM = t.singleBatchN = 1;
  t.BatchNum = 0;  // CANN's value without a batch (SetBatchNum/SetBatchInfoForNormal set it)
  return true;
}

class MatmulApiTiling : public MatmulApiTilingBase {
 public:
  using MatmulApiTilingBase::MatmulApiTilingBase;
  int64_t GetTiling(optiling::TCubeTiling& tiling) override {
    resolve_shape();
    if (m_ <= 0 || n_ <= 0 || k_ <= 0) return -1;
    optiling::TCubeTiling t = tiling;
    if (!fill_core_tiling(t, m_, n_, k_)) return -1;
    t.usedCoreNum = 1;
    t.M = org_m_ > 0 ? org_m_ : m_;
    t.N = org_n_ > 0 ? org_n_ : n_;
    t.Ka = org_ka_ > 0 ? org_ka_ : k_;
    t.Kb = org_kb_ > 0 ? org_kb_ : k_;
    fill_batch(t);
    tiling = t;
    return 0;
  }
};

// Batch matmul's tiling (CANN's bmm_tiling.h): one core's shape; the batch fields from SetBatchNum and the layouts.
class BatchMatmulTiling : public MatmulApiTiling {
 public:
  using MatmulApiTiling::MatmulApiTiling;
};

// The cores split M and N (and K after EnableMultiCoreSplitK): among the (mDim, nDim, kDim) with mDim * nDim * kDim <=
// dim, an even split (no core with a shorter share) first, then the least work per core, then the fewest cores.
class MultiCoreMatmulTiling : public MatmulApiTilingBase {
 public:
  MultiCoreMatmulTiling() = default;
  explicit MultiCoreMatmulTiling(const platform_ascendc::PlatformAscendC& p)
      : MatmulApiTilingBase(p), dim_(static_cast<int32_t>(p.GetCoreNumAiv())) {}
  explicit MultiCoreMatmulTiling(const platform_ascendc::PlatformAscendC* p)
      : MatmulApiTilingBase(p), dim_(p != nullptr ? static_cast<int32_t>(p->GetCoreNumAiv()) : 1) {}

  // Split K across cores too (bmm_tiling.h): the cores' partial products must then be added into C (enAtomic).
  void EnableMultiCoreSplitK(bool flag) { split_k_ = flag; }
  void SetSplitK(bool flag) { EnableMultiCoreSplitK(flag); }
  int32_t SetDim(int32_t dim) {
    dim_ = dim;
    return 0;
  }
  int32_t SetSingleShape(int32_t singleMIn = -1, int32_t singleNIn = -1, int32_t singleKIn = -1) {
    single_m_ = singleMIn;
    single_n_ = singleNIn;
    single_k_ = singleKIn;
    return 0;
  }
  int32_t SetSingleRange(int32_t = -1, int32_t = -1, int32_t = -1, int32_t = -1, int32_t = -1, int32_t = -1) {
    return 0;
  }
  int32_t SetAlignSplit(int32_t alignM, int32_t alignN, int32_t alignK) {
    align_m_ = alignM;
    align_n_ = alignN;
    (void)alignK;
    return 0;
  }
  int32_t GetSingleShape(int32_t& shapeM, int32_t& shapeN, int32_t& shapeK) const {
    shapeM = got_m_;
    shapeN = got_n_;
    shapeK = got_k_;
    return 0;
  }
  int32_t GetCoreNum(int32_t& dim, int32_t& mDim, int32_t& nDim) const {
    dim = got_dim_m_ * got_dim_n_;
    mDim = got_dim_m_;
    nDim = got_dim_n_;
    return 0;
  }

  int64_t GetTiling(optiling::TCubeTiling& tiling) override {
    resolve_shape();
    if (m_ <= 0 || n_ <= 0 || k_ <= 0 || dim_ <= 0) return -1;
    const int64_t am = std::max<int64_t>({16, fix_m_, align_m_}), an = std::max<int64_t>({16, fix_n_, align_n_});
    const int64_t ak = 32 / dtype_bytes(a_.dataType);  // a split K stays whole fractals (C0)
    // Score: no tail first, then the least work per core, the fewest cores, then N split before M (M when M == N),
    // then K split least. The tie rule fits asc-devkit's kernels, whose offsets assume CANN's split: 512 x 512 on 2
    // cores along M (matmul_advanced_api), 512 x 128 and 640 x 1024 along N (matmul_leakyrelu_advanced_api,
    // matmul_async_iterate).
    std::tuple<int, int64_t, int64_t, int64_t, int64_t> best{2, 0, 0, 0, 0};
    int64_t best_m = 0, best_n = 0, best_k = 0;
    const int64_t dim = batch_num_ > 0 ? 1 : dim_;  // batched: each matrix whole on one core
    for (int64_t kd = 1; kd <= (split_k_ ? dim : 1); ++kd) {
      // An operand in TSCM (the whole matrix in each core's L1) is not split: its dimension stays on one core.
      for (int64_t md = 1; md * kd <= dim && (md == 1 || a_.pos != TPosition::TSCM); ++md) {
        for (int64_t nd = 1; md * nd * kd <= dim && (nd == 1 || b_.pos != TPosition::TSCM); ++nd) {
          const int64_t sm = single_m_ > 0 ? single_m_ : align_up(ceil_div(m_, md), am);
          const int64_t sn = single_n_ > 0 ? single_n_ : align_up(ceil_div(n_, nd), an);
          const int64_t sk = single_k_ > 0 ? single_k_ : (kd == 1 ? k_ : align_up(ceil_div(k_, kd), ak));
          const int64_t used = ceil_div(m_, sm) * ceil_div(n_, sn) * ceil_div(k_, sk);
          if (used > dim) continue;
          const int tail = (m_ % sm != 0 || n_ % sn != 0 || k_ % sk != 0) ? 1 : 0;
          const int64_t tie = m_ == n_ ? ceil_div(n_, sn) : ceil_div(m_, sm);
          const std::tuple<int, int64_t, int64_t, int64_t, int64_t> score{tail, sm * sn * sk, used, tie,
                                                                          ceil_div(k_, sk)};
          if (best_m == 0 || score < best) {
            best = score;
            best_m = sm;
            best_n = sn;
            best_k = sk;
          }
        }
      }
    }
    if (best_m == 0) return -1;
    const int32_t sk = static_cast<int32_t>(best_k);
    optiling::TCubeTiling t = tiling;
    if (!fill_core_tiling(t, static_cast<int32_t>(best_m), static_cast<int32_t>(best_n), sk)) return -1;
    got_dim_m_ = static_cast<int32_t>(ceil_div(m_, best_m));
    got_dim_n_ = static_cast<int32_t>(ceil_div(n_, best_n));
    got_m_ = static_cast<int32_t>(best_m);
    got_n_ = static_cast<int32_t>(best_n);
    got_k_ = sk;
    t.usedCoreNum = got_dim_m_ * got_dim_n_ * static_cast<int32_t>(ceil_div(k_, sk));
    t.M = org_m_ > 0 ? org_m_ : m_;
    t.N = org_n_ > 0 ? org_n_ : n_;
    t.Ka = org_ka_ > 0 ? org_ka_ : k_;
    t.Kb = org_kb_ > 0 ? org_kb_ : k_;
    fill_batch(t);
    tiling = t;
    return 0;
  }

 private:
  int32_t dim_ = 1;
  bool split_k_ = false;
  int32_t single_m_ = -1, single_n_ = -1, single_k_ = -1;
  int32_t align_m_ = 0, align_n_ = 0;
  int32_t got_m_ = 0, got_n_ = 0, got_k_ = 0, got_dim_m_ = 0, got_dim_n_ = 0;
};

}  // namespace matmul_tiling

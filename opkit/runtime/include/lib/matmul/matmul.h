// AscendC::Matmul, the high-level matmul API on the simulator. Each Iterate computes one baseM x baseN block of the
// core's C (from GM or UB operands, float/int32 accumulation over all of K, bias added) on the core that calls it; on
// the device the vector cores of a mixed kernel send these calls to their cube core, here they compute the block
// themselves and the cube core leaves at REGIST_MATMUL_OBJ (docs/simulated-api.md, the cube section).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "kernel_operator.h"
#include "lib/matmul/matmul_tilingdata.h"
#include "lib/matmul/matmul_type.h"
#include "lib/matmul/matmul_batch.h"
#include "lib/matmul/matmul_callback.h"
#include "lib/matmul/matmul_check.h"
#include "lib/matmul/matmul_policy.h"
#include "lib/matmul/matmul_profile.h"
#include "lib/matmul/matmul_quant.h"
#include "opkit/sim/cube/operand.h"

namespace opkit::sim::detail {

// One element of C: the dot product of an A row and a B column over k, in eight interleaved partial sums (as the
// cube sums a product in partial sums too), which the compiler turns into vector instructions: five times as fast
// as one running sum, for products of the MC2 samples' size (2 x 16384 x 640 x 5120 per rank).
template <typename Acc>
OPKIT_CUBE_HOT inline Acc mm_dot(const Acc* r, const Acc* c, size_t kk) {
  Acc part[8] = {};
  size_t k = 0;
  for (; k + 8 <= kk; k += 8) {
    for (int u = 0; u < 8; ++u) part[u] += r[k + u] * c[k + u];
  }
  Acc s = ((part[0] + part[1]) + (part[2] + part[3])) + ((part[4] + part[5]) + (part[6] + part[7]));
  for (; k < kk; ++k) s += r[k] * c[k];
  return s;
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE, const auto& MM_CFG = CFG_NORM,
          class MM_CB = MatmulCallBackFunc<>,
          template <const auto& = MM_CFG, typename...> class MATMUL_POLICY = Impl::Detail::MatmulPolicy>
class Matmul {
 public:
  using AType = A_TYPE;  // CANN's MatmulImpl names its MatmulTypes (a cube group's callback reads AType::T)
  using BType = B_TYPE;
  using CType = C_TYPE;
  using BiasType = BIAS_TYPE;
  using SrcAT = typename A_TYPE::T;
  using SrcBT = typename B_TYPE::T;
  using DstT = typename C_TYPE::T;
  using BiasT = typename BIAS_TYPE::T;
  using Acc = std::conditional_t<std::is_integral_v<SrcAT>, int64_t, float>;
  using SourceLoc = opkit::sim::detail::SourceLoc;

  // MM_CFG: a MatmulConfig, or a MatmulApiStaticTiling (GetMatmulApiTiling) used when no tiling is given.
  static constexpr bool kStaticTiling = std::is_same_v<std::decay_t<decltype(MM_CFG)>, MatmulApiStaticTiling>;
  static constexpr const MatmulConfig& config() {
    if constexpr (kStaticTiling) {
      return MM_CFG.cfg;
    } else {
      return MM_CFG;
    }
  }

  void Init(const TCubeTiling* cubeTiling, TPipe* tpipe = nullptr, OPKIT_SIM_HERE) {
    namespace d = opkit::sim::detail;
    if (cubeTiling == nullptr) {
      if constexpr (kStaticTiling) {
        if (MM_CFG.baseM <= 0) {
          d::fault("Matmul::Init", "no tiling was given and the constant tiling has no shape (GetMMConfig needs "
                                   "MatmulShapeParams)", where);
        }
        tiling_ = opkit::sim::detail::to_cube_tiling(MM_CFG);
      } else {
        d::fault("Matmul::Init", "the tiling is null: pass a TCubeTiling, or make MM_CFG a constant tiling "
                                 "(GetMatmulApiTiling)", where);
      }
    } else {
      tiling_ = *cubeTiling;
    }
    d::check_cube_tiling(tiling_, sizeof(SrcAT), sizeof(SrcBT), where);
    org_m_ = tiling_.M;
    org_n_ = tiling_.N;
    org_ka_ = tiling_.Ka;
    org_kb_ = tiling_.Kb > 0 ? tiling_.Kb : tiling_.Ka;
    single_m_ = tiling_.singleCoreM;
    single_n_ = tiling_.singleCoreN;
    single_k_ = tiling_.singleCoreK;
    has_bias_ = tiling_.isBias != 0;
    bias_on_ = !(kStaticTiling && cubeTiling == nullptr);  // a constant tiling allows a bias; SetBias turns it on
    if (tpipe != nullptr) reserve(*tpipe, where);
    inited_ = true;
    reset_iteration();
  }

  void SetOrgShape(int orgM, int orgN, int orgK) { SetOrgShape(orgM, orgN, orgK, orgK); }
  void SetOrgShape(int orgM, int orgN, int orgKa, int orgKb, int orgKc = 0) {
    org_kc_ = orgKc;  // C's row width when not 0 (CANN: GetOrgKc overrides orgN for the output)
    org_m_ = orgM;
    org_n_ = orgN;
    org_ka_ = orgKa;
    org_kb_ = orgKb;
  }
  void SetSingleShape(int singleM, int singleN, int singleK) {
    single_m_ = singleM;
    single_n_ = singleN;
    single_k_ = singleK;
    reset_iteration();
  }
  void SetTail(int tailM = -1, int tailN = -1, int tailK = -1) {
    if (tailM > 0) single_m_ = tailM;
    if (tailN > 0) single_n_ = tailN;
    if (tailK > 0) single_k_ = tailK;
    reset_iteration();
  }

  void SetTensorA(const GlobalTensor<SrcAT>& gm, bool isTransposeA = false) {
    a_ = gm.opkit_addr;
    a_base_ = gm.opkit_base;
    trans_a_ = isTransposeA;
    reset_iteration();
  }
  void SetTensorA(const LocalTensor<SrcAT>& local, bool isTransposeA = false) {
    a_ = local.opkit_addr;
    a_base_ = nullptr;
    trans_a_ = isTransposeA;
    reset_iteration();
  }
  void SetTensorB(const GlobalTensor<SrcBT>& gm, bool isTransposeB = false) {
    b_ = gm.opkit_addr;
    b_base_ = gm.opkit_base;
    trans_b_ = isTransposeB;
    reset_iteration();
  }
  void SetTensorB(const LocalTensor<SrcBT>& local, bool isTransposeB = false) {
    b_ = local.opkit_addr;
    b_base_ = nullptr;
    trans_b_ = isTransposeB;
    reset_iteration();
  }
  void SetBias(const GlobalTensor<BiasT>& gm) {
    bias_ = gm.opkit_addr;
    bias_base_ = gm.opkit_base;
    bias_on_ = true;
  }
  void SetBias(const LocalTensor<BiasT>& local) {
    bias_ = local.opkit_addr;
    bias_base_ = nullptr;
    bias_on_ = true;
  }
  void DisableBias() { bias_on_ = false; }
  void ClearBias() { bias_on_ = false; }

  // Buffers and settings of the device's implementation that change nothing in the product here.
  template <class T>
  void SetLocalWorkspace(const LocalTensor<T>&) {}
  template <class T>
  void SetWorkspace(const GlobalTensor<T>& gm) {
    if constexpr (std::is_same_v<T, DstT>) {
      workspace_ = gm.opkit_addr;
      workspace_base_ = gm.opkit_base;
    }
  }
  void SetWorkspace(GM_ADDR, int = 0) {}
  void SetHF32(bool = false, int32_t = 0) {}
  void SetSubBlockIdx(uint8_t) {}
  void SetQuantScalar(uint64_t quantScalar, OPKIT_SIM_HERE) { quant_.set_scalar<SrcAT, DstT>(quantScalar, where); }
  void SetQuantVector(const GlobalTensor<uint64_t>& quantTensor, OPKIT_SIM_HERE) {
    quant_.set_vector<SrcAT, DstT>(quantTensor, where);
  }
  void SetUserDefInfo(uint64_t tilingPtr) { user_info_ = tilingPtr; }  // the callbacks' tilingPtr
  void SetSelfDefineData(uint64_t dataPtr) { self_data_ = dataPtr; }  // and dataPtr

  // Compute the next baseM x baseN block of the core's C; false once every block was handed out.
  // Iterate<false>() (asynchronous) starts the whole iteration at once: each GetTensorC<false> then takes the next
  // block, as on the device.
  template <bool sync = true>
  bool Iterate(bool /*enPartialSum*/ = false, OPKIT_SIM_HERE) {
    if constexpr (kPartialOutput) opkit::sim::detail::check_partial_output(config(), has_bias_ && bias_on_, where);
    async_ = !sync;
    fetched_ = false;
    return advance(where);
  }
  // The next block into an L0C tensor (C at position CO1), NZ: column blocks of 16, each baseM rounded up to 16 high.
  template <bool sync = true>
  bool Iterate(bool enPartialSum, const LocalTensor<DstT>& l0c, OPKIT_SIM_HERE) {
    namespace d = opkit::sim::detail;
    if (!Iterate<true>(enPartialSum, where)) return false;
    const int64_t height = (cur_m_ + 15) / 16 * 16, n16 = (cur_n_ + 15) / 16 * 16;
    d::require_cube_operand("Matmul::Iterate", "dst", l0c, d::Mem::L0C, uint64_t(height * n16) * sizeof(DstT), where);
    for (int i = 0; i < cur_m_; ++i) {
      for (int j = 0; j < cur_n_; ++j) {
        DstT& out = l0c.opkit_addr[(j / 16) * height * 16 + i * 16 + j % 16];
        const Acc v = block_[size_t(i) * cur_n_ + j];
        out = enPartialSum ? static_cast<DstT>(static_cast<Acc>(d::mm_value(out)) + v) : static_cast<DstT>(v);
      }
    }
    return true;
  }

 private:
  bool advance(const SourceLoc& where) {
    require_ready("Matmul::Iterate", where);
    const int m_iter = ceil_div(single_m_, tiling_.baseM), n_iter = ceil_div(single_n_, tiling_.baseN);
    // isPartialOutput: each Iterate is one baseK slice of a block (K innermost), not the sum over singleCoreK.
    const int k_iter = kPartialOutput ? ceil_div(single_k_, tiling_.baseK) : 1;
    do {
      if (next_ >= m_iter * n_iter * k_iter) return false;
      const int block = next_ / k_iter;
      cur_k_idx_ = next_ % k_iter;
      cur_n_idx_ = tiling_.iterateOrder == 1 ? block % n_iter : block / m_iter;
      cur_m_idx_ = tiling_.iterateOrder == 1 ? block / n_iter : block % m_iter;
      ++next_;
    } while (opkit::sim::detail::policy_skips_block(kPolicy, cur_m_idx_, cur_n_idx_));
    compute_block(where);
    return true;
  }

  // GetTensorC<false> after an asynchronous Iterate: the next block once this one was taken.
  template <bool sync>
  void next_async_block(const char* api, const SourceLoc& where) {
    if (sync || !async_) return;
    if (fetched_ && !advance(where)) {
      opkit::sim::detail::fault(api, "GetTensorC<false> was called more times than the iteration has blocks", where);
    }
    fetched_ = true;
  }

 public:
  // The last block into GM: at its place in the core's C (rows orgN apart), or packed (rows baseN apart).
  template <bool sync = true>
  void GetTensorC(const GlobalTensor<DstT>& gm, uint8_t enAtomic = 0, bool enSequentialWrite = false,
                  OPKIT_SIM_HERE) {
    namespace d = opkit::sim::detail;
    const char* api = "Matmul::GetTensorC";
    next_async_block<sync>(api, where);
    require_block(api, where);
    if (d::current_block().rec != nullptr) d::matmul_block_out(cur_m_, uint64_t(cur_n_) * sizeof(DstT), true);
    if constexpr (C_TYPE::format == CubeFormat::NZ) {
      store_nz(gm, enSequentialWrite, enAtomic != 0, where);
      return;
    }
    // ND: rows orgN (or orgKc) apart; ND_ALIGN: that width and each block's columns rounded up to 32 bytes, the
    // padding columns written as zeros (CANN's FixpipeParamsUtil/GetOrgWidth).
    const int64_t width = c_width();
    const int64_t stride = enSequentialWrite ? tiling_.baseN : width;
    const int64_t at = enSequentialWrite ? 0 : int64_t(cur_m_idx_) * tiling_.baseM * stride +
                                                   int64_t(cur_n_idx_) * tiling_.baseN;
    const int64_t n0 = enSequentialWrite ? 0 : int64_t(cur_n_idx_) * tiling_.baseN;
    const int64_t pad = std::max<int64_t>(0, std::min<int64_t>(align_c(cur_n_), stride - n0) - cur_n_);
    const std::vector<DstT> zeros(static_cast<size_t>(pad), DstT(0));
    for (int i = 0; i < cur_m_; ++i) {
      DstT* row = gm.opkit_addr + at + i * stride;
      d::check_gm(api, "write", row, uint64_t(cur_n_ + pad) * sizeof(DstT), where, gm.opkit_base);
      store_row(row, i, enAtomic != 0);
      if (pad > 0 && enAtomic == 0) d::store_gm(row + cur_n_, zeros.data(), uint64_t(pad) * sizeof(DstT));
    }
  }

  // The last block into a UB tensor (VECIN/VECCALC), rows baseN elements apart.
  template <bool sync = true>
  void GetTensorC(const LocalTensor<DstT>& ub, uint8_t enAtomic = 0, bool /*enSequentialWrite*/ = false,
                  OPKIT_SIM_HERE) {
    namespace d = opkit::sim::detail;
    static_assert(!kPartialOutput, "Matmul::GetTensorC: a MatmulConfig with isPartialOutput writes C to GM only "
                                   "(CANN: PartialOutput does not support a local position output)");
    const char* api = "Matmul::GetTensorC";
    next_async_block<sync>(api, where);
    require_block(api, where);
    d::require_ub_operand(api, "dst", ub, (uint64_t(cur_m_ - 1) * tiling_.baseN + cur_n_) * sizeof(DstT), where);
    if (d::current_block().rec != nullptr) d::matmul_block_out(cur_m_, uint64_t(cur_n_) * sizeof(DstT), false);
    for (int i = 0; i < cur_m_; ++i) store_row(ub.opkit_addr + int64_t(i) * tiling_.baseN, i, enAtomic != 0, false);
  }

  template <bool sync = true>
  void IterateAll(const GlobalTensor<DstT>& gm, uint8_t enAtomic = 0, bool /*enSequentialWrite*/ = false,
                  bool /*waitIterateAll*/ = false, bool /*fakeMsg*/ = false, OPKIT_SIM_HERE) {
    static_assert(!kPartialOutput, "Matmul::IterateAll is not supported with isPartialOutput (each Iterate gives one "
                                   "baseK slice): call Iterate and GetTensorC");
    while (Iterate<true>(false, where)) GetTensorC<true>(gm, enAtomic, false, where);
  }
  template <bool sync = true>
  void IterateAll(const LocalTensor<DstT>& ub, uint8_t enAtomic = 0, OPKIT_SIM_HERE) {
    namespace d = opkit::sim::detail;
    const char* api = "Matmul::IterateAll";
    static_assert(!kPartialOutput, "Matmul::IterateAll is not supported with isPartialOutput (each Iterate gives one "
                                   "baseK slice): call Iterate and GetTensorC");
    const int64_t width = align_c(single_n_);  // ND_ALIGN: rows 32 bytes aligned
    d::require_ub_operand(api, "dst", ub, uint64_t(single_m_) * width * sizeof(DstT), where);
    while (Iterate<true>(false, where)) {
      if (d::current_block().rec != nullptr) d::matmul_block_out(cur_m_, uint64_t(cur_n_) * sizeof(DstT), false);
      for (int i = 0; i < cur_m_; ++i) {
        store_row(ub.opkit_addr + (int64_t(cur_m_idx_) * tiling_.baseM + i) * width +
                      int64_t(cur_n_idx_) * tiling_.baseN, i, enAtomic != 0, false);
      }
    }
  }
  void WaitIterateAll() {}
  void End() { reset_iteration(); }

  // Batch matmul: batchA x batchB matrices (C gets the larger count; the smaller side repeats), each singleCoreM x
  // singleCoreN x singleCoreK, laid out as the MatmulTypes' LayoutMode says: NORMAL (matrices one after another, or
  // matrixStride elements apart) or BSNGD (the tiling's layout info: matrix q at its (b, n, g) place, rows N*G*D apart).
  void IterateBatch(const GlobalTensor<DstT>& gm, uint32_t batchA, uint32_t batchB, bool /*enSequentialWrite*/,
                    uint32_t matrixStrideA = 0, uint32_t matrixStrideB = 0, uint32_t matrixStrideC = 0,
                    OPKIT_SIM_HERE) {
    run_batch("Matmul::IterateBatch", gm.opkit_addr, gm.opkit_base, 0, batchA, batchB,
              {matrixStrideA, matrixStrideB, matrixStrideC}, where);
  }
  void IterateBatch(const LocalTensor<DstT>& ub, uint32_t batchA, uint32_t batchB, bool /*enSequentialWrite*/,
                    uint32_t matrixStrideA = 0, uint32_t matrixStrideB = 0, uint32_t matrixStrideC = 0,
                    OPKIT_SIM_HERE) {
    const uint32_t batches = std::max(batchA, batchB);
    opkit::sim::detail::require_ub_operand("Matmul::IterateBatch", "dst", ub,
                                           uint64_t(batches) * single_m_ * single_n_ * sizeof(DstT), where);
    run_batch("Matmul::IterateBatch", ub.opkit_addr, nullptr, 0, batchA, batchB,
              {matrixStrideA, matrixStrideB, matrixStrideC}, where);
  }
  // batchLoop rounds of IterateBatch into the workspace (SetWorkspace), A/B/C matrices advancing round by round.
  template <bool sync = true>
  void IterateNBatch(uint32_t batchLoop, uint32_t batchA, uint32_t batchB, bool /*enSequentialWrite*/,
                     uint32_t matrixStrideA = 0, uint32_t matrixStrideB = 0, uint32_t matrixStrideC = 0,
                     OPKIT_SIM_HERE) {
    if (workspace_ == nullptr) {
      opkit::sim::detail::fault("Matmul::IterateNBatch", "no workspace: call SetWorkspace with the GM tensor the "
                                                         "batches go to", where);
    }
    for (uint32_t loop = 0; loop < batchLoop; ++loop) {
      run_batch("Matmul::IterateNBatch", workspace_, workspace_base_, loop * std::max(batchA, batchB), batchA, batchB,
                {matrixStrideA, matrixStrideB, matrixStrideC}, where);
    }
    n_batch_pending_ = sync ? 0 : batchLoop;
  }
  // After IterateNBatch<false>: the results already sit in the workspace; each call takes one round.
  template <bool sync = true>
  void GetBatchTensorC(uint32_t /*batchA*/, uint32_t /*batchB*/, bool /*enSequentialWrite*/ = false, OPKIT_SIM_HERE) {
    if (n_batch_pending_ == 0) {
      opkit::sim::detail::fault("Matmul::GetBatchTensorC", "no IterateNBatch<false> round is left to take", where);
    }
    --n_batch_pending_;
  }

 private:
  static int ceil_div(int a, int b) { return (a + b - 1) / b; }
  static constexpr bool kPartialOutput = config().isPartialOutput;
  static constexpr Impl::Detail::PolicyType kPolicy = MATMUL_POLICY<MM_CFG, void, A_TYPE, B_TYPE, C_TYPE,
                                                                    BIAS_TYPE>::POLICY_TYPE;
  static int64_t align_c(int64_t n) { return opkit::sim::detail::c_columns<C_TYPE::format, DstT>(n); }
  // C's row width in GM: orgN, or orgKc when SetOrgShape gave one; ND_ALIGN rounds it up to 32 bytes.
  int64_t c_width() const { return align_c(org_kc_ > 0 ? org_kc_ : org_n_); }

  void run_batch(const char* api, DstT* c, const void* c_base, uint32_t first, uint32_t batchA, uint32_t batchB,
                 opkit::sim::detail::BatchStrides st, const SourceLoc& where) {
    require_ready(api, where);
    opkit::sim::detail::BatchOperands<SrcAT, SrcBT, BiasT, DstT> o{a_, a_base_, trans_a_, b_, b_base_, trans_b_,
        has_bias_ && bias_on_ ? bias_ : nullptr, bias_base_, config().isBiasBatch, c, c_base};
    opkit::sim::detail::batch_product<Acc, A_TYPE::layout, B_TYPE::layout, C_TYPE::layout>(
        api, o, tiling_, single_m_, single_n_, single_k_, first, batchA, batchB, st, where);
  }


  void reserve(TPipe& pipe, const SourceLoc& where) {
    opkit::sim::detail::reserve_matmul_buffers<SrcAT, SrcBT, BiasT>(pipe, tiling_, has_bias_, config().isA2B2Shared,
                                                                     l1_, l0a_, l0b_, l0c_, where);
  }


  void require_ready(const char* api, const SourceLoc& where) const {
    namespace d = opkit::sim::detail;
    d::check_cancelled(api, where);
    if (!inited_) d::fault(api, "the Matmul object was not initialised (REGIST_MATMUL_OBJ or Init)", where);
    if (a_ == nullptr) d::fault(api, "SetTensorA was not called", where);
    if (b_ == nullptr) d::fault(api, "SetTensorB was not called", where);
    if (has_bias_ && bias_on_ && bias_ == nullptr) d::fault(api, "the tiling has isBias but SetBias was not called", where);
  }
  void require_block(const char* api, const SourceLoc& where) const {
    namespace d = opkit::sim::detail;
    d::check_cancelled(api, where);
    if (cur_m_ == 0) d::fault(api, "no block was computed: call Iterate first", where);
  }

  void reset_iteration() {
    next_ = 0;
    async_ = false;
    fetched_ = false;
    cur_m_ = 0;
    cur_n_ = 0;
  }

  // A's element (row i, column k) of the core's share, and B's (k, j), in their GM/UB layouts.
  Acc a_at(int64_t i, int64_t k) const {
    namespace d = opkit::sim::detail;
    return d::mm_value(trans_a_ ? d::operand_at<A_TYPE::format>(a_, k, i, org_ka_, org_m_)
                                : d::operand_at<A_TYPE::format>(a_, i, k, org_m_, org_ka_));
  }
  Acc b_at(int64_t k, int64_t j) const {
    namespace d = opkit::sim::detail;
    return d::mm_value(trans_b_ ? d::operand_at<B_TYPE::format>(b_, j, k, org_n_, org_kb_)
                                : d::operand_at<B_TYPE::format>(b_, k, j, org_kb_, org_n_));
  }

  void check_reads(const SourceLoc& where) const {
    namespace d = opkit::sim::detail;
    const char* api = "Matmul::Iterate";
    const int64_t m0 = int64_t(cur_m_idx_) * tiling_.baseM, n0 = int64_t(cur_n_idx_) * tiling_.baseN;
    const int64_t m1 = m0 + cur_m_ - 1, n1 = n0 + cur_n_ - 1, k1 = single_k_ - 1;
    constexpr bool a_nz = A_TYPE::format == CubeFormat::NZ, b_nz = B_TYPE::format == CubeFormat::NZ;
    if (a_nz && a_base_ != nullptr) {
      d::check_nz_read("read of A", a_, a_base_, trans_a_ ? org_ka_ : org_m_, trans_a_ ? org_m_ : org_ka_, where);
    } else if (a_base_ != nullptr) {
      const int64_t first = trans_a_ ? m0 : m0 * org_ka_, last = trans_a_ ? k1 * org_m_ + m1 : m1 * org_ka_ + k1;
      d::check_gm(api, "read of A", a_ + first, uint64_t(last - first + 1) * sizeof(SrcAT), where, a_base_);
    }
    if (b_nz && b_base_ != nullptr) {
      d::check_nz_read("read of B", b_, b_base_, trans_b_ ? org_n_ : org_kb_, trans_b_ ? org_kb_ : org_n_, where);
    } else if (b_base_ != nullptr) {
      const int64_t first = trans_b_ ? n0 * org_kb_ : n0, last = trans_b_ ? n1 * org_kb_ + k1 : k1 * org_n_ + n1;
      d::check_gm(api, "read of B", b_ + first, uint64_t(last - first + 1) * sizeof(SrcBT), where, b_base_);
    }
    if (has_bias_ && bias_on_ && bias_base_ != nullptr) {
      d::check_gm(api, "read of bias", bias_ + n0, uint64_t(cur_n_) * sizeof(BiasT), where, bias_base_);
    }
  }

  OPKIT_CUBE_HOT void compute_block(const SourceLoc& where) {
    namespace d = opkit::sim::detail;
    cur_m_ = std::min(tiling_.baseM, single_m_ - cur_m_idx_ * tiling_.baseM);
    cur_n_ = std::min(tiling_.baseN, single_n_ - cur_n_idx_ * tiling_.baseN);
    check_reads(where);
    quant_.check_block(int64_t(cur_n_idx_) * tiling_.baseN, cur_n_, where);
    block_.assign(size_t(cur_m_) * cur_n_, Acc(0));
    const int64_t m0 = int64_t(cur_m_idx_) * tiling_.baseM, n0 = int64_t(cur_n_idx_) * tiling_.baseN;
    // A's rows and B's columns converted once, then one dot product per element. isPartialOutput: the baseK slice.
    const int k0 = kPartialOutput ? cur_k_idx_ * tiling_.baseK : 0;
    const int k_len = kPartialOutput ? std::min(tiling_.baseK, single_k_ - k0) : single_k_;
    const size_t kk = static_cast<size_t>(k_len);
    std::vector<Acc> rows(size_t(cur_m_) * kk), cols(size_t(cur_n_) * kk);
    if (d::current_block().rec != nullptr) {
      constexpr bool a_nd = A_TYPE::format != CubeFormat::NZ, b_nd = B_TYPE::format != CubeFormat::NZ;
      d::matmul_record_block<SrcAT, SrcBT>({a_, a_base_ != nullptr, a_nd, trans_a_, trans_a_ ? org_ka_ : org_m_,
                                            trans_a_ ? org_m_ : org_ka_},
                                           {b_, b_base_ != nullptr, b_nd, trans_b_, trans_b_ ? org_n_ : org_kb_,
                                            trans_b_ ? org_kb_ : org_n_},
                                           d::has_callback_v<MM_CB::kCopyA1>, d::has_callback_v<MM_CB::kCopyB1>, m0,
                                           n0, k0, cur_m_, cur_n_, k_len, tiling_.baseK);
    }
    static_assert(!d::has_callback_v<MM_CB::kDataCopyOut>, "opkit: MatmulCallBackFunc's DataCopyOut is not simulated");
    static_assert(!kPartialOutput || (!d::has_callback_v<MM_CB::kCopyA1> && !d::has_callback_v<MM_CB::kCopyB1>),
                  "opkit: the CopyA1/CopyB1 callbacks are not simulated with isPartialOutput");
    if constexpr (d::has_callback_v<MM_CB::kCopyA1>) {
      d::load_by_callback<MM_CB::kCopyA1, SrcAT>(false, {cur_m_idx_, cur_m_, tiling_.baseM, tiling_.baseM *
          std::max(1, tiling_.stepM), single_m_, tiling_.baseK * std::max(1, tiling_.stepKa), k_len},
          l1_.template Get<int8_t>(), a_, user_info_, self_data_, rows, where);
    } else {
      for (int i = 0; i < cur_m_; ++i) for (int k = 0; k < k_len; ++k) rows[i * kk + k] = a_at(m0 + i, k0 + k);
    }
    if constexpr (d::has_callback_v<MM_CB::kCopyB1>) {
      d::load_by_callback<MM_CB::kCopyB1, SrcBT>(true, {cur_n_idx_, cur_n_, tiling_.baseN, tiling_.baseN *
          std::max(1, tiling_.stepN), single_n_, tiling_.baseK * std::max(1, tiling_.stepKb), k_len},
          l1_.template Get<int8_t>(), b_, user_info_, self_data_, cols, where);
    } else {
      for (int j = 0; j < cur_n_; ++j) for (int k = 0; k < k_len; ++k) cols[j * kk + k] = b_at(k0 + k, n0 + j);
    }
    for (int i = 0; i < cur_m_; ++i) {
      const Acc* r = &rows[i * kk];
      for (int j = 0; j < cur_n_; ++j) {
        const Acc* c = &cols[j * kk];
        const Acc bias = has_bias_ && bias_on_ ? Acc(opkit::sim::detail::mm_value(bias_[n0 + j])) : Acc(0);
        block_[size_t(i) * cur_n_ + j] = bias + opkit::sim::detail::mm_dot(r, c, kk);
      }
    }
  }

  // C in NZ: column blocks of c0 values (16; 8 for float with isEnableChannelSplit), each as high as M rounded up to
  // 16 (the original M, or baseM for a sequential write).
  void store_nz(const GlobalTensor<DstT>& gm, bool sequential, bool atomic, const SourceLoc& where) const {
    const int64_t c0 = sizeof(DstT) == 1 ? 32 : (sizeof(DstT) == 4 && config().isEnableChannelSplit) ? 8 : 16;
    const int64_t m0 = int64_t(cur_m_idx_) * tiling_.baseM, n0 = int64_t(cur_n_idx_) * tiling_.baseN;
    opkit::sim::detail::store_c_nz(gm, block_, cur_m_, cur_n_, sequential ? 0 : m0, sequential ? 0 : n0, n0,
                                   ((sequential ? tiling_.baseM : org_m_) + 15) / 16 * 16, c0, atomic, quant_, where);
  }


  // One row of the block into GM or UB: enAtomic adds onto what is there (under GM's line locks, so cores adding
  // split-K partial products into one C never lose an update); an atomic mode set with SetAtomicAdd applies as well.
  void store_row(DstT* row, int i, bool atomic, bool to_gm = true) const {
    namespace d = opkit::sim::detail;
    std::vector<DstT> v(static_cast<size_t>(cur_n_));
    const int64_t n0 = int64_t(cur_n_idx_) * tiling_.baseN;
    for (int j = 0; j < cur_n_; ++j) v[j] = quant_.convert<DstT>(block_[size_t(i) * cur_n_ + j], n0 + j);
    if constexpr (d::atomic_type_v<DstT>) {
      if (atomic) {
        d::atomic_store_elems<DstT>(reinterpret_cast<uint8_t*>(row), reinterpret_cast<const uint8_t*>(v.data()),
                                    uint64_t(cur_n_) * sizeof(DstT), d::AtomicKind::Add);
        return;
      }
    }
    if (to_gm) {
      d::store_gm(row, v.data(), uint64_t(cur_n_) * sizeof(DstT));
    } else {
      std::memcpy(static_cast<void*>(row), v.data(), uint64_t(cur_n_) * sizeof(DstT));
    }
  }

  TCubeTiling tiling_{};
  bool inited_ = false;
  int org_m_ = 0, org_n_ = 0, org_ka_ = 0, org_kb_ = 0, org_kc_ = 0;
  int single_m_ = 0, single_n_ = 0, single_k_ = 0;
  const SrcAT* a_ = nullptr;
  const SrcBT* b_ = nullptr;
  const BiasT* bias_ = nullptr;
  const void* a_base_ = nullptr;
  const void* b_base_ = nullptr;
  const void* bias_base_ = nullptr;
  bool trans_a_ = false, trans_b_ = false, has_bias_ = false, bias_on_ = true;
  bool async_ = false, fetched_ = false;
  int next_ = 0, cur_m_idx_ = 0, cur_n_idx_ = 0, cur_k_idx_ = 0, cur_m_ = 0, cur_n_ = 0;
  std::vector<Acc> block_;
  uint64_t user_info_ = 0, self_data_ = 0;
  opkit::sim::detail::MatmulQuant quant_;
  DstT* workspace_ = nullptr;
  uint32_t n_batch_pending_ = 0;
  const void* workspace_base_ = nullptr;
  TBuf<TPosition::A1> l1_;
  TBuf<TPosition::A2> l0a_;
  TBuf<TPosition::B2> l0b_;
  TBuf<TPosition::CO1> l0c_;
};

}  // namespace AscendC

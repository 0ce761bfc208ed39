// matmul_tiling::MatmulApiTiling and MultiCoreMatmulTiling: the host side of the Matmul API. GetTiling fills a
// TCubeTiling that satisfies CANN's documented constraints (base blocks of whole fractals, L0A/L0B double-buffered,
// L0C, L1 within the SoC's sizes); the split rules are opkit's own (docs/simulated-api.md, the cube section).
#pragma once

#include <algorithm>
#include <cstdint>
#include <iostream>  // CANN's tiling headers bring iostream; host tiling code prints with std::cout

#include "lib/matmul/matmul_tilingdata.h"
#include "tiling/platform/platform_ascendc.h"

namespace matmul_tiling {

enum class TPosition : int32_t {
  GM, A1, A2, B1, B2, C1, C2, CO1, CO2, VECIN, VECOUT, VECCALC, LCM = VECCALC, SPM, SHM = SPM, TSCM, MAX,
};
enum class CubeFormat : int32_t { ND = 0, NZ, ZN, ZZ, NN, ND_ALIGN, SCALAR, VECTOR };
enum class DataType : int32_t {
  DT_FLOAT = 0, DT_FLOAT16 = 1, DT_INT8 = 2, DT_INT32 = 3, DT_UINT8 = 4, DT_INT16 = 6, DT_UINT16 = 7,
  DT_UINT32 = 8, DT_INT64 = 9, DT_UINT64 = 10, DT_DOUBLE = 11, DT_BOOL = 12, DT_BF16 = 27, DT_INT4 = 29,
};
enum class MatrixTraverse : int32_t { NOSET = 0, FIRSTM = 1, FIRSTN = 2 };
enum class MatrixMadType : int32_t { NORMAL = 0, HF32 = 1 };
enum class DequantType : int32_t { SCALAR = 0, TENSOR = 1 };
enum class ScheduleType : int32_t { INNER_PRODUCT = 0, OUTER_PRODUCT = 1, N_BUFFER_33 = 2 };

// SetMatmulConfigParams' settings: only the traversal order changes the tiling here.
struct MatmulConfigParams {
  int32_t mmConfigType;
  bool enableL1CacheUB;
  ScheduleType scheduleType;
  MatrixTraverse traverse;
  bool enVecND2NZ;
  MatmulConfigParams(int32_t mmConfigTypeIn = 1, bool enableL1CacheUBIn = false,
                     ScheduleType scheduleTypeIn = ScheduleType::INNER_PRODUCT,
                     MatrixTraverse traverseIn = MatrixTraverse::NOSET, bool enVecND2NZIn = false)
      : mmConfigType(mmConfigTypeIn), enableL1CacheUB(enableL1CacheUBIn), scheduleType(scheduleTypeIn),
        traverse(traverseIn), enVecND2NZ(enVecND2NZIn) {}
};

inline int32_t dtype_bytes(DataType t) {
  switch (t) {
    case DataType::DT_FLOAT: case DataType::DT_INT32: case DataType::DT_UINT32: return 4;
    case DataType::DT_INT8: case DataType::DT_UINT8: case DataType::DT_INT4: return 1;
    default: return 2;
  }
}

struct MatTypeInfo {
  TPosition pos = TPosition::GM;
  CubeFormat type = CubeFormat::ND;
  DataType dataType = DataType::DT_FLOAT16;
  bool isTrans = false;
};

class MatmulApiTilingBase {
 public:
  MatmulApiTilingBase() : MatmulApiTilingBase(nullptr) {}
  explicit MatmulApiTilingBase(const platform_ascendc::PlatformAscendC& p) : MatmulApiTilingBase(&p) {}
  explicit MatmulApiTilingBase(const platform_ascendc::PlatformAscendC* p) {
    if (p != nullptr) {
      uint64_t v = 0;
      p->GetCoreMemSize(platform_ascendc::CoreMemType::L1, v);
      l1_ = static_cast<int64_t>(v);
      p->GetCoreMemSize(platform_ascendc::CoreMemType::L0_A, v);
      l0a_ = static_cast<int64_t>(v);
      p->GetCoreMemSize(platform_ascendc::CoreMemType::L0_B, v);
      l0b_ = static_cast<int64_t>(v);
      p->GetCoreMemSize(platform_ascendc::CoreMemType::L0_C, v);
      l0c_ = static_cast<int64_t>(v);
      p->GetCoreMemSize(platform_ascendc::CoreMemType::UB, v);
      ub_ = static_cast<int64_t>(v);
    }
  }
  virtual ~MatmulApiTilingBase() = default;

  int32_t SetAType(TPosition pos, CubeFormat type, DataType dataType, bool isTrans = false) {
    a_ = {pos, type, dataType, isTrans};
    return 0;
  }
  int32_t SetBType(TPosition pos, CubeFormat type, DataType dataType, bool isTrans = false) {
    b_ = {pos, type, dataType, isTrans};
    return 0;
  }
  int32_t SetCType(TPosition pos, CubeFormat type, DataType dataType) {
    c_ = {pos, type, dataType, false};
    return 0;
  }
  int32_t SetBiasType(TPosition pos, CubeFormat type, DataType dataType) {
    bias_type_ = {pos, type, dataType, false};
    return 0;
  }
  int32_t SetShape(int32_t m, int32_t n, int32_t k) {  // -1: the original shape's (SetOrgShape)
    m_ = m;
    n_ = n;
    k_ = k;
    return 0;
  }
  int32_t SetOrgShape(int32_t orgMIn, int32_t orgNIn, int32_t orgKIn) { return SetOrgShape(orgMIn, orgNIn, orgKIn, orgKIn); }
  int32_t SetOrgShape(int32_t orgMIn, int32_t orgNIn, int32_t orgKaIn, int32_t orgKbIn) {
    org_m_ = orgMIn;
    org_n_ = orgNIn;
    org_ka_ = orgKaIn;
    org_kb_ = orgKbIn;
    return 0;
  }
  int32_t SetFixSplit(int32_t baseMIn = -1, int32_t baseNIn = -1, int32_t baseKIn = -1) {
    fix_m_ = baseMIn;
    fix_n_ = baseNIn;
    fix_k_ = baseKIn;
    return 0;
  }
  int32_t SetBias(bool isBiasIn = false) {
    bias_ = isBiasIn;
    return 0;
  }
  int32_t EnableBias(bool isBiasIn = false) { return SetBias(isBiasIn); }  // CANN 8.5's name of SetBias
  // -1 keeps the whole memory. UB is not used by the NORM/MDL templates opkit models.
  int32_t SetBufferSpace(int32_t l1Size = -1, int32_t l0CSize = -1, int32_t ubSize = -1, int32_t btSize = -1) {
    if (l1Size >= 0) l1_ = l1Size;
    if (l0CSize >= 0) l0c_ = l0CSize;
    if (ubSize >= 0) ub_ = ubSize;
    (void)btSize;
    return 0;
  }
  int32_t SetTraverse(MatrixTraverse traverse) {
    traverse_ = traverse;
    return 0;
  }
  int32_t SetMadType(MatrixMadType) { return 0; }
  int32_t SetDequantType(DequantType dequantType) {  // the kernel's SetQuantScalar/SetQuantVector decide here
    deq_type_ = dequantType;
    return 0;
  }
  int32_t SetDoubleBuffer(bool, bool, bool, bool, bool transND2NZ = true, bool transNZ2ND = true) {
    (void)transND2NZ;
    (void)transNZ2ND;
    return 0;
  }
  int32_t SetSplitRange(int32_t = -1, int32_t = -1, int32_t = -1, int32_t = -1, int32_t = -1, int32_t = -1) {
    return 0;
  }
  void SetMatmulConfigParams(int32_t mmConfigTypeIn = 1, bool enableL1CacheUBIn = false,
                             ScheduleType scheduleTypeIn = ScheduleType::INNER_PRODUCT,
                             MatrixTraverse traverseIn = MatrixTraverse::NOSET, bool enVecND2NZIn = false) {
    SetMatmulConfigParams(
        MatmulConfigParams(mmConfigTypeIn, enableL1CacheUBIn, scheduleTypeIn, traverseIn, enVecND2NZIn));
  }
  void SetMatmulConfigParams(const MatmulConfigParams& p) {
    if (p.traverse != MatrixTraverse::NOSET) traverse_ = p.traverse;
  }
  // Batch matmul: the operands' BSNGD layouts (b, s, n, g, d), the batches one IterateBatch computes, and the
  // NORMAL layout's batch counts. A batched tiling keeps each matrix on one core (the kernel splits the batches).
  int32_t SetALayout(int32_t b, int32_t s, int32_t n, int32_t g, int32_t d) {
    layout_a_ = {b, s, n, g, d};
    return 0;
  }
  int32_t SetBLayout(int32_t b, int32_t s, int32_t n, int32_t g, int32_t d) {
    layout_b_ = {b, s, n, g, d};
    return 0;
  }
  int32_t SetCLayout(int32_t b, int32_t s, int32_t n, int32_t g, int32_t d) {
    layout_c_ = {b, s, n, g, d};
    return 0;
  }
  int32_t SetBatchNum(int32_t batch) {
    batch_num_ = batch;
    return 0;
  }
  int32_t SetBatchInfoForNormal(int32_t batchA, int32_t batchB, int32_t m, int32_t n, int32_t k) {
    layout_a_ = {batchA, m, 1, 1, k};
    layout_b_ = {batchB, k, 1, 1, n};
    layout_c_ = {std::max(batchA, batchB), m, 1, 1, n};
    if (batch_num_ <= 0) batch_num_ = std::max(batchA, batchB);
    return 0;
  }

  virtual int64_t GetTiling(optiling::TCubeTiling& tiling) = 0;

  int32_t GetBaseM() const { return base_m_; }
  int32_t GetBaseN() const { return base_n_; }
  int32_t GetBaseK() const { return base_k_; }

 protected:
  // The per-core problem (single_m x single_n x single_k) -> base blocks, steps and depths; false when nothing fits.
  bool fill_core_tiling(optiling::TCubeTiling& t, int32_t single_m, int32_t single_n, int32_t single_k);
  bool types_ok() const;

  MatTypeInfo a_, b_, c_{TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT, false}, bias_type_{
      TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT, false};
  int32_t m_ = -1, n_ = -1, k_ = -1;
  int32_t org_m_ = -1, org_n_ = -1, org_ka_ = -1, org_kb_ = -1;
  int32_t fix_m_ = -1, fix_n_ = -1, fix_k_ = -1;
  int32_t base_m_ = 0, base_n_ = 0, base_k_ = 0;
  bool bias_ = false;
  struct Layout {
    int32_t b = 0, s = 0, n = 0, g = 0, d = 0;
  };
  Layout layout_a_, layout_b_, layout_c_;
  int32_t batch_num_ = 0;
  void resolve_shape() {
    if (m_ <= 0) m_ = org_m_;
    if (n_ <= 0) n_ = org_n_;
    if (k_ <= 0) k_ = org_ka_;
  }
  void fill_batch(optiling::TCubeTiling& t) const {
    if (batch_num_ <= 0) return;
    t.ALayoutInfoB = layout_a_.b;
    t.ALayoutInfoS = layout_a_.s;
    t.ALayoutInfoN = layout_a_.n;
    t.ALayoutInfoG = layout_a_.g;
    t.ALayoutInfoD = layout_a_.d;
    t.BLayoutInfoB = layout_b_.b;
    t.BLayoutInfoS = layout_b_.s;
    t.BLayoutInfoN = layout_b_.n;
    t.BLayoutInfoG = layout_b_.g;
    t.BLayoutInfoD = layout_b_.d;
    t.CLayoutInfoB = layout_c_.b;
    t.CLayoutInfoS1 = layout_c_.s;
    t.CLayoutInfoN = layout_c_.n;
    t.CLayoutInfoG = layout_c_.g;
    t.CLayoutInfoS2 = layout_c_.d;
    t.BatchNum = batch_num_;
  }
  MatrixTraverse traverse_ = MatrixTraverse::NOSET;
  DequantType deq_type_ = DequantType::SCALAR;
  int64_t l1_ = 512 * 1024, l0a_ = 64 * 1024, l0b_ = 64 * 1024, l0c_ = 128 * 1024, ub_ = 192 * 1024;
};

}  // namespace matmul_tiling

#include "opkit/host/matmul_tiling_impl.h"

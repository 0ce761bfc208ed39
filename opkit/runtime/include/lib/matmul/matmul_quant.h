// The Matmul's dequantisation of int8 products (SetQuantScalar / SetQuantVector): the int32 C becomes half through
// Fixpipe's DEQF16 (one quantisation word) or VDEQF16 (a word per column of C), the word's scale an fp32 cut to 10
// mantissa bits as on the device (opkit/sim/cube/fixpipe.h).
#pragma once

#include <cstdint>
#include <type_traits>
#include <vector>

#include "lib/matmul/matmul_batch.h"
#include "opkit/sim/cube/fixpipe.h"
#include "opkit/sim/global_tensor.h"

namespace opkit::sim::detail {

struct MatmulQuant {
  enum Mode { None, Scalar, Vector } mode = None;
  uint64_t scalar = 0;
  const uint64_t* vec = nullptr;
  const void* vec_base = nullptr;

  template <typename SrcT, typename DstT>
  void set_scalar(uint64_t q, const SourceLoc& where) {
    require_types<SrcT, DstT>("Matmul::SetQuantScalar", where);
    mode = Scalar;
    scalar = q;
  }
  template <typename SrcT, typename DstT>
  void set_vector(const AscendC::GlobalTensor<uint64_t>& gm, const SourceLoc& where) {
    require_types<SrcT, DstT>("Matmul::SetQuantVector", where);
    mode = Vector;
    vec = gm.opkit_addr;
    vec_base = gm.opkit_base;
  }
  // The words of columns [n0, n0 + n) of the core's C must lie in the quantisation tensor.
  void check_block(int64_t n0, int64_t n, const SourceLoc& where) const {
    if (mode == Vector && vec_base != nullptr) {
      check_gm("Matmul::GetTensorC", "read of the quantisation vector", vec + n0, uint64_t(n) * sizeof(uint64_t),
               where, vec_base);
    }
  }
  template <typename DstT, typename Acc>
  DstT convert(Acc v, int64_t col) const {
    if constexpr (std::is_same_v<DstT, opkit::sim::half> && std::is_integral_v<Acc>) {
      if (mode != None) {
        const QuantWord w = decode_quant(mode == Scalar ? scalar : vec[col]);
        return opkit::sim::half(static_cast<float>(static_cast<double>(v) * w.alpha));
      }
    }
    return static_cast<DstT>(v);
  }

 private:
  template <typename SrcT, typename DstT>
  static void require_types(const char* api, const SourceLoc& where) {
    if constexpr (!std::is_same_v<SrcT, int8_t> || !std::is_same_v<DstT, opkit::sim::half>) {
      fault(api, "dequantisation is simulated for int8_t A/B with a half C (DEQF16/VDEQF16)", where);
    }
  }
};

// A block of C (cur_m x cur_n at (m0, n0) of the core's C) into GM in NZ: column blocks of c0, each `height` high;
// qn0: the block's first column for the quantisation vector.
template <typename DstT, typename Acc>
void store_c_nz(const AscendC::GlobalTensor<DstT>& gm, const std::vector<Acc>& block, int cur_m, int cur_n,
                int64_t m0, int64_t n0, int64_t qn0, int64_t height, int64_t c0, bool atomic, const MatmulQuant& q,
                const SourceLoc& where) {
  const int64_t last_n = n0 + cur_n - 1;
  check_gm("Matmul::GetTensorC", "write", gm.opkit_addr + (n0 / c0) * height * c0,
           uint64_t((last_n / c0 - n0 / c0) * height * c0 + (m0 + cur_m) * c0) * sizeof(DstT), where, gm.opkit_base);
  for (int i = 0; i < cur_m; ++i) {
    for (int j = 0; j < cur_n; ++j) {
      const int64_t n = n0 + j;
      DstT& out = gm.opkit_addr[(n / c0) * height * c0 + (m0 + i) * c0 + n % c0];
      const Acc v = block[size_t(i) * cur_n + j];
      out = atomic ? static_cast<DstT>(static_cast<Acc>(mm_value(out)) + v) : q.convert<DstT>(v, qn0 + j);
    }
  }
}

}  // namespace opkit::sim::detail

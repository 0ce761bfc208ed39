// Host helpers of the advanced Transpose (ConfusionTranspose), CANN's signatures and CANN's tiling fields for the
// scenarios the simulator runs (vec/confusion_transpose.h):
//   1/2  TRANSPOSE_NZ2ND_0213 / NZ2NZ_0213, srcShape [B, A1, A2, A3]: param1 B, param2 A1, param3 A3 and param4 A2
//        rounded up to 16 (the rest of CANN's fields follow its formulas); tmp: max alignA2 x 16, min 256 elements;
//   7    TRANSPOSE_ND2ND_ONLY, srcShape [H, W]: param1 H, param2 W (both multiples of 16); no tmp;
//   13-15 TRANSPOSE_ND2ND_021 / 102 / 210, srcShape [H, W] or [N, H, W]: param0..2 the three dims; no tmp.
// Other scenarios are refused with an error naming them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kernel_tiling/confusion_transpose_tiling.h"
#include "lib/hl_tiling_common.h"
#include "lib/utils/types.h"

namespace opkit::host::detail {

inline std::vector<int64_t> ct_dims(const char* api, const ge::Shape& shape, size_t lo, size_t hi, uint32_t type) {
  const std::vector<int64_t> dims = shape.GetDims();
  if (dims.size() < lo || dims.size() > hi) {
    hl_tiling_error(api, "transposeType " + std::to_string(type) + " needs a srcShape of " + std::to_string(lo) +
                             (lo == hi ? "" : " or " + std::to_string(hi)) + " dims, not " +
                             std::to_string(dims.size()));
  }
  for (int64_t d : dims) {
    if (d <= 0) hl_tiling_error(api, "srcShape has a dim " + std::to_string(d) + " (they must be positive)");
  }
  return dims;
}

[[noreturn]] inline void ct_unsupported(const char* api, uint32_t type) {
  hl_tiling_error(api, "transposeType " + std::to_string(type) +
                           " is not simulated (1, 2, 7, 13, 14 and 15 are: NZ2ND_0213, NZ2NZ_0213, ND2ND_ONLY, "
                           "ND2ND_021, ND2ND_102, ND2ND_210)");
}

}  // namespace opkit::host::detail

namespace AscendC {

inline void GetTransposeMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize,
                                      const uint32_t transposeTypeIn, uint32_t& maxValue, uint32_t& minValue) {
  namespace d = opkit::host::detail;
  const char* api = "GetTransposeMaxMinTmpSize";
  d::require_type_size(api, typeSize);
  if (transposeTypeIn == 1 || transposeTypeIn == 2) {
    const std::vector<int64_t> dims = d::ct_dims(api, srcShape, 4, 4, transposeTypeIn);
    maxValue = static_cast<uint32_t>((dims[2] + 15) / 16 * 16 * 16 * typeSize);
    minValue = 256 * typeSize;
  } else if (transposeTypeIn == 7 || (transposeTypeIn >= 13 && transposeTypeIn <= 15)) {
    maxValue = 0;
    minValue = 0;
  } else {
    d::ct_unsupported(api, transposeTypeIn);
  }
}

inline void GetConfusionTransposeMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize,
                                               const uint32_t transposeTypeIn, uint32_t& maxValue,
                                               uint32_t& minValue) {
  GetTransposeMaxMinTmpSize(srcShape, typeSize, transposeTypeIn, maxValue, minValue);
}

inline void GetConfusionTransposeOnlyTilingInfo(const TensorShape& srcShape, const uint32_t stackBufferSize,
                                                const uint32_t typeSize, optiling::ConfusionTransposeTiling& tiling) {
  namespace d = opkit::host::detail;
  const char* api = "GetConfusionTransposeOnlyTilingInfo";
  (void)stackBufferSize;
  d::require_type_size(api, typeSize);
  const std::vector<int64_t> dims = d::ct_dims(api, srcShape, 2, 2, 7);
  if (dims[0] % 16 != 0 || dims[1] % 16 != 0) {
    d::hl_tiling_error(api, "srcShape [H, W] must have H and W multiples of 16");
  }
  const uint32_t block = 32 / typeSize, h = uint32_t(dims[0]), w = uint32_t(dims[1]);
  tiling = {};
  tiling.set_param0(block);
  tiling.set_param1(h);
  tiling.set_param2(w);
  tiling.set_param3(h / 16);
  tiling.set_param4(h * block * typeSize / 32);
  tiling.set_param5(w / block);
}

inline void GetTransposeTilingInfo(const TensorShape& srcShape, const uint32_t stackBufferSize,
                                   const uint32_t typeSize, const uint32_t transposeTypeIn,
                                   optiling::ConfusionTransposeTiling& tiling) {
  namespace d = opkit::host::detail;
  const char* api = "GetTransposeTilingInfo";
  d::require_type_size(api, typeSize);
  if (transposeTypeIn == 7) {
    GetConfusionTransposeOnlyTilingInfo(srcShape, stackBufferSize, typeSize, tiling);
    return;
  }
  tiling = {};
  if (transposeTypeIn == 1 || transposeTypeIn == 2) {  // CANN's formulas (scenes 1/2)
    const std::vector<int64_t> dims = d::ct_dims(api, srcShape, 4, 4, transposeTypeIn);
    const uint32_t b = uint32_t(dims[0]), a1 = uint32_t(dims[1]);
    const uint32_t a2 = uint32_t((dims[2] + 15) / 16 * 16), width = uint32_t((dims[3] + 15) / 16), a3 = width * 16;
    const uint32_t pop = stackBufferSize / typeSize / 256 * 256, pop_h = pop / 16, need = a2 * 16;
    const uint32_t main_blocks = pop == 0 ? 0 : need / pop;
    tiling.set_param0(32 / typeSize);
    tiling.set_param1(b);
    tiling.set_param2(a1);
    tiling.set_param3(a3);
    tiling.set_param4(a2);
    tiling.set_param5(width);
    tiling.set_param6(pop);
    tiling.set_param7(pop_h);
    tiling.set_param8(need);
    tiling.set_param9(main_blocks);
    tiling.set_param10(pop == 0 ? need : need % pop);
    tiling.set_param11(a2 * a3);
    tiling.set_param12(a1 * a2 * a3);
    tiling.set_param13(a1 * a3);
    tiling.set_param14(a1 * 16);
    tiling.set_param15(pop_h * main_blocks * a1 * a3);
  } else if (transposeTypeIn >= 13 && transposeTypeIn <= 15) {
    const std::vector<int64_t> dims = d::ct_dims(api, srcShape, transposeTypeIn == 13 ? 2 : 3, 3, transposeTypeIn);
    const bool two = dims.size() == 2;
    tiling.set_param0(two ? 1u : uint32_t(dims[0]));
    tiling.set_param1(uint32_t(dims[two ? 0 : 1]));
    tiling.set_param2(uint32_t(dims[two ? 1 : 2]));
  } else {
    d::ct_unsupported(api, transposeTypeIn);
  }
}

inline void GetConfusionTransposeTilingInfo(const TensorShape& srcShape, const uint32_t stackBufferSize,
                                            const uint32_t typeSize, const uint32_t transposeTypeIn,
                                            optiling::ConfusionTransposeTiling& tiling) {
  GetTransposeTilingInfo(srcShape, stackBufferSize, typeSize, transposeTypeIn, tiling);
}

}  // namespace AscendC

// The host tiling the multi-core Matmul cases share: CANN's MultiCoreMatmulTiling for fp16 x fp16 -> fp32 (fp32 bias)
// on the 910B2, over `dim` cores, with CANN's default buffer space.
#pragma once

#include "cube_harness.h"
#include "tiling/tiling_api.h"

inline TCubeTiling host_tiling(int m, int n, int k, int dim, bool bias = false, bool ta = false, bool tb = false) {
  auto* plat = platform_ascendc::PlatformAscendCManager::GetInstance("Ascend910B2");
  matmul_tiling::MultiCoreMatmulTiling t(*plat);
  namespace mt = matmul_tiling;
  t.SetDim(dim);
  t.SetAType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT16, ta);
  t.SetBType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT16, tb);
  t.SetCType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT);
  t.SetBiasType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT);
  t.SetShape(m, n, k);
  t.SetOrgShape(m, n, k);
  t.SetBias(bias);
  t.SetBufferSpace(-1, -1, -1);
  optiling::TCubeTiling tiling;
  expect(t.GetTiling(tiling) == 0, "GetTiling failed");
  return tiling;
}

// Host of scale_custom in the layout of CANN's TilingNeo samples: the tiling struct is read from input_tiling.bin;
// the CPU branch passes it by value to ICPU_RUN_KF, the acl branch passes its host pointer to ACLRT_LAUNCH_KERNEL.
#include "scale_tiling.h"
#include "data_utils.h"
#ifndef ASCENDC_CPU_DEBUG
#include "acl/acl.h"
#include "aclrtlaunch_scale_custom.h"
#else
#include "tikicpulib.h"
extern "C" __global__ __aicore__ void scale_custom(GM_ADDR x, GM_ADDR z, ScaleTilingData tiling);
#endif

int32_t main() {
  const uint32_t blockDim = 4;
  size_t tilingSize = sizeof(ScaleTilingData);
  size_t bytes = 4 * 1024 * sizeof(float);
#ifdef ASCENDC_CPU_DEBUG
  uint8_t* tiling = static_cast<uint8_t*>(AscendC::GmAlloc(tilingSize));
  uint8_t* x = static_cast<uint8_t*>(AscendC::GmAlloc(bytes));
  uint8_t* z = static_cast<uint8_t*>(AscendC::GmAlloc(bytes));
  ReadFile("./input/input_tiling.bin", tilingSize, tiling, tilingSize);
  ReadFile("./input/input_x.bin", bytes, x, bytes);
  AscendC::SetKernelMode(KernelMode::AIV_MODE);
  ICPU_RUN_KF(scale_custom, blockDim, x, z, *reinterpret_cast<ScaleTilingData*>(tiling));
  WriteFile("./output/output_z.bin", z, bytes);
  INFO_LOG("cpu branch done");
  AscendC::GmFree(tiling);
  AscendC::GmFree(x);
  AscendC::GmFree(z);
#else
  CHECK_ACL(aclInit(nullptr));
  CHECK_ACL(aclrtSetDevice(0));
  aclrtStream stream = nullptr;
  CHECK_ACL(aclrtCreateStream(&stream));
  ScaleTilingData* tiling = nullptr;
  uint8_t *xHost = nullptr, *zHost = nullptr, *xDevice = nullptr, *zDevice = nullptr;
  CHECK_ACL(aclrtMallocHost(reinterpret_cast<void**>(&tiling), tilingSize));
  CHECK_ACL(aclrtMallocHost(reinterpret_cast<void**>(&xHost), bytes));
  CHECK_ACL(aclrtMallocHost(reinterpret_cast<void**>(&zHost), bytes));
  CHECK_ACL(aclrtMalloc(reinterpret_cast<void**>(&xDevice), bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc(reinterpret_cast<void**>(&zDevice), bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  ReadFile("./input/input_tiling.bin", tilingSize, tiling, tilingSize);
  ReadFile("./input/input_x.bin", bytes, xHost, bytes);
  CHECK_ACL(aclrtMemcpy(xDevice, bytes, xHost, bytes, ACL_MEMCPY_HOST_TO_DEVICE));
  ACLRT_LAUNCH_KERNEL(scale_custom)(blockDim, stream, xDevice, zDevice, tiling);
  CHECK_ACL(aclrtSynchronizeStream(stream));
  CHECK_ACL(aclrtMemcpy(zHost, bytes, zDevice, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
  WriteFile("./output/output_z.bin", zHost, bytes);
  INFO_LOG("npu branch done");
  CHECK_ACL(aclrtFree(xDevice));
  CHECK_ACL(aclrtFree(zDevice));
  CHECK_ACL(aclrtFreeHost(xHost));
  CHECK_ACL(aclrtFreeHost(zHost));
  CHECK_ACL(aclrtFreeHost(tiling));
  CHECK_ACL(aclrtDestroyStream(stream));
  CHECK_ACL(aclrtResetDevice(0));
  CHECK_ACL(aclFinalize());
#endif
  return 0;
}

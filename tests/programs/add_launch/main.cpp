// The host of the add_custom kernel: ICPU_RUN_KF on the CPU-debug path, acl + ACLRT_LAUNCH_KERNEL on the NPU path.
#include "data_utils.h"
#ifndef ASCENDC_CPU_DEBUG
#include "acl/acl.h"
#include "aclrtlaunch_add_custom.h"
extern void add_custom_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* y, uint8_t* z);
#else
#include "tikicpulib.h"
extern "C" __global__ __aicore__ void add_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z);
#endif

int32_t main(int32_t argc, char* argv[]) {
  const bool chevron = argc > 1 && std::string(argv[1]) == "chevron";
  const uint32_t blockDim = 8;
  const size_t bytes = 8 * 2048 * sizeof(uint16_t);
#ifdef ASCENDC_CPU_DEBUG
  (void)chevron;
  uint8_t* x = static_cast<uint8_t*>(AscendC::GmAlloc(bytes));
  uint8_t* y = static_cast<uint8_t*>(AscendC::GmAlloc(bytes));
  uint8_t* z = static_cast<uint8_t*>(AscendC::GmAlloc(bytes));
  if (!ReadFile("./input/input_x.bin", bytes, x, bytes) || !ReadFile("./input/input_y.bin", bytes, y, bytes)) {
    return 1;
  }
  AscendC::SetKernelMode(KernelMode::AIV_MODE);
  ICPU_RUN_KF(add_custom, blockDim, x, y, z);
  WriteFile("./output/output_z.bin", z, bytes);
  INFO_LOG("cpu branch done");
  AscendC::GmFree(x);
  AscendC::GmFree(y);
  AscendC::GmFree(z);
#else
  CHECK_ACL(aclInit(nullptr));
  const int32_t deviceId = 0;
  CHECK_ACL(aclrtSetDevice(deviceId));
  aclrtStream stream = nullptr;
  CHECK_ACL(aclrtCreateStream(&stream));
  uint8_t *xHost, *yHost, *zHost, *xDevice, *yDevice, *zDevice;
  CHECK_ACL(aclrtMallocHost(reinterpret_cast<void**>(&xHost), bytes));
  CHECK_ACL(aclrtMallocHost(reinterpret_cast<void**>(&yHost), bytes));
  CHECK_ACL(aclrtMallocHost(reinterpret_cast<void**>(&zHost), bytes));
  CHECK_ACL(aclrtMalloc(reinterpret_cast<void**>(&xDevice), bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc(reinterpret_cast<void**>(&yDevice), bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc(reinterpret_cast<void**>(&zDevice), bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  if (!ReadFile("./input/input_x.bin", bytes, xHost, bytes) || !ReadFile("./input/input_y.bin", bytes, yHost, bytes)) {
    return 1;
  }
  CHECK_ACL(aclrtMemcpy(xDevice, bytes, xHost, bytes, ACL_MEMCPY_HOST_TO_DEVICE));
  CHECK_ACL(aclrtMemcpy(yDevice, bytes, yHost, bytes, ACL_MEMCPY_HOST_TO_DEVICE));
  if (argc > 2 && std::string(argv[1]) == "fatbin") {  // the kernel binary of ascendc_fatbin_library, by name
    aclrtBinHandle bin = nullptr;
    aclrtFuncHandle func = nullptr;
    aclrtArgsHandle args = nullptr;
    aclrtParamHandle param = nullptr;
    aclrtBinHandle spare = nullptr;  // the same file loaded twice: unloading one handle leaves the other's usable
    aclrtFuncHandle spareFunc = nullptr;
    CHECK_ACL(aclrtBinaryLoadFromFile(argv[2], nullptr, &spare));
    CHECK_ACL(aclrtBinaryGetFunction(spare, "add_custom", &spareFunc));
    CHECK_ACL(aclrtBinaryLoadFromFile(argv[2], nullptr, &bin));
    if (aclrtBinaryGetFunction(bin, "no_such_kernel", &func) != ACL_ERROR_INVALID_PARAM) return 2;
    CHECK_ACL(aclrtBinaryGetFunction(bin, "add_custom", &func));
    CHECK_ACL(aclrtBinaryUnLoad(spare));
    if (aclrtKernelArgsInit(spareFunc, &args) != ACL_ERROR_INVALID_PARAM) return 3;
    CHECK_ACL(aclrtKernelArgsInit(func, &args));
    CHECK_ACL(aclrtKernelArgsAppend(args, &xDevice, sizeof(xDevice), &param));
    CHECK_ACL(aclrtKernelArgsAppend(args, &yDevice, sizeof(yDevice), &param));
    if (argc > 3) {  // one argument short: refused, naming the sizes
      CHECK_ACL(aclrtKernelArgsFinalize(args));
      const aclError refused = aclrtLaunchKernelWithConfig(func, blockDim, stream, nullptr, args, nullptr);
      INFO_LOG("refused %d: %s", refused, aclGetRecentErrMsg());
      return 0;
    }
    CHECK_ACL(aclrtKernelArgsAppend(args, &zDevice, sizeof(zDevice), &param));
    CHECK_ACL(aclrtKernelArgsFinalize(args));
    CHECK_ACL(aclrtLaunchKernelWithConfig(func, blockDim, stream, nullptr, args, nullptr));
    CHECK_ACL(aclrtSynchronizeStream(stream));
    CHECK_ACL(aclrtBinaryUnLoad(bin));
  } else if (chevron) {
    add_custom_do(blockDim, stream, xDevice, yDevice, zDevice);
  } else {
    ACLRT_LAUNCH_KERNEL(add_custom)(blockDim, stream, xDevice, yDevice, zDevice);
  }
  CHECK_ACL(aclrtSynchronizeStream(stream));
  CHECK_ACL(aclrtMemcpy(zHost, bytes, zDevice, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
  WriteFile("./output/output_z.bin", zHost, bytes);
  PrintHalf(zHost, 4);
  INFO_LOG("npu branch done");
  CHECK_ACL(aclrtFree(xDevice));
  CHECK_ACL(aclrtFree(yDevice));
  CHECK_ACL(aclrtFree(zDevice));
  CHECK_ACL(aclrtFreeHost(xHost));
  CHECK_ACL(aclrtFreeHost(yHost));
  CHECK_ACL(aclrtFreeHost(zHost));
  CHECK_ACL(aclrtDestroyStream(stream));
  CHECK_ACL(aclrtResetDevice(deviceId));
  CHECK_ACL(aclFinalize());
#endif
  return 0;
}

// The host of axpy_custom in the older samples' NPU style: acl calls, the kernel launched through axpy_custom_do.
#include <cmath>
#include <cstdio>
#include <vector>
#include "acl/acl.h"

extern void axpy_custom_do(uint32_t blockDim, void* l2ctrl, void* stream, uint8_t* x, uint8_t* y, uint8_t* z);

int32_t main() {
  const uint32_t blockDim = 4;
  const size_t count = 4 * 1000;
  const size_t bytes = count * sizeof(float);
  std::vector<float> x(count), y(count), z(count);
  for (size_t i = 0; i < count; ++i) {
    x[i] = static_cast<float>(i % 97) * 0.25f - 3.0f;
    y[i] = static_cast<float>(i % 13) - 6.5f;
  }
  if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS) {
    return 2;
  }
  aclrtStream stream = nullptr;
  aclrtCreateStream(&stream);
  uint8_t *xDevice, *yDevice, *zDevice;
  aclrtMalloc(reinterpret_cast<void**>(&xDevice), bytes, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMalloc(reinterpret_cast<void**>(&yDevice), bytes, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMalloc(reinterpret_cast<void**>(&zDevice), bytes, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMemcpy(xDevice, bytes, x.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
  aclrtMemcpy(yDevice, bytes, y.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
  axpy_custom_do(blockDim, nullptr, stream, xDevice, yDevice, zDevice);
  aclrtSynchronizeStream(stream);
  aclrtMemcpy(z.data(), bytes, zDevice, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
  size_t wrong = 0;
  for (size_t i = 0; i < count; ++i) {
    wrong += std::fabs(z[i] - (2.0f * x[i] + y[i])) > 1e-5f ? 1 : 0;
  }
  aclrtFree(xDevice);
  aclrtFree(yDevice);
  aclrtFree(zDevice);
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();
  std::printf("%zu of %zu wrong\n", wrong, count);
  return wrong == 0 ? 0 : 1;
}

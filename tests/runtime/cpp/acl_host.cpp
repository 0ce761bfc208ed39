// Host programs on acl/acl.h: each case prints "<code> <aclGetRecentErrMsg()>" lines the test compares.
#include <cstdio>
#include <cstring>
#include <string>

#include <unistd.h>

#include "acl/acl_prof.h"  // first: it must stand on its own, as CANN's does
#include "acl/acl.h"
#include "securec.h"

namespace {

void show(aclError e) { std::printf("%d %s\n", e, aclGetRecentErrMsg()); }

int lifecycle() {
  show(aclInit(nullptr));
  show(aclInit(nullptr));
  show(aclrtSetDevice(8));
  show(aclrtSetDevice(0));
  int32_t dev = -1;
  show(aclrtGetDevice(&dev));
  aclrtContext ctx = nullptr;
  show(aclrtCreateContext(&ctx, 0));
  aclrtStream stream = nullptr;
  show(aclrtCreateStream(&stream));
  show(aclrtSynchronizeStream(stream));
  show(aclrtDestroyStream(stream));
  show(aclrtDestroyStream(stream));
  show(aclrtDestroyContext(ctx));
  show(aclrtResetDevice(0));
  show(aclFinalize());
  show(aclFinalize());
  return dev;
}

void memory() {
  void* dev = nullptr;
  void* host = nullptr;
  show(aclrtMalloc(&dev, 100, ACL_MEM_MALLOC_HUGE_FIRST));
  show(aclrtMallocHost(&host, 100));
  show(aclrtMalloc(&dev, 0, ACL_MEM_MALLOC_HUGE_FIRST));
  char local[256] = {0};
  show(aclrtMemcpy(dev, 100, host, 100, ACL_MEMCPY_HOST_TO_DEVICE));
  show(aclrtMemcpy(dev, 100, host, 100, static_cast<aclrtMemcpyKind>(7)));
  show(aclrtMemcpy(dev, 64, host, 100, ACL_MEMCPY_HOST_TO_DEVICE));
  show(aclrtMemcpy(local, 100, dev, 100, ACL_MEMCPY_HOST_TO_DEVICE));
  show(aclrtMemcpy(dev, 256, local, 256, ACL_MEMCPY_HOST_TO_DEVICE));
  show(aclrtMemcpy(local, 160, dev, 160, ACL_MEMCPY_DEVICE_TO_HOST));  // 100 -> 128 + 32 bytes on the NPU
  show(aclrtMemset(dev, 10, 0, 20));
  show(aclrtFree(local));
  show(aclrtFree(static_cast<char*>(dev) + 32));
  show(aclrtFreeHost(dev));
  show(aclrtFree(dev));
  show(aclrtFree(dev));
  show(aclrtFreeHost(host));
}

// New memory reads zero, as a new process gets it on the device: aclrtMalloc's whole padded size (100 bytes are
// 128 + 32), aclrtMallocHost, and a block handed out again after a free of one that was written.
size_t nonzero(const void* p, size_t n) {
  size_t k = 0;
  for (size_t i = 0; i < n; ++i) k += static_cast<const unsigned char*>(p)[i] != 0;
  return k;
}

void fresh() {
  for (int round = 0; round < 2; ++round) {
    void* dev = nullptr;
    void* host = nullptr;
    unsigned char out[160];
    std::memset(out, 0x5a, sizeof out);
    if (aclrtMalloc(&dev, 100, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return;
    if (aclrtMallocHost(&host, 100) != ACL_SUCCESS) return;
    aclrtMemcpy(out, sizeof out, dev, sizeof out, ACL_MEMCPY_DEVICE_TO_HOST);
    std::printf("%zu %zu\n", nonzero(out, sizeof out), nonzero(host, 100));
    aclrtMemset(dev, 160, 0xa5, 160);  // written before the free: the next round's new block reads zero all the same
    std::memset(host, 0xa5, 100);
    aclrtFree(dev);
    aclrtFreeHost(host);
  }
}

void float16() {
  const float values[] = {0.0f, 1.0f, -2.5f, 65504.0f, 70000.0f, 1e-7f, 5.9604645e-08f, 0.1f};
  for (float v : values) {
    const aclFloat16 h = aclFloatToFloat16(v);
    std::printf("%04x %.9g\n", static_cast<unsigned>(h), static_cast<double>(aclFloat16ToFloat(h)));
  }
}

void sizes() {
  const aclDataType types[] = {ACL_BOOL, ACL_FLOAT16, ACL_BF16, ACL_FLOAT, ACL_DOUBLE, ACL_COMPLEX32, ACL_COMPLEX64,
                               ACL_COMPLEX128};
  for (aclDataType t : types) std::printf("%d %zu\n", static_cast<int>(t), aclDataTypeSize(t));
}

void secure() {
  char dst[8];
  std::printf("%d\n", memcpy_s(dst, sizeof dst, "abcdefghij", 10));
  std::printf("%d\n", memcpy_s(dst, sizeof dst, "abc", 4));
  std::printf("%d %s\n", strcpy_s(dst, sizeof dst, "hello"), dst);
  std::printf("%d\n", strcpy_s(dst, sizeof dst, "too long!"));
  std::printf("%d\n", memset_s(dst, sizeof dst, 0, 9));
  std::printf("%d %s\n", sprintf_s(dst, sizeof dst, "%d-%d", 1, 2), dst);
}

// The profiling range a launch is wrapped in: checked attributes, pushes and pops paired.
void prof_ranges() {
  std::printf("%d\n", aclprofStr2Id("add_custom") == aclprofStr2Id("add_custom") &&
                          aclprofStr2Id("add_custom") != aclprofStr2Id("AddCustom"));
  aclprofTensor tensors[2] = {{0, ACL_FORMAT_ND, ACL_FLOAT16, 2, {8, 2048}},
                              {1, ACL_FORMAT_ND, ACL_FLOAT16, 2, {8, 2048}}};
  aclprofTensorInfo info = {aclprofStr2Id("add_custom"), aclprofStr2Id("AddCustom"), 0, 2, 0, 8, nullptr, tensors};
  aclprofEventAttributes attrs = {1, sizeof(aclprofEventAttributes::message), 0, {&info}};
  show(aclprofRangePushEx(&attrs));
  show(aclprofRangePop());
  show(aclprofRangePop());
  tensors[1].shapeDim = 9;
  show(aclprofRangePushEx(&attrs));
  attrs.messageType = 3;
  show(aclprofRangePushEx(&attrs));
  show(aclprofRangePushEx(nullptr));
}

// A program that a script's `timeout` stops (SIGTERM) while it runs: opkit says so on stderr, then it dies of SIGTERM.
void stopped() {
  show(aclInit(nullptr));
  std::fflush(stdout);
  for (int i = 0; i < 300; ++i) usleep(100000);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string which = argc > 1 ? argv[1] : "";
  if (which == "lifecycle") return lifecycle() == 0 ? 0 : 1;
  if (which == "memory") memory();
  if (which == "fresh") fresh();
  if (which == "float16") float16();
  if (which == "securec") secure();
  if (which == "sizes") sizes();
  if (which == "prof") prof_ranges();
  if (which == "stopped") stopped();
  return 0;
}

// The host HCCL API as CANN's multi-device programs use it: one thread per device, a communicator from root info
// (HcclGetRootInfo + HcclCommInitRootInfo), collectives on aclrtMalloc'd memory. Each rank writes its results to
// out/<collective>_<rank>.bin; test_hccl.py checks them against numpy. `./collectives errors` runs the wrong calls.
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "hccl/hccl.h"

namespace {
constexpr uint32_t kRanks = 4;
constexpr uint64_t kCount = 1000;

uint16_t ToHalf(float f) { return aclFloatToFloat16(f); }

void Save(const std::string& name, uint32_t rank, const void* device, size_t bytes) {
  std::vector<char> host(bytes);
  aclrtMemcpy(host.data(), bytes, device, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
  FILE* f = std::fopen(("out/" + name + "_" + std::to_string(rank) + ".bin").c_str(), "wb");
  std::fwrite(host.data(), 1, bytes, f);
  std::fclose(f);
}

template <typename T>
void* Upload(const std::vector<T>& values) {
  void* p = nullptr;
  aclrtMalloc(&p, values.size() * sizeof(T), ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMemcpy(p, values.size() * sizeof(T), values.data(), values.size() * sizeof(T), ACL_MEMCPY_HOST_TO_DEVICE);
  return p;
}

void* Alloc(size_t bytes) {
  void* p = nullptr;
  aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
  return p;
}

#define CHECK(call)                                                                   \
  do {                                                                                \
    HcclResult r_ = (call);                                                           \
    if (r_ != HCCL_SUCCESS) std::printf("rank %u: %s failed: %d\n", rank, #call, r_); \
  } while (0)

void Rank(uint32_t rank, const HcclRootInfo* root) {
  aclrtSetDevice(static_cast<int32_t>(rank));
  aclrtStream stream = nullptr;
  aclrtCreateStream(&stream);
  HcclComm comm = nullptr;
  CHECK(HcclCommInitRootInfo(kRanks, root, rank, &comm));
  uint32_t size = 0, id = 99;
  CHECK(HcclGetRankSize(comm, &size));
  CHECK(HcclGetRankId(comm, &id));
  std::printf("rank %u of %u\n", id, size);

  std::vector<float> f32(kCount);
  std::vector<uint16_t> f16(kCount * kRanks);
  std::vector<int32_t> i32(kCount);
  for (uint64_t i = 0; i < kCount; ++i) {
    f32[i] = static_cast<float>(rank + 1) * 0.5f + static_cast<float>(i) * 0.25f;
    i32[i] = static_cast<int32_t>(rank * 100000 + i);
  }
  for (uint64_t i = 0; i < kCount * kRanks; ++i) f16[i] = ToHalf(static_cast<float>((i + rank * 7) % 13) - 6.0f);

  void* a = Upload(f32);
  void* sum = Alloc(kCount * 4);
  CHECK(HcclAllReduce(a, sum, kCount, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, stream));
  Save("allreduce_sum", rank, sum, kCount * 4);
  void* h = Upload(f16);
  CHECK(HcclAllReduce(h, h, kCount * kRanks, HCCL_DATA_TYPE_FP16, HCCL_REDUCE_MAX, comm, stream));  // in place
  Save("allreduce_max", rank, h, kCount * kRanks * 2);
  void* g = Upload(i32);
  void* gathered = Alloc(kCount * kRanks * 4);
  CHECK(HcclAllGather(g, gathered, kCount, HCCL_DATA_TYPE_INT32, comm, stream));
  Save("allgather", rank, gathered, kCount * kRanks * 4);
  void* rs = Upload(f16);
  void* scattered = Alloc(kCount * 2);
  CHECK(HcclReduceScatter(rs, scattered, kCount, HCCL_DATA_TYPE_FP16, HCCL_REDUCE_SUM, comm, stream));
  Save("reducescatter", rank, scattered, kCount * 2);
  void* b = Upload(i32);
  CHECK(HcclBroadcast(b, kCount, HCCL_DATA_TYPE_INT32, 2, comm, stream));
  Save("broadcast", rank, b, kCount * 4);
  CHECK(HcclBarrier(comm, stream));
  aclrtSynchronizeStream(stream);
  for (void* p : {a, sum, h, g, gathered, rs, scattered, b}) aclrtFree(p);
  CHECK(HcclCommDestroy(comm));
  aclrtDestroyStream(stream);
  aclrtResetDevice(static_cast<int32_t>(rank));
}

// Two ranks that disagree on a collective's count, then the calls HCCL refuses.
void Errors() {
  HcclRootInfo root;
  HcclGetRootInfo(&root);
  std::vector<std::thread> threads;
  for (uint32_t rank = 0; rank < 2; ++rank) {
    threads.emplace_back([rank, &root] {
      aclrtSetDevice(static_cast<int32_t>(rank));
      HcclComm comm = nullptr;
      HcclCommInitRootInfo(2, &root, rank, &comm);
      void* buf = Alloc(64 * 4);
      const HcclResult r = HcclAllReduce(buf, buf, rank == 0 ? 64 : 32, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm,
                                         nullptr);
      std::printf("mismatch rank %u: %d\n", rank, r);
      aclrtFree(buf);
      HcclCommDestroy(comm);
    });
  }
  for (std::thread& t : threads) t.join();
  HcclComm comm = nullptr;
  std::printf("cluster: %d\n", HcclCommInitClusterInfo("ranktable.json", 0, &comm));
  HcclRootInfo foreign;
  std::memset(&foreign, 0, sizeof foreign);
  std::snprintf(foreign.internal, sizeof foreign.internal, "from-another-process");
  std::printf("foreign: %d\n", HcclCommInitRootInfo(2, &foreign, 0, &comm));
  int32_t devices[2] = {0, 0};
  HcclComm comms[2];
  std::printf("twice: %d\n", HcclCommInitAll(2, devices, comms));
}
}  // namespace

int main(int argc, char** argv) {
  aclInit(nullptr);
  if (argc > 1 && std::string(argv[1]) == "errors") {
    Errors();
  } else {
    HcclRootInfo root;
    if (HcclGetRootInfo(&root) != HCCL_SUCCESS) return 1;
    std::vector<std::thread> threads;
    for (uint32_t rank = 0; rank < kRanks; ++rank) threads.emplace_back(Rank, rank, &root);
    for (std::thread& t : threads) t.join();
  }
  aclFinalize();
  return 0;
}

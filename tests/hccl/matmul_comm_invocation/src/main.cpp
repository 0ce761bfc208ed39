// Calls MatmulCommCustom as CANN's MC2 samples call their ops: one communicator over 4 devices (HcclCommInitAll),
// one thread per rank running the op through its aclnn API with the communicator's name as the group attr.
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "aclnn_matmul_comm_custom.h"
#include "hccl/hccl.h"

namespace {
const uint32_t RANKS = 4;
const int64_t M = 64;
const int64_t K = 32;
const int64_t N = 48;
bool g_mismatch = false;  // rank 1 calls the op with half the rows
int g_failed = 0;

struct Buffer {
    std::vector<int64_t> shape;
    void *device;
    aclTensor *tensor;
};

Buffer Make(const std::vector<int64_t> &shape, const std::string &file)
{
    Buffer b;
    b.shape = shape;
    size_t bytes = 2;
    for (size_t i = 0; i < shape.size(); ++i) {
        bytes *= static_cast<size_t>(shape[i]);
    }
    aclrtMalloc(&b.device, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    if (!file.empty()) {
        std::vector<char> host(bytes);
        FILE *f = std::fopen(file.c_str(), "rb");
        size_t got = f != NULL ? std::fread(host.data(), 1, bytes, f) : 0;
        if (f != NULL) {
            std::fclose(f);
        }
        if (got != bytes) {
            std::printf("[ERROR] cannot read %s\n", file.c_str());
        }
        aclrtMemcpy(b.device, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    }
    std::vector<int64_t> strides(shape.size(), 1);
    for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i) {
        strides[i] = strides[i + 1] * shape[i + 1];
    }
    b.tensor = aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT16, strides.data(), 0, ACL_FORMAT_ND,
                               shape.data(), shape.size(), b.device);
    return b;
}

void Save(const Buffer &b, const std::string &file)
{
    size_t bytes = 2;
    for (size_t i = 0; i < b.shape.size(); ++i) {
        bytes *= static_cast<size_t>(b.shape[i]);
    }
    std::vector<char> host(bytes);
    aclrtMemcpy(host.data(), bytes, b.device, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
    FILE *f = std::fopen(file.c_str(), "wb");
    std::fwrite(host.data(), 1, bytes, f);
    std::fclose(f);
}

void RunRank(uint32_t rank, HcclComm comm)
{
    aclrtContext context;
    aclrtCreateContext(&context, static_cast<int32_t>(rank));
    aclrtStream stream;
    aclrtCreateStream(&stream);
    char group[128] = {0};
    HcclGetCommName(comm, group);
    const int64_t m = g_mismatch && rank == 1 ? M / 2 : M;
    const std::string r = std::to_string(rank);
    Buffer a = Make({m, K}, "../input/a_" + r + ".bin");
    Buffer b = Make({K, N}, "../input/b_" + r + ".bin");
    Buffer c = Make({m, N}, "");
    Buffer gather = Make({m * RANKS, K}, "");
    Buffer scatter = Make({m / RANKS, N}, "");
    uint64_t workspaceSize = 0;
    aclOpExecutor *executor = NULL;
    aclnnStatus ret = aclnnMatmulCommCustomGetWorkspaceSize(a.tensor, b.tensor, group, c.tensor, gather.tensor,
                                                            scatter.tensor, &workspaceSize, &executor);
    void *workspace = NULL;
    if (ret == ACL_SUCCESS && workspaceSize > 0) {
        aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
    }
    if (ret == ACL_SUCCESS) {
        ret = aclnnMatmulCommCustom(workspace, workspaceSize, executor, stream);
    }
    if (ret == ACL_SUCCESS) {
        ret = aclrtSynchronizeStream(stream);
    }
    if (ret != ACL_SUCCESS) {
        std::printf("[ERROR] rank %u: status %d: %s\n", rank, static_cast<int>(ret), aclGetRecentErrMsg());
        __sync_fetch_and_add(&g_failed, 1);
    } else {
        Save(c, "c_" + r + ".bin");
        Save(gather, "gather_" + r + ".bin");
        Save(scatter, "scatter_" + r + ".bin");
        std::printf("[INFO] rank %u done\n", rank);
    }
    Buffer all[] = {a, b, c, gather, scatter};
    for (size_t i = 0; i < 5; ++i) {
        aclDestroyTensor(all[i].tensor);
        aclrtFree(all[i].device);
    }
    if (workspace != NULL) {
        aclrtFree(workspace);
    }
    HcclCommDestroy(comm);
    aclrtDestroyStream(stream);
    aclrtDestroyContext(context);
}
}  // namespace

int main(int argc, char **argv)
{
    g_mismatch = argc > 1 && std::string(argv[1]) == "mismatch";
    aclInit(NULL);
    int32_t devices[RANKS];
    for (uint32_t i = 0; i < RANKS; ++i) {
        devices[i] = static_cast<int32_t>(i);
        aclrtSetDevice(devices[i]);
    }
    HcclComm comms[RANKS];
    if (HcclCommInitAll(RANKS, devices, comms) != HCCL_SUCCESS) {
        std::printf("[ERROR] HcclCommInitAll failed\n");
        return 1;
    }
    std::vector<std::thread> threads;
    for (uint32_t rank = 0; rank < RANKS; ++rank) {
        threads.push_back(std::thread(RunRank, rank, comms[rank]));
    }
    for (size_t i = 0; i < threads.size(); ++i) {
        threads[i].join();
    }
    for (uint32_t i = 0; i < RANKS; ++i) {
        aclrtResetDevice(static_cast<int32_t>(i));
    }
    aclFinalize();
    return g_failed;
}

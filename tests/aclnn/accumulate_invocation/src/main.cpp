// Runs aclnnAccumulateCustom(varRef, x) (var += x; var is a ref tensor, given once) of the op tests/test_inplace_ops.py
// generates, as CANN's AclNNInvocationNaive samples call such an op, and writes the var it read back from var's
// device memory to output/var.bin. float32, 4 x 257, from input/var.bin and input/x.bin.
#include <cstdio>
#include <fstream>
#include <vector>

#include "acl/acl.h"
#include "aclnn_accumulate_custom.h"

#define CHECK_RET(cond, what)                                               \
    do {                                                                    \
        if (!(cond)) {                                                      \
            printf("[ERROR] %s failed: %s\n", what, aclGetRecentErrMsg()); \
            return 1;                                                       \
        }                                                                   \
    } while (0)

static int CreateAclTensor(const std::vector<float> &hostData, const std::vector<int64_t> &shape, void **deviceAddr,
                           aclTensor **tensor)
{
    const size_t size = hostData.size() * sizeof(float);
    CHECK_RET(aclrtMalloc(deviceAddr, size, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
    CHECK_RET(aclrtMemcpy(*deviceAddr, size, hostData.data(), size, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS,
              "aclrtMemcpy");
    std::vector<int64_t> strides(shape.size(), 1);
    for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; i--) {
        strides[i] = shape[i + 1] * strides[i + 1];
    }
    *tensor = aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, shape.data(),
                              shape.size(), *deviceAddr);
    CHECK_RET(*tensor != nullptr, "aclCreateTensor");
    return 0;
}

int main()
{
    const std::vector<int64_t> shape = {4, 257};
    const size_t count = 4 * 257;
    std::vector<float> var(count), x(count);
    std::ifstream("../input/var.bin", std::ios::binary).read(reinterpret_cast<char *>(var.data()), count * 4);
    std::ifstream("../input/x.bin", std::ios::binary).read(reinterpret_cast<char *>(x.data()), count * 4);

    aclrtStream stream = nullptr;
    CHECK_RET(aclInit(nullptr) == ACL_SUCCESS, "aclInit");
    CHECK_RET(aclrtSetDevice(0) == ACL_SUCCESS, "aclrtSetDevice");
    CHECK_RET(aclrtCreateStream(&stream) == ACL_SUCCESS, "aclrtCreateStream");

    void *devVar = nullptr, *devX = nullptr;
    aclTensor *varRef = nullptr, *tx = nullptr;
    CHECK_RET(CreateAclTensor(var, shape, &devVar, &varRef) == 0, "input var");
    CHECK_RET(CreateAclTensor(x, shape, &devX, &tx) == 0, "input x");

    uint64_t workspaceSize = 0;
    aclOpExecutor *executor = nullptr;
    CHECK_RET(aclnnAccumulateCustomGetWorkspaceSize(varRef, tx, &workspaceSize, &executor) == ACLNN_SUCCESS,
              "aclnnAccumulateCustomGetWorkspaceSize");
    void *workspace = nullptr;
    if (workspaceSize > 0) {
        CHECK_RET(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
    }
    CHECK_RET(aclnnAccumulateCustom(workspace, workspaceSize, executor, stream) == ACLNN_SUCCESS,
              "aclnnAccumulateCustom");
    CHECK_RET(aclrtSynchronizeStream(stream) == ACL_SUCCESS, "aclrtSynchronizeStream");
    CHECK_RET(aclrtMemcpy(var.data(), count * 4, devVar, count * 4, ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS,
              "aclrtMemcpy");
    std::ofstream("var.bin", std::ios::binary).write(reinterpret_cast<const char *>(var.data()), count * 4);
    printf("[INFO] aclnnAccumulateCustom ran\n");

    aclDestroyTensor(varRef);
    aclDestroyTensor(tx);
    aclrtFree(devVar);
    aclrtFree(devX);
    if (workspace != nullptr) {
        aclrtFree(workspace);
    }
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}

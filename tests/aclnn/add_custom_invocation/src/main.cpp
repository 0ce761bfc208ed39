// Runs aclnnAddCustom on input/input_x.bin and input/input_y.bin (float16, 8 x 256) and writes output/output_z.bin,
// the way CANN's AclNNInvocation samples call an operator: ACL resources, device buffers, aclTensors, then the two
// aclnn calls.
#include <cstdio>
#include <fstream>
#include <vector>

#include "acl/acl.h"
#include "aclnn_add_custom.h"

#define CHECK_RET(cond, what)                              \
    do {                                                   \
        if (!(cond)) {                                     \
            printf("[ERROR] %s failed: %s\n", what, aclGetRecentErrMsg()); \
            return 1;                                      \
        }                                                  \
    } while (0)

static bool ReadFile(const char *path, void *data, size_t size)
{
    std::ifstream in(path, std::ios::binary);
    return in.read(static_cast<char *>(data), size).gcount() == static_cast<std::streamsize>(size);
}

static bool WriteFile(const char *path, const void *data, size_t size)
{
    std::ofstream out(path, std::ios::binary);
    return static_cast<bool>(out.write(static_cast<const char *>(data), size));
}

static aclTensor *CreateTensor(const std::vector<int64_t> &shape, void *deviceAddr, aclDataType dataType)
{
    std::vector<int64_t> strides(shape.size(), 1);
    for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; i--) {
        strides[i] = shape[i + 1] * strides[i + 1];
    }
    return aclCreateTensor(shape.data(), shape.size(), dataType, strides.data(), 0, ACL_FORMAT_ND, shape.data(),
                           shape.size(), deviceAddr);
}

int main()
{
    const std::vector<int64_t> shape = {8, 256};
    const size_t count = 8 * 256;
    const size_t size = count * sizeof(aclFloat16);
    int32_t deviceId = 0;
    aclrtStream stream = nullptr;
    CHECK_RET(aclInit(nullptr) == ACL_SUCCESS, "aclInit");
    CHECK_RET(aclrtSetDevice(deviceId) == ACL_SUCCESS, "aclrtSetDevice");
    CHECK_RET(aclrtCreateStream(&stream) == ACL_SUCCESS, "aclrtCreateStream");

    void *hostX = nullptr, *hostY = nullptr, *hostZ = nullptr;
    CHECK_RET(aclrtMallocHost(&hostX, size) == ACL_SUCCESS, "aclrtMallocHost");
    CHECK_RET(aclrtMallocHost(&hostY, size) == ACL_SUCCESS, "aclrtMallocHost");
    CHECK_RET(aclrtMallocHost(&hostZ, size) == ACL_SUCCESS, "aclrtMallocHost");
    CHECK_RET(ReadFile("../input/input_x.bin", hostX, size), "read input_x.bin");
    CHECK_RET(ReadFile("../input/input_y.bin", hostY, size), "read input_y.bin");

    void *devX = nullptr, *devY = nullptr, *devZ = nullptr;
    CHECK_RET(aclrtMalloc(&devX, size, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
    CHECK_RET(aclrtMalloc(&devY, size, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
    CHECK_RET(aclrtMalloc(&devZ, size, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
    CHECK_RET(aclrtMemcpy(devX, size, hostX, size, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS, "aclrtMemcpy");
    CHECK_RET(aclrtMemcpy(devY, size, hostY, size, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS, "aclrtMemcpy");

    aclTensor *x = CreateTensor(shape, devX, ACL_FLOAT16);
    aclTensor *y = CreateTensor(shape, devY, ACL_FLOAT16);
    aclTensor *z = CreateTensor(shape, devZ, ACL_FLOAT16);
    CHECK_RET(x != nullptr && y != nullptr && z != nullptr, "aclCreateTensor");

    uint64_t workspaceSize = 0;
    aclOpExecutor *executor = nullptr;
    CHECK_RET(aclnnAddCustomGetWorkspaceSize(x, y, z, &workspaceSize, &executor) == ACLNN_SUCCESS,
              "aclnnAddCustomGetWorkspaceSize");
    void *workspace = nullptr;
    if (workspaceSize > 0) {
        CHECK_RET(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
    }
    CHECK_RET(aclnnAddCustom(workspace, workspaceSize, executor, stream) == ACLNN_SUCCESS, "aclnnAddCustom");
    CHECK_RET(aclrtSynchronizeStream(stream) == ACL_SUCCESS, "aclrtSynchronizeStream");

    CHECK_RET(aclrtMemcpy(hostZ, size, devZ, size, ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS, "aclrtMemcpy");
    CHECK_RET(WriteFile("output_z.bin", hostZ, size), "write output_z.bin");
    printf("[INFO] aclnnAddCustom ran, workspace size %llu\n", static_cast<unsigned long long>(workspaceSize));

    aclDestroyTensor(x);
    aclDestroyTensor(y);
    aclDestroyTensor(z);
    if (workspace != nullptr) {
        aclrtFree(workspace);
    }
    aclrtFree(devX);
    aclrtFree(devY);
    aclrtFree(devZ);
    aclrtFreeHost(hostX);
    aclrtFreeHost(hostY);
    aclrtFreeHost(hostZ);
    aclrtDestroyStream(stream);
    aclrtResetDevice(deviceId);
    aclFinalize();
    return 0;
}

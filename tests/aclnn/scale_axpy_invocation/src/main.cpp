// Runs aclnnScaleAxpyCustom (z = alpha * x + beta * y, alpha and beta optional attrs) on input/input_x.bin and
// input/input_y.bin (float32, 3 x 100) with alpha 0.5 and beta 3, and writes output/output_z.bin: an op whose only
// declaration is its OpDef, called as CANN's AclNNInvocationNaive samples call one.
#include <cstdio>
#include <fstream>
#include <vector>

#include "acl/acl.h"
#include "aclnn_scale_axpy_custom.h"

#define CHECK_RET(cond, what)                                               \
    do {                                                                    \
        if (!(cond)) {                                                      \
            printf("[ERROR] %s failed: %s\n", what, aclGetRecentErrMsg()); \
            return 1;                                                       \
        }                                                                   \
    } while (0)

template <typename T>
static int CreateAclTensor(const std::vector<T> &hostData, const std::vector<int64_t> &shape, void **deviceAddr,
                           aclDataType dataType, aclTensor **tensor)
{
    const size_t size = hostData.size() * sizeof(T);
    CHECK_RET(aclrtMalloc(deviceAddr, size, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
    CHECK_RET(aclrtMemcpy(*deviceAddr, size, hostData.data(), size, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS,
              "aclrtMemcpy");
    std::vector<int64_t> strides(shape.size(), 1);
    for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; i--) {
        strides[i] = shape[i + 1] * strides[i + 1];
    }
    *tensor = aclCreateTensor(shape.data(), shape.size(), dataType, strides.data(), 0, ACL_FORMAT_ND, shape.data(),
                              shape.size(), *deviceAddr);
    CHECK_RET(*tensor != nullptr, "aclCreateTensor");
    return 0;
}

int main()
{
    const std::vector<int64_t> shape = {3, 100};
    const size_t count = 300;
    std::vector<float> x(count), y(count), z(count, 0.0f);
    std::ifstream("../input/input_x.bin", std::ios::binary).read(reinterpret_cast<char *>(x.data()), count * 4);
    std::ifstream("../input/input_y.bin", std::ios::binary).read(reinterpret_cast<char *>(y.data()), count * 4);

    aclrtStream stream = nullptr;
    CHECK_RET(aclInit(nullptr) == ACL_SUCCESS, "aclInit");
    CHECK_RET(aclrtSetDevice(0) == ACL_SUCCESS, "aclrtSetDevice");
    CHECK_RET(aclrtCreateStream(&stream) == ACL_SUCCESS, "aclrtCreateStream");

    void *devX = nullptr, *devY = nullptr, *devZ = nullptr;
    aclTensor *tx = nullptr, *ty = nullptr, *tz = nullptr;
    CHECK_RET(CreateAclTensor(x, shape, &devX, ACL_FLOAT, &tx) == 0, "input x");
    CHECK_RET(CreateAclTensor(y, shape, &devY, ACL_FLOAT, &ty) == 0, "input y");
    CHECK_RET(CreateAclTensor(z, shape, &devZ, ACL_FLOAT, &tz) == 0, "output z");

    uint64_t workspaceSize = 0;
    aclOpExecutor *executor = nullptr;
    CHECK_RET(aclnnScaleAxpyCustomGetWorkspaceSize(tx, ty, 0.5, 3, tz, &workspaceSize, &executor) == ACLNN_SUCCESS,
              "aclnnScaleAxpyCustomGetWorkspaceSize");
    void *workspace = nullptr;
    if (workspaceSize > 0) {
        CHECK_RET(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
    }
    CHECK_RET(aclnnScaleAxpyCustom(workspace, workspaceSize, executor, stream) == ACLNN_SUCCESS,
              "aclnnScaleAxpyCustom");
    CHECK_RET(aclrtSynchronizeStream(stream) == ACL_SUCCESS, "aclrtSynchronizeStream");
    CHECK_RET(aclrtMemcpy(z.data(), count * 4, devZ, count * 4, ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS,
              "aclrtMemcpy");
    std::ofstream("output_z.bin", std::ios::binary).write(reinterpret_cast<const char *>(z.data()), count * 4);
    printf("[INFO] aclnnScaleAxpyCustom ran, workspace size %llu\n", static_cast<unsigned long long>(workspaceSize));

    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    aclDestroyTensor(tz);
    aclrtFree(devX);
    aclrtFree(devY);
    aclrtFree(devZ);
    if (workspace != nullptr) {
        aclrtFree(workspace);
    }
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}

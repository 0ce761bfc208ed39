// Runs the in-place ops of tests/layouts/inplace_project as CANN's AclNNInvocationNaive samples call ops of that kind
// (strided_slice_assign_v2's varRef, sscal's op without outputs): aclnnApplyAxpyCustom(varRef, x, alpha 0.5) writes
// var, then aclnnScalInplaceCustom(x, alpha -3) writes x; each result is read back from its input's device memory
// into output/var.bin and output/x.bin. float32, 3 x 100, from input/var.bin and input/x.bin.
#include <cstdio>
#include <fstream>
#include <vector>

#include "acl/acl.h"
#include "aclnn_apply_axpy_custom.h"
#include "aclnn_scal_inplace_custom.h"

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

static int RunExecutor(uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream, bool axpy)
{
    void *workspace = nullptr;
    if (workspaceSize > 0) {
        CHECK_RET(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
    }
    const aclnnStatus ret = axpy ? aclnnApplyAxpyCustom(workspace, workspaceSize, executor, stream)
                                 : aclnnScalInplaceCustom(workspace, workspaceSize, executor, stream);
    CHECK_RET(ret == ACLNN_SUCCESS, axpy ? "aclnnApplyAxpyCustom" : "aclnnScalInplaceCustom");
    CHECK_RET(aclrtSynchronizeStream(stream) == ACL_SUCCESS, "aclrtSynchronizeStream");
    if (workspace != nullptr) {
        aclrtFree(workspace);
    }
    return 0;
}

static int Save(void *device, std::vector<float> &host, const char *path)
{
    const size_t size = host.size() * sizeof(float);
    CHECK_RET(aclrtMemcpy(host.data(), size, device, size, ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS, "aclrtMemcpy");
    std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char *>(host.data()), size);
    return 0;
}

int main()
{
    const std::vector<int64_t> shape = {3, 100};
    const size_t count = 300;
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
    CHECK_RET(aclnnApplyAxpyCustomGetWorkspaceSize(varRef, tx, 0.5, &workspaceSize, &executor) == ACLNN_SUCCESS,
              "aclnnApplyAxpyCustomGetWorkspaceSize");
    CHECK_RET(RunExecutor(workspaceSize, executor, stream, true) == 0, "the axpy run");
    CHECK_RET(Save(devVar, var, "var.bin") == 0, "reading var");

    CHECK_RET(aclnnScalInplaceCustomGetWorkspaceSize(tx, -3.0, &workspaceSize, &executor) == ACLNN_SUCCESS,
              "aclnnScalInplaceCustomGetWorkspaceSize");
    CHECK_RET(RunExecutor(workspaceSize, executor, stream, false) == 0, "the scal run");
    CHECK_RET(Save(devX, x, "x.bin") == 0, "reading x");

    aclnnStatus nullRef = aclnnApplyAxpyCustomGetWorkspaceSize(nullptr, tx, 0.5, &workspaceSize, &executor);
    printf("null varRef: %d %s\n", static_cast<int>(nullRef), aclGetRecentErrMsg());
    printf("[INFO] both in-place ops ran\n");

    aclDestroyTensor(varRef);
    aclDestroyTensor(tx);
    aclrtFree(devVar);
    aclrtFree(devX);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}

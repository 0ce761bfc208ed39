// Runs aclnnScaleByScalar (y = x * value, value a `const aclScalar *`) twice, as CANN's AclNNInvocationNaive samples
// call an op with a scalar input: float32 x (3 x 100) by a double scalar 2.5, and float16 x by a float scalar -0.5.
// The scalar is converted to the dtype the OpDef lists for it in the combination x selects. Writes
// output/output_y.bin and output/output_y16.bin. Then the op's hand-written aclnn layer, aclnnScaleTwice (op_host/
// aclnn_scale_twice.cpp over its l0 op): self a transposed float32 view, out every other column of a float16 buffer;
// writes the whole buffer to output/output_twice.bin; then self a row of 100 broadcast to out's 3 x 100
// (output/output_twice_row.bin), and a row of 7 that does not broadcast.
#include <cstdio>
#include <fstream>
#include <vector>

#include "acl/acl.h"
#include "aclnn_scale_by_scalar.h"
#include "aclnn_scale_twice.h"

#define CHECK_RET(cond, what)                                               \
    do {                                                                    \
        if (!(cond)) {                                                      \
            printf("[ERROR] %s failed: %s\n", what, aclGetRecentErrMsg()); \
            return 1;                                                       \
        }                                                                   \
    } while (0)

static aclTensor *Tensor(void *device, aclDataType dtype)
{
    const int64_t shape[2] = {3, 100};
    const int64_t strides[2] = {100, 1};
    return aclCreateTensor(shape, 2, dtype, strides, 0, ACL_FORMAT_ND, shape, 2, device);
}

// y = x * value on the device: x read from `in`, y written to `out`, `bytes` each.
static int Scale(const char *in, const char *out, size_t bytes, aclDataType dtype, aclScalar *value,
                 aclrtStream stream)
{
    std::vector<char> host(bytes);
    std::ifstream(in, std::ios::binary).read(host.data(), static_cast<std::streamsize>(bytes));
    void *devX = nullptr, *devY = nullptr;
    CHECK_RET(aclrtMalloc(&devX, bytes, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
    CHECK_RET(aclrtMalloc(&devY, bytes, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
    CHECK_RET(aclrtMemcpy(devX, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS, "aclrtMemcpy");
    aclTensor *x = Tensor(devX, dtype);
    aclTensor *y = Tensor(devY, dtype);
    uint64_t workspaceSize = 0;
    aclOpExecutor *executor = nullptr;
    CHECK_RET(aclnnScaleByScalarGetWorkspaceSize(x, value, y, &workspaceSize, &executor) == ACLNN_SUCCESS,
              "aclnnScaleByScalarGetWorkspaceSize");
    CHECK_RET(aclnnScaleByScalar(nullptr, workspaceSize, executor, stream) == ACLNN_SUCCESS, "aclnnScaleByScalar");
    CHECK_RET(aclrtSynchronizeStream(stream) == ACL_SUCCESS, "aclrtSynchronizeStream");
    CHECK_RET(aclrtMemcpy(host.data(), bytes, devY, bytes, ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS, "aclrtMemcpy");
    std::ofstream(out, std::ios::binary).write(host.data(), static_cast<std::streamsize>(bytes));
    aclDestroyTensor(x);
    aclDestroyTensor(y);
    aclrtFree(devX);
    aclrtFree(devY);
    return 0;
}

// out = self * value * value by aclnnScaleTwice: self the transpose of a 100 x 3 float32 buffer (input_xt.bin), out
// the even columns of a 3 x 200 float16 buffer, zeros elsewhere.
static int ScaleTwice(aclScalar *value, aclrtStream stream)
{
    std::vector<char> host(300 * 4), result(600 * 2, 0);
    std::ifstream("../input/input_xt.bin", std::ios::binary).read(host.data(), 300 * 4);
    void *devX = nullptr, *devY = nullptr;
    CHECK_RET(aclrtMalloc(&devX, 300 * 4, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
    CHECK_RET(aclrtMalloc(&devY, 600 * 2, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
    CHECK_RET(aclrtMemcpy(devX, 300 * 4, host.data(), 300 * 4, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS, "aclrtMemcpy");
    CHECK_RET(aclrtMemcpy(devY, 600 * 2, result.data(), 600 * 2, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS,
              "aclrtMemcpy");
    const int64_t shape[2] = {3, 100}, xStrides[2] = {1, 3}, yStrides[2] = {200, 2};
    const int64_t xStorage[2] = {100, 3}, yStorage[2] = {3, 200};
    aclTensor *x = aclCreateTensor(shape, 2, ACL_FLOAT, xStrides, 0, ACL_FORMAT_ND, xStorage, 2, devX);
    aclTensor *y = aclCreateTensor(shape, 2, ACL_FLOAT16, yStrides, 0, ACL_FORMAT_ND, yStorage, 2, devY);
    uint64_t workspaceSize = 0;
    aclOpExecutor *executor = nullptr;
    CHECK_RET(aclnnScaleTwiceGetWorkspaceSize(x, value, y, &workspaceSize, &executor) == ACLNN_SUCCESS,
              "aclnnScaleTwiceGetWorkspaceSize");
    CHECK_RET(aclnnScaleTwice(nullptr, workspaceSize, executor, stream) == ACLNN_SUCCESS, "aclnnScaleTwice");
    CHECK_RET(aclrtSynchronizeStream(stream) == ACL_SUCCESS, "aclrtSynchronizeStream");
    CHECK_RET(aclrtMemcpy(result.data(), 600 * 2, devY, 600 * 2, ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS,
              "aclrtMemcpy");
    std::ofstream("output_twice.bin", std::ios::binary).write(result.data(), 600 * 2);
    aclnnStatus nullSelf = aclnnScaleTwiceGetWorkspaceSize(nullptr, value, y, &workspaceSize, &executor);
    printf("[INFO] twice null self: %d %s\n", nullSelf, aclGetRecentErrMsg());
    aclTensor *wrong = aclCreateTensor(xStorage, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, xStorage, 2, devX);
    aclnnStatus wrongShape = aclnnScaleTwiceGetWorkspaceSize(x, value, wrong, &workspaceSize, &executor);
    printf("[INFO] twice out shape: %d %s\n", wrongShape, aclGetRecentErrMsg());
    aclDestroyTensor(wrong);
    aclDestroyTensor(x);
    aclDestroyTensor(y);
    aclrtFree(devX);
    aclrtFree(devY);
    return 0;
}

// out (3 x 100 float16) = row * value * value for each of its rows: self a float32 row of 100 (input_row.bin).
static int ScaleTwiceRow(aclScalar *value, aclrtStream stream)
{
    std::vector<char> host(100 * 4), result(300 * 2, 0);
    std::ifstream("../input/input_row.bin", std::ios::binary).read(host.data(), 100 * 4);
    void *devX = nullptr, *devY = nullptr;
    CHECK_RET(aclrtMalloc(&devX, 100 * 4, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
    CHECK_RET(aclrtMalloc(&devY, 300 * 2, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
    CHECK_RET(aclrtMemcpy(devX, 100 * 4, host.data(), 100 * 4, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS, "aclrtMemcpy");
    const int64_t rowShape[1] = {100}, rowStrides[1] = {1}, shortShape[1] = {7};
    const int64_t shape[2] = {3, 100}, strides[2] = {100, 1};
    aclTensor *x = aclCreateTensor(rowShape, 1, ACL_FLOAT, rowStrides, 0, ACL_FORMAT_ND, rowShape, 1, devX);
    aclTensor *y = aclCreateTensor(shape, 2, ACL_FLOAT16, strides, 0, ACL_FORMAT_ND, shape, 2, devY);
    uint64_t workspaceSize = 0;
    aclOpExecutor *executor = nullptr;
    CHECK_RET(aclnnScaleTwiceGetWorkspaceSize(x, value, y, &workspaceSize, &executor) == ACLNN_SUCCESS,
              "aclnnScaleTwiceGetWorkspaceSize (row)");
    CHECK_RET(aclnnScaleTwice(nullptr, workspaceSize, executor, stream) == ACLNN_SUCCESS, "aclnnScaleTwice (row)");
    CHECK_RET(aclrtSynchronizeStream(stream) == ACL_SUCCESS, "aclrtSynchronizeStream");
    CHECK_RET(aclrtMemcpy(result.data(), 300 * 2, devY, 300 * 2, ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS,
              "aclrtMemcpy");
    std::ofstream("output_twice_row.bin", std::ios::binary).write(result.data(), 300 * 2);
    aclTensor *shortRow = aclCreateTensor(shortShape, 1, ACL_FLOAT, rowStrides, 0, ACL_FORMAT_ND, shortShape, 1, devX);
    aclnnStatus noBroadcast = aclnnScaleTwiceGetWorkspaceSize(shortRow, value, y, &workspaceSize, &executor);
    printf("[INFO] twice short row: %d %s\n", noBroadcast, aclGetRecentErrMsg());
    aclDestroyTensor(shortRow);
    aclDestroyTensor(x);
    aclDestroyTensor(y);
    aclrtFree(devX);
    aclrtFree(devY);
    return 0;
}

int main()
{
    aclrtStream stream = nullptr;
    CHECK_RET(aclInit(nullptr) == ACL_SUCCESS, "aclInit");
    CHECK_RET(aclrtSetDevice(0) == ACL_SUCCESS, "aclrtSetDevice");
    CHECK_RET(aclrtCreateStream(&stream) == ACL_SUCCESS, "aclrtCreateStream");

    double twoAndHalf = 2.5;
    float minusHalf = -0.5f;
    aclScalar *byDouble = aclCreateScalar(&twoAndHalf, ACL_DOUBLE);
    aclScalar *byFloat = aclCreateScalar(&minusHalf, ACL_FLOAT);
    if (Scale("../input/input_x.bin", "output_y.bin", 300 * 4, ACL_FLOAT, byDouble, stream) != 0 ||
        Scale("../input/input_x16.bin", "output_y16.bin", 300 * 2, ACL_FLOAT16, byFloat, stream) != 0 ||
        ScaleTwice(byDouble, stream) != 0 || ScaleTwiceRow(byDouble, stream) != 0) {
        return 1;
    }
    uint64_t workspaceSize = 0;
    aclOpExecutor *executor = nullptr;
    void *dev = nullptr;
    CHECK_RET(aclrtMalloc(&dev, 300 * 4, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
    aclnnStatus nullScalar = aclnnScaleByScalarGetWorkspaceSize(Tensor(dev, ACL_FLOAT), nullptr, Tensor(dev, ACL_FLOAT),
                                                                &workspaceSize, &executor);
    printf("[INFO] null scalar: %d %s\n", nullScalar, aclGetRecentErrMsg());
    aclrtFree(dev);
    aclDestroyScalar(byDouble);
    aclDestroyScalar(byFloat);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}

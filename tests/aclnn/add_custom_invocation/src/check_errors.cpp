// What aclnnAddCustom says about wrong calls, and how it treats strided views. One line per case:
// `CASE <name> <status> <aclGetRecentErrMsg>`; the numeric cases print `CASE <name> <status> ok|<first mismatch>`.
#include <cstdio>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnn_add_custom.h"

static const int64_t kRows = 4;
static const int64_t kCols = 64;

static void Report(const char *name, aclnnStatus status)
{
    const char *message = aclGetRecentErrMsg();
    printf("CASE %s %d %s\n", name, status, status == ACLNN_SUCCESS ? "-" : message);
}

static aclTensor *Dense(void *data, aclDataType type, int64_t rows, int64_t cols)
{
    int64_t shape[2] = {rows, cols};
    return aclCreateTensor(shape, 2, type, nullptr, 0, ACL_FORMAT_ND, shape, 2, data);
}

static aclnnStatus Add(const aclTensor *x, const aclTensor *y, const aclTensor *z)
{
    uint64_t workspaceSize = 0;
    aclOpExecutor *executor = nullptr;
    aclnnStatus status = aclnnAddCustomGetWorkspaceSize(x, y, z, &workspaceSize, &executor);
    if (status != ACLNN_SUCCESS) {
        return status;
    }
    return aclnnAddCustom(nullptr, workspaceSize, executor, nullptr);
}

static void *DeviceFloats(const std::vector<float> &host)
{
    void *dev = nullptr;
    aclrtMalloc(&dev, host.size() * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(dev, host.size() * sizeof(float), host.data(), host.size() * sizeof(float), ACL_MEMCPY_HOST_TO_DEVICE);
    return dev;
}

static std::vector<float> HostFloats(void *dev, size_t count)
{
    std::vector<float> host(count);
    aclrtMemcpy(host.data(), count * sizeof(float), dev, count * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST);
    return host;
}

// x is read through a transposed view of a (kCols x kRows) buffer; z is written through a view with a row pitch
// twice as long as a row: both are copied by the aclnn layer, and the padding columns of z stay untouched.
static void StridedViews()
{
    const size_t n = kRows * kCols;
    std::vector<float> xt(n), y(n), zpad(n * 2, -7.0f);
    for (size_t i = 0; i < n; ++i) {
        xt[i] = static_cast<float>(i % 97) * 0.5f;
        y[i] = static_cast<float>(i % 13) - 6.0f;
    }
    void *devX = DeviceFloats(xt), *devY = DeviceFloats(y), *devZ = DeviceFloats(zpad);
    int64_t shape[2] = {kRows, kCols};
    int64_t xStrides[2] = {1, kRows};
    int64_t xStorage[2] = {kCols, kRows};
    int64_t zStrides[2] = {kCols * 2, 1};
    int64_t zStorage[2] = {kRows, kCols * 2};
    aclTensor *x = aclCreateTensor(shape, 2, ACL_FLOAT, xStrides, 0, ACL_FORMAT_ND, xStorage, 2, devX);
    aclTensor *yt = Dense(devY, ACL_FLOAT, kRows, kCols);
    aclTensor *z = aclCreateTensor(shape, 2, ACL_FLOAT, zStrides, 0, ACL_FORMAT_ND, zStorage, 2, devZ);
    aclnnStatus status = Add(x, yt, z);
    std::vector<float> got = HostFloats(devZ, n * 2);
    char verdict[128] = "ok";
    for (int64_t r = 0; r < kRows && status == ACLNN_SUCCESS; ++r) {
        for (int64_t c = 0; c < kCols * 2; ++c) {
            const float want = c < kCols ? xt[c * kRows + r] + y[r * kCols + c] : -7.0f;
            if (got[r * kCols * 2 + c] != want) {
                snprintf(verdict, sizeof verdict, "z[%lld][%lld]=%g,want=%g", (long long)r, (long long)c,
                         got[r * kCols * 2 + c], want);
                r = kRows;
                break;
            }
        }
    }
    printf("CASE strided_views %d %s\n", status, status == ACLNN_SUCCESS ? verdict : aclGetRecentErrMsg());
    aclDestroyTensor(x);
    aclDestroyTensor(yt);
    aclDestroyTensor(z);
    aclrtFree(devX);
    aclrtFree(devY);
    aclrtFree(devZ);
}

// `check_errors long`: adds of 4M floats, which a short OPKIT_KERNEL_TIMEOUT cancels (the simulator's watchdog looks
// every 10 ms, so a launch may finish first: up to 50 tries): a launch that fails is a status and a message, and the
// program goes on.
static int LongRun()
{
    const int64_t rows = 1024, cols = 4096;
    const size_t bytes = rows * cols * sizeof(float);
    void *devX = nullptr, *devY = nullptr, *devZ = nullptr;
    aclrtMalloc(&devX, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&devY, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&devZ, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemset(devX, bytes, 0, bytes);
    aclrtMemset(devY, bytes, 0, bytes);
    aclTensor *x = Dense(devX, ACL_FLOAT, rows, cols);
    aclTensor *y = Dense(devY, ACL_FLOAT, rows, cols);
    aclTensor *z = Dense(devZ, ACL_FLOAT, rows, cols);
    aclnnStatus status = ACLNN_SUCCESS;
    for (int i = 0; i < 50 && status == ACLNN_SUCCESS; ++i) {
        status = Add(x, y, z);
    }
    Report("long_run", status);
    aclDestroyTensor(x);
    aclDestroyTensor(y);
    aclDestroyTensor(z);
    aclrtFree(devX);
    aclrtFree(devY);
    aclrtFree(devZ);
    printf("CASE after_long_run 0 the program goes on\n");
    return 0;
}

int main(int argc, char **argv)
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    if (argc > 1 && std::string(argv[1]) == "long") {
        return LongRun();
    }
    const size_t bytes = kRows * kCols * sizeof(float);
    void *devX = nullptr, *devY = nullptr, *devZ = nullptr, *small = nullptr, *host = nullptr;
    aclrtMalloc(&devX, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&devY, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&devZ, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&small, 64, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMallocHost(&host, bytes);
    aclTensor *x = Dense(devX, ACL_FLOAT, kRows, kCols);
    aclTensor *y = Dense(devY, ACL_FLOAT, kRows, kCols);
    aclTensor *z = Dense(devZ, ACL_FLOAT, kRows, kCols);
    aclTensor *yHalf = Dense(devY, ACL_FLOAT16, kRows, kCols);
    aclTensor *zWide = Dense(devZ, ACL_FLOAT, kRows / 2, kCols);
    aclTensor *xSmall = Dense(small, ACL_FLOAT, kRows, kCols);
    aclTensor *xHost = Dense(host, ACL_FLOAT, kRows, kCols);
    aclTensor *yShort = Dense(devY, ACL_FLOAT, kRows / 2, kCols);
    aclTensor *dead = Dense(devX, ACL_FLOAT, kRows, kCols);
    aclDestroyTensor(dead);

    uint64_t workspaceSize = 0;
    aclOpExecutor *executor = nullptr;
    Report("null_input", aclnnAddCustomGetWorkspaceSize(nullptr, y, z, &workspaceSize, &executor));
    Report("null_output", aclnnAddCustomGetWorkspaceSize(x, y, nullptr, &workspaceSize, &executor));
    Report("null_workspace_size", aclnnAddCustomGetWorkspaceSize(x, y, z, nullptr, &executor));
    Report("wrong_dtype", aclnnAddCustomGetWorkspaceSize(x, yHalf, z, &workspaceSize, &executor));
    Report("wrong_output_shape", aclnnAddCustomGetWorkspaceSize(x, y, zWide, &workspaceSize, &executor));
    Report("destroyed_tensor", aclnnAddCustomGetWorkspaceSize(dead, y, z, &workspaceSize, &executor));
    Report("block_too_small", aclnnAddCustomGetWorkspaceSize(xSmall, y, z, &workspaceSize, &executor));
    Report("host_memory", aclnnAddCustomGetWorkspaceSize(xHost, y, z, &workspaceSize, &executor));
    Report("null_executor", aclnnAddCustom(nullptr, 0, nullptr, nullptr));

    aclnnStatus status = aclnnAddCustomGetWorkspaceSize(x, y, z, &workspaceSize, &executor);
    Report("first_run", status == ACLNN_SUCCESS ? aclnnAddCustom(nullptr, workspaceSize, executor, nullptr) : status);
    Report("executor_reused", aclnnAddCustom(nullptr, workspaceSize, executor, nullptr));
    Report("infer_shape_refuses", aclnnAddCustomGetWorkspaceSize(x, yShort, z, &workspaceSize, &executor));
    // Every output empty: CANN's aclnn runs no kernel (OpDef's LaunchWithZeroEleOutputTensors is not set), so the
    // kernel's writes of x's 4x64 sums never reach z's 0 bytes.
    aclTensor *zEmpty = Dense(devZ, ACL_FLOAT, 0, kCols);
    Report("empty_output", Add(x, y, zEmpty));
    aclDestroyTensor(zEmpty);
    StridedViews();

    aclDestroyTensor(x);
    aclDestroyTensor(y);
    aclDestroyTensor(z);
    aclDestroyTensor(yHalf);
    aclDestroyTensor(zWide);
    aclDestroyTensor(yShort);
    aclDestroyTensor(xSmall);
    aclDestroyTensor(xHost);
    aclrtFree(devX);
    aclrtFree(devY);
    aclrtFree(devZ);
    aclrtFree(small);
    aclrtFreeHost(host);
    aclFinalize();
    return 0;
}

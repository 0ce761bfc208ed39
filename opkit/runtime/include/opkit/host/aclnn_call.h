// The op-independent half of a generated libcust_opapi.so: CANN's two-phase aclnn calls over the one launch path of
// launch_op.h. aclnnXxxGetWorkspaceSize checks every argument (null, dead object, dtype combination, output shape
// against the op's InferShape), runs the TilingFunc and hands back an executor and its workspace size; aclnnXxx runs
// the kernel on the simulator with the caller's workspace. A failure is an aclnnStatus with aclGetRecentErrMsg naming
// the API and the argument, never an exception or a crash. Built with OPKIT_ACL_SHARED_STATE (libascendcl.so's state).
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "opkit/host/aclnn_record.h"
#include "opkit/host/aclnn_scalar.h"
#include "opkit/host/aclnn_types.h"
#include "opkit/host/launch_op.h"
#include "opkit/sim/device_memory.h"

namespace opkit::host::aclnn {
using bindings::CallError;
using bindings::Dispatch;
using bindings::GmPtr;
using bindings::IrSlot;
using bindings::OpTable;
using opkit::aclnn::forget_object;
using opkit::aclnn::object_is_live;
using opkit::aclnn::ObjectKind;
using opkit::aclnn::track_object;

// A view that is not dense row-major: the kernel gets a contiguous copy (copied back after the launch for outputs).
struct StridedCopy {
    GmPtr view_base;  // the tensor's data + offset
    std::vector<int64_t> shape, strides;
    size_t element;
    std::vector<uint8_t> dense;
    bool output;
};

inline bool IsContiguous(const aclTensor& t)
{
    int64_t expected = 1;
    for (size_t i = t.view_shape.size(); i-- > 0;) {
        if (t.view_shape[i] != 1 && t.strides[i] != expected) return false;
        expected *= t.view_shape[i];
    }
    return true;
}

// Copies between the strided view and its dense buffer, element by element (to_dense: view -> dense).
inline void CopyStrided(StridedCopy& c, bool to_dense)
{
    const size_t rank = c.shape.size();
    std::vector<int64_t> index(rank, 0);
    const size_t count = c.dense.size() / c.element;
    for (size_t n = 0; n < count; ++n) {
        int64_t at = 0;
        for (size_t d = 0; d < rank; ++d) at += index[d] * c.strides[d];
        uint8_t* view = c.view_base + at * static_cast<int64_t>(c.element);
        uint8_t* dense = c.dense.data() + n * c.element;
        std::memcpy(to_dense ? dense : view, to_dense ? view : dense, c.element);
        for (size_t d = rank; d-- > 0;) {
            if (++index[d] < c.shape[d]) break;
            index[d] = 0;
        }
    }
}

class Executor : public aclOpExecutor {
public:
    aclnnStatus Run(void* workspace, uint64_t workspaceSize, aclrtStream /*stream*/) override;

    const OpTable* table = nullptr;
    Dispatch dispatch;
    std::vector<IrSlot> slots;
    std::vector<StridedCopy> copies;  // slots point into their dense buffers
    std::deque<std::vector<unsigned char>> scalars;   // the aclScalar arguments as tensors (aclnn_scalar.h)
    bindings::PreparedLaunch prepared;
};

inline std::string Address(const void* p)
{
    char text[32];
    std::snprintf(text, sizeof text, "%p", p);
    return text;
}

// Where `bytes` at `p` lie, if in memory of ACL's allocators: "" when fine (or not ACL's memory: a framework's own,
// as torch_npu's), else what is wrong. A device block too small would be a heap overrun once the kernel ran.
inline std::string CheckMemory(const void* p, uint64_t bytes)
{
    auto& s = opkit::sim::detail::device_memory();
    std::lock_guard<std::mutex> lock(s.m);
    const auto addr = reinterpret_cast<uintptr_t>(p);
    auto it = s.live.upper_bound(addr);
    if (it == s.live.begin()) return "";
    --it;
    const opkit::sim::detail::DeviceAllocation& a = it->second;
    if (addr >= it->first + a.padded) return "";
    if (a.kind == opkit::sim::detail::MemoryKind::kHost) {
        return "is host memory (aclrtMallocHost); the kernel reads device memory (aclrtMalloc)";
    }
    const uint64_t room = addr < it->first + a.requested ? it->first + a.requested - addr : 0;
    if (bytes > room) {
        return "needs " + std::to_string(bytes) + " bytes, but its aclrtMalloc block has " + std::to_string(room) +
               " left from there";
    }
    return "";
}

inline aclnnStatus Fail(aclnnStatus code, const std::string& api, const std::string& message)
{
    return opkit::sim::detail::acl_fail(code, api.c_str(), "%s", message.c_str());
}

// The SoC an aclnn call runs on. On an NPU machine that is the chip in it, whatever the library was built for; here
// the simulated device is $OPKIT_SOC when set (what aclrtGetSocName answers too: `OPKIT_SOC=Ascend910B4 ./prog` is
// a machine with a 910B4, 40 vector cores), else the SoC the library was built for (`opkit build --soc`, else the
// project's AddConfig family). A device of another arch than the kernels were compiled for is refused, naming both.
inline std::string DeviceSoc(const std::string& built)
{
    const char* env = std::getenv("OPKIT_SOC");
    if (env == nullptr || *env == '\0') return built;
    const opkit::sim::SocProfile& device = detail::resolve_soc(env);
    const opkit::sim::SocProfile& compiled = detail::resolve_soc(built);
    if (device.npu_arch != compiled.npu_arch) {
        throw HostError("", "platform", std::string("$OPKIT_SOC=") + env + " (family " + device.family + ", arch " +
                                            std::to_string(device.npu_arch) + ") is not what this library was "
                                            "built for: " + compiled.name + " (arch " +
                                            std::to_string(compiled.npu_arch) + "); rebuild it with `opkit build "
                                            "--soc " + env + "`");
    }
    return device.name;
}

// One aclnnXxxGetWorkspaceSize call: the generated function adds its arguments in CANN's order, then Prepare().
class Call {
public:
    Call(const OpTable& table, Dispatch dispatch, const char* api, const char* soc)
        : table_(table), api_(std::string(api) + "GetWorkspaceSize"), soc_(soc),
          executor_(std::make_unique<Executor>())
    {
        executor_->table = &table;
        executor_->dispatch = std::move(dispatch);
        executor_->op = api;
        executor_->copies.reserve(64);   // slots keep pointers into them
    }

    void Input(const char* name, const aclTensor* t, bool optional) { Add(name, t, optional, false); }
    void Output(const char* name, const aclTensor* t) { Add(name, t, false, false); }
    void InputList(const char* name, const aclTensorList* list) { AddList(name, list, false); }
    void OutputList(const char* name, const aclTensorList* list) { AddList(name, list, true); }
    // An OpDef input marked .Scalar() / .ScalarList(): a tensor of the OpDef's dtype once the others are known.
    void Scalar(const char* name, const aclScalar* s)
    {
        if (s == nullptr) return Error(ACLNN_ERR_PARAM_NULLPTR, std::string(name) + " is null (an aclScalar)");
        if (!Live(name, s, ObjectKind::kScalar, "aclScalar")) return;
        scalars_.push_back(PendingScalars{executor_->slots.size(), {*s}});
        executor_->slots.push_back(IrSlot{name, false, {}});
    }
    void ScalarList(const char* name, const aclScalarList* list)
    {
        if (list == nullptr) return Error(ACLNN_ERR_PARAM_NULLPTR, std::string(name) + " is null (an aclScalarList)");
        if (!Live(name, list, ObjectKind::kScalarList, "aclScalarList")) return;
        PendingScalars pending{executor_->slots.size(), {}};
        for (size_t i = 0; i < list->scalars.size(); ++i) {
            if (list->scalars[i] == nullptr) {
                return Error(ACLNN_ERR_PARAM_NULLPTR, std::string(name) + "[" + std::to_string(i) + "] is null");
            }
            pending.values.push_back(*list->scalars[i]);
        }
        scalars_.push_back(std::move(pending));
        executor_->slots.push_back(IrSlot{name, false, {}});
    }

    // An integer OpDef input marked .ValueDepend(REQUIRED): a `const aclIntArray *` in CANN's generated API (fill's
    // dims, strided_slice_assign_v2's begin/end/strides), a tensor of the OpDef's dtype, shape [n], for the kernel.
    // Optional: null leaves the input out.
    void IntArrayInput(const char* name, const aclIntArray* v, bool optional)
    {
        if (v == nullptr) {
            if (!optional) return Error(ACLNN_ERR_PARAM_NULLPTR, std::string(name) + " is null (an aclIntArray)");
            executor_->slots.push_back(IrSlot{name, false, {}});
            return;
        }
        if (!Live(name, v, ObjectKind::kIntArray, "aclIntArray")) return;
        PendingScalars pending{executor_->slots.size(), {}};
        for (int64_t x : v->values) {
            aclScalar s;
            s.dtype = ACL_INT64;
            std::memcpy(s.value, &x, sizeof x);
            pending.values.push_back(s);
        }
        scalars_.push_back(std::move(pending));
        executor_->slots.push_back(IrSlot{name, false, {}});
    }

    void Attr(const char* name, double v) { attrs_.emplace(name, static_cast<float>(v)); }
    void Attr(const char* name, int64_t v) { attrs_.emplace(name, v); }
    void Attr(const char* name, bool v) { attrs_.emplace(name, v); }
    void Attr(const char* name, const char* v)   // null: the OpDef's default (an optional attr)
    {
        if (v != nullptr) attrs_.emplace(name, std::string(v));
    }
    void Attr(const char* name, const aclIntArray* v)
    {
        if (Live(name, v, ObjectKind::kIntArray, "aclIntArray")) attrs_.emplace(name, v->values);
    }
    void Attr(const char* name, const aclFloatArray* v)
    {
        if (Live(name, v, ObjectKind::kFloatArray, "aclFloatArray")) attrs_.emplace(name, v->values);
    }
    void Attr(const char* name, const aclBoolArray* v)
    {
        if (Live(name, v, ObjectKind::kBoolArray, "aclBoolArray")) attrs_.emplace(name, v->values);
    }

    // The launch of an l0 op's ADD_TO_LAUNCHER_LIST_AICORE: its l0 code gave each output its shape, and CANN runs no
    // InferShape there (the op's InferShape may read attrs its OpDef does not declare, as pad_v3_grad_replication's).
    void OutputsAsGiven() { outputs_as_given_ = true; }

    aclnnStatus Prepare(uint64_t* workspaceSize, aclOpExecutor** executor);

private:
    template <typename T>
    bool Live(const char* name, const T* object, ObjectKind kind, const char* type)
    {
        if (object == nullptr || status_ != ACLNN_SUCCESS) return false;   // null: the attr's default
        if (!object_is_live(object, kind)) {
            Error(ACLNN_ERR_PARAM_INVALID,
                  std::string(name) + " (" + Address(object) + ") is not a live " + type + " (destroyed already?)");
            return false;
        }
        return true;
    }

    void Error(aclnnStatus code, const std::string& message)
    {
        if (status_ == ACLNN_SUCCESS) {
            status_ = code;
            message_ = message;
        }
    }

    bool Describe(const char* name, const aclTensor* t, bool output, bindings::Tensor* out);
    void Add(const char* name, const aclTensor* t, bool optional, bool dynamic);
    void AddList(const char* name, const aclTensorList* list, bool output);
    void CheckOutputShapes();

    const OpTable& table_;
    std::string api_;
    std::string soc_;
    std::unique_ptr<Executor> executor_;
    AttrMap attrs_;
    std::vector<PendingScalars> scalars_;
    aclnnStatus status_ = ACLNN_SUCCESS;
    std::string message_;
    bool outputs_as_given_ = false;
};

inline bool Call::Describe(const char* name, const aclTensor* t, bool output, bindings::Tensor* out)
{
    if (!object_is_live(t, ObjectKind::kTensor)) {
        Error(ACLNN_ERR_PARAM_INVALID, std::string(name) + " is not a live aclTensor (destroyed already?)");
        return false;
    }
    const size_t element = aclDataTypeSize(t->dtype);
    uint64_t count = 1;
    for (int64_t d : t->view_shape) count *= static_cast<uint64_t>(d);
    if (t->data == nullptr && count > 0) {
        Error(ACLNN_ERR_PARAM_NULLPTR, std::string(name) + "'s data is null");
        return false;
    }
    out->dtype = static_cast<ge::DataType>(t->dtype);   // aclDataType and ge::DataType share their codes
    out->shape = t->view_shape;
    out->bytes = count * element;
    GmPtr base = static_cast<GmPtr>(t->data) + t->offset * static_cast<int64_t>(element);
    for (size_t d = 0; d < t->strides.size(); ++d) {
        if (t->strides[d] < 0) {
            Error(ACLNN_ERR_PARAM_INVALID, std::string(name) + " has a negative stride (dim " + std::to_string(d) +
                                               "), which opkit's aclnn does not take");
            return false;
        }
    }
    uint64_t span = count == 0 ? 0 : element;   // the bytes the view reaches from base
    for (size_t d = 0; d < t->view_shape.size() && count > 0; ++d) {
        span += static_cast<uint64_t>((t->view_shape[d] - 1) * t->strides[d]) * element;
    }
    const std::string memory = count == 0 ? "" : CheckMemory(base, span);
    if (!memory.empty()) {
        Error(ACLNN_ERR_PARAM_INVALID, std::string(name) + "'s data " + memory);
        return false;
    }
    if (IsContiguous(*t) || count == 0) {
        out->data = base;
        return true;
    }
    auto& copies = executor_->copies;
    if (copies.size() == copies.capacity()) {
        Error(ACLNN_ERR_PARAM_INVALID, "more than 64 non-contiguous tensors");
        return false;
    }
    copies.push_back(StridedCopy{base, t->view_shape, t->strides, element, std::vector<uint8_t>(out->bytes), output});
    out->data = copies.back().dense.data();
    return true;
}

inline void Call::Add(const char* name, const aclTensor* t, bool optional, bool dynamic)
{
    IrSlot slot{name, dynamic, {}};
    if (t == nullptr && !optional) {
        Error(ACLNN_ERR_PARAM_NULLPTR, std::string(name) + " is null (a required " +
                                           (executor_->slots.size() < table_.inputs.size() ? "input" : "output") + ")");
    } else if (t != nullptr && status_ == ACLNN_SUCCESS) {
        bindings::Tensor tensor;
        if (Describe(name, t, executor_->slots.size() >= table_.inputs.size(), &tensor)) slot.tensors.push_back(tensor);
    }
    executor_->slots.push_back(std::move(slot));
}

inline void Call::AddList(const char* name, const aclTensorList* list, bool output)
{
    IrSlot slot{name, true, {}};
    if (list == nullptr) {
        Error(ACLNN_ERR_PARAM_NULLPTR, std::string(name) + " is null (a tensor list)");
    } else if (!object_is_live(list, ObjectKind::kTensorList)) {
        Error(ACLNN_ERR_PARAM_INVALID, std::string(name) + " is not a live aclTensorList (destroyed already?)");
    } else {
        for (size_t i = 0; i < list->tensors.size() && status_ == ACLNN_SUCCESS; ++i) {
            const std::string item = std::string(name) + "[" + std::to_string(i) + "]";
            bindings::Tensor tensor;
            if (list->tensors[i] == nullptr) {
                Error(ACLNN_ERR_PARAM_NULLPTR, item + " is null");
            } else if (Describe(item.c_str(), list->tensors[i], output, &tensor)) {
                slot.tensors.push_back(tensor);
            }
        }
    }
    executor_->slots.push_back(std::move(slot));
}

// Each output's shape is the caller's, as in CANN's aclnn (CANN's own sasum example passes y as [1] where its
// InferShape gives [n]); one that differs from what the op's InferShape gives is a warning on stderr. A kernel that
// writes past the given output still stops at the simulator's global-memory bounds check.
inline void Call::CheckOutputShapes()
{
    const auto& slots = executor_->slots;
    const auto split = slots.begin() + static_cast<std::ptrdiff_t>(table_.inputs.size());
    std::vector<size_t> counts;
    for (auto it = split; it != slots.end(); ++it) counts.push_back(it->tensors.size());
    if (counts.empty()) return;   // an op without outputs (it works in place): nothing to infer, as CANN's aclnn
    const InferResult inferred = infer(table_.opType, bindings::ToHost(std::vector<IrSlot>(slots.begin(), split)),
                                       attrs_, counts);
    for (size_t o = 0; o < inferred.outputs.size() && o < counts.size(); ++o) {
        const IrSlot& given = *(split + static_cast<std::ptrdiff_t>(o));
        for (size_t i = 0; i < inferred.outputs[o].size() && i < given.tensors.size(); ++i) {
            const TensorArg& want = inferred.outputs[o][i];
            if (want.shape_known && want.shape != given.tensors[i].shape) {
                std::fprintf(stderr, "[WARNING] opkit: %s: %s has shape %s, but the op's InferShape gives %s; the "
                             "given shape is used, as CANN's aclnn does\n", api_.c_str(), given.name.c_str(),
                             detail::shape_text(given.tensors[i].shape).c_str(), detail::shape_text(want.shape).c_str());
            }
        }
    }
}

inline aclnnStatus Call::Prepare(uint64_t* workspaceSize, aclOpExecutor** executor)
{
    if (workspaceSize == nullptr || executor == nullptr) {
        Error(ACLNN_ERR_PARAM_NULLPTR, workspaceSize == nullptr ? "workspaceSize is null" : "executor is null");
    }
    if (status_ != ACLNN_SUCCESS) return Fail(status_, api_, message_);
    const std::string scalars = BindScalars(table_, executor_->slots, scalars_, executor_->scalars);
    if (!scalars.empty()) return Fail(ACLNN_ERR_PARAM_INVALID, api_, scalars);
    RecordCall(table_.opType, executor_->slots, table_.inputs.size());
    try {
        if (!outputs_as_given_) CheckOutputShapes();
        if (status_ != ACLNN_SUCCESS) return Fail(status_, api_, message_);
        std::string soc;
        try {
            soc = DeviceSoc(soc_);
        } catch (const HostError& e) {   // $OPKIT_SOC names no SoC, or one the kernels were not compiled for
            return Fail(ACLNN_ERR_RUNTIME_ERROR, api_, e.message());
        }
        executor_->prepared = bindings::PrepareLaunch(table_, executor_->slots, attrs_, soc);
    } catch (const CallError& e) {   // no dtype combination matches
        return Fail(ACLNN_ERR_PARAM_INVALID, api_, e.what());
    } catch (const HostError& e) {   // the op's InferShape or TilingFunc refused the call
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, api_, e.what());
    } catch (const std::exception& e) {
        return Fail(ACLNN_ERR_INNER, api_, e.what());
    }
    executor_->workspace_size = executor_->prepared.tiled.workspace_bytes();
    *workspaceSize = executor_->workspace_size;
    *executor = executor_.get();
    track_object(executor_.get(), ObjectKind::kExecutor);
    executor_.release();
    return ACLNN_SUCCESS;
}

inline aclnnStatus Executor::Run(void* workspace, uint64_t workspaceSize, aclrtStream /*stream*/)
{
    if (workspaceSize < workspace_size || (workspace_size > 0 && workspace == nullptr)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, op,
                    "the workspace (" + std::to_string(workspaceSize) + " bytes at " + Address(workspace) +
                        ") is smaller than the " + std::to_string(workspace_size) +
                        " bytes GetWorkspaceSize asked for");
    }
    try {
        for (StridedCopy& c : copies) {
            if (!c.output) CopyStrided(c, true);
        }
        const std::vector<std::string> warnings =
            bindings::RunPrepared(*table, prepared, slots, dispatch, static_cast<GmPtr>(workspace));
        for (StridedCopy& c : copies) {
            if (c.output) CopyStrided(c, false);
        }
        // What the device survives (a read past a buffer's end...), on stderr as CANN's plog-to-stdout warnings are.
        opkit::sim::detail::print_warnings(warnings);
    } catch (const std::exception& e) {   // a kernel fault, a timeout, an interrupt: the program goes on
        return Fail(ACLNN_ERR_RUNTIME_ERROR, op, e.what());
    }
    return ACLNN_SUCCESS;
}

// aclnnXxx(workspace, workspaceSize, executor, stream): runs the executor once, then frees it (unless repeatable).
inline aclnnStatus Run(const char* api, void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                       aclrtStream stream)
{
    if (executor == nullptr) return Fail(ACLNN_ERR_PARAM_NULLPTR, api, "executor is null");
    if (!object_is_live(executor, ObjectKind::kExecutor)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, api, "executor " + Address(executor) +
                                                     " is not live: an executor runs once, unless "
                                                     "aclSetAclOpExecutorRepeatable made it repeatable");
    }
    auto* ours = dynamic_cast<Executor*>(executor);
    if (ours == nullptr || ours->op != api) {
        return Fail(ACLNN_ERR_PARAM_INVALID, api, "executor was made by " + executor->op + "GetWorkspaceSize");
    }
    const aclnnStatus status = ours->Run(workspace, workspaceSize, stream);
    if (!executor->repeatable) {
        forget_object(executor, ObjectKind::kExecutor);
        delete executor;
    }
    return status;
}

}  // namespace opkit::host::aclnn

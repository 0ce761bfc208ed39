// The executor of CANN's hand-written op_api code (an op's aclnn_xxx.cpp "l2" and xxx_l0.cpp "l0" files) on the CPU.
// CREATE_EXECUTOR makes an L2Executor; each l0 call adds a launch to it (ADD_TO_LAUNCHER_LIST_AICORE: the op's own
// kernel on the simulator through the same Call path as a generated aclnn API; l0op::Contiguous/ViewCopy/Fill/Cast:
// host copies); CommonOpExecutorRun runs the launches in order. Tensors the executor allocates get host memory when
// a launch first needs them (their shape is final by then: INFER_SHAPE runs the op's InferShape at once).
// Compiled into an op's libcust_opapi.so with the op_api sources (OPKIT_PROJECT_SOC is its SoC).
#pragma once

#include <cstdint>
#include <cstring>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "opkit/host/aclnn_call.h"

namespace opkit::opdev {

// The ops of this library by OpDef type, for ADD_TO_LAUNCHER_LIST_AICORE (the generated aclnn.cpp registers them).
struct OpEntry {
    const host::bindings::OpTable* table;
    host::bindings::Dispatch dispatch;
};
inline std::map<std::string, OpEntry>& Ops()
{
    static std::map<std::string, OpEntry> ops;
    return ops;
}
inline bool RegisterOp(const char* type, const host::bindings::OpTable& table, host::bindings::Dispatch dispatch)
{
    Ops()[type] = OpEntry{&table, std::move(dispatch)};
    return true;
}

// The API whose GetWorkspaceSize is running (L2_DFX_PHASE_1 sets it): the name error messages start with.
inline std::string& CurrentApi()
{
    static thread_local std::string api = "aclnn";
    return api;
}

inline aclnnStatus Fail(aclnnStatus code, const std::string& message)
{
    return host::aclnn::Fail(code, CurrentApi(), message);
}

class L2Executor : public aclOpExecutor {
public:
    using Step = std::function<aclnnStatus()>;

    // Its tensors and arrays are live objects while it lives (a launch's checks refuse any other).
    ~L2Executor() override
    {
        for (const auto& t : tensors) opkit::aclnn::forget_object(t.get(), opkit::aclnn::ObjectKind::kTensor);
        for (const auto& a : int_arrays) opkit::aclnn::forget_object(a.get(), opkit::aclnn::ObjectKind::kIntArray);
        for (const auto& a : float_arrays) {
            opkit::aclnn::forget_object(a.get(), opkit::aclnn::ObjectKind::kFloatArray);
        }
        for (const auto& a : bool_arrays) opkit::aclnn::forget_object(a.get(), opkit::aclnn::ObjectKind::kBoolArray);
        for (const auto& a : scalars) opkit::aclnn::forget_object(a.get(), opkit::aclnn::ObjectKind::kScalar);
    }

    aclnnStatus Run(void* /*workspace*/, uint64_t /*workspaceSize*/, aclrtStream /*stream*/) override
    {
        for (auto& step : steps) {
            const aclnnStatus status = step.second();
            if (status != ACLNN_SUCCESS) return status;
        }
        return ACLNN_SUCCESS;
    }

    aclTensor* NewTensor(const std::vector<int64_t>& shape, ge::DataType dtype, ge::Format format)
    {
        tensors.push_back(std::make_unique<aclTensor>());
        aclTensor* t = tensors.back().get();
        opkit::aclnn::track_object(t, opkit::aclnn::ObjectKind::kTensor);
        gert::Shape s;
        for (int64_t d : shape) s.AppendDim(d);
        t->SetViewShape(s);
        t->dtype = static_cast<aclDataType>(dtype);
        t->format = static_cast<aclFormat>(format);
        return t;
    }

    // Host memory for a tensor this executor made, sized by its shape now (once; a larger shape later regrows it).
    void Materialize(const aclTensor* t)
    {
        auto* mine = const_cast<aclTensor*>(t);
        const int64_t n = t->Numel();
        const size_t bytes = static_cast<size_t>(n > 0 ? n : 0) * aclDataTypeSize(t->dtype);
        auto it = buffers.find(t);
        if (it != buffers.end() && it->second.size() * 8 >= bytes) return;
        auto view = views.find(t);
        if (view != views.end()) {   // a view of another tensor: its memory, once that has some
            Materialize(view->second);
            mine->data = view->second->data;
            return;
        }
        if (!Owns(t)) return;   // the caller's: its own memory
        auto& buffer = buffers[t];
        buffer.assign(bytes / 8 + 1, 0);
        mine->data = buffer.data();
    }
    bool Owns(const aclTensor* t) const
    {
        for (const auto& p : tensors) {
            if (p.get() == t) return true;
        }
        return false;
    }
    void Add(std::string what, Step step) { steps.emplace_back(std::move(what), std::move(step)); }

    std::deque<std::unique_ptr<aclTensor>> tensors;
    std::map<const aclTensor*, std::vector<uint64_t>> buffers;   // 8-byte aligned
    std::map<const aclTensor*, const aclTensor*> views;           // view -> the tensor whose memory it shows
    std::deque<std::unique_ptr<aclIntArray>> int_arrays;
    std::deque<std::unique_ptr<aclFloatArray>> float_arrays;
    std::deque<std::unique_ptr<aclBoolArray>> bool_arrays;
    std::deque<std::unique_ptr<aclScalar>> scalars;
    std::vector<std::pair<std::string, Step>> steps;
};

inline L2Executor* Mine(aclOpExecutor* e)
{
    return dynamic_cast<L2Executor*>(e);
}

// CREATE_EXECUTOR()'s value: owns the executor until ReleaseTo hands it to the caller.
class UniqueExecutor {
public:
    UniqueExecutor() : executor_(std::make_unique<L2Executor>()) { executor_->op = CurrentApi(); }
    L2Executor* get() const { return executor_.get(); }
    L2Executor* operator->() const { return executor_.get(); }
    void ReleaseTo(aclOpExecutor** out)
    {
        if (out == nullptr) return;
        opkit::aclnn::track_object(executor_.get(), opkit::aclnn::ObjectKind::kExecutor);
        *out = executor_.release();
    }

private:
    std::unique_ptr<L2Executor> executor_;
};

// The second phase of every hand-written aclnnXxx: run what GetWorkspaceSize prepared, then free it.
inline aclnnStatus CommonOpExecutorRun(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                       aclrtStream stream)
{
    if (executor == nullptr) return Fail(ACLNN_ERR_PARAM_NULLPTR, "executor is null");
    if (!opkit::aclnn::object_is_live(executor, opkit::aclnn::ObjectKind::kExecutor)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "executor " + host::aclnn::Address(executor) + " is not live: an "
                                             "executor runs once, unless aclSetAclOpExecutorRepeatable made it so");
    }
    if (workspaceSize < executor->workspace_size) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "the workspace (" + std::to_string(workspaceSize) +
                                                 " bytes) is smaller than GetWorkspaceSize asked for");
    }
    const aclnnStatus status = executor->Run(workspace, workspaceSize, stream);
    if (!executor->repeatable) {
        opkit::aclnn::forget_object(executor, opkit::aclnn::ObjectKind::kExecutor);
        delete executor;
    }
    return status;
}

}  // namespace opkit::opdev

// The executor calls of aclnn_types.h, for an L2Executor (the only kind CANN's op_api code holds).
inline aclTensor* aclOpExecutor::AllocTensor(const gert::Shape& shape, ge::DataType dtype, ge::Format format)
{
    std::vector<int64_t> dims;
    for (size_t i = 0; i < shape.GetDimNum(); ++i) dims.push_back(shape.GetDim(i));
    return opkit::opdev::Mine(this)->NewTensor(dims, dtype, format);
}
inline aclTensor* aclOpExecutor::AllocTensor(const gert::Shape& storage, const gert::Shape& /*origin*/,
                                             ge::DataType dtype, ge::Format storageFormat, ge::Format)
{
    return AllocTensor(storage, dtype, storageFormat);
}
inline aclTensor* aclOpExecutor::AllocTensor(ge::DataType dtype, ge::Format storageFormat, ge::Format)
{
    return AllocTensor(gert::Shape{}, dtype, storageFormat);
}
template <typename T>
inline aclTensor* aclOpExecutor::ConvertToTensor(const T* values, uint64_t size, ge::DataType dtype)
{
    aclTensor* t = AllocTensor(gert::Shape{static_cast<int64_t>(size)}, dtype);
    auto* mine = opkit::opdev::Mine(this);
    mine->Materialize(t);
    const size_t element = aclDataTypeSize(t->dtype);
    for (uint64_t i = 0; i < size; ++i) {
        unsigned char one[8] = {0};
        if (!opkit::host::aclnn::StoreScalar(static_cast<double>(values[i]), dtype, one)) return nullptr;
        std::memcpy(static_cast<unsigned char*>(t->data) + i * element, one, element);
    }
    return t;
}
inline aclTensor* aclOpExecutor::ConvertToTensor(const aclIntArray* values, ge::DataType dtype)
{
    return ConvertToTensor(values->values.data(), values->values.size(), dtype);
}
inline aclTensor* aclOpExecutor::ConvertToTensor(const aclScalar* value, ge::DataType dtype)
{
    double v = 0;
    if (!opkit::host::aclnn::ScalarValue(*value, &v)) return nullptr;
    aclTensor* t = ConvertToTensor(&v, 1, dtype);
    if (t != nullptr) t->SetViewShape(gert::Shape{});
    return t;
}
inline aclIntArray* aclOpExecutor::AllocIntArray(const int64_t* values, uint64_t size)
{
    auto* mine = opkit::opdev::Mine(this);
    mine->int_arrays.push_back(std::make_unique<aclIntArray>());
    mine->int_arrays.back()->values.assign(values, values + size);
    opkit::aclnn::track_object(mine->int_arrays.back().get(), opkit::aclnn::ObjectKind::kIntArray);
    return mine->int_arrays.back().get();
}
inline aclFloatArray* aclOpExecutor::AllocFloatArray(const float* values, uint64_t size)
{
    auto* mine = opkit::opdev::Mine(this);
    mine->float_arrays.push_back(std::make_unique<aclFloatArray>());
    mine->float_arrays.back()->values.assign(values, values + size);
    opkit::aclnn::track_object(mine->float_arrays.back().get(), opkit::aclnn::ObjectKind::kFloatArray);
    return mine->float_arrays.back().get();
}
inline aclBoolArray* aclOpExecutor::AllocBoolArray(const bool* values, uint64_t size)
{
    auto* mine = opkit::opdev::Mine(this);
    mine->bool_arrays.push_back(std::make_unique<aclBoolArray>());
    mine->bool_arrays.back()->values.assign(values, values + size);
    opkit::aclnn::track_object(mine->bool_arrays.back().get(), opkit::aclnn::ObjectKind::kBoolArray);
    return mine->bool_arrays.back().get();
}
inline aclTensor* aclOpExecutor::CreateView(const aclTensor* t, const gert::Shape& shape, int64_t offset)
{
    aclTensor* view = AllocTensor(shape, t->GetDataType(), t->GetViewFormat());
    view->offset = offset;
    view->data = t->data;
    opkit::opdev::Mine(this)->views[view] = t;
    return view;
}
inline aclTensor* aclOpExecutor::CreateView(const aclTensor* t, const gert::Shape& shape,
                                            const std::vector<int64_t>& strides, int64_t offset)
{
    aclTensor* view = CreateView(t, shape, offset);
    view->strides = strides;
    return view;
}
inline aclScalar* aclOpExecutor::AllocScalar(double value)
{
    auto* mine = opkit::opdev::Mine(this);
    mine->scalars.push_back(std::make_unique<aclScalar>());
    aclScalar* s = mine->scalars.back().get();
    opkit::aclnn::track_object(s, opkit::aclnn::ObjectKind::kScalar);
    s->dtype = ACL_DOUBLE;
    std::memcpy(s->value, &value, sizeof value);
    return s;
}

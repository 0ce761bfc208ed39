// The framework-free half of a generated project's two front doors (the pybind11 module _C and the aclnn library
// libcust_opapi.so): per-op tables, the dtype combination of a call, tensor lists, and the one launch path (TilingFunc,
// workspace, every GM buffer registered by name, the kernel compiled for the combination). No pybind11, no torch.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "opkit/host/hccl_launch.h"
#include "opkit/host/registry.h"
#include "opkit/sim/launch.h"

namespace opkit::host::bindings {
using GmPtr = uint8_t*;

// A call's arguments do not fit the op (unknown dtype name, wrong tensor count, attr of the wrong type).
class CallError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct Tensor {
    GmPtr data = nullptr;
    uint64_t bytes = 0;
    std::vector<int64_t> shape;
    ge::DataType dtype = ge::DT_UNDEFINED;
};

// One IR input or output: none (absent optional), one tensor, or a list (dynamic).
struct IrSlot {
    std::string name;
    bool dynamic = false;
    std::vector<Tensor> tensors;
};

struct OpTable {
    const char* opType;
    std::vector<std::pair<const char*, bool>> inputs;   // name, dynamic
    std::vector<std::pair<const char*, bool>> outputs;
    std::vector<std::pair<const char*, const char*>> attrs;  // name, prototype attr type
    std::vector<std::vector<ge::DataType>> combinations;     // inputs then outputs, per IR tensor
};

inline ge::DataType ToDataType(const std::string& name)
{
    for (int i = 0; i < static_cast<int>(ge::DT_MAX); ++i) {
        const auto dt = static_cast<ge::DataType>(i);
        if (ge::TypeUtils::DataTypeToPrototypeName(dt) == name) {
            return dt;
        }
    }
    throw CallError("unknown dtype '" + name + "'");
}

inline std::vector<IrTensors> ToHost(const std::vector<IrSlot>& slots)
{
    std::vector<IrTensors> out;
    for (const IrSlot& s : slots) {
        IrTensors ir;
        for (const Tensor& t : s.tensors) {
            ir.push_back(TensorArg{t.shape, t.dtype, ge::FORMAT_ND, t.data});
        }
        out.push_back(std::move(ir));
    }
    return out;
}

// The combination whose dtypes the runtime tensors have; absent optional tensors match any dtype.
inline size_t FindCombination(const OpTable& op, const std::vector<IrSlot>& slots)
{
    for (size_t c = 0; c < op.combinations.size(); ++c) {
        bool match = true;
        for (size_t i = 0; i < slots.size() && match; ++i) {
            for (const Tensor& t : slots[i].tensors) {
                match = match && t.dtype == op.combinations[c][i];
            }
        }
        if (match) {
            return c;
        }
    }
    std::string got;
    for (const IrSlot& s : slots) {
        got += (got.empty() ? "" : ", ") + s.name + ":" +
               (s.tensors.empty() ? std::string("absent")
                                  : ge::TypeUtils::DataTypeToPrototypeName(s.tensors.front().dtype));
    }
    throw CallError(std::string(op.opType) + ": no dtype combination matches (" + got + ")");
}

// A dynamic input or output reaches the kernel as one GM tensor list, laid out as CANN's ListTensorDesc reads it:
// uint64 byte offset of the pointer section; per tensor uint64 (index << 32 | dimNum) then dimNum uint64 dims;
// then one uint64 data address per tensor.
inline std::vector<uint64_t> TensorList(const IrSlot& slot)
{
    std::vector<uint64_t> words{0};
    for (size_t i = 0; i < slot.tensors.size(); ++i) {
        const Tensor& t = slot.tensors[i];
        words.push_back(static_cast<uint64_t>(i) << 32 | t.shape.size());
        for (int64_t d : t.shape) {
            words.push_back(static_cast<uint64_t>(d));
        }
    }
    words[0] = words.size() * sizeof(uint64_t);
    for (const Tensor& t : slot.tensors) {
        words.push_back(reinterpret_cast<uint64_t>(t.data));
    }
    return words;
}

using Dispatch = std::function<void(opkit::sim::Launch&, size_t combination, const std::vector<GmPtr>& args)>;

// Inputs that partly overlap an earlier input (two views of one array, shifted) get a private copy, so that every
// kernel argument is a GM buffer of its own and an overrun of one into the other is caught (the simulator checks a
// GlobalTensor against the buffer it was set on). Inputs are read-only, so nothing else changes; identical views
// (`add(x, x)`) stay shared. `inputs` are the (address, bytes) of every input tensor; the copies are returned and
// must outlive the launch.
inline std::vector<std::vector<uint8_t>> SeparateOverlappingInputs(const std::vector<std::pair<GmPtr*, uint64_t>>& inputs)
{
    std::vector<std::vector<uint8_t>> copies;
    for (size_t j = 0; j < inputs.size(); ++j) {
        GmPtr& data = *inputs[j].first;
        const uint64_t bytes = inputs[j].second;
        for (size_t i = 0; i < j && data != nullptr && bytes != 0; ++i) {
            const GmPtr other = *inputs[i].first;
            const uint64_t otherBytes = inputs[i].second;
            const bool same = other == data && otherBytes == bytes;
            if (!same && other < data + bytes && data < other + otherBytes) {
                copies.emplace_back(data, data + bytes);
                data = copies.back().data();
                break;
            }
        }
    }
    return copies;
}

// The end of every launch: the kernel's last two arguments are the workspace and a fresh copy of the tiling bytes
// (the kernel may write both, and the next call must not see that: registry.h's launch contract), each registered
// as a GM buffer; then the kernel of `combination` runs. The workspace is a fresh zeroed buffer unless the caller
// gives one (aclnn: the device memory the program allocated). Returns the launch's warnings (EmitWarnings).
inline std::vector<std::string> RunWithWorkspaceAndTiling(opkit::sim::Launch& launch, size_t workspaceBytes,
                                      const std::vector<uint8_t>& tilingBytes, std::vector<GmPtr>& args,
                                      size_t combination, const Dispatch& dispatch, GmPtr givenWorkspace = nullptr)
{
    std::vector<uint8_t> workspace(givenWorkspace != nullptr ? 0 : workspaceBytes);
    GmPtr ws = givenWorkspace != nullptr ? givenWorkspace : workspace.data();
    std::vector<uint8_t> tiling(tilingBytes);
    launch.register_gm(ws, workspaceBytes, "workspace", opkit::sim::detail::allocator_padding(workspaceBytes));
    launch.register_gm(tiling.data(), tiling.size(), "tiling");
    args.push_back(workspaceBytes == 0 ? nullptr : ws);
    args.push_back(tiling.data());
    dispatch(launch, combination, args);
    return launch.warnings();
}

// True when CANN would not run the kernel for these tensors: every output is empty and the OpDef did not ask for
// AICore().LaunchWithZeroEleOutputTensors(true). Source: the aclnnXxx that opbuild generates for a custom op hands
// the call to nnopbase (hicann/opbase, src/nnopbase/individual_op/executor/): NnopbaseExecutorAddTensor
// (indv_executor_tensor.cpp) counts an output as empty when it is absent or IsEmpty() (0 elements), a dynamic
// output when every tensor of its list is; NnopbaseExecutorMatchCache (indv_executor.cpp) then marks the executor
// isOutEmpty when all outputs are, and unless the flag is set runs no TilingFunc (hasTiling = false) and launches
// nothing (NnopbaseExecutorPrepareParamsExt returns early). asc-devkit's LaunchWithZeroEleOutputTensors.md says
// the same: with all outputs empty the op is not executed unless the flag is true. An empty input alone does not
// skip the launch (a reduction of an empty input to a non-empty output runs). An empty dynamic list is not counted
// (nnopbase returns before counting it).
inline bool SkipsLaunch(const OpTable& op, const std::vector<IrSlot>& slots)
{
    if (op.outputs.empty() || find_op(op.opType).AICore().GetZeroEleOutputLaunchFlag()) return false;
    for (size_t s = op.inputs.size(); s < slots.size(); ++s) {
        const IrSlot& slot = slots[s];
        if (slot.dynamic && slot.tensors.empty()) return false;
        for (const Tensor& t : slot.tensors) {
            int64_t elements = 1;
            for (int64_t d : t.shape) elements *= d;
            if (elements != 0) return false;
        }
    }
    return true;
}

// A call checked and tiled, not yet run: the dtype combination and what the op's TilingFunc decided, or that
// CANN would skip it (SkipsLaunch: then no TilingFunc ran and the workspace is 0 bytes).
struct PreparedLaunch {
    size_t combination = 0;
    bool skipped = false;
    TileResult tiled;
    std::vector<std::string> hccl_groups;  // an MC2 op's communicators (hccl_launch.h)
};

// The op's dtype combination and TilingFunc for these tensors (outputs as given) and attrs.
inline PreparedLaunch PrepareLaunch(const OpTable& op, const std::vector<IrSlot>& slots, const AttrMap& attrs,
                                    const std::string& soc)
{
    PreparedLaunch prepared;
    prepared.combination = FindCombination(op, slots);
    prepared.skipped = SkipsLaunch(op, slots);
    if (prepared.skipped) return prepared;
    const auto split = slots.begin() + static_cast<std::ptrdiff_t>(op.inputs.size());
    TileOptions options;
    options.soc = soc;
    options.outputs = ToHost(std::vector<IrSlot>(split, slots.end()));
    prepared.tiled = tile(op.opType, ToHost(std::vector<IrSlot>(slots.begin(), split)), attrs, options);
    prepared.hccl_groups = HcclGroupsOf(op.opType, attrs);
    return prepared;
}

// Registers every tensor as a GM buffer by its IR name and runs the prepared kernel; returns the launch's warnings.
inline std::vector<std::string> RunPrepared(const OpTable& op, const PreparedLaunch& prepared,
                                            const std::vector<IrSlot>& given, const Dispatch& dispatch,
                                            GmPtr workspace = nullptr)
{
    if (prepared.skipped) return {};
    std::vector<IrSlot> slots(given);
    std::vector<std::pair<GmPtr*, uint64_t>> inputTensors;
    for (size_t s = 0; s < op.inputs.size(); ++s) {
        for (Tensor& t : slots[s].tensors) inputTensors.emplace_back(&t.data, t.bytes);
    }
    const std::vector<std::vector<uint8_t>> copies = SeparateOverlappingInputs(inputTensors);
    const TileResult& tiled = prepared.tiled;
    opkit::sim::Launch launch{op.opType, tiled.soc, tiled.block_dim, tiled.tiling_key};
    std::vector<std::vector<uint64_t>> lists;
    lists.reserve(slots.size());
    std::vector<GmPtr> args;
    for (const IrSlot& s : slots) {
        for (size_t i = 0; i < s.tensors.size(); ++i) {
            // Framework tensors come from the device allocator, which pads them: the padding is tolerated.
            launch.register_gm(s.tensors[i].data, s.tensors[i].bytes,
                               s.dynamic ? s.name + "[" + std::to_string(i) + "]" : s.name,
                               opkit::sim::detail::allocator_padding(s.tensors[i].bytes));
        }
        if (s.dynamic) {
            lists.push_back(TensorList(s));
            launch.register_gm(lists.back().data(), lists.back().size() * sizeof(uint64_t), s.name + " (tensor list)");
            args.push_back(reinterpret_cast<GmPtr>(lists.back().data()));
        } else {
            args.push_back(s.tensors.empty() ? nullptr : s.tensors.front().data);
        }
    }
    HcclLaunch hccl(op.opType, prepared.hccl_groups, launch);
    try {
        return RunWithWorkspaceAndTiling(launch, tiled.workspace_bytes(), tiled.tiling, args, prepared.combination,
                                         dispatch, workspace);
    } catch (const std::exception& e) {
        hccl.Fail(e.what());
        throw;
    }
}

// Everything between a front door (Python's launch_<op>, aclnn's two calls) and the kernel: one launch path.
inline std::vector<std::string> LaunchOp(const OpTable& op, const std::vector<IrSlot>& given, const AttrMap& attrs,
              const std::string& soc, const Dispatch& dispatch)
{
    return RunPrepared(op, PrepareLaunch(op, given, attrs, soc), given, dispatch);
}
}  // namespace opkit::host::bindings

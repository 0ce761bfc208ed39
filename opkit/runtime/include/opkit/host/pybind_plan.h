// The per-call fast path of a generated _C: a launch plan (inferred outputs, combination, tiling) made once per
// (shapes, dtypes, attrs) and then run with nothing but the tensors' addresses. Torch calls go through it.
//
// Only ops whose every IR input and output is a single required tensor, with no ValueDepend input and no sub-byte
// dtype, get plans: for them InferShape, InferDataType and the TilingFunc see only shapes, dtypes, attrs and the
// SoC, so their results are a function of the plan's key. Every other call takes LaunchFromPython as before.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "opkit/host/pybind_support.h"

namespace opkit::host::bindings {

struct Plan {
    const OpTable* op = nullptr;
    Dispatch dispatch;
    size_t combination = 0;
    std::vector<IrSlot> slots;  // inputs then outputs: names, shapes, bytes, dtypes; no addresses
    std::string soc;
    uint32_t blockDim = 0;
    uint64_t tilingKey = 0;
    std::vector<uint8_t> tiling;  // the TilingFunc's bytes, padded to the tiling capacity
    size_t workspaceBytes = 0;
};

inline constexpr const char* kPlanCapsule = "opkit.launch_plan";

// True when a plan's key determines everything the host functions compute (see the file comment).
inline bool Plannable(const OpTable& op)
{
    for (const auto& io : op.inputs) {
        if (io.second) return false;
    }
    for (const auto& io : op.outputs) {
        if (io.second) return false;
    }
    const detail::OpEntry* entry = detail::OpStore::instance().find(op.opType);
    if (entry == nullptr || entry->defs.size() != 1) return false;  // the slow path reports what is wrong
    for (const ops::OpParamDef& in : entry->defs.front().GetInputs()) {
        if (in.GetValueDepend() != ops::IGNORE || in.GetParamType() != ops::REQUIRED) return false;
    }
    return true;
}

inline uint64_t BytesOf(const std::vector<int64_t>& shape, ge::DataType dtype)
{
    uint64_t n = 1;
    for (int64_t d : shape) n *= static_cast<uint64_t>(d);
    return n * static_cast<uint64_t>(ge::GetSizeByDataType(dtype));
}

// plan_<op>: None when the op cannot be planned, else (plan capsule, per output (shape, dtype name)).
inline py::object MakePlan(const OpTable& op, const py::list& inputs, const py::dict& attrs, const std::string& soc,
                           const Dispatch& dispatch)
{
    if (!Plannable(op)) return py::none();
    auto plan = std::make_unique<Plan>();
    plan->op = &op;
    plan->dispatch = dispatch;
    plan->soc = soc;
    plan->slots = ToSlots(inputs, op.inputs, "inputs");  // shapes and dtypes only: a plan holds no addresses
    for (IrSlot& slot : plan->slots) {
        Tensor& t = slot.tensors.at(0);
        if (ge::GetSizeByDataType(t.dtype) <= 0) return py::none();
        t.data = nullptr;
        t.bytes = BytesOf(t.shape, t.dtype);
    }
    const AttrMap attrMap = ToAttrs(op, attrs);
    const std::vector<IrTensors> hostInputs = ToHost(plan->slots);
    const InferResult inferred = infer(op.opType, hostInputs, attrMap);
    py::list outputs;
    for (size_t i = 0; i < inferred.outputs.size(); ++i) {
        const TensorArg& t = inferred.outputs[i].at(0);
        if (ge::GetSizeByDataType(t.dtype) <= 0) return py::none();
        plan->slots.push_back(IrSlot{op.outputs.at(i).first, false, {Tensor{nullptr, BytesOf(t.shape, t.dtype),
                                                                             t.shape, t.dtype}}});
        outputs.append(py::make_tuple(py::tuple(py::cast(t.shape)), ge::TypeUtils::DataTypeToPrototypeName(t.dtype)));
    }
    plan->combination = FindCombination(op, plan->slots);
    TileOptions options;
    options.soc = soc;
    options.outputs.assign(inferred.outputs.begin(), inferred.outputs.end());
    const TileResult tiled = tile(op.opType, hostInputs, attrMap, options);
    plan->soc = tiled.soc;
    plan->blockDim = tiled.block_dim;
    plan->tilingKey = tiled.tiling_key;
    plan->tiling.assign(options.tiling_capacity, 0);
    std::memcpy(plan->tiling.data(), tiled.tiling.data(), tiled.tiling.size());
    for (size_t s : tiled.workspace_sizes) plan->workspaceBytes += s;
    py::capsule capsule(plan.release(), kPlanCapsule, [](PyObject* o) {
        delete static_cast<Plan*>(PyCapsule_GetPointer(o, kPlanCapsule));
    });
    return py::make_tuple(capsule, outputs);
}

// run_plan: the kernel on these addresses (inputs then outputs, in the plan's order), GIL released.
inline void RunPlan(const py::capsule& capsule, const std::vector<std::uintptr_t>& addresses)
{
    if (std::strcmp(capsule.name(), kPlanCapsule) != 0) throw CallError("run_plan: not a launch plan");
    const Plan& plan = *capsule.get_pointer<Plan>();
    if (addresses.size() != plan.slots.size()) {
        throw CallError(std::string(plan.op->opType) + ": run_plan got " + std::to_string(addresses.size()) +
                        " addresses, expected " + std::to_string(plan.slots.size()));
    }
    py::gil_scoped_release release;
    // Fresh copies per call: a kernel may write its workspace or tiling, and the next call must not see that.
    std::vector<uint8_t> workspace(plan.workspaceBytes);
    std::vector<uint8_t> tiling(plan.tiling);
    opkit::sim::Launch launch{plan.op->opType, plan.soc, plan.blockDim, plan.tilingKey};
    std::vector<GmPtr> args;
    args.reserve(addresses.size() + 2);
    for (size_t i = 0; i < addresses.size(); ++i) {
        const Tensor& t = plan.slots[i].tensors.front();
        args.push_back(reinterpret_cast<GmPtr>(addresses[i]));
        launch.register_gm(args.back(), t.bytes, plan.slots[i].name);
    }
    launch.register_gm(workspace.data(), workspace.size(), "workspace");
    launch.register_gm(tiling.data(), tiling.size(), "tiling");
    args.push_back(workspace.empty() ? nullptr : workspace.data());
    args.push_back(tiling.data());
    plan.dispatch(launch, plan.combination, args);
}

// The module functions of one op, the same for every generated _C: infer_<name>, launch_<name>, plan_<name> and
// tiling_<name>. `soc` "" means `defaultSoc` (the project's OPKIT_SOC); failures leave as `Error`.
template <typename Error>
void DefineOp(py::module_& m, const std::string& name, const OpTable& op, Dispatch dispatch,
              ReadTileLength readTileLength, const char* defaultSoc)
{
    const std::string opType = op.opType;
    auto socOf = [defaultSoc](const std::string& soc) { return soc.empty() ? std::string(defaultSoc) : soc; };
    m.def(("infer_" + name).c_str(), [&op](const py::list& inputs, const py::dict& attrs) {
        return Guarded<Error>([&] { return Infer(op, inputs, attrs); });
    }, (opType + ": per output, a list of (shape, dtype) from the op's InferShape and InferDataType.").c_str(),
       py::arg("inputs"), py::arg("attrs"));
    m.def(("launch_" + name).c_str(), [&op, dispatch, socOf](const py::list& inputs, const py::list& outputs,
                                                              const py::dict& attrs, const std::string& soc) {
        Guarded<Error>([&] { LaunchFromPython(op, inputs, outputs, attrs, socOf(soc), dispatch); });
    }, (opType + ": tile, register GM, run the kernel for the tensors' dtypes (outputs are written in place).").c_str(),
       py::arg("inputs"), py::arg("outputs"), py::arg("attrs"), py::arg("soc") = "");
    m.def(("plan_" + name).c_str(), [&op, dispatch, socOf](const py::list& inputs, const py::dict& attrs,
                                                            const std::string& soc) {
        return Guarded<Error>([&] { return MakePlan(op, inputs, attrs, socOf(soc), dispatch); });
    }, (opType + ": None, or a launch plan for these shapes/dtypes/attrs and per output (shape, dtype).").c_str(),
       py::arg("inputs"), py::arg("attrs"), py::arg("soc") = "");
    m.def(("tiling_" + name).c_str(), [&op, readTileLength, socOf](const py::list& inputs, const py::dict& attrs,
                                                                    const std::string& soc) {
        return Guarded<Error>([&] { return Tiling(op, inputs, attrs, socOf(soc), readTileLength); });
    }, (opType + ": the TilingFunc's block_dim, tiling_key, workspace_bytes and tile_length for these inputs.").c_str(),
       py::arg("inputs"), py::arg("attrs"), py::arg("soc") = "");
}
}  // namespace opkit::host::bindings

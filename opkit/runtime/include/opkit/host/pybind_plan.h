// The per-call fast path of a generated _C: a launch plan (inferred outputs, combination, tiling, how to allocate the
// outputs) made once per (shapes, dtypes, attrs), then run as `run_plan(plan, *inputs)` -> output(s). Torch calls
// go through it. run_plan is a plain CPython vectorcall function, not a pybind11 one: its whole cost is per call.
//
// Only ops whose every IR input and output is a single required tensor, with no ValueDepend input and no sub-byte
// dtype, get plans: for them InferShape, InferDataType and the TilingFunc see only shapes, dtypes, attrs and the
// SoC, so their results are a function of the plan's key. Every other call takes LaunchFromPython as before.
#pragma once

#include <Python.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "opkit/host/pybind_support.h"

namespace opkit::host::bindings {

// Hidden like pybind11's own types, which it holds (a module's plans never leave it).
struct __attribute__((visibility("hidden"))) Plan {
    const OpTable* op = nullptr;
    Dispatch dispatch;
    size_t combination = 0;
    std::vector<IrSlot> slots;  // inputs then outputs: names, shapes, bytes, dtypes; no addresses
    std::string soc;
    uint32_t blockDim = 0;
    uint64_t tilingKey = 0;
    std::vector<uint8_t> tiling;  // the bytes the TilingFunc saved
    size_t workspaceBytes = 0;
    bool skipped = false;         // every output empty: CANN runs no kernel (launch_op.h, SkipsLaunch)
    uint64_t ioBytes = 0;         // what the kernel's inputs and outputs hold: decides whether to release the GIL
    // Per output, the vectorcall of the allocator that makes it (torch.empty): a tuple of the shape dims then the
    // dtype, the dtype passed by keyword. Destroyed with the capsule, under the GIL.
    py::object allocate;
    py::tuple dtypeKeyword;
    std::vector<py::tuple> allocateArgs;
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

// plan_<op>: None when the op cannot be planned, else a plan capsule for run_plan. Outputs will be made by
// `allocate(*shape, dtype=dtype_of(dtype name))` (torch.empty and the module's name -> torch.dtype map).
inline py::object MakePlan(const OpTable& op, const py::list& inputs, const py::dict& attrs, const py::object& allocate,
                           const py::object& dtypeOf, const std::string& soc, const Dispatch& dispatch)
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
    plan->allocate = allocate;
    plan->dtypeKeyword = py::make_tuple("dtype");
    for (size_t i = 0; i < inferred.outputs.size(); ++i) {
        const TensorArg& t = inferred.outputs[i].at(0);
        if (ge::GetSizeByDataType(t.dtype) <= 0 || !t.shape_known) return py::none();
        plan->slots.push_back(IrSlot{op.outputs.at(i).first, false, {Tensor{nullptr, BytesOf(t.shape, t.dtype),
                                                                             t.shape, t.dtype}}});
        py::list args;
        for (int64_t d : t.shape) args.append(d);
        if (args.empty()) args.append(py::tuple());  // a 0-dim output: empty((), dtype=...)
        args.append(dtypeOf(ge::TypeUtils::DataTypeToPrototypeName(t.dtype)));
        plan->allocateArgs.push_back(py::tuple(args));
    }
    for (const IrSlot& slot : plan->slots) plan->ioBytes += slot.tensors.front().bytes;
    plan->combination = FindCombination(op, plan->slots);
    plan->skipped = SkipsLaunch(op, plan->slots);
    if (!plan->skipped) {
        TileOptions options;
        options.soc = soc;
        options.outputs.assign(inferred.outputs.begin(), inferred.outputs.end());
        const TileResult tiled = tile(op.opType, hostInputs, attrMap, options);
        plan->soc = tiled.soc;
        plan->blockDim = tiled.block_dim;
        plan->tilingKey = tiled.tiling_key;
        plan->tiling = tiled.tiling;
        plan->workspaceBytes = tiled.workspace_bytes();
    }
    py::capsule capsule(plan.release(), kPlanCapsule, [](PyObject* o) {
        delete static_cast<Plan*>(PyCapsule_GetPointer(o, kPlanCapsule));
    });
    return std::move(capsule);
}

// Launches smaller than this keep the GIL: releasing and taking it back costs more than they run.
inline constexpr uint64_t kReleaseGilBytes = 256 * 1024;

// The kernel on the plan's tensors at these addresses (inputs then outputs, in the plan's order); returns the launch's
// warnings.
inline std::vector<std::string> RunPlan(const Plan& plan, const std::vector<GmPtr>& addresses)
{
    if (plan.skipped) return {};
    opkit::sim::Launch launch{plan.op->opType, plan.soc, plan.blockDim, plan.tilingKey};
    std::vector<GmPtr> args(addresses);
    std::vector<std::pair<GmPtr*, uint64_t>> inputs;
    for (size_t i = 0; i < plan.op->inputs.size(); ++i) inputs.emplace_back(&args[i], plan.slots[i].tensors.front().bytes);
    const std::vector<std::vector<uint8_t>> copies = SeparateOverlappingInputs(inputs);
    for (size_t i = 0; i < args.size(); ++i) {
        const uint64_t bytes = plan.slots[i].tensors.front().bytes;
        launch.register_gm(args[i], bytes, plan.slots[i].name, opkit::sim::detail::allocator_padding(bytes));
    }
    return RunWithWorkspaceAndTiling(launch, plan.workspaceBytes, plan.tiling, args, plan.combination, plan.dispatch);
}

// `obj.name()` for a method without arguments, `name` an interned string (no bound method is made); a Python error
// propagates as error_already_set.
inline py::object CallMethod(PyObject* obj, PyObject* name)
{
    PyObject* result = PyObject_VectorcallMethod(name, &obj, 1 | PY_VECTORCALL_ARGUMENTS_OFFSET, nullptr);
    if (result == nullptr) throw py::error_already_set();
    return py::reinterpret_steal<py::object>(result);
}

inline PyObject* Interned(const char* text)
{
    PyObject* s = PyUnicode_InternFromString(text);
    if (s == nullptr) throw py::error_already_set();
    return s;  // kept for the life of the process
}

inline GmPtr DataPtr(const py::object& tensor)
{
    static PyObject* const name = Interned("data_ptr");
    const py::object address = CallMethod(tensor.ptr(), name);
    const unsigned long long value = PyLong_AsUnsignedLongLong(address.ptr());
    if (PyErr_Occurred()) throw py::error_already_set();
    return reinterpret_cast<GmPtr>(static_cast<std::uintptr_t>(value));
}

// An input run_plan is given must be what its plan was made for: a CPU tensor of the plan's byte size. run_torch's
// plan key ensures it; this keeps a direct call with another tensor (meta, another shape) from reaching the kernel.
inline void CheckPlanInput(const Plan& plan, size_t i, const py::object& tensor)
{
    static PyObject* const isCpu = Interned("is_cpu");
    static PyObject* const nbytes = Interned("nbytes");
    const py::object cpu = py::reinterpret_steal<py::object>(PyObject_GetAttr(tensor.ptr(), isCpu));
    if (!cpu) throw py::error_already_set();
    const IrSlot& slot = plan.slots[i];
    if (cpu.ptr() != Py_True) {
        throw CallError(std::string(plan.op->opType) + ": run_plan input '" + slot.name +
                        "' is not a CPU tensor; opkit's simulator runs on CPU tensors");
    }
    const py::object size = py::reinterpret_steal<py::object>(PyObject_GetAttr(tensor.ptr(), nbytes));
    if (!size) throw py::error_already_set();
    const unsigned long long bytes = PyLong_AsUnsignedLongLong(size.ptr());
    if (PyErr_Occurred()) throw py::error_already_set();
    if (bytes != slot.tensors.front().bytes) {
        throw CallError(std::string(plan.op->opType) + ": run_plan input '" + slot.name + "' holds " +
                        std::to_string(bytes) + " bytes; its plan was made for " +
                        std::to_string(slot.tensors.front().bytes));
    }
}

// run_plan(plan, *inputs) -> the output, or a tuple of them: inputs made contiguous, outputs allocated as the plan
// says, the kernel run. Inputs must be the tensors the plan was made for (shapes, dtypes, CPU): the caller's key
// ensures it, and CheckPlanInput refuses a tensor on another device or of another byte size.
inline py::object RunPlanCall(PyObject* const* args, size_t nargs)
{
    if (nargs < 1 || !PyCapsule_IsValid(args[0], kPlanCapsule)) {
        throw CallError("run_plan: the first argument must be a launch plan");
    }
    const Plan& plan = *static_cast<const Plan*>(PyCapsule_GetPointer(args[0], kPlanCapsule));
    const size_t inputs = plan.slots.size() - plan.allocateArgs.size();
    if (nargs - 1 != inputs) {
        throw CallError(std::string(plan.op->opType) + ": run_plan got " + std::to_string(nargs - 1) +
                        " inputs, expected " + std::to_string(inputs));
    }
    std::vector<py::object> tensors;  // held until the kernel returns: contiguous() may have made copies
    tensors.reserve(plan.slots.size());
    std::vector<GmPtr> addresses;
    addresses.reserve(plan.slots.size());
    for (size_t i = 0; i < inputs; ++i) {
        static PyObject* const contiguous = Interned("contiguous");
        tensors.push_back(CallMethod(args[i + 1], contiguous));
        CheckPlanInput(plan, i, tensors.back());
        addresses.push_back(DataPtr(tensors.back()));
    }
    for (const py::tuple& call : plan.allocateArgs) {
        // A tuple's items are an array of PyObject*: exactly the vectorcall's argument vector.
        PyObject* made = PyObject_Vectorcall(plan.allocate.ptr(), &PyTuple_GET_ITEM(call.ptr(), 0),
                                             static_cast<size_t>(PyTuple_GET_SIZE(call.ptr())) - 1,
                                             plan.dtypeKeyword.ptr());
        if (made == nullptr) throw py::error_already_set();
        tensors.push_back(py::reinterpret_steal<py::object>(made));
        addresses.push_back(DataPtr(tensors.back()));
    }
    std::vector<std::string> warnings;
    if (plan.ioBytes >= kReleaseGilBytes) {
        py::gil_scoped_release release;
        warnings = RunPlan(plan, addresses);
    } else {
        warnings = RunPlan(plan, addresses);
    }
    EmitWarnings(warnings);
    if (plan.allocateArgs.size() == 1) return tensors.back();
    py::tuple outputs(plan.allocateArgs.size());
    for (size_t i = 0; i < plan.allocateArgs.size(); ++i) outputs[i] = tensors[inputs + i];
    return std::move(outputs);
}

// The module's `run_plan`, a METH_FASTCALL function: failures leave as `Error` (the module's KernelError, given as
// `errorType`) or as the Python error that stopped them.
template <typename Error>
void DefineRunPlan(py::module_& m, py::handle errorType)
{
    static PyObject* error = errorType.inc_ref().ptr();
    static PyMethodDef def{
        "run_plan",
        reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(
            +[](PyObject*, PyObject* const* args, Py_ssize_t nargs) -> PyObject* {
                try {
                    return Guarded<Error>([&] { return RunPlanCall(args, static_cast<size_t>(nargs)); }).release().ptr();
                } catch (py::error_already_set& e) {
                    e.restore();
                } catch (const Error& e) {
                    PyErr_SetString(error, e.what());
                } catch (const std::exception& e) {
                    PyErr_SetString(PyExc_RuntimeError, e.what());
                }
                return nullptr;
            })),
        METH_FASTCALL,
        "run_plan(plan, *inputs): run a plan from plan_<op> on these input tensors; returns the output(s)."};
    PyObject* function = PyCFunction_NewEx(&def, nullptr, m.attr("__name__").ptr());
    if (function == nullptr) throw py::error_already_set();
    m.add_object("run_plan", py::reinterpret_steal<py::object>(function));
}

// The module's `set_kernel_timeout(seconds)`: the watchdog's limit for later launches of this module (0: none).
template <typename Error>
void DefineSetKernelTimeout(py::module_& m)
{
    m.def("set_kernel_timeout", [](double seconds) {
        return Guarded<Error>([&] { return opkit::sim::detail::set_default_timeout(seconds); });
    }, "Cancel a kernel launch (KernelError naming where each block is) after `seconds`; 0 turns the limit off. "
       "Returns the previous limit. The default is OPKIT_KERNEL_TIMEOUT, else 60 s.", py::arg("seconds"));
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
                                                            const py::object& allocate, const py::object& dtypeOf,
                                                            const std::string& soc) {
        return Guarded<Error>([&] { return MakePlan(op, inputs, attrs, allocate, dtypeOf, socOf(soc), dispatch); });
    }, (opType + ": None, or a launch plan for these shapes/dtypes/attrs whose outputs run_plan makes with "
        "allocate(*shape, dtype=dtype_of(name)).").c_str(),
       py::arg("inputs"), py::arg("attrs"), py::arg("allocate"), py::arg("dtype_of"), py::arg("soc") = "");
    m.def(("tiling_" + name).c_str(), [&op, readTileLength, socOf](const py::list& inputs, const py::dict& attrs,
                                                                    const std::string& soc) {
        return Guarded<Error>([&] { return Tiling(op, inputs, attrs, socOf(soc), readTileLength); });
    }, (opType + ": the TilingFunc's block_dim, tiling_key, workspace_bytes and tile_length for these inputs.").c_str(),
       py::arg("inputs"), py::arg("attrs"), py::arg("soc") = "");
}
}  // namespace opkit::host::bindings

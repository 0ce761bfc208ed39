// The op-independent half of a generated project's pybind11 module _C: Python values <-> host tensors and attrs,
// infer/tile/launch through the op registry, dynamic tensor lists, the tiling report. Generated csrc/bindings.cpp
// keeps only per-op tables and kernel dispatch. Needs pybind11 (a build-time dependency); no torch headers.
//
// Tensors arrive from Python as (address, bytes, shape, dtype name); an absent optional input as None; a dynamic
// input as a list of them. Bad arguments raise CallError; wrap every call in Guarded<ModuleError> so that kernel
// faults, host errors and CallErrors reach Python as the module's KernelError.
#pragma once

#include <cstdint>
#include <cstring>
#include <functional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "opkit/host/registry.h"
#include "opkit/sim/launch.h"

namespace opkit::host::bindings {
namespace py = pybind11;
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

inline Tensor ToTensor(const py::handle& item)
{
    const auto t = item.cast<py::tuple>();
    return Tensor{reinterpret_cast<GmPtr>(t[0].cast<std::uintptr_t>()), t[1].cast<uint64_t>(),
                  t[2].cast<std::vector<int64_t>>(), ToDataType(t[3].cast<std::string>())};
}

inline std::vector<IrSlot> ToSlots(const py::list& given, const std::vector<std::pair<const char*, bool>>& declared,
                            const char* what)
{
    if (given.size() != declared.size()) {
        throw CallError(std::string(what) + ": got " + std::to_string(given.size()) + ", expected " +
                          std::to_string(declared.size()));
    }
    std::vector<IrSlot> slots;
    for (size_t i = 0; i < declared.size(); ++i) {
        IrSlot slot{declared[i].first, declared[i].second, {}};
        const py::handle item = given[i];
        if (py::isinstance<py::list>(item)) {
            for (const py::handle& t : item.cast<py::list>()) {
                slot.tensors.push_back(ToTensor(t));
            }
        } else if (!item.is_none()) {
            slot.tensors.push_back(ToTensor(item));
        }
        slots.push_back(std::move(slot));
    }
    return slots;
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

inline AttrValue ToAttr(const py::handle& v, const std::string& type)
{
    if (type == "int") return v.cast<int64_t>();
    if (type == "float") return v.cast<float>();
    if (type == "bool") return v.cast<bool>();
    if (type == "string") return v.cast<std::string>();
    if (type == "type") {  // the OpDef holds a dtype attr as Int (its ge::DataType code), as msopgen writes it
        return static_cast<int64_t>(ToDataType(v.cast<std::string>()));
    }
    if (type == "list_int") return v.cast<std::vector<int64_t>>();
    if (type == "list_float") return v.cast<std::vector<float>>();
    if (type == "list_bool") return v.cast<std::vector<bool>>();
    if (type == "list_string") return v.cast<std::vector<std::string>>();
    return v.cast<std::vector<std::vector<int64_t>>>();  // list_list_int
}

// Attrs given as None take the OpDef default (the registry fills them in).
inline AttrMap ToAttrs(const OpTable& op, const py::dict& attrs)
{
    AttrMap out;
    for (const auto& [name, type] : op.attrs) {
        if (!attrs.contains(name) || attrs[name].is_none()) {
            continue;
        }
        try {
            out.emplace(name, ToAttr(attrs[name], type));
        } catch (const py::cast_error&) {
            throw CallError(std::string(op.opType) + ": attr '" + name + "' expects " + type + ", got " +
                              std::string(py::repr(attrs[name])));
        }
    }
    return out;
}

// Runs `fn`, turning every failure of a call (kernel fault, host error, bad arguments) into `Error`, the module's
// own exception type (registered as its Python KernelError; one type per module, so modules never mix them up).
template <typename Error, typename Fn>
auto Guarded(Fn&& fn) -> decltype(fn())
{
    try {
        return fn();
    } catch (const opkit::sim::KernelInterrupted&) {
        // Ctrl-C stopped the kernel: the caller gets KeyboardInterrupt. Python's own handler has usually seen the
        // signal too (it runs here, on the main thread); otherwise, or on another thread, it is raised here.
        if (PyErr_CheckSignals() == 0) PyErr_SetNone(PyExc_KeyboardInterrupt);
        throw py::error_already_set();
    } catch (const opkit::sim::KernelFault& e) {
        throw Error(e.what());
    } catch (const HostError& e) {
        throw Error(e.what());
    } catch (const CallError& e) {
        throw Error(e.what());
    }
}

// infer_<op>: per IR output, a list of (shape or None, dtype name) from the op's InferShape and InferDataType.
inline py::list Infer(const OpTable& op, const py::list& inputs, const py::dict& attrs)
{
    const InferResult r = infer(op.opType, ToHost(ToSlots(inputs, op.inputs, "inputs")), ToAttrs(op, attrs));
    py::list outputs;
    for (const IrTensors& ir : r.outputs) {
        py::list tensors;
        for (const TensorArg& t : ir) {
            // None: the op's InferShape gave this output no shape; Python takes it from the caller's out=.
            tensors.append(py::make_tuple(t.shape_known ? py::cast(t.shape) : py::none(),
                                          ge::TypeUtils::DataTypeToPrototypeName(t.dtype)));
        }
        outputs.append(tensors);
    }
    return outputs;
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

// The end of every launch: the kernel's last two arguments are a fresh workspace and a fresh copy of the tiling
// bytes (the kernel may write both, and the next call must not see that: registry.h's launch contract), each
// registered as a GM buffer; then the kernel of `combination` runs. Returns the launch's warnings (EmitWarnings).
inline std::vector<std::string> RunWithWorkspaceAndTiling(opkit::sim::Launch& launch, size_t workspaceBytes,
                                      const std::vector<uint8_t>& tilingBytes, std::vector<GmPtr>& args,
                                      size_t combination, const Dispatch& dispatch)
{
    std::vector<uint8_t> workspace(workspaceBytes);
    std::vector<uint8_t> tiling(tilingBytes);
    launch.register_gm(workspace.data(), workspace.size(), "workspace", opkit::sim::detail::allocator_padding(workspace.size()));
    launch.register_gm(tiling.data(), tiling.size(), "tiling");
    args.push_back(workspace.empty() ? nullptr : workspace.data());
    args.push_back(tiling.data());
    dispatch(launch, combination, args);
    return launch.warnings();
}

// A launch's warnings as Python RuntimeWarnings (the GIL held); a warning turned into an error propagates.
inline void EmitWarnings(const std::vector<std::string>& warnings)
{
    for (const std::string& text : warnings) {
        if (PyErr_WarnEx(PyExc_RuntimeWarning, text.c_str(), 1) != 0) throw py::error_already_set();
    }
}

// Everything between Python and the kernel, run with the GIL released; returns the launch's warnings.
inline std::vector<std::string> LaunchOp(const OpTable& op, const std::vector<IrSlot>& given, const AttrMap& attrs,
              const std::string& soc, const Dispatch& dispatch)
{
    const size_t combination = FindCombination(op, given);
    std::vector<IrSlot> slots(given);
    std::vector<std::pair<GmPtr*, uint64_t>> inputTensors;
    for (size_t s = 0; s < op.inputs.size(); ++s) {
        for (Tensor& t : slots[s].tensors) inputTensors.emplace_back(&t.data, t.bytes);
    }
    const std::vector<std::vector<uint8_t>> copies = SeparateOverlappingInputs(inputTensors);
    std::vector<IrSlot> inputs(slots.begin(), slots.begin() + static_cast<std::ptrdiff_t>(op.inputs.size()));
    std::vector<IrSlot> outputs(slots.begin() + static_cast<std::ptrdiff_t>(op.inputs.size()), slots.end());
    TileOptions options;
    options.soc = soc;
    options.outputs = ToHost(outputs);
    const TileResult tiled = tile(op.opType, ToHost(inputs), attrs, options);

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
    return RunWithWorkspaceAndTiling(launch, tiled.workspace_bytes(), tiled.tiling, args, combination, dispatch);
}

// tileLength from a tiling struct that has such a field; None for any other struct (or an incomplete one).
template <typename T, typename = void>
struct TileLength {
    static py::object Read(const std::vector<uint8_t>&) { return py::none(); }
};

template <typename T>
struct TileLength<T, std::void_t<decltype(std::declval<const T&>().tileLength)>> {
    static py::object Read(const std::vector<uint8_t>& bytes)
    {
        if constexpr (std::is_trivially_copyable_v<T> && std::is_default_constructible_v<T>) {
            if (bytes.size() >= sizeof(T)) {
                T data{};
                std::memcpy(static_cast<void*>(&data), bytes.data(), sizeof(T));
                return py::int_(static_cast<uint64_t>(data.tileLength));
            }
        }
        return py::none();
    }
};

using ReadTileLength = py::object (*)(const std::vector<uint8_t>&);

// tiling_<op>: what the op's TilingFunc decides for these inputs on `soc`.
inline py::dict Tiling(const OpTable& op, const py::list& inputs, const py::dict& attrs, const std::string& soc,
                       ReadTileLength readTileLength)
{
    TileOptions options;
    options.soc = soc;
    const TileResult result = tile(op.opType, ToHost(ToSlots(inputs, op.inputs, "inputs")), ToAttrs(op, attrs),
                                   options);
    py::dict out;
    out["block_dim"] = result.block_dim;
    out["tiling_key"] = result.tiling_key;
    out["workspace_bytes"] = result.workspace_bytes();
    out["tile_length"] = readTileLength(result.tiling);
    out["soc"] = result.soc;
    return out;
}

// launch_<op>: marshal with the GIL held, then tile and run the kernel with it released.
inline void LaunchFromPython(const OpTable& op, const py::list& inputs, const py::list& outputs,
                             const py::dict& attrs, const std::string& soc, const Dispatch& dispatch)
{
    std::vector<IrSlot> slots = ToSlots(inputs, op.inputs, "inputs");
    std::vector<IrSlot> outs = ToSlots(outputs, op.outputs, "outputs");
    slots.insert(slots.end(), outs.begin(), outs.end());
    const AttrMap attrMap = ToAttrs(op, attrs);
    std::vector<std::string> warnings;
    {
        py::gil_scoped_release release;
        warnings = LaunchOp(op, slots, attrMap, soc, dispatch);
    }
    EmitWarnings(warnings);
}
}  // namespace opkit::host::bindings

// The op-independent half of a generated project's pybind11 module _C: Python values <-> host tensors and attrs,
// infer/tile/launch through the op registry, the tiling report. The launch itself is launch_op.h's, which the aclnn
// library (aclnn_call.h) shares; generated csrc/op_tables.h holds the per-op tables and kernel dispatch. Needs
// pybind11 (a build-time dependency); no torch headers.
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

#include "opkit/host/launch_op.h"

namespace opkit::host::bindings {
namespace py = pybind11;

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

// A launch's warnings as Python RuntimeWarnings (the GIL held); a warning turned into an error propagates.
inline void EmitWarnings(const std::vector<std::string>& warnings)
{
    for (const std::string& text : warnings) {
        if (PyErr_WarnEx(PyExc_RuntimeWarning, text.c_str(), 1) != 0) throw py::error_already_set();
    }
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

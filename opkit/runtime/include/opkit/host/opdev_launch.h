// INFER_SHAPE and ADD_TO_LAUNCHER_LIST_AICORE of CANN's l0 op code (opdev/make_op_executor.h) on the CPU. Their
// OP_INPUT/OP_OUTPUT/OP_ATTR lists go, by position, to the OpDef's inputs, outputs and attrs of the op named (one of
// this library's ops). INFER_SHAPE runs the op's InferShape now and gives each output its shape; the launch runs the
// op's kernel on the simulator when the executor runs, through the same checks as a generated aclnn API.
#pragma once

#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "opkit/host/opdev_executor.h"

namespace opkit::opdev {

using TensorArg = std::variant<std::monostate, const aclTensor*, const aclTensorList*>;
using AttrArg = std::variant<int64_t, double, bool, std::string, const aclIntArray*, const aclFloatArray*,
                             const aclBoolArray*>;

struct Inputs { std::vector<TensorArg> items; };
struct Outputs { std::vector<TensorArg> items; };
struct Attrs { std::vector<AttrArg> items; };
struct Ignored {};   // OP_WORKSPACE, OP_OPTION, OP_EMPTY_ARG: nothing on the CPU

inline TensorArg ToTensorArg(std::nullptr_t) { return std::monostate{}; }
inline TensorArg ToTensorArg(const aclTensor* t) { return t == nullptr ? TensorArg{} : TensorArg{t}; }
inline TensorArg ToTensorArg(const aclTensorList* t) { return t == nullptr ? TensorArg{} : TensorArg{t}; }

template <typename T>
AttrArg ToAttrArg(const T& v)
{
    if constexpr (std::is_same_v<T, bool>) {
        return AttrArg{v};
    } else if constexpr (std::is_integral_v<T> || std::is_enum_v<T>) {
        return AttrArg{static_cast<int64_t>(v)};
    } else if constexpr (std::is_floating_point_v<T>) {
        return AttrArg{static_cast<double>(v)};
    } else if constexpr (std::is_convertible_v<T, std::string>) {
        return AttrArg{std::string(v)};
    } else if constexpr (std::is_convertible_v<T, const aclIntArray*>) {
        return AttrArg{static_cast<const aclIntArray*>(v)};
    } else if constexpr (std::is_convertible_v<T, const aclFloatArray*>) {
        return AttrArg{static_cast<const aclFloatArray*>(v)};
    } else {
        static_assert(std::is_convertible_v<T, const aclBoolArray*>, "OP_ATTR: an attr type opkit does not take");
        return AttrArg{static_cast<const aclBoolArray*>(v)};
    }
}

template <typename... T>
Inputs MakeInputs(const T&... v) { return Inputs{{ToTensorArg(v)...}}; }
template <typename... T>
Outputs MakeOutputs(const T&... v) { return Outputs{{ToTensorArg(v)...}}; }
template <typename... T>
Attrs MakeAttrs(const T&... v) { return Attrs{{ToAttrArg(v)...}}; }

struct L0Call {
    std::string op;
    Inputs inputs;
    Outputs outputs;
    Attrs attrs;
};
inline void Collect(L0Call&) {}
template <typename... Rest>
void Collect(L0Call& c, Inputs v, Rest&&... rest) { c.inputs = std::move(v); Collect(c, std::forward<Rest>(rest)...); }
template <typename... Rest>
void Collect(L0Call& c, Outputs v, Rest&&... rest) { c.outputs = std::move(v); Collect(c, std::forward<Rest>(rest)...); }
template <typename... Rest>
void Collect(L0Call& c, Attrs v, Rest&&... rest) { c.attrs = std::move(v); Collect(c, std::forward<Rest>(rest)...); }
template <typename... Rest>
void Collect(L0Call& c, Ignored, Rest&&... rest) { Collect(c, std::forward<Rest>(rest)...); }

// The op's entry, or null with the error recorded.
inline const OpEntry* FindOp(const std::string& op)
{
    auto it = Ops().find(op);
    if (it != Ops().end()) return &it->second;
    std::string known;
    for (const auto& e : Ops()) known += (known.empty() ? "" : ", ") + e.first;
    Fail(ACLNN_ERR_INNER_FIND_KERNEL_ERROR, "l0 op " + op + " is not one of this package's ops (" + known +
                                                "): opkit runs only the ops the project builds, not CANN's built-in ones");
    return nullptr;
}

inline host::AttrMap ToAttrMap(const host::bindings::OpTable& table, const Attrs& attrs)
{
    host::AttrMap map;
    for (size_t i = 0; i < attrs.items.size() && i < table.attrs.size(); ++i) {
        const char* name = table.attrs[i].first;
        std::visit([&](const auto& v) {
            using V = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<V, double>) map.emplace(name, static_cast<float>(v));
            else if constexpr (std::is_pointer_v<V>) { if (v != nullptr) map.emplace(name, v->values); }
            else map.emplace(name, v);
        }, attrs.items[i]);
    }
    return map;
}

inline std::vector<const aclTensor*> TensorsOf(const TensorArg& a)
{
    if (auto* t = std::get_if<const aclTensor*>(&a)) return {*t};
    if (auto* l = std::get_if<const aclTensorList*>(&a)) return (*l)->tensors;
    return {};
}

// The InferShape of CANN's built-in PadV3 and PadV3Grad (their op_proto), which CANN's pad ops' l0 code asks before
// launching one of the project's own ops (padv3grad.cpp: INFER_SHAPE(PadV3Grad, ...), then CircularPadGrad or
// PadV3GradReplicate): output dim i is x's dim i plus (PadV3) or minus (PadV3Grad) its begin and end paddings, read
// from the paddings tensor's values ([b0, e0, b1, e1, ...] when the paddings_contiguous attr is true, the default; else
// [b0, b1, ..., e0, e1, ...]), fewer paddings than 2 per dim padding the last dims. False when it is not such a call.
inline bool BuiltinPadInferShape(const L0Call& c)
{
    const int sign = c.op == "PadV3" ? 1 : c.op == "PadV3Grad" ? -1 : 0;
    if (sign == 0 || c.inputs.items.size() < 2 || c.outputs.items.empty()) return false;
    const auto x = TensorsOf(c.inputs.items[0]), p = TensorsOf(c.inputs.items[1]), out = TensorsOf(c.outputs.items[0]);
    if (x.size() != 1 || p.size() != 1 || out.size() != 1 || p[0]->data == nullptr) return false;
    const ge::DataType dtype = p[0]->GetDataType();
    if (dtype != ge::DT_INT32 && dtype != ge::DT_INT64) return false;
    const int64_t count = p[0]->Numel(), rank = static_cast<int64_t>(x[0]->view_shape.size());
    if (count % 2 != 0 || count / 2 > rank) return false;
    bool contiguous = true;
    if (c.attrs.items.size() >= 2) {
        if (const bool* b = std::get_if<bool>(&c.attrs.items[1])) contiguous = *b;
    }
    auto value = [&](int64_t i) {
        const auto* base = static_cast<const char*>(p[0]->data);
        return dtype == ge::DT_INT32 ? static_cast<int64_t>(reinterpret_cast<const int32_t*>(base)[p[0]->offset + i])
                                     : reinterpret_cast<const int64_t*>(base)[p[0]->offset + i];
    };
    const int64_t padded = count / 2;
    gert::Shape shape;
    for (int64_t d = 0; d < rank; ++d) {
        int64_t dim = x[0]->view_shape[d];
        const int64_t k = d - (rank - padded);   // which padded dim this is (the last `padded` dims)
        if (k >= 0) {
            dim += sign * (contiguous ? value(2 * k) + value(2 * k + 1) : value(k) + value(k + padded));
        }
        if (dim < 0) return false;
        shape.AppendDim(dim);
    }
    const_cast<aclTensor*>(out[0])->SetViewShape(shape);
    return true;
}

// INFER_SHAPE: the op's InferShape on the inputs' shapes and dtypes; each output tensor takes the shape it gives.
inline aclnnStatus InferShape(aclOpExecutor* executor, const L0Call& c)
{
    if (Ops().find(c.op) == Ops().end() && BuiltinPadInferShape(c)) return ACLNN_SUCCESS;
    const OpEntry* entry = FindOp(c.op);
    if (entry == nullptr) return ACLNN_ERR_INNER_FIND_KERNEL_ERROR;
    std::vector<host::IrTensors> inputs;
    for (const TensorArg& a : c.inputs.items) {
        host::IrTensors ir;
        for (const aclTensor* t : TensorsOf(a)) {
            ir.push_back(host::TensorArg{t->view_shape, t->GetDataType(), ge::FORMAT_ND, t->data});
        }
        inputs.push_back(std::move(ir));
    }
    std::vector<size_t> counts;
    for (const TensorArg& a : c.outputs.items) counts.push_back(TensorsOf(a).size());
    try {
        const host::InferResult r = host::infer(entry->table->opType, inputs, ToAttrMap(*entry->table, c.attrs), counts);
        for (size_t o = 0; o < r.outputs.size() && o < c.outputs.items.size(); ++o) {
            const auto tensors = TensorsOf(c.outputs.items[o]);
            for (size_t i = 0; i < r.outputs[o].size() && i < tensors.size(); ++i) {
                if (!r.outputs[o][i].shape_known) continue;
                gert::Shape s;
                for (int64_t d : r.outputs[o][i].shape) s.AppendDim(d);
                const_cast<aclTensor*>(tensors[i])->SetViewShape(s);
            }
        }
    } catch (const std::exception& e) {
        return Fail(ACLNN_ERR_INNER_INFERSHAPE_ERROR, "INFER_SHAPE(" + c.op + "): " + e.what());
    }
    (void)executor;
    return ACLNN_SUCCESS;
}

// ADD_TO_LAUNCHER_LIST_AICORE: when the executor runs, the op's kernel on these tensors (a generated aclnn call's
// checks, tiling and launch; its workspace is the executor's own). The outputs keep the shapes the l0 code gave them:
// no InferShape runs, as in CANN.
inline aclnnStatus AddAicore(aclOpExecutor* executor, L0Call c)
{
    L2Executor* mine = Mine(executor);
    if (mine == nullptr) return Fail(ACLNN_ERR_INNER_NOT_TRANS_EXECUTOR, "ADD_TO_LAUNCHER_LIST_AICORE(" + c.op +
                                                                             ") outside a CREATE_EXECUTOR executor");
    const OpEntry* entry = FindOp(c.op);
    if (entry == nullptr) return ACLNN_ERR_INNER_FIND_KERNEL_ERROR;
    const OpEntry op = *entry;
    const std::string api = CurrentApi();
    mine->Add(c.op, [mine, op, c, api]() -> aclnnStatus {
        const host::bindings::OpTable& table = *op.table;
        const std::string name = api + " -> l0 " + c.op;
        host::aclnn::Call call(table, op.dispatch, name.c_str(), OPKIT_PROJECT_SOC);
        call.OutputsAsGiven();
        auto add = [&](const std::vector<std::pair<const char*, bool>>& ir, const std::vector<TensorArg>& given,
                       bool output) {
            for (size_t i = 0; i < ir.size(); ++i) {
                const TensorArg a = i < given.size() ? given[i] : TensorArg{};
                for (const aclTensor* t : TensorsOf(a)) mine->Materialize(t);
                if (auto* l = std::get_if<const aclTensorList*>(&a)) {
                    if (output) call.OutputList(ir[i].first, *l); else call.InputList(ir[i].first, *l);
                } else if (output) {
                    call.Output(ir[i].first, TensorsOf(a).empty() ? nullptr : TensorsOf(a)[0]);
                } else {
                    call.Input(ir[i].first, TensorsOf(a).empty() ? nullptr : TensorsOf(a)[0], true);
                }
            }
        };
        add(table.inputs, c.inputs.items, false);
        add(table.outputs, c.outputs.items, true);
        for (size_t i = 0; i < c.attrs.items.size() && i < table.attrs.size(); ++i) {
            const char* attr = table.attrs[i].first;
            std::visit([&](const auto& v) {
                using V = std::decay_t<decltype(v)>;
                if constexpr (std::is_same_v<V, std::string>) call.Attr(attr, v.c_str());
                else call.Attr(attr, v);
            }, c.attrs.items[i]);
        }
        uint64_t size = 0;
        aclOpExecutor* launch = nullptr;
        aclnnStatus status = call.Prepare(&size, &launch);
        if (status != ACLNN_SUCCESS) return status;
        std::vector<uint64_t> workspace(size / 8 + 1);
        return host::aclnn::Run(name.c_str(), workspace.data(), size, launch, nullptr);
    });
    return ACLNN_SUCCESS;
}

template <typename... Args>
L0Call MakeCall(const char* op, Args&&... args)
{
    L0Call c;
    c.op = op;
    Collect(c, std::forward<Args>(args)...);
    return c;
}

}  // namespace opkit::opdev

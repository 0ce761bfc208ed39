// The host-side entry points the generated bindings call: look up a registered op, infer its outputs, tile it.
//
// API (framework-free; include "opkit/host/registry.h" in the same shared library as the op_host sources):
//
//   using IrTensors = std::vector<TensorArg>;      // one IR input/output: {} absent optional, {t} one, {t...} dynamic
//   struct TensorArg { std::vector<int64_t> shape; ge::DataType dtype; ge::Format format = ND; const void* data; }
//   using AttrMap = std::map<std::string, AttrValue>;   // by attr name; AttrValue covers every prototype attr type
//
//   const ops::OpDef& find_op(op_type);                 // the OpDef registered by OP_ADD(op_type)
//   std::vector<std::string> registered_ops();
//   InferResult infer(op_type, inputs, attrs, dynamic_output_counts = {});
//       -> InferResult{outputs: per IR output, its tensors with shape and dtype}
//       Runs the op's InferDataType (or, when it has none, picks the OpDef dtype combination matching the
//       inputs) and then its InferShape. An output the InferShape leaves unset (or every output, when the op has
//       no InferShape) comes back with shape_known = false: the caller must give its shape (aclnn style).
//   TileResult tile(op_type, inputs, attrs, TileOptions{soc, outputs, tiling_capacity});
//       -> TileResult{block_dim, tiling_key, tiling (bytes), workspace_sizes, schedule_mode, need_atomic, soc}
//       Runs the op's TilingFunc on the SoC's platform (default Ascend910B2). Outputs default to infer()'s.
//
// Inputs are given by IR index (prototype order); trailing optional/dynamic inputs may be omitted. Attrs not
// given take the OpDef default; given ones are checked against the declared kind (an int is accepted for a
// float, a list of ints for a list of floats, an int code for a dtype, [] for any list).
// Every failure is an opkit::host::HostError naming the op, the stage and the values involved: unknown op, an op
// registered twice, a wrong input count, an attr that is unknown/missing/of the wrong kind, a missing
// TilingFunc, a function returning GRAPH_FAILED or throwing, no matching dtype combination, an output left without
// dtype, block dim 0 or > 65535, tiling data beyond the buffer, an unknown SoC or one the op has no AddConfig for.
//
// Launch contract for the bindings: register `tiling` (the data size the TilingFunc set, as the NPU receives it)
// as the GM buffer "tiling" and pass it to the kernel, whose GET_TILING_DATA checks that its struct fits in it;
// set the block context's tiling_key to `tiling_key`. tiling_capacity only bounds what a TilingFunc may write.
#pragma once

#include <cctype>
#include <exception>
#include <string>
#include <vector>

#include "exe_graph/runtime/infer_datatype_context.h"
#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/tiling_context.h"
#include "opkit/host/call_args.h"
#include "opkit/host/dtype_match.h"
#include "opkit/host/error.h"
#include "opkit/host/op_store.h"
#include "opkit/sim/soc.h"
#include "tiling/platform/platform_ascendc.h"

namespace opkit::host {

inline constexpr size_t kDefaultTilingCapacity = 64 * 1024;
inline constexpr uint32_t kMaxBlockDim = 65535;

struct InferResult {
  std::vector<IrTensors> outputs;  // per IR output; data pointers are null
};

struct TileOptions {
  std::string soc;                  // CANN SoC version ("Ascend910B2") or AddConfig family ("ascend910b"); "" default
  std::vector<IrTensors> outputs;   // per IR output; empty: taken from infer()
  size_t tiling_capacity = kDefaultTilingCapacity;
};

struct TileResult {
  uint32_t block_dim = 0;
  uint64_t tiling_key = 0;
  std::vector<uint8_t> tiling;
  std::vector<size_t> workspace_sizes;
  uint32_t schedule_mode = 0;
  bool need_atomic = false;
  std::string soc;  // the SoC profile used ("Ascend910B2")

  // One workspace buffer holds them all (GetUserWorkspace hands the kernel its start).
  size_t workspace_bytes() const {
    size_t total = 0;
    for (size_t s : workspace_sizes) total += s;
    return total;
  }
};

inline std::vector<std::string> registered_ops() { return detail::OpStore::instance().names(); }

inline const ops::OpDef& find_op(const std::string& op_type) {
  const detail::OpEntry* e = detail::OpStore::instance().find(op_type);
  if (e == nullptr || e->defs.empty()) {
    std::string known;
    for (const auto& n : registered_ops()) known += (known.empty() ? "" : ", ") + n;
    throw HostError(op_type, "registry", detail::cat("no op of this type is registered (registered: ",
                                                     known.empty() ? "none" : known, ")"));
  }
  if (e->defs.size() > 1) {
    throw HostError(op_type, "registry", detail::cat("registered ", e->defs.size(),
                                                     " times (OP_ADD in more than one translation unit?)"));
  }
  return e->defs.front();
}

namespace detail {

inline const ImplFuncs& impl_funcs(const std::string& op_type) { return OpStore::instance().find(op_type)->impl; }

inline std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

inline const opkit::sim::SocProfile& resolve_soc(const std::string& name) {
  const std::string want = lower(name.empty() ? opkit::sim::kDefaultSoc : name);
  const opkit::sim::SocProfile* family_match = nullptr;
  for (const auto& p : opkit::sim::kSocProfiles) {
    if (lower(p.name) == want) return p;
    if (p.family == want && (family_match == nullptr || p.name == std::string(opkit::sim::kDefaultSoc))) {
      family_match = &p;
    }
  }
  if (family_match != nullptr) return *family_match;
  std::string known;
  for (const auto& p : opkit::sim::kSocProfiles) known += (known.empty() ? "" : ", ") + std::string(p.name);
  throw HostError("", "platform", cat("unknown SoC '", name, "' (known: ", known, ")"));
}

inline void check_soc_configured(const std::string& op, const ops::OpDef& def, const opkit::sim::SocProfile& soc) {
  const auto& configs = def.AICore().GetAICoreConfigs();
  if (configs.empty()) return;
  std::string listed;
  for (const auto& [family, cfg] : configs) {
    if (lower(family) == soc.family) return;
    listed += (listed.empty() ? "" : ", ") + family;
  }
  throw HostError(op, "platform", cat("the op has no AddConfig for ", soc.name, " (family ", soc.family,
                                      "); AddConfig lists: ", listed));
}

// Runs one of the op's functions, turning GRAPH_FAILED and exceptions into HostError.
template <typename Fn, typename Ctx>
void run_op_function(const std::string& op, const char* stage, Fn fn, Ctx* ctx, const std::string& call_text) {
  ge::graphStatus status = ge::GRAPH_SUCCESS;
  try {
    status = fn(ctx);
  } catch (const HostError&) {
    throw;
  } catch (const std::exception& e) {
    throw HostError(op, stage, cat("threw: ", e.what(), " (inputs ", call_text, ")"));
  }
  if (status != ge::GRAPH_SUCCESS) {
    throw HostError(op, stage, cat("returned ", status == ge::GRAPH_FAILED ? "GRAPH_FAILED" : "status ",
                                   status == ge::GRAPH_FAILED ? "" : std::to_string(status), " (inputs ",
                                   call_text, ")"));
  }
}

inline void infer_dtypes(CallState& st, const ops::OpDef& def, const std::string& call_text) {
  auto fn = impl_funcs(st.op_type).infer_dtype ? impl_funcs(st.op_type).infer_dtype : def.GetInferDataType();
  if (fn != nullptr) {
    gert::InferDataTypeContext ctx(st);
    run_op_function(st.op_type, "InferDataType", fn, &ctx, call_text);
  } else {
    apply_dtype_combination(st, def, call_text);
  }
  for (size_t i = 0; i < st.outputs.size(); ++i) {
    if (st.outputs.at(i)->desc.GetDataType() == ge::DT_UNDEFINED) {
      throw HostError(st.op_type, "InferDataType", cat("left output #", i, " without a dtype (inputs ", call_text,
                                                       ")"));
    }
  }
}

inline void infer_shapes(CallState& st, const ops::OpDef& def, const std::string& call_text) {
  for (size_t i = 0; i < st.outputs.size(); ++i) st.outputs.at(i)->shape.MutableOriginShape().OpkitMarkUnset();
  auto fn = impl_funcs(st.op_type).infer_shape ? impl_funcs(st.op_type).infer_shape : def.GetInferShape();
  if (fn == nullptr) {
    return;  // no InferShape (aclnn-style ops): every output's shape is the caller's to give
  }
  gert::InferShapeContext ctx(st);
  run_op_function(st.op_type, "InferShape", fn, &ctx, call_text);
}

inline InferResult collect_outputs(const CallState& st) {
  InferResult r;
  size_t k = 0;
  for (size_t ir = 0; ir < st.outputs.ir_size(); ++ir) {
    IrTensors tensors;
    for (size_t j = 0; j < st.outputs.ir_count(ir); ++j, ++k) {
      const IoInstance& o = *st.outputs.at(k);
      const bool known = o.shape.GetOriginShape().OpkitIsSet();
      tensors.push_back(TensorArg{known ? from_shape(o.shape.GetOriginShape()) : std::vector<int64_t>{},
                                  o.desc.GetDataType(), o.desc.GetStorageFormat(), nullptr, known});
    }
    r.outputs.push_back(std::move(tensors));
  }
  return r;
}

inline void check_tiling_state(const std::string& op, const TilingState& ts, const std::string& call_text) {
  if (ts.tiling_struct_too_large != 0) {
    throw HostError(op, "TilingFunc", cat("GetTilingData<T>() needs ", ts.tiling_struct_too_large,
                                          " bytes but the tiling buffer holds ", ts.raw.GetCapacity()));
  }
  if (ts.raw.opkit_overflow_ != 0) {
    throw HostError(op, "TilingFunc", cat("tiling data of ", ts.raw.opkit_overflow_,
                                          " bytes is larger than the tiling buffer (", ts.raw.GetCapacity(),
                                          " bytes)"));
  }
  if (ts.block_dim == 0) {
    throw HostError(op, "TilingFunc", cat("set no block dim; call context->SetBlockDim(n) with 1 <= n <= ",
                                          kMaxBlockDim, " (inputs ", call_text, ")"));
  }
  if (ts.block_dim > kMaxBlockDim) {
    throw HostError(op, "TilingFunc", cat("set block dim ", ts.block_dim, "; the most is ", kMaxBlockDim,
                                          " (inputs ", call_text, ")"));
  }
}

// Makes PlatformAscendCManager answer for the SoC of the tile() call on this thread.
class PlatformScope {
 public:
  explicit PlatformScope(fe::PlatFormInfos* p) : saved_(current_platform()) { current_platform() = p; }
  ~PlatformScope() { current_platform() = saved_; }
  PlatformScope(const PlatformScope&) = delete;
  PlatformScope& operator=(const PlatformScope&) = delete;

 private:
  fe::PlatFormInfos* saved_;
};

}  // namespace detail

inline InferResult infer(const std::string& op_type, const std::vector<IrTensors>& inputs, const AttrMap& attrs = {},
                         const std::vector<size_t>& dynamic_output_counts = {}) {
  const ops::OpDef& def = find_op(op_type);
  detail::CallState st(op_type, detail::resolve_attrs(op_type, def, attrs));
  detail::add_inputs(st, def, inputs);
  detail::add_outputs(st, def, dynamic_output_counts);
  const std::string call_text = detail::describe_inputs(def, inputs);
  detail::infer_dtypes(st, def, call_text);
  detail::infer_shapes(st, def, call_text);
  return detail::collect_outputs(st);
}

inline TileResult tile(const std::string& op_type, const std::vector<IrTensors>& inputs, const AttrMap& attrs = {},
                       const TileOptions& options = {}) {
  const ops::OpDef& def = find_op(op_type);
  const opkit::sim::SocProfile& soc = detail::resolve_soc(options.soc);
  detail::check_soc_configured(op_type, def, soc);
  auto fn = detail::impl_funcs(op_type).tiling ? detail::impl_funcs(op_type).tiling : def.AICore().GetTiling();
  if (fn == nullptr) {
    throw HostError(op_type, "TilingFunc", "the op registers no TilingFunc (AICore().SetTiling)");
  }
  // An op without outputs (it works in place) runs no InferShape: there is nothing to infer, as in CANN's aclnn.
  const std::vector<IrTensors> outputs = options.outputs.empty() && !def.GetOutputs().empty()
                                             ? infer(op_type, inputs, attrs).outputs : options.outputs;
  detail::CallState st(op_type, detail::resolve_attrs(op_type, def, attrs));
  detail::add_inputs(st, def, inputs);
  detail::add_given_outputs(st, def, outputs);
  fe::PlatFormInfos* platform = detail::platform_infos(soc);
  detail::TilingState ts(st, platform, options.tiling_capacity);
  const std::string call_text = detail::describe_inputs(def, inputs);
  {
    detail::PlatformScope scope(platform);
    const detail::ImplFuncs& impl = detail::impl_funcs(op_type);
    std::shared_ptr<void> compile_info;   // lives until the TilingFunc has run
    if (impl.tiling_parse != nullptr) {
      compile_info = impl.make_compile_info();
      gert::TilingParseContext parse(op_type.c_str(), platform, compile_info.get());
      detail::run_op_function(op_type, "TilingParse", impl.tiling_parse, &parse, call_text);
      ts.compile_info = compile_info.get();
    }
    gert::TilingContext ctx(ts);
    detail::run_op_function(op_type, "TilingFunc", fn, &ctx, call_text);
  }
  detail::check_tiling_state(op_type, ts, call_text);
  TileResult r;
  r.block_dim = ts.block_dim;
  r.tiling_key = ts.tiling_key;
  r.tiling.assign(ts.buffer.begin(), ts.buffer.begin() + static_cast<std::ptrdiff_t>(ts.raw.GetDataSize()));
  r.workspace_sizes = ts.workspaces;
  r.schedule_mode = ts.schedule_mode;
  r.need_atomic = ts.need_atomic;
  r.soc = soc.name;
  return r;
}

}  // namespace opkit::host

// OpPlugin's op_api_common.h on the CPU: EXEC_NPU_CMD(aclnnXxx, args...) converts each argument to its aclnn type
// (at::Tensor -> aclTensor*, Scalar -> aclScalar*, IntArrayRef -> aclIntArray*, ...), finds aclnnXxxGetWorkspaceSize
// and aclnnXxx in the custom operator packages of ASCEND_CUSTOM_OPP_PATH (op_api/lib/libcust_opapi.so), then in
// libopapi.so, and runs the two phases on the current stream, as torch_npu does.
#pragma once

#include <ATen/ATen.h>
#include <dlfcn.h>

#include <array>
#include <cstdlib>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "torch_npu/csrc/framework/utils/OpAdapter.h"

namespace opkit::op_api_detail {

inline void* find_in(const std::string& lib, const char* name) {
  void* handle = dlopen(lib.c_str(), RTLD_LAZY | RTLD_GLOBAL);
  return handle != nullptr ? dlsym(handle, name) : nullptr;
}

// ASCEND_CUSTOM_OPP_PATH's packages first (as torch_npu), then CANN's libopapi.so on the loader path.
inline void* find_api(const char* name) {
  if (const char* paths = std::getenv("ASCEND_CUSTOM_OPP_PATH")) {
    std::string all(paths);
    size_t start = 0;
    while (start <= all.size()) {
      const size_t end = std::min(all.find(':', start), all.size());
      if (end > start) {
        if (void* f = find_in(all.substr(start, end - start) + "/op_api/lib/libcust_opapi.so", name)) return f;
      }
      start = end + 1;
    }
  }
  return find_in("libopapi.so", name);
}

// aclCreateTensor & co. and aclGetRecentErrMsg, from libopapi.so's dependencies (libnnopbase.so, libascendcl.so), as
// torch_npu finds them: op code links no CANN library.
template <typename Fn>
Fn api(const char* name) {
  void* f = find_in("libopapi.so", name);
  TORCH_CHECK(f != nullptr, "EXEC_NPU_CMD: ", name, " is not in libopapi.so's libraries (is the CANN stand-in's lib64 "
              "on LD_LIBRARY_PATH? `opkit run` puts it there)");
  return reinterpret_cast<Fn>(f);
}
#define OPKIT_OPAPI(name) static const auto opkit_##name = opkit::op_api_detail::api<decltype(&::name)>(#name)

inline const char* recent_error() {
  OPKIT_OPAPI(aclGetRecentErrMsg);
  return opkit_aclGetRecentErrMsg();
}

inline aclDataType acl_dtype(at::ScalarType t) {
  switch (t) {
    case at::kByte: return ACL_UINT8;
    case at::kChar: return ACL_INT8;
    case at::kShort: return ACL_INT16;
    case at::kInt: return ACL_INT32;
    case at::kLong: return ACL_INT64;
    case at::kHalf: return ACL_FLOAT16;
    case at::kFloat: return ACL_FLOAT;
    case at::kDouble: return ACL_DOUBLE;
    case at::kBool: return ACL_BOOL;
    case at::kBFloat16: return ACL_BF16;
    case at::kComplexFloat: return ACL_COMPLEX64;
    case at::kComplexDouble: return ACL_COMPLEX128;
    default: return ACL_DT_UNDEFINED;
  }
}

inline aclTensor* convert(const at::Tensor& t) {
  if (!t.defined()) return nullptr;
  const aclDataType dtype = acl_dtype(t.scalar_type());
  TORCH_CHECK(dtype != ACL_DT_UNDEFINED, "EXEC_NPU_CMD: ", c10::toString(t.scalar_type()), " has no aclDataType");
  const at::Tensor& src = t;
  const int64_t storage_len = static_cast<int64_t>(src.storage().nbytes() / src.itemsize());
  const aclFormat format = src.dim() == 3 ? ACL_FORMAT_NCL
                           : src.dim() == 4 ? ACL_FORMAT_NCHW
                           : src.dim() == 5 ? ACL_FORMAT_NCDHW
                                            : ACL_FORMAT_ND;
  OPKIT_OPAPI(aclCreateTensor);
  return opkit_aclCreateTensor(src.sizes().data(), src.dim(), dtype, src.strides().data(), src.storage_offset(),
                               format, &storage_len, 1, const_cast<void*>(src.storage().data()));
}
inline aclTensor* convert(const c10::optional<at::Tensor>& t) { return t.has_value() ? convert(*t) : nullptr; }
inline aclScalar* convert(const at::Scalar& s) {
  OPKIT_OPAPI(aclCreateScalar);
  switch (s.type()) {
    case at::kDouble: {
      double v = s.toDouble();
      return opkit_aclCreateScalar(&v, ACL_DOUBLE);
    }
    case at::kLong: {
      int64_t v = s.toLong();
      return opkit_aclCreateScalar(&v, ACL_INT64);
    }
    case at::kBool: {
      bool v = s.toBool();
      return opkit_aclCreateScalar(&v, ACL_BOOL);
    }
    default: TORCH_CHECK(false, "EXEC_NPU_CMD: a ", c10::toString(s.type()), " Scalar has no aclScalar");
  }
  return nullptr;
}
inline aclScalar* convert(const c10::optional<at::Scalar>& s) { return s.has_value() ? convert(*s) : nullptr; }
inline aclIntArray* convert(at::IntArrayRef a) {
  OPKIT_OPAPI(aclCreateIntArray);
  return opkit_aclCreateIntArray(a.data(), a.size());
}
inline aclIntArray* convert(const c10::optional<at::IntArrayRef>& a) { return a.has_value() ? convert(*a) : nullptr; }
inline aclBoolArray* convert(at::ArrayRef<bool> a) {
  OPKIT_OPAPI(aclCreateBoolArray);
  return opkit_aclCreateBoolArray(a.data(), a.size());
}
template <size_t N>
aclBoolArray* convert(const std::array<bool, N>& a) {
  OPKIT_OPAPI(aclCreateBoolArray);
  return opkit_aclCreateBoolArray(a.data(), a.size());
}
inline aclTensorList* convert(at::TensorList list) {
  std::vector<const aclTensor*> items;
  for (const at::Tensor& t : list) items.push_back(convert(t));
  OPKIT_OPAPI(aclCreateTensorList);
  return opkit_aclCreateTensorList(items.data(), items.size());
}
inline aclDataType convert(at::ScalarType t) { return acl_dtype(t); }
inline char* convert(const std::string& s) { return const_cast<char*>(s.c_str()); }
template <typename T>
T convert(T value) {
  return value;
}

inline void release(aclTensor* p) {
  OPKIT_OPAPI(aclDestroyTensor);
  opkit_aclDestroyTensor(p);
}
inline void release(aclScalar* p) {
  OPKIT_OPAPI(aclDestroyScalar);
  opkit_aclDestroyScalar(p);
}
inline void release(aclIntArray* p) {
  OPKIT_OPAPI(aclDestroyIntArray);
  opkit_aclDestroyIntArray(p);
}
inline void release(aclBoolArray* p) {
  OPKIT_OPAPI(aclDestroyBoolArray);
  opkit_aclDestroyBoolArray(p);
}
inline void release(aclTensorList* p) {
  OPKIT_OPAPI(aclDestroyTensorList);
  opkit_aclDestroyTensorList(p);
}
template <typename T>
void release(T) {}

template <typename... Args>
auto convert_all(const Args&... args) {
  return std::make_tuple(convert(args)...);
}

template <typename... Ts>
int call_workspace(void* fn, std::tuple<Ts...>& args) {
  using Fn = int (*)(Ts...);
  return std::apply(reinterpret_cast<Fn>(fn), args);
}

template <typename... Ts>
void release_all(std::tuple<Ts...>& args) {
  std::apply([](auto&... a) { (release(a), ...); }, args);
}

}  // namespace opkit::op_api_detail

#define OPKIT_STR_(x) #x
#define EXEC_NPU_CMD(aclnn_api, ...)                                                                                 \
  do {                                                                                                               \
    static void* const opkit_ws_fn = opkit::op_api_detail::find_api(OPKIT_STR_(aclnn_api) "GetWorkspaceSize");       \
    static void* const opkit_run_fn = opkit::op_api_detail::find_api(OPKIT_STR_(aclnn_api));                         \
    TORCH_CHECK(opkit_ws_fn != nullptr && opkit_run_fn != nullptr, OPKIT_STR_(aclnn_api),                           \
                " or " OPKIT_STR_(aclnn_api) "GetWorkspaceSize is in no libcust_opapi.so of ASCEND_CUSTOM_OPP_PATH " \
                "nor in libopapi.so (build the operator with `opkit build`, run with `opkit run`)");                 \
    auto opkit_stream = c10_npu::getCurrentNPUStream().stream(false);                                                \
    uint64_t opkit_ws_size = 0;                                                                                      \
    aclOpExecutor* opkit_executor = nullptr;                                                                         \
    auto opkit_args = std::tuple_cat(opkit::op_api_detail::convert_all(__VA_ARGS__),                                 \
                                     std::make_tuple(&opkit_ws_size, &opkit_executor));                              \
    const int opkit_ws_status = opkit::op_api_detail::call_workspace(opkit_ws_fn, opkit_args);                       \
    TORCH_CHECK(opkit_ws_status == 0, "call " OPKIT_STR_(aclnn_api) " failed, detail:",                            \
                opkit::op_api_detail::recent_error());                                                               \
    at::Tensor opkit_ws;                                                                                             \
    void* opkit_ws_addr = nullptr;                                                                                   \
    if (opkit_ws_size != 0) {                                                                                        \
      opkit_ws = at::empty({static_cast<int64_t>(opkit_ws_size)},                                                    \
                           at::TensorOptions(c10::DeviceType::PrivateUse1).dtype(at::kByte));                        \
      opkit_ws_addr = opkit_ws.storage().mutable_data();                                                             \
    }                                                                                                                \
    using OpkitRunFn = int (*)(void*, uint64_t, aclOpExecutor*, aclrtStream);                                        \
    const int opkit_status =                                                                                         \
        reinterpret_cast<OpkitRunFn>(opkit_run_fn)(opkit_ws_addr, opkit_ws_size, opkit_executor, opkit_stream);      \
    opkit::op_api_detail::release_all(opkit_args);                                                                   \
    TORCH_CHECK(opkit_status == 0, "call " OPKIT_STR_(aclnn_api) " failed, detail:",                               \
                opkit::op_api_detail::recent_error());                                                               \
  } while (false)

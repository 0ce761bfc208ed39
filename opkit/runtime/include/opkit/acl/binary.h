// CANN's kernel binaries through acl (acl_rt.h): aclrtBinaryLoadFromFile loads a kernel binary that CMake's
// ascendc_fatbin_library built, aclrtBinaryGetFunction finds a kernel in it by name, aclrtKernelArgsInit/Append/
// Finalize pack its arguments (each appended value's bytes, in the kernel's parameter order) and
// aclrtLaunchKernelWithConfig launches it on the simulator. Here the binary is a shared library of the kernels built
// for the simulator: each kernel `k` has an entry opkit_fatbin_k (opkit cc's launch stubs) that unpacks the bytes
// into its parameters and launches it as <<<>>> does.
#pragma once

#include <stddef.h>
#include <stdint.h>

typedef void* aclrtBinHandle;
typedef void* aclrtFuncHandle;
typedef void* aclrtArgsHandle;
typedef void* aclrtParamHandle;
typedef struct aclrtBinaryLoadOptions aclrtBinaryLoadOptions;  // options are not modelled: pass nullptr
typedef struct aclrtLaunchKernelCfg aclrtLaunchKernelCfg;      // launch attributes are not modelled: nullptr

#ifdef OPKIT_ACL_DECLARE_ONLY
#ifdef __cplusplus
extern "C" {
#endif
ACL_FUNC_VISIBILITY aclError aclrtBinaryLoadFromFile(const char* binPath, aclrtBinaryLoadOptions* options,
                                                     aclrtBinHandle* binHandle);
ACL_FUNC_VISIBILITY aclError aclrtBinaryGetFunction(const aclrtBinHandle binHandle, const char* kernelName,
                                                    aclrtFuncHandle* funcHandle);
ACL_FUNC_VISIBILITY aclError aclrtBinaryUnLoad(aclrtBinHandle binHandle);
ACL_FUNC_VISIBILITY aclError aclrtKernelArgsInit(aclrtFuncHandle funcHandle, aclrtArgsHandle* argsHandle);
ACL_FUNC_VISIBILITY aclError aclrtKernelArgsAppend(aclrtArgsHandle argsHandle, void* param, size_t paramSize,
                                                   aclrtParamHandle* paramHandle);
ACL_FUNC_VISIBILITY aclError aclrtKernelArgsFinalize(aclrtArgsHandle argsHandle);
ACL_FUNC_VISIBILITY aclError aclrtLaunchKernelWithConfig(aclrtFuncHandle funcHandle, uint32_t blockDim,
                                                         aclrtStream stream, aclrtLaunchKernelCfg* cfg,
                                                         aclrtArgsHandle argsHandle, void* reserve);
#ifdef __cplusplus
}
#endif
#else

#include <dlfcn.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

namespace opkit::sim::detail {

// A kernel's entry in a binary: launches with the packed arguments; returns 0, or the byte count the kernel's
// parameters take when `size` is not that.
using FatbinEntry = long (*)(uint32_t blockDim, aclrtStream stream, const unsigned char* args, size_t size);

struct FatbinArgs;
struct FatbinBinary;
struct FatbinFunction {
  std::string name;
  FatbinEntry entry = nullptr;
  FatbinBinary* owner = nullptr;  // the binary whose unload ends this handle (it keeps the function's args too)
};
struct FatbinBinary {
  static constexpr uint32_t kMagic = 0x6f70666bU;  // handles are checked before use
  uint32_t magic = kMagic;
  void* dl = nullptr;
  std::string path;
  std::vector<std::unique_ptr<FatbinFunction>> functions;
  std::vector<std::unique_ptr<FatbinArgs>> args;
};
struct FatbinArgs {
  FatbinFunction* function = nullptr;
  std::vector<unsigned char> bytes;
  bool finalized = false;
};

inline std::vector<FatbinBinary*>& fatbin_binaries() {
  static std::vector<FatbinBinary*> loaded;
  return loaded;
}
inline FatbinBinary* fatbin_binary(void* handle) {
  for (FatbinBinary* b : fatbin_binaries()) {
    if (b == handle) return b;
  }
  return nullptr;
}
inline FatbinFunction* fatbin_function(void* handle) {
  for (FatbinBinary* b : fatbin_binaries()) {
    for (auto& f : b->functions) {
      if (f.get() == handle) return f.get();
    }
  }
  return nullptr;
}
inline FatbinArgs* fatbin_args(void* handle) {
  for (FatbinBinary* b : fatbin_binaries()) {
    for (auto& a : b->args) {
      if (a.get() == handle) return a.get();
    }
  }
  return nullptr;
}

}  // namespace opkit::sim::detail

OPKIT_ACL_FN aclError aclrtBinaryLoadFromFile(const char* binPath, aclrtBinaryLoadOptions* /*options*/,
                                              aclrtBinHandle* binHandle) {
  namespace d = opkit::sim::detail;
  const char* api = "aclrtBinaryLoadFromFile";
  if (binPath == nullptr || binHandle == nullptr) return d::acl_fail(ACL_ERROR_INVALID_PARAM, api, "null argument");
  void* dl = dlopen(binPath, RTLD_NOW | RTLD_GLOBAL);
  if (dl == nullptr) {
    return d::acl_fail(ACL_ERROR_INVALID_FILE, api, "%s is not a kernel binary opkit can load (%s); build it with "
                       "ascendc_fatbin_library", binPath, dlerror());
  }
  auto* bin = new d::FatbinBinary;
  bin->dl = dl;
  bin->path = binPath;
  d::fatbin_binaries().push_back(bin);
  *binHandle = bin;
  return ACL_SUCCESS;
}

OPKIT_ACL_FN aclError aclrtBinaryGetFunction(const aclrtBinHandle binHandle, const char* kernelName,
                                             aclrtFuncHandle* funcHandle) {
  namespace d = opkit::sim::detail;
  const char* api = "aclrtBinaryGetFunction";
  d::FatbinBinary* bin = d::fatbin_binary(binHandle);
  if (bin == nullptr) return d::acl_fail(ACL_ERROR_INVALID_PARAM, api, "binHandle is not a loaded binary");
  if (kernelName == nullptr || funcHandle == nullptr) return d::acl_fail(ACL_ERROR_INVALID_PARAM, api, "null argument");
  auto entry = reinterpret_cast<d::FatbinEntry>(dlsym(bin->dl, (std::string("opkit_fatbin_") + kernelName).c_str()));
  if (entry == nullptr) {
    return d::acl_fail(ACL_ERROR_INVALID_PARAM, api, "%s has no kernel named %s (an extern \"C\" __global__ kernel)",
                       bin->path.c_str(), kernelName);
  }
  bin->functions.push_back(std::make_unique<d::FatbinFunction>(d::FatbinFunction{kernelName, entry, bin}));
  *funcHandle = bin->functions.back().get();
  return ACL_SUCCESS;
}

OPKIT_ACL_FN aclError aclrtBinaryUnLoad(aclrtBinHandle binHandle) {
  namespace d = opkit::sim::detail;
  d::FatbinBinary* bin = d::fatbin_binary(binHandle);
  if (bin == nullptr) {
    return d::acl_fail(ACL_ERROR_INVALID_PARAM, "aclrtBinaryUnLoad", "binHandle is not a loaded binary");
  }
  auto& all = d::fatbin_binaries();
  all.erase(std::remove(all.begin(), all.end(), bin), all.end());
  dlclose(bin->dl);
  delete bin;
  return ACL_SUCCESS;
}

OPKIT_ACL_FN aclError aclrtKernelArgsInit(aclrtFuncHandle funcHandle, aclrtArgsHandle* argsHandle) {
  namespace d = opkit::sim::detail;
  const char* api = "aclrtKernelArgsInit";
  d::FatbinFunction* fn = d::fatbin_function(funcHandle);
  if (fn == nullptr) return d::acl_fail(ACL_ERROR_INVALID_PARAM, api, "funcHandle is not from aclrtBinaryGetFunction");
  if (argsHandle == nullptr) return d::acl_fail(ACL_ERROR_INVALID_PARAM, api, "argsHandle is null");
  fn->owner->args.push_back(std::make_unique<d::FatbinArgs>());
  fn->owner->args.back()->function = fn;
  *argsHandle = fn->owner->args.back().get();
  return ACL_SUCCESS;
}

// The value's bytes are copied now (CANN: the parameter's host memory may be reused after the call).
OPKIT_ACL_FN aclError aclrtKernelArgsAppend(aclrtArgsHandle argsHandle, void* param, size_t paramSize,
                                            aclrtParamHandle* paramHandle) {
  namespace d = opkit::sim::detail;
  const char* api = "aclrtKernelArgsAppend";
  d::FatbinArgs* args = d::fatbin_args(argsHandle);
  if (args == nullptr) return d::acl_fail(ACL_ERROR_INVALID_PARAM, api, "argsHandle is not from aclrtKernelArgsInit");
  if (param == nullptr || paramSize == 0) return d::acl_fail(ACL_ERROR_INVALID_PARAM, api, "no parameter value");
  if (args->finalized) return d::acl_fail(ACL_ERROR_INVALID_PARAM, api, "the arguments were already finalized");
  const size_t at = args->bytes.size();
  args->bytes.resize(at + paramSize);
  std::memcpy(args->bytes.data() + at, param, paramSize);
  if (paramHandle != nullptr) *paramHandle = reinterpret_cast<void*>(static_cast<uintptr_t>(at + 1));
  return ACL_SUCCESS;
}

OPKIT_ACL_FN aclError aclrtKernelArgsFinalize(aclrtArgsHandle argsHandle) {
  namespace d = opkit::sim::detail;
  d::FatbinArgs* args = d::fatbin_args(argsHandle);
  if (args == nullptr) {
    return d::acl_fail(ACL_ERROR_INVALID_PARAM, "aclrtKernelArgsFinalize", "argsHandle is not from aclrtKernelArgsInit");
  }
  args->finalized = true;
  return ACL_SUCCESS;
}

OPKIT_ACL_FN aclError aclrtLaunchKernelWithConfig(aclrtFuncHandle funcHandle, uint32_t blockDim, aclrtStream stream,
                                                  aclrtLaunchKernelCfg* /*cfg*/, aclrtArgsHandle argsHandle,
                                                  void* /*reserve*/) {
  namespace d = opkit::sim::detail;
  const char* api = "aclrtLaunchKernelWithConfig";
  d::FatbinFunction* fn = d::fatbin_function(funcHandle);
  if (fn == nullptr) return d::acl_fail(ACL_ERROR_INVALID_PARAM, api, "funcHandle is not from aclrtBinaryGetFunction");
  d::FatbinArgs* args = d::fatbin_args(argsHandle);
  if (args == nullptr || args->function != fn) {
    return d::acl_fail(ACL_ERROR_INVALID_PARAM, api, "argsHandle is not from aclrtKernelArgsInit of this function");
  }
  if (!args->finalized) return d::acl_fail(ACL_ERROR_INVALID_PARAM, api, "call aclrtKernelArgsFinalize first");
  if (blockDim == 0) return d::acl_fail(ACL_ERROR_INVALID_PARAM, api, "blockDim is 0");
  const long need = fn->entry(blockDim, stream, args->bytes.data(), args->bytes.size());
  if (need != 0) {
    return d::acl_fail(ACL_ERROR_INVALID_PARAM, api, "kernel %s takes %ld bytes of arguments, %zu were appended",
                       fn->name.c_str(), need, args->bytes.size());
  }
  return ACL_SUCCESS;
}

#endif

// Kernel types (KERNEL_TYPE_AIC_ONLY, MIX_AIC_1_2, ...) and how a launch picks the cores it runs for one.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>

enum KernelMetaType : uint8_t {
  KERNEL_TYPE_AIV_ONLY, KERNEL_TYPE_AIC_ONLY, KERNEL_TYPE_MIX_AIV_1_0, KERNEL_TYPE_MIX_AIC_1_0,
  KERNEL_TYPE_MIX_AIC_1_1, KERNEL_TYPE_MIX_AIC_1_2, KERNEL_TYPE_AICORE, KERNEL_TYPE_VECTORCORE,
  KERNEL_TYPE_MIX_AICORE, KERNEL_TYPE_MIX_VECTOR_CORE, KERNEL_TYPE_MAX,
};

namespace opkit::sim::detail {

// The device learns a kernel's type from its compiled binary, before any block runs; here the kernel body runs on
// the cores, so the type must be known before it does. Every KERNEL_TASK_TYPE_DEFAULT and every Matmul object in the
// program notes its type at program start (a static initialiser, see TaskTypeNote), and a launch with no explicit
// mode (SetKernelMode, Launch::set_kernel_type) takes the widest type noted: MIX_AIC_1_2 over MIX_AIC_1_1 over
// AIC_ONLY over AIV_ONLY. A program with only vector kernels notes nothing and runs AIV-only, as before.
// The kernel a note comes from is read off __PRETTY_FUNCTION__ of a class local to it, so that a launch by name
// (ICPU_RUN_KF(matmul_custom, ...)) takes that kernel's own type when it noted one.
struct NotedTypes {
  std::mutex m;
  uint32_t mask = 0;
  std::map<std::string, uint32_t> by_kernel;
};
inline NotedTypes& noted_types() {
  static NotedTypes n;
  return n;
}
inline bool note_task_type(KernelMetaType t) {
  NotedTypes& n = noted_types();
  std::lock_guard<std::mutex> lock(n.m);
  n.mask |= 1u << static_cast<unsigned>(t);
  return true;
}
// "static const char* ns::matmul_custom(GM_ADDR, ...)::<lambda()>::Tag::where()" -> "matmul_custom".
inline std::string kernel_name_of(const std::string& text) {
  std::string s = text.substr(0, text.find('('));
  const size_t lt = s.find('<');
  if (lt != std::string::npos) s = s.substr(0, lt);
  const size_t sp = s.find_last_of(" *&:");
  return sp == std::string::npos ? s : s.substr(sp + 1);
}
inline bool note_task_type_of(KernelMetaType t, const char* where) {
  note_task_type(t);
  NotedTypes& n = noted_types();
  std::lock_guard<std::mutex> lock(n.m);
  n.by_kernel[kernel_name_of(where)] |= 1u << static_cast<unsigned>(t);
  return true;
}
// A kernel's type from its declaration (`__cube__`, `__mix__(1, 2)`): `opkit cc` appends one call per such kernel
// to the rewritten source, since the qualifier itself expands to nothing.
inline bool note_task_type_named(const char* kernel, KernelMetaType t) {
  note_task_type(t);
  NotedTypes& n = noted_types();
  std::lock_guard<std::mutex> lock(n.m);
  n.by_kernel[kernel] |= 1u << static_cast<unsigned>(t);
  return true;
}
template <KernelMetaType T, class Tag>
struct TaskTypeNote {
  static inline const bool noted = note_task_type_of(T, Tag::where());
};

// Normalised: what cores one block of a launch has.
struct CoreShape {
  int aic = 0;
  int aiv = 1;
};

inline CoreShape core_shape_of(KernelMetaType t) {
  switch (t) {
    case KERNEL_TYPE_AIC_ONLY: case KERNEL_TYPE_MIX_AIC_1_0: return {1, 0};
    case KERNEL_TYPE_MIX_AIC_1_1: return {1, 1};
    case KERNEL_TYPE_MIX_AIC_1_2: case KERNEL_TYPE_MIX_AICORE: return {1, 2};
    default: return {0, 1};
  }
}

// The type of kernel `name` if it noted one, else the widest of the program.
inline KernelMetaType widest_noted_type(const std::string& name = "") {
  NotedTypes& n = noted_types();
  std::lock_guard<std::mutex> lock(n.m);
  const auto it = n.by_kernel.find(kernel_name_of(name));
  const uint32_t mask = it != n.by_kernel.end() ? it->second : n.mask;
  for (KernelMetaType t : {KERNEL_TYPE_MIX_AIC_1_2, KERNEL_TYPE_MIX_AICORE, KERNEL_TYPE_MIX_AIC_1_1,
                           KERNEL_TYPE_AIC_ONLY, KERNEL_TYPE_MIX_AIC_1_0}) {
    if (mask & (1u << static_cast<unsigned>(t))) return t;
  }
  return KERNEL_TYPE_AIV_ONLY;
}

// Notes `type` for the kernel this expression sits in, at program start.
#define OPKIT_NOTE_KERNEL_TYPE(type)                                                                  \
  ([] {                                                                                               \
    struct OpkitTag {                                                                                 \
      static const char* where() { return __PRETTY_FUNCTION__; }                                      \
    };                                                                                                \
    return ::opkit::sim::detail::TaskTypeNote<(type), OpkitTag>::noted;                              \
  }())

inline const char* task_type_name(KernelMetaType t) {
  switch (t) {
    case KERNEL_TYPE_AIV_ONLY: return "KERNEL_TYPE_AIV_ONLY";
    case KERNEL_TYPE_AIC_ONLY: return "KERNEL_TYPE_AIC_ONLY";
    case KERNEL_TYPE_MIX_AIV_1_0: return "KERNEL_TYPE_MIX_AIV_1_0";
    case KERNEL_TYPE_MIX_AIC_1_0: return "KERNEL_TYPE_MIX_AIC_1_0";
    case KERNEL_TYPE_MIX_AIC_1_1: return "KERNEL_TYPE_MIX_AIC_1_1";
    case KERNEL_TYPE_MIX_AIC_1_2: return "KERNEL_TYPE_MIX_AIC_1_2";
    default: return "KERNEL_TYPE_(other)";
  }
}

}  // namespace opkit::sim::detail

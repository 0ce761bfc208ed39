// Kernel types (KERNEL_TYPE_AIC_ONLY, MIX_AIC_1_2, ...) and how a launch picks the cores it runs for one.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>

#include "opkit/sim/fault.h"

enum KernelMetaType : uint8_t {
  KERNEL_TYPE_AIV_ONLY, KERNEL_TYPE_AIC_ONLY, KERNEL_TYPE_MIX_AIV_1_0, KERNEL_TYPE_MIX_AIC_1_0,
  KERNEL_TYPE_MIX_AIC_1_1, KERNEL_TYPE_MIX_AIC_1_2, KERNEL_TYPE_AICORE, KERNEL_TYPE_VECTORCORE,
  KERNEL_TYPE_MIX_AICORE, KERNEL_TYPE_MIX_VECTOR_CORE, KERNEL_TYPE_MAX,
};

namespace opkit::sim::detail {

// The device learns a kernel's type from its compiled binary, before any block runs; here the kernel body runs on
// the cores, so the type must be known before it does. CANN's compiler decides it per kernel: the kernel's
// KERNEL_TASK_TYPE_DEFAULT, else what the kernel itself uses (a Matmul: mixed; vector code only: AIV). Here every
// KERNEL_TASK_TYPE_DEFAULT and REGIST_MATMUL_OBJ notes its type at program start (a static initialiser, see
// TaskTypeNote) under the name of the function it sits in, read off __PRETTY_FUNCTION__ of a class local to it, and
// a launch with no explicit mode (SetKernelMode, Launch::set_kernel_type) takes the type noted for its kernel's name
// (KERNEL_TASK_TYPE(key, type) for its tiling key, else the kernel's default).
// A kernel that noted nothing runs AIV-only, as the NPU runs a vector kernel, whatever other kernels of the program
// noted. Only a note in a lambda (a kernel with no name) cannot be told apart: a lambda launch takes the widest type
// the lambdas noted. Either guess is checked when the kernel runs (check_guessed_type in cube/core.h): a kernel that
// runs a note wider than its launch, or a launch guessed wide that ran none, faults rather than computes on the
// wrong cores.
struct NotedTypes {
  std::mutex m;
  uint32_t mask = 0;        // every note in the program
  uint32_t in_lambdas = 0;  // notes in a lambda, no kernel name to file them under
  std::map<std::string, uint32_t> by_kernel;  // KERNEL_TASK_TYPE_DEFAULT and Matmul notes, by kernel
  std::map<std::pair<std::string, uint64_t>, uint32_t> by_key;  // KERNEL_TASK_TYPE(key, type), by kernel and key
  std::map<std::string, uint32_t> by_entry;  // every note of an op build's kernel translation unit, by its kernel
};
inline NotedTypes& noted_types() {
  static NotedTypes n;
  return n;
}
inline uint32_t bit_of(KernelMetaType t) { return 1u << static_cast<unsigned>(t); }

// "static const char* ns::matmul_custom(GM_ADDR, ...)::<lambda()>::Tag::where()" -> "matmul_custom" (also for the
// renamed entry "opkit_entry_matmul_custom");
// "... Op<float>::Init(...)::<lambda()>..." -> "Init"; a lambda's note ("f()::<lambda(...)>::...") -> "".
inline std::string kernel_name_of(const std::string& text) {
  // The macro's own lambda is one; another (GCC "<lambda(", Clang "(lambda at") is the kernel's.
  const size_t gcc = text.find("<lambda"), clang = text.find("(lambda at");
  if ((gcc != std::string::npos && gcc != text.rfind("<lambda")) ||
      (clang != std::string::npos && clang != text.rfind("(lambda at"))) {
    return "";
  }
  std::string s;  // the text before the first '(', template arguments dropped
  int depth = 0;
  for (size_t i = 0; i < text.size() && text[i] != '('; ++i) {
    if (text[i] == '<') ++depth;
    else if (text[i] == '>') --depth;
    else if (depth == 0) s += text[i];
  }
  const size_t sp = s.find_last_of(" *&:");
  const std::string name = sp == std::string::npos ? s : s.substr(sp + 1);
  // An op build's entry is compiled as opkit_entry_<kernel> (opkit/build/entry.py) and launched by its kernel's name.
  const std::string renamed = "opkit_entry_";
  return name.compare(0, renamed.size(), renamed) == 0 ? name.substr(renamed.size()) : name;
}
inline bool note_task_type_named(const char* kernel, KernelMetaType t) {
  NotedTypes& n = noted_types();
  std::lock_guard<std::mutex> lock(n.m);
  n.mask |= bit_of(t);
  if (kernel[0] == '\0') n.in_lambdas |= bit_of(t);
  else n.by_kernel[kernel] |= bit_of(t);
  return true;
}
// An op build compiles each op's kernel as its own translation unit, opkit_entries/<kernel>/<file> (opkitConfig.cmake's
// opkit_add_kernel): every note made there belongs to that kernel, wherever it sits (a Matmul registered in a class's
// Init), as CANN's compiler types a kernel by all the code it calls. "" outside an op build.
inline std::string entry_kernel_of(const char* unit) {
  const std::string s = unit, mark = "opkit_entries/";
  const size_t at = s.rfind(mark);
  if (at == std::string::npos) return "";
  const size_t from = at + mark.size(), to = s.find('/', from);
  return to == std::string::npos ? "" : s.substr(from, to - from);
}
inline bool note_task_type_of(KernelMetaType t, const char* where, const char* unit = "") {
  const std::string entry = entry_kernel_of(unit);
  if (!entry.empty()) {
    NotedTypes& n = noted_types();
    std::lock_guard<std::mutex> lock(n.m);
    n.by_entry[entry] |= bit_of(t);
  }
  return note_task_type_named(kernel_name_of(where).c_str(), t);
}
// KERNEL_TASK_TYPE(key, type): the type of the launches with that tiling key, over the kernel's default.
inline bool note_keyed_type_of(KernelMetaType t, uint64_t key, const char* where) {
  const std::string kernel = kernel_name_of(where);
  NotedTypes& n = noted_types();
  std::lock_guard<std::mutex> lock(n.m);
  n.mask |= bit_of(t);
  if (kernel.empty()) {
    n.in_lambdas |= bit_of(t);
  } else {
    n.by_kernel[kernel] |= 0;  // the kernel has a type of its own, if only for some keys
    n.by_key[{kernel, key}] |= bit_of(t);
  }
  return true;
}
// A kernel's type from its declaration (`__cube__`, `__mix__(1, 2)`): `opkit cc` appends one
// note_task_type_named call per such kernel to the rewritten source, since the qualifier itself expands to nothing.
template <KernelMetaType T, class Tag>
struct TaskTypeNote {
  static inline const bool noted = note_task_type_of(T, Tag::where(), Tag::unit());
};
template <KernelMetaType T, uint64_t Key, class Tag>
struct KeyedTypeNote {
  static inline const bool noted = note_keyed_type_of(T, Key, Tag::where());
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

inline KernelMetaType widest_of(uint32_t mask) {
  for (KernelMetaType t : {KERNEL_TYPE_MIX_AIC_1_2, KERNEL_TYPE_MIX_AICORE, KERNEL_TYPE_MIX_AIC_1_1,
                           KERNEL_TYPE_AIC_ONLY, KERNEL_TYPE_MIX_AIC_1_0}) {
    if (mask & bit_of(t)) return t;
  }
  return KERNEL_TYPE_AIV_ONLY;
}

// "MatmulCustom" -> "matmul_custom": an op launched by its type runs the kernel CANN names so.
inline std::string snake_case_of(const std::string& op) {
  std::string s;
  for (size_t i = 0; i < op.size(); ++i) {
    const char c = op[i];
    if (c >= 'A' && c <= 'Z') {
      if (i > 0 && op[i - 1] != '_') s += '_';
      s += static_cast<char>(c - 'A' + 'a');
    } else {
      s += c;
    }
  }
  return s;
}

// The type a launch of kernel `name` with `tiling_key` takes without an explicit one: the type noted for that kernel
// (by its name, or an op type's snake_case kernel name) and key, else its default; else, for a lambda kernel
// (`closure`), the widest noted in lambdas; else AIV-only. `own` says whether the kernel had a type; `keyed` whether
// it came from KERNEL_TASK_TYPE(key, ...).
inline KernelMetaType noted_type_of(const std::string& name, uint64_t tiling_key = 0, bool closure = false,
                                    bool* own = nullptr, bool* keyed = nullptr) {
  NotedTypes& n = noted_types();
  std::lock_guard<std::mutex> lock(n.m);
  if (keyed != nullptr) *keyed = false;
  for (const std::string& k : {kernel_name_of(name), snake_case_of(kernel_name_of(name))}) {
    const auto it = n.by_kernel.find(k);
    if (it != n.by_kernel.end()) {
      if (own != nullptr) *own = true;
      const auto with_key = n.by_key.find({k, tiling_key});
      if (with_key != n.by_key.end()) {
        if (keyed != nullptr) *keyed = true;
        return widest_of(with_key->second);
      }
      return widest_of(it->second);
    }
  }
  for (const std::string& k : {kernel_name_of(name), snake_case_of(kernel_name_of(name))}) {
    const auto it = n.by_entry.find(k);
    if (it != n.by_entry.end()) {  // an op build's kernel that noted its type outside its body
      if (own != nullptr) *own = true;
      return widest_of(it->second);
    }
  }
  if (own != nullptr) *own = false;
  return closure ? widest_of(n.in_lambdas) : KERNEL_TYPE_AIV_ONLY;
}

// What a kernel noted, checked against the cores its launch guessed (cube/core.h); the note expression calls it.
bool note_at_run(KernelMetaType t, const SourceLoc& where);

// Notes `type` for the kernel this expression sits in, at program start (and, when it runs, checks it against a
// launch that guessed the kernel's type: note_at_run, cube/core.h).
#define OPKIT_NOTE_KERNEL_TYPE(type)                                                            \
  ([] {                                                                                         \
    struct OpkitTag {                                                                           \
      static const char* where() { return __PRETTY_FUNCTION__; }                                \
      static const char* unit() { return __BASE_FILE__; }                                       \
    };                                                                                          \
    return ::opkit::sim::detail::TaskTypeNote<(type), OpkitTag>::noted &&                       \
           ::opkit::sim::detail::note_at_run((type), ::opkit::sim::detail::SourceLoc::here());  \
  }())
// KERNEL_TASK_TYPE(key, type): notes `type` for the launches of this kernel with tiling key `key` (a constant).
#define OPKIT_NOTE_KEYED_KERNEL_TYPE(key, type)                                                 \
  ([] {                                                                                         \
    struct OpkitTag {                                                                           \
      static const char* where() { return __PRETTY_FUNCTION__; }                                \
    };                                                                                          \
    return ::opkit::sim::detail::KeyedTypeNote<(type), (key), OpkitTag>::noted &&               \
           ::opkit::sim::detail::note_at_run((type), ::opkit::sim::detail::SourceLoc::here());  \
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

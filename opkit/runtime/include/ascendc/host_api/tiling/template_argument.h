// Template tiling keys (ASCENDC_TPL_*): the parameters an op's kernel template takes, packed into its tiling key.
//
// One header for the host and the kernel, as in CANN. ASCENDC_TPL_ARGS_DECL records every parameter with the values it
// may take; GET_TPL_TILING_KEY(v0, v1, ...) packs values in declaration order, each in its bit width, the first in the
// lowest bits (CANN's DTYPE/FORMAT params are 8 bits, BOOL 1, UINT its ASCENDC_TPL_<n>_BW). The kernel side
// (opkit/sim/tiling_template.h) unpacks the key the host chose and runs the kernel template instantiated with those
// values. As CANN, the kernel is built only for the combinations ASCENDC_TPL_SEL selects (each ASCENDC_TPL_ARGS_SEL a
// product of the values it lists; a parameter it does not name takes every declared value); the host's key is not
// checked against them (CANN checks only in its debug build): a key outside them fails the launch, saying so.
// CANN 9's ASCENDC_TPL_DATATYPE_DECL(D_T_X, C_DT_FLOAT16, C_DT_FLOAT) lists data types (graph/c_types.h): the host
// passes the ge::DataType, the kernel template takes the C++ type (`template <typename D_T_X, ...>`, TypeFromId).
// ASCENDC_TPL_SEL_PARAM(context, v0, ...) sets the key on the TilingContext.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>

#include "graph/c_types.h"

namespace opkit::tpl {

inline constexpr size_t kMaxValues = 64;
inline constexpr size_t kMaxParams = 16;
enum Mode : int { kRange = 0, kList = 1, kMix = 2 };

struct Param {
  const char* name = "";
  uint32_t bits = 0;
  size_t count = 0;
  uint64_t values[kMaxValues] = {};

  constexpr Param() = default;
  constexpr Param(const char* n, uint32_t b, std::initializer_list<uint64_t> vals) : name(n), bits(b) {
    for (uint64_t v : vals) add(v);
  }
  // ASCENDC_TPL_UINT_DECL's value spellings: LIST values...; RANGE n, first1, last1, ...; MIX n ranges, then values.
  static constexpr Param Uint(const char* n, uint32_t b, int mode, std::initializer_list<uint64_t> spec) {
    Param p(n, b, {});
    const uint64_t* it = spec.begin();
    if (mode == kRange || mode == kMix) {
      const uint64_t ranges = spec.size() > 0 ? *it++ : 0;
      for (uint64_t r = 0; r < ranges && it + 1 < spec.end(); ++r, it += 2) {
        for (uint64_t v = it[0]; v <= it[1]; ++v) p.add(v);
      }
    }
    if (mode == kList || mode == kMix) {
      for (; it != spec.end(); ++it) p.add(*it);
    }
    return p;
  }
  constexpr void add(uint64_t v) {
    if (v >= 100000000) return;  // ASCENDC_TPL_INPUT/OUTPUT(x): see below
    if (count < kMaxValues) values[count++] = v;
  }
  constexpr bool has(uint64_t v) const {
    for (size_t i = 0; i < count; ++i) {
      if (values[i] == v) return true;
    }
    return false;
  }
};

struct Decl {
  const char* op = "";
  size_t count = 0;
  Param params[kMaxParams] = {};

  constexpr Decl(const char* o, std::initializer_list<Param> ps) : op(o) {
    for (const Param& p : ps) {
      if (count < kMaxParams) params[count++] = p;
    }
  }
  constexpr uint32_t shift(size_t i) const {
    uint32_t s = 0;
    for (size_t j = 0; j < i; ++j) s += params[j].bits;
    return s;
  }
  constexpr uint64_t mask(size_t i) const {
    return params[i].bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << params[i].bits) - 1;
  }
};

// ASCENDC_TPL_ARGS_SEL: values per named parameter (a nameless entry, ASCENDC_TPL_KERNEL_TYPE_SEL and the like,
// selects no parameter). ASCENDC_TPL_SEL: their union; none at all selects every declared combination.
struct ArgsSel {
  size_t count = 0;
  Param params[kMaxParams] = {};
  constexpr ArgsSel() = default;
  constexpr ArgsSel(std::initializer_list<Param> ps) {
    for (const Param& p : ps) {
      if (count < kMaxParams && p.name[0] != '\0') params[count++] = p;
    }
  }
};

inline constexpr size_t kMaxSels = 16;
struct Sel {
  size_t count = 0;
  ArgsSel sels[kMaxSels] = {};
  constexpr Sel() = default;
  constexpr Sel(std::initializer_list<ArgsSel> ss) {
    for (const ArgsSel& a : ss) {
      if (count < kMaxSels) sels[count++] = a;
    }
  }
};

constexpr bool same_name(const char* a, const char* b) {
  for (; *a != '\0' && *a == *b; ++a, ++b) {
  }
  return *a == *b;
}

// Whether ASCENDC_TPL_SEL selects these values (declaration order) of the declared parameters.
template <size_t N>
constexpr bool Selected(const Decl& d, const Sel& s, const uint64_t (&values)[N]) {
  if (s.count == 0) return true;
  for (size_t k = 0; k < s.count; ++k) {
    bool all = true;
    for (size_t j = 0; j < s.sels[k].count && all; ++j) {
      const Param& p = s.sels[k].params[j];
      for (size_t i = 0; i < d.count && i < N; ++i) {
        if (same_name(d.params[i].name, p.name) && !p.has(values[i])) all = false;
      }
    }
    if (all) return true;
  }
  return false;
}

// The key for these parameter values; a value the declaration does not list is the TilingFunc's error.
template <class... A>
uint64_t EncodeKey(const Decl& d, A... args) {
  const uint64_t values[] = {static_cast<uint64_t>(args)...};
  if (sizeof...(A) != d.count) {
    throw std::invalid_argument(std::string("GET_TPL_TILING_KEY: ") + d.op + " declares " +
                                std::to_string(d.count) + " template parameters, got " +
                                std::to_string(sizeof...(A)));
  }
  uint64_t key = 0;
  for (size_t i = 0; i < d.count; ++i) {
    if (!d.params[i].has(values[i])) {
      throw std::invalid_argument(std::string("GET_TPL_TILING_KEY: ") + d.op + " parameter " + d.params[i].name +
                                  " = " + std::to_string(values[i]) + " is not a value ASCENDC_TPL_ARGS_DECL lists");
    }
    key |= (values[i] & d.mask(i)) << d.shift(i);
  }
  return key;
}

}  // namespace opkit::tpl

// No ASCENDC_TPL_SEL: every declared combination.
[[maybe_unused]] constexpr ::opkit::tpl::Sel opkit_tpl_selection(...) { return {}; }

#define ASCENDC_TPL_1_BW 1
#define ASCENDC_TPL_2_BW 2
#define ASCENDC_TPL_3_BW 3
#define ASCENDC_TPL_4_BW 4
#define ASCENDC_TPL_5_BW 5
#define ASCENDC_TPL_6_BW 6
#define ASCENDC_TPL_7_BW 7
#define ASCENDC_TPL_8_BW 8
#define ASCENDC_TPL_UI_RANGE 0
#define ASCENDC_TPL_UI_LIST 1
#define ASCENDC_TPL_UI_MIX 2
// "The data types of input/output x" in a DATATYPE declaration: they come from the OpDef, which this header does not
// see; such a value selects nothing (the launch then says its key selects no template instance).
#define ASCENDC_TPL_INPUT_BIAS 100000000
#define ASCENDC_TPL_OUTPUT_BIAS 900000000
#define ASCENDC_TPL_INPUT(x) (ASCENDC_TPL_INPUT_BIAS + (x))
#define ASCENDC_TPL_OUTPUT(x) (ASCENDC_TPL_OUTPUT_BIAS + (x))

#define ASCENDC_TPL_DTYPE_DECL(name, ...) ::opkit::tpl::Param(#name, 8, {__VA_ARGS__})
#define ASCENDC_TPL_DATATYPE_DECL(name, ...) ::opkit::tpl::Param(#name, 8, {__VA_ARGS__})
#define ASCENDC_TPL_FORMAT_DECL(name, ...) ::opkit::tpl::Param(#name, 8, {__VA_ARGS__})
#define ASCENDC_TPL_BOOL_DECL(name, ...) ::opkit::tpl::Param(#name, 1, {__VA_ARGS__})
#define ASCENDC_TPL_UINT_DECL(name, bits, mode, ...) ::opkit::tpl::Param::Uint(#name, bits, mode, {__VA_ARGS__})
// Internal linkage: each translation unit (each op's host file, each kernel) has its own declaration.
#define ASCENDC_TPL_ARGS_DECL(op_type, ...) \
  [[maybe_unused]] static constexpr ::opkit::tpl::Decl opkit_tpl_decl{#op_type, {__VA_ARGS__}}
#define ASCENDC_TPL_DTYPE_SEL(name, ...) ::opkit::tpl::Param(#name, 8, {__VA_ARGS__})
#define ASCENDC_TPL_DATATYPE_SEL(name, ...) ::opkit::tpl::Param(#name, 8, {__VA_ARGS__})
#define ASCENDC_TPL_FORMAT_SEL(name, ...) ::opkit::tpl::Param(#name, 8, {__VA_ARGS__})
#define ASCENDC_TPL_BOOL_SEL(name, ...) ::opkit::tpl::Param(#name, 1, {__VA_ARGS__})
#define ASCENDC_TPL_UINT_SEL(name, mode, ...) ::opkit::tpl::Param::Uint(#name, 0, mode, {__VA_ARGS__})
#define ASCENDC_TPL_TILING_STRUCT_SEL(...) ::opkit::tpl::Param()
#define ASCENDC_TPL_KERNEL_TYPE_SEL(...) ::opkit::tpl::Param()
#define ASCENDC_TPL_DETERMINISTIC_SEL(...) ::opkit::tpl::Param()
#define ASCENDC_TPL_ARGS_SEL(...) ::opkit::tpl::ArgsSel{__VA_ARGS__}
// The combinations the kernel is built for. A function, so that a file without ASCENDC_TPL_SEL gets the catch-all
// overload (every combination): the kernel side reads opkit_tpl_selection(0).
#define ASCENDC_TPL_SEL(...)                                                      \
  [[maybe_unused]] static constexpr ::opkit::tpl::Sel opkit_tpl_selection(int) { \
    return ::opkit::tpl::Sel{__VA_ARGS__};                                        \
  }                                                                               \
  static_assert(true, "ASCENDC_TPL_SEL")
#define GET_TPL_TILING_KEY(...) ::opkit::tpl::EncodeKey(opkit_tpl_decl, __VA_ARGS__)
#define ASCENDC_TPL_SEL_PARAM(context, ...)                 \
  do {                                                      \
    (context)->SetTilingKey(GET_TPL_TILING_KEY(__VA_ARGS__)); \
  } while (0)

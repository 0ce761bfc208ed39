// opkit::host::AttrValue: one op attribute value of any prototype attr type, with kind names and coercions.
#pragma once

#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "graph/types.h"
#include "graph/utils/type_utils.h"

namespace opkit::host {

// The variant's alternative index IS the AttrKind value, so kind_of() is one cast.
using AttrValue = std::variant<std::monostate, int64_t, float, bool, std::string, ge::DataType, std::vector<int64_t>,
                               std::vector<float>, std::vector<bool>, std::vector<std::string>,
                               std::vector<std::vector<int64_t>>>;

enum class AttrKind : uint8_t {
  kNone = 0, kInt, kFloat, kBool, kString, kType, kListInt, kListFloat, kListBool, kListString, kListListInt
};

inline AttrKind kind_of(const AttrValue& v) { return static_cast<AttrKind>(v.index()); }

// The prototype (msopgen JSON) spelling of a kind: "int", "list_float", ...
inline const char* attr_kind_name(AttrKind k) {
  static const char* const kNames[] = {"unset", "int", "float", "bool", "string", "type",
                                       "list_int", "list_float", "list_bool", "list_string", "list_list_int"};
  return kNames[static_cast<int>(k)];
}

inline bool is_list_kind(AttrKind k) { return k >= AttrKind::kListInt; }

namespace detail {

template <typename T>
void put_list(std::ostringstream& s, const std::vector<T>& v) {
  s << "[";
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) s << ", ";
    if constexpr (std::is_same_v<T, std::string>) {
      s << '"' << v[i] << '"';
    } else if constexpr (std::is_same_v<T, std::vector<int64_t>>) {
      put_list(s, v[i]);
    } else if constexpr (std::is_same_v<T, bool>) {
      s << (v[i] ? "true" : "false");
    } else {
      s << v[i];
    }
  }
  s << "]";
}

}  // namespace detail

// A short rendering for messages: 3, 0.5, true, "abc", float16, [1, 2], [[1], [2, 3]].
inline std::string describe(const AttrValue& v) {
  std::ostringstream s;
  std::visit([&s](const auto& x) {
    using T = std::decay_t<decltype(x)>;
    if constexpr (std::is_same_v<T, std::monostate>) {
      s << "<unset>";
    } else if constexpr (std::is_same_v<T, bool>) {
      s << (x ? "true" : "false");
    } else if constexpr (std::is_same_v<T, std::string>) {
      s << '"' << x << '"';
    } else if constexpr (std::is_same_v<T, ge::DataType>) {
      s << ge::TypeUtils::DataTypeToPrototypeName(x);
    } else if constexpr (std::is_arithmetic_v<T>) {
      s << x;
    } else {
      detail::put_list(s, x);
    }
  }, v);
  return s.str();
}

// `v` as kind `want`, or nullopt. Besides the exact kind this accepts what a caller from Python naturally
// passes: an int for a float, a list of ints for a list of floats, an int code for a dtype, and an empty
// list of any list kind for any list kind.
inline std::optional<AttrValue> coerce(const AttrValue& v, AttrKind want) {
  const AttrKind have = kind_of(v);
  if (have == want) return v;
  if (want == AttrKind::kFloat && have == AttrKind::kInt) return AttrValue(static_cast<float>(std::get<int64_t>(v)));
  if (want == AttrKind::kType && have == AttrKind::kInt) {
    const int64_t code = std::get<int64_t>(v);
    if (code >= 0 && code < ge::DT_MAX) return AttrValue(static_cast<ge::DataType>(code));
    return std::nullopt;
  }
  if (want == AttrKind::kListFloat && have == AttrKind::kListInt) {
    const auto& ints = std::get<std::vector<int64_t>>(v);
    return AttrValue(std::vector<float>(ints.begin(), ints.end()));
  }
  const bool empty_list = std::visit([](const auto& x) {
    using T = std::decay_t<decltype(x)>;
    if constexpr (std::is_same_v<T, std::string>) {
      return false;
    } else if constexpr (std::is_class_v<T> && !std::is_same_v<T, std::monostate>) {
      return x.empty();
    } else {
      return false;
    }
  }, v);
  if (empty_list && is_list_kind(want)) {
    switch (want) {
      case AttrKind::kListInt: return AttrValue(std::vector<int64_t>{});
      case AttrKind::kListFloat: return AttrValue(std::vector<float>{});
      case AttrKind::kListBool: return AttrValue(std::vector<bool>{});
      case AttrKind::kListString: return AttrValue(std::vector<std::string>{});
      default: return AttrValue(std::vector<std::vector<int64_t>>{});
    }
  }
  return std::nullopt;
}

}  // namespace opkit::host

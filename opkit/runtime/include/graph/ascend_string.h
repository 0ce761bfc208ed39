// ge::AscendString: the owning string type CANN's registration API returns names in.
#pragma once

#include <string>

#include "graph/types.h"   // CANN's ascend_string.h includes it: code reaching ge::DataType through it compiles

namespace ge {

class AscendString {
 public:
  AscendString() = default;
  AscendString(const char* s) : s_(s == nullptr ? "" : s) {}  // NOLINT: implicit like CANN's
  const char* GetString() const { return s_.c_str(); }
  size_t GetLength() const { return s_.size(); }
  bool operator<(const AscendString& o) const { return s_ < o.s_; }
  bool operator==(const AscendString& o) const { return s_ == o.s_; }
  bool operator!=(const AscendString& o) const { return s_ != o.s_; }

 private:
  std::string s_;
};

}  // namespace ge

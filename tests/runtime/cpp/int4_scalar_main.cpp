// The scalar int4b_t: for every int in [-20, 20) prints "<int> <int8_t(int4b_t(int))> <int8_t(int4b_t(uint32_t))>",
// then the comparisons of int4b_t(-8..7) with int4b_t(0) as "<v> <lt> <eq> <gt>".
#include <cstdio>

#include "kernel_operator.h"

using AscendC::int4b_t;

int main() {
  for (int32_t v = -20; v < 20; ++v) {
    const int4b_t a = v;
    const int4b_t b = static_cast<uint32_t>(v);
    std::printf("%d %d %d\n", v, int(int8_t(a)), int(int8_t(b)));
  }
  const int4b_t zero = 0;
  for (int32_t v = -8; v < 8; ++v) {
    const int4b_t a = v;
    std::printf("cmp %d %d %d %d\n", v, int(a < zero), int(a == zero), int(a > zero));
  }
  static_assert(int8_t(int4b_t(7)) == 7 && int8_t(int4b_t(8)) == -8 && int4b_t(-1) < int4b_t(1), "constexpr");
  return 0;
}

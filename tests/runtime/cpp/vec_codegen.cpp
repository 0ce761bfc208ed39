// One vector instruction per build, compiled with -c by test_vectorised.py to read what the compiler made of its
// count-form loop: -DOPKIT_PROBE=<API> -DOPKIT_PROBE_T=<element type> [-DOPKIT_PROBE_BINARY].
#include <cstdint>

#include "kernel_operator.h"

using namespace AscendC;
using T = OPKIT_PROBE_T;

extern "C" void opkit_probe(const LocalTensor<T>& dst, const LocalTensor<T>& a, const LocalTensor<T>& b,
                            int32_t count) {
#if defined(OPKIT_PROBE_BINARY)
  OPKIT_PROBE(dst, a, b, count);
#else
  (void)b;
  OPKIT_PROBE(dst, a, count);
#endif
}

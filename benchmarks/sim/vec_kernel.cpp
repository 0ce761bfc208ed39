// One vector instruction applied `reps` times to a tile already in UB: the per-element cost of the instruction
// itself, with no data movement. bench_sim.py sets it beside numpy's ufunc on an in-cache array of the same size.
#include "kernel_operator.h"

using namespace AscendC;

struct VecBenchTiling {
  uint32_t op;     // index into the switch below (bench_sim.py's _VEC_OPS)
  uint32_t count;  // elements per instruction
  uint32_t reps;
};

extern "C" __global__ __aicore__ void vec_bench(GM_ADDR x, GM_ADDR tiling) {
  const VecBenchTiling t = *reinterpret_cast<const VecBenchTiling*>(tiling);
  GlobalTensor<float> xGm;
  xGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x), t.count);
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 3 * t.count * sizeof(float));
  LocalTensor<float> a = buf.Get<float>();
  LocalTensor<float> b = a[t.count];
  LocalTensor<float> dst = a[2 * t.count];
  DataCopy(a, xGm, t.count);
  DataCopy(b, xGm, t.count);
  PipeBarrier<PIPE_ALL>();
  const int32_t n = static_cast<int32_t>(t.count);
  for (uint32_t r = 0; r < t.reps; ++r) {
    switch (t.op) {
      case 0: Add(dst, a, b, n); break;
      case 1: Mul(dst, a, b, n); break;
      case 2: Exp(dst, a, n); break;
      case 3: Ln(dst, a, n); break;
      case 4: Tanh(dst, a, t.count); break;
      case 5: Sqrt(dst, a, n); break;
      case 6: Rsqrt(dst, a, n); break;
      case 7: Relu(dst, a, n); break;
      default: break;
    }
  }
}

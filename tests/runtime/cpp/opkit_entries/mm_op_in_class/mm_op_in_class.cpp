// An op build's kernel translation unit as opkitConfig.cmake's opkit_add_kernel makes it: a copy of the op's kernel
// at opkit_entries/<kernel>/<file> whose entry is renamed opkit_entry_<kernel> (opkit/build/entry.py). The kernel
// registers its Matmul in its body and sets no KERNEL_TASK_TYPE_DEFAULT, as CANN's matmul samples (10_matmul,
// MatmulCustomSample) write it: CANN's compiler types it mixed from the Matmul. Its note is made under the renamed
// entry, so opkit files every note of this unit under the unit's kernel, which the op's launch (by op type) finds.
#include <algorithm>

#include "../../core_harness.h"
#include "../../cube_harness.h"
#include "../../cube_tiling.h"
#include "lib/matmul_intf.h"

using namespace AscendC;

namespace {

using Mm = Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half>, MatmulType<TPosition::GM, CubeFormat::ND, half>,
                  MatmulType<TPosition::GM, CubeFormat::ND, float>>;

class MatmulOp {
 public:
  void Init(GM_ADDR a, GM_ADDR b, GM_ADDR c, const TCubeTiling& t) {
    tiling = t;
    aG.SetGlobalBuffer((__gm__ half*)a, tiling.M * tiling.Ka);
    bG.SetGlobalBuffer((__gm__ half*)b, tiling.Ka * tiling.N);
    cG.SetGlobalBuffer((__gm__ float*)c, tiling.M * tiling.N);
  }
  Mm mm;
  void Process() {
    const int idx = static_cast<int>(GetBlockIdx());
    if (idx >= tiling.usedCoreNum) return;
    const int m_blocks = (tiling.M + tiling.singleCoreM - 1) / tiling.singleCoreM;
    const int mi = idx % m_blocks, ni = idx / m_blocks;
    mm.SetTensorA(aG[mi * tiling.singleCoreM * tiling.Ka]);
    mm.SetTensorB(bG[ni * tiling.singleCoreN]);
    mm.SetTail(std::min(tiling.singleCoreM, tiling.M - mi * tiling.singleCoreM),
               std::min(tiling.singleCoreN, tiling.N - ni * tiling.singleCoreN));
    mm.IterateAll(cG[mi * tiling.singleCoreM * tiling.N + ni * tiling.singleCoreN]);
    mm.End();
  }

 private:
  TCubeTiling tiling;
  GlobalTensor<half> aG, bG;
  GlobalTensor<float> cG;
};

void opkit_entry_mm_op_in_class(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR tiling_gm) {
  const TCubeTiling tiling = *reinterpret_cast<const TCubeTiling*>(tiling_gm);
  MatmulOp op;
  TPipe pipe;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), op.mm, &tiling);
  op.Init(a, b, c, tiling);
  op.Process();
}

}  // namespace

// Launched by its op type, with no type set, as an op's launch is: it runs mixed and computes A x B.
CASE(types_op_matmul_in_class) {
  TCubeTiling tiling = host_tiling(64, 96, 32, 4);
  std::vector<half> a = pattern<half>(64 * 32, 7, 11, 4), b = pattern<half>(32 * 96, 5, 13, 4);
  std::vector<float> c(64 * 96, -1.0f);
  opkit::sim::Launch launch{"MmOpInClass", "Ascend910B2", (tiling.usedCoreNum + 1) / 2};
  launch.register_gm(a.data(), a.size() * 2, "a").register_gm(b.data(), b.size() * 2, "b");
  launch.register_gm(c.data(), c.size() * 4, "c").register_gm(&tiling, sizeof(tiling), "tiling");
  launch.run(opkit_entry_mm_op_in_class, (GM_ADDR)a.data(), (GM_ADDR)b.data(), (GM_ADDR)c.data(), (GM_ADDR)&tiling);
  save("op_a", a);
  save("op_b", b);
  save("op_c", c);
}

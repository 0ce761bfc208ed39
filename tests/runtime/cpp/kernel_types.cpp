// Each kernel of one program launches with its own kernel type: a mixed Matmul kernel (REGIST_MATMUL_OBJ in its body)
// on 1 cube + 2 vector cores per block, a vector kernel beside it on one vector core per block, as the NPU runs them.
#include <algorithm>
#include <cstdio>

#include "cube_harness.h"
#include "cube_tiling.h"
#include "lib/matmul_intf.h"

using namespace AscendC;

namespace {

using Mm = Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half>, MatmulType<TPosition::GM, CubeFormat::ND, half>,
                  MatmulType<TPosition::GM, CubeFormat::ND, float>>;

// C = A x B, one single-core tile per block (M blocks first), as CANN's matmul samples split it.
void mm_mixed(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR tiling_gm) {
  TPipe pipe;
  const TCubeTiling tiling = *reinterpret_cast<const TCubeTiling*>(tiling_gm);
  GlobalTensor<half> aG, bG;
  GlobalTensor<float> cG;
  aG.SetGlobalBuffer((__gm__ half*)a, tiling.M * tiling.Ka);
  bG.SetGlobalBuffer((__gm__ half*)b, tiling.Ka * tiling.N);
  cG.SetGlobalBuffer((__gm__ float*)c, tiling.M * tiling.N);
  Mm mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
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

// A vector kernel: each block writes its GetBlockIdx, GetBlockNum and GetSubBlockNum.
void vec_ids(GM_ADDR out) {
  int32_t* o = reinterpret_cast<int32_t*>(out) + GetBlockIdx() * 3;
  o[0] = int32_t(GetBlockIdx());
  o[1] = int32_t(GetBlockNum());
  o[2] = int32_t(GetSubBlockNum());
}

// A Matmul registered in a class's method, not the kernel's body: the kernel notes no type of its own.
struct MmOp {
  TPipe pipe;
  Mm mm;
  void Init(const TCubeTiling* t) { REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, t); }
};
void mm_in_class(GM_ADDR tiling_gm) {
  MmOp op;
  op.Init(reinterpret_cast<const TCubeTiling*>(tiling_gm));
}

// AIV-only by default; tiling key 1 runs mixed (CANN's KERNEL_TASK_TYPE(key, type) over KERNEL_TASK_TYPE_DEFAULT).
void keyed_types(GM_ADDR out) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
  if (TILING_KEY_IS(1)) {
    KERNEL_TASK_TYPE(1, KERNEL_TYPE_MIX_AIC_1_2);
  }
  if ASCEND_IS_AIV {
    int32_t* o = reinterpret_cast<int32_t*>(out) + GetBlockIdx() * 3;
    o[0] = int32_t(GetBlockIdx());
    o[1] = int32_t(GetBlockNum());
    o[2] = int32_t(GetSubBlockNum());
  }
}

void run_vec_ids(const char* name, int64_t blocks) {
  std::vector<int32_t> ids(size_t(blocks) * 3 * 3, -1);  // room for the ids of every core a wrong launch would run
  opkit::sim::Launch launch{"vec_ids", "Ascend910B2", blocks};  // no type set: the kernel's own
  launch.register_gm(ids.data(), ids.size() * 4, "ids");
  launch.run(vec_ids, (GM_ADDR)ids.data());
  save(name, ids);
}

}  // namespace

// The vector kernel before and after the mixed one, then the mixed one: each with the type it has on the NPU.
CASE(types_per_kernel) {
  run_vec_ids("types_ids_before", 4);
  TCubeTiling tiling = host_tiling(64, 96, 32, 4);
  std::vector<half> a = pattern<half>(64 * 32, 7, 11, 4), b = pattern<half>(32 * 96, 5, 13, 4);
  std::vector<float> c(64 * 96, -1.0f);
  opkit::sim::Launch launch{"mm_mixed", "Ascend910B2", (tiling.usedCoreNum + 1) / 2};  // its noted type, by name
  launch.register_gm(a.data(), a.size() * 2, "a").register_gm(b.data(), b.size() * 2, "b");
  launch.register_gm(c.data(), c.size() * 4, "c").register_gm(&tiling, sizeof(tiling), "tiling");
  launch.run(mm_mixed, (GM_ADDR)a.data(), (GM_ADDR)b.data(), (GM_ADDR)c.data(), (GM_ADDR)&tiling);
  save("types_a", a);
  save("types_b", b);
  save("types_c", c);
  run_vec_ids("types_ids_after", 5);
}

// One kernel, two tiling keys: key 0 launches with the default type, key 1 with its own.
CASE(types_per_tiling_key) {
  for (uint64_t key : {0, 1}) {
    std::vector<int32_t> ids(3 * 2 * 3, -1);
    opkit::sim::Launch launch{"keyed_types", "Ascend910B2", 3, key};
    launch.register_gm(ids.data(), ids.size() * 4, "ids");
    launch.run(keyed_types, (GM_ADDR)ids.data());
    save(key == 0 ? "types_key0" : "types_key1", ids);
  }
}

// A Matmul outside the kernel's body: the launch cannot know the type beforehand, and says so rather than compute.
CASE(types_matmul_in_class) {
  TCubeTiling tiling = host_tiling(64, 96, 32, 4);
  opkit::sim::Launch launch{"mm_in_class", "Ascend910B2", 1};
  launch.register_gm(&tiling, sizeof(tiling), "tiling");
  try {
    launch.run(mm_in_class, (GM_ADDR)&tiling);
  } catch (const opkit::sim::KernelFault& f) {
    std::printf("fault: %s\n", f.what());
    return;
  }
  std::printf("no fault\n");
}

// Per-core registers one launch sets (CTRL, the fixpipe ND settings, GatherMask's count) are clear in the next: every
// block of the second launch, on whichever thread ran the first's blocks (a single block runs on the caller's), reads
// the reset values.
void registers_after(int64_t blocks) {
  std::vector<int64_t> seen(size_t(blocks) * 4, -1);
  opkit::sim::Launch set{"set_registers", "Ascend910B2", blocks};
  set.set_kernel_type(KERNEL_TYPE_AIV_ONLY);
  set.register_gm(seen.data(), seen.size() * 8, "seen");
  set.run([](GM_ADDR) {
    SetCtrlSpr<0, 63>(0x5a);
    SetFixpipeNz2ndFlag(3, 4, 5);
    opkit::sim::detail::gather_mask_remain() = 7;
  }, (GM_ADDR)seen.data());
  opkit::sim::Launch read{"read_registers", "Ascend910B2", blocks};
  read.set_kernel_type(KERNEL_TYPE_AIV_ONLY);
  read.register_gm(seen.data(), seen.size() * 8, "seen");
  read.run([](GM_ADDR p) {
    int64_t* s = reinterpret_cast<int64_t*>(p) + GetBlockIdx() * 4;
    s[0] = GetCtrlSpr<0, 63>();
    s[1] = opkit::sim::detail::fixpipe_regs().nd_num;
    s[2] = opkit::sim::detail::fixpipe_regs().src_nd_stride;
    s[3] = int64_t(GetGatherMaskRemainCount());
  }, (GM_ADDR)seen.data());
  for (int64_t b = 0; b < blocks; ++b) {
    std::printf("%ld/%ld: ctrl %ld nd_num %ld src_nd_stride %ld gather_remain %ld\n", long(b), long(blocks),
                long(seen[b * 4]), long(seen[b * 4 + 1]), long(seen[b * 4 + 2]), long(seen[b * 4 + 3]));
  }
}
CASE(registers_do_not_leak) {
  registers_after(1);
  registers_after(8);
}

// Lambda kernels have no name to file a note under: a lambda launch without a type takes the widest type lambdas
// noted (here MIX_AIC_1_2), and one whose kernel then ran no note faults after the run rather than pass silently.
CASE(lambda_guess_checked) {
  std::vector<int32_t> g(8, 0);
  opkit::sim::Launch mixed{"mixed_lambda", "Ascend910B2", 1};
  mixed.set_kernel_type(KERNEL_TYPE_MIX_AIC_1_2);
  mixed.register_gm(g.data(), 32, "g");
  mixed.run([](GM_ADDR) { KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2); }, (GM_ADDR)g.data());
  opkit::sim::Launch vec{"vector_lambda", "Ascend910B2", 1};
  vec.register_gm(g.data(), 32, "g");
  try {
    vec.run([](GM_ADDR p) { reinterpret_cast<int32_t*>(p)[0] = 1; }, (GM_ADDR)g.data());
  } catch (const opkit::sim::KernelFault& f) {
    std::printf("fault: %s\n", f.what());
    return;
  }
  std::printf("no fault\n");
}

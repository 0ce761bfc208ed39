// An op build's kernel unit (opkit_entries/<kernel>/, entry renamed opkit_entry_<kernel>, see mm_op_in_class.cpp)
// whose types differ by tiling key, as CANN's KERNEL_TASK_TYPE(key, type) sets them: key 0 runs the default AIV-only,
// key 1 mixed. The notes are made under the renamed entry; the op's launch by op type must still tell the keys apart.
#include "../../core_harness.h"
#include "../../cube_harness.h"

using namespace AscendC;

namespace {

void opkit_entry_keyed_op(GM_ADDR out) {
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

}  // namespace

CASE(types_op_per_tiling_key) {
  for (uint64_t key : {0, 1}) {
    std::vector<int32_t> ids(3 * 2 * 3, -1);
    opkit::sim::Launch launch{"KeyedOp", "Ascend910B2", 3, key};
    launch.register_gm(ids.data(), ids.size() * 4, "ids");
    launch.run(opkit_entry_keyed_op, (GM_ADDR)ids.data());
    save(key == 0 ? "types_op_key0" : "types_op_key1", ids);
  }
}

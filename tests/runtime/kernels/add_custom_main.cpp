// Driver: add_custom <n> <blockDim> <tileLength> <x.bin> <y.bin> <z.bin>; element type DTYPE_X.
#include "driver.h"
#include "kernel_tiling.h"

extern "C" void add_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling);

int main(int argc, char** argv) {
  if (argc != 7) return 2;
  const uint32_t n = driver::arg(argv, 1), blocks = driver::arg(argv, 2), tile = driver::arg(argv, 3);
  const size_t bytes = size_t(n) * sizeof(DTYPE_X);
  uint8_t* x = driver::load(argv[4], bytes);
  uint8_t* y = driver::load(argv[5], bytes);
  auto* z = static_cast<uint8_t*>(AscendC::GmAlloc(bytes));
  const AddTiling t{n, (n + blocks - 1) / blocks, tile};
  uint8_t* tiling = driver::tiling_gm(t);
  ICPU_RUN_KF(add_custom, blocks, x, y, z, nullptr, tiling);
  driver::save(argv[6], z, bytes);
  return 0;
}

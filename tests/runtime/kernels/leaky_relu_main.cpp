// Driver: leaky_relu <n> <blockDim> <tileLength> <slope> <x.bin> <y.bin> (float).
#include "driver.h"
#include "kernel_tiling.h"

extern "C" void leaky_relu(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling);

int main(int argc, char** argv) {
  if (argc != 7) return 2;
  const uint32_t n = driver::arg(argv, 1), blocks = driver::arg(argv, 2), tile = driver::arg(argv, 3);
  const float slope = std::strtof(argv[4], nullptr);
  uint8_t* x = driver::load(argv[5], n * sizeof(float));
  auto* y = static_cast<uint8_t*>(AscendC::GmAlloc(n * sizeof(float)));
  uint8_t* tiling = driver::tiling_gm(LeakyReluTiling{n, tile, slope});
  ICPU_RUN_KF(leaky_relu, blocks, x, y, nullptr, tiling);
  driver::save(argv[6], y, n * sizeof(float));
  return 0;
}

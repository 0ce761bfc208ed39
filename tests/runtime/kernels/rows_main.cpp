// Driver of the row kernels: <rows> <cols> <blockDim> <eps> <x.bin> [<gamma.bin>] <y.bin>.
// ROW_KERNEL is softmax_rows (float) or rms_norm (half, with gamma).
#include "driver.h"
#include "kernel_tiling.h"

#if defined(ROW_KERNEL_RMS_NORM)
extern "C" void rms_norm(GM_ADDR x, GM_ADDR gamma, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling);
using Elem = half;
#else
extern "C" void softmax_rows(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling);
using Elem = float;
#endif

int main(int argc, char** argv) {
  const uint32_t rows = driver::arg(argv, 1), cols = driver::arg(argv, 2), blocks = driver::arg(argv, 3);
  const float eps = std::strtof(argv[4], nullptr);
  const uint32_t per32 = 32 / sizeof(Elem);
  const RowTiling t{rows, cols, (cols + per32 - 1) / per32 * per32, (rows + blocks - 1) / blocks, eps};
  const size_t bytes = size_t(rows) * cols * sizeof(Elem);
  uint8_t* x = driver::load(argv[5], bytes);
  auto* y = static_cast<uint8_t*>(AscendC::GmAlloc(bytes));
  uint8_t* tiling = driver::tiling_gm(t);
#if defined(ROW_KERNEL_RMS_NORM)
  if (argc != 8) return 2;
  uint8_t* gamma = driver::load(argv[6], cols * sizeof(Elem));
  ICPU_RUN_KF(rms_norm, blocks, x, gamma, y, nullptr, tiling);
  driver::save(argv[7], y, bytes);
#else
  if (argc != 7) return 2;
  ICPU_RUN_KF(softmax_rows, blocks, x, y, nullptr, tiling);
  driver::save(argv[6], y, bytes);
#endif
  return 0;
}

// The AI Core's cube-side memories (L1, L0A, L0B, L0C, bias table, fixpipe buffer): sizes per SoC, which TPosition
// lives in which, and this thread's arena of each.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "opkit/sim/context.h"
#include "opkit/sim/positions.h"

namespace opkit::sim::detail {

enum class Mem : uint8_t { UB, L1, L0A, L0B, L0C, BT, FB, COUNT };
inline constexpr int kCubeMems = static_cast<int>(Mem::COUNT);

inline const char* mem_name(Mem m) {
  static const char* const names[] = {"UB", "L1", "L0A", "L0B", "L0C", "BT (bias table)", "FB (fixpipe buffer)"};
  return names[static_cast<int>(m)];
}

// Where a position's buffers live (CANN's TPosition table): A1/B1/C1 (and TSCM) are L1, A2 L0A, B2 L0B, CO1 L0C, C2
// the bias table, C2PIPE2GM the fixpipe buffer; the vector positions and CO2 are the Unified Buffer.
inline Mem mem_of(AscendC::TPosition p) {
  using AscendC::TPosition;
  switch (p) {
    case TPosition::A1: case TPosition::B1: case TPosition::C1: case TPosition::TSCM: return Mem::L1;
    case TPosition::A2: return Mem::L0A;
    case TPosition::B2: return Mem::L0B;
    case TPosition::CO1: return Mem::L0C;
    case TPosition::C2: return Mem::BT;
    case TPosition::C2PIPE2GM: return Mem::FB;
    default: return Mem::UB;
  }
}

// Bytes of each cube memory per arch, from CANN's platform configs (<SoC>.ini in github.com/hicann/runtime,
// src/platform/platform_config/: l1_size, l0_a_size, l0_b_size, l0_c_size, bt_size, fb0_size): 910B (2201) 512 KB L1,
// 64 KB L0A/L0B, 128 KB L0C, 1 KB bias table, 2 KB FB; 310P (2002) and 910 (1001) 1 MB L1, 256 KB L0C and no bias
// table; 310B (3002) 1 MB L1, 128 KB L0C, 1 KB bias table; 950 (3510) 512 KB L1, 256 KB L0C, 4 KB bias table and FB.
inline size_t cube_mem_bytes(int arch, Mem m) {
  const bool old = arch == 1001 || arch == 2002;
  switch (m) {
    case Mem::L1: return (arch == 2201 || arch == 3510) ? 512 * 1024 : 1024 * 1024;
    case Mem::L0A: case Mem::L0B: return 64 * 1024;
    case Mem::L0C: return (arch == 2201 || arch == 3002) ? 128 * 1024 : 256 * 1024;
    case Mem::BT: return old ? 0 : (arch == 3510 ? 4096 : 1024);
    case Mem::FB: return old ? 0 : (arch == 3510 ? 4096 : 2048);
    default: return 0;
  }
}
inline constexpr size_t kMaxCubeMemBytes[kCubeMems] = {0, 1024 * 1024, 64 * 1024, 64 * 1024, 256 * 1024, 4096, 4096};

// This thread's arena of a cube memory, allocated on first use (a vector kernel never pays for it).
inline uint8_t* cube_arena(Mem m) {
  struct Arenas {
    uint8_t* p[kCubeMems] = {};
    ~Arenas() {
      for (uint8_t* q : p) std::free(q);
    }
  };
  thread_local Arenas arenas;
  const int i = static_cast<int>(m);
  if (arenas.p[i] == nullptr) arenas.p[i] = static_cast<uint8_t*>(std::aligned_alloc(64, kMaxCubeMemBytes[i]));
  return arenas.p[i];
}

// The memory of the current block holding [p, p + 1), or Mem::COUNT.
inline Mem mem_holding(const void* p) {
  const auto* b = static_cast<const uint8_t*>(p);
  const BlockContext& c = current_block();
  if (c.ub_base != nullptr && b >= c.ub_base && b < c.ub_base + c.ub_size) return Mem::UB;
  for (int i = 1; i < kCubeMems; ++i) {
    const Mem m = static_cast<Mem>(i);
    const size_t size = cube_mem_bytes(c.npu_arch, m);
    if (size == 0) continue;
    const uint8_t* base = cube_arena(m);
    if (b >= base && b < base + size) return m;
  }
  return Mem::COUNT;
}

}  // namespace opkit::sim::detail

namespace AscendC {
// CANN's constants of the cube side (impl/basic_api/utils/kernel_utils_constants.h). TOTAL_L1_SIZE keeps back the 128
// bytes CANN reserves at the end of L1.
inline constexpr int32_t DEFAULT_C0_SIZE = 32;
inline constexpr int32_t BLOCK_CUBE = 16;
inline constexpr uint16_t ONE_BLK_SIZE = 32;
inline constexpr int32_t CUBE_MAX_SIZE = 256;
inline constexpr int32_t BYTE_PER_FRACTAL = 512;
inline constexpr uint32_t TOTAL_L0A_SIZE = 64 * 1024;
inline constexpr uint32_t TOTAL_L0B_SIZE = 64 * 1024;
#if defined(__NPU_ARCH__) && (__NPU_ARCH__ == 2201 || __NPU_ARCH__ == 3510)
inline constexpr uint32_t TOTAL_L1_SIZE = 512 * 1024 - 128;
#else
inline constexpr uint32_t TOTAL_L1_SIZE = 1024 * 1024 - 128;
#endif
// UB: the whole, and what kernels may take for their own buffers (CANN keeps the last 8 KB, TMP_UB_OFFSET on). 910B's
// figures are CANN 8.5's; the other archs' follow the same rule from their UB size (not confirmed).
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 2201
inline constexpr uint32_t TOTAL_UB_SIZE = 192 * 1024;
#elif defined(__NPU_ARCH__) && (__NPU_ARCH__ == 3002 || __NPU_ARCH__ == 3510)
inline constexpr uint32_t TOTAL_UB_SIZE = 248 * 1024;
#else
inline constexpr uint32_t TOTAL_UB_SIZE = 256 * 1024;
#endif
inline constexpr uint32_t TMP_UB_SIZE = 8 * 1024;
inline constexpr uint32_t TMP_UB_OFFSET = TOTAL_UB_SIZE - TMP_UB_SIZE;
inline constexpr int32_t TOTAL_VEC_LOCAL_SIZE = static_cast<int32_t>(TOTAL_UB_SIZE - TMP_UB_SIZE);
#if defined(__NPU_ARCH__) && (__NPU_ARCH__ == 2201 || __NPU_ARCH__ == 3002)
inline constexpr uint32_t TOTAL_L0C_SIZE = 128 * 1024;
#else
inline constexpr uint32_t TOTAL_L0C_SIZE = 256 * 1024;
#endif
}  // namespace AscendC

// MatmulCallBackFunc's CopyA1/CopyB1: the kernel's own copy of each L1 tile of A (B). For every tile the block needs
// (M or N index `row`/`col` in baseM*stepM or baseN*stepN rows, K index in baseK*stepKa (stepKb) columns) the Matmul
// calls the function with its L1 buffer, then reads the tile as NZ (CANN's L1 layout: column blocks of C0, each the
// tile's M (K for B) rounded up to 16 high). DataCopyOut (the copy of C out of L0C) is not simulated.
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "lib/matmul/matmul_batch.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/tensor.h"

namespace opkit::sim::detail {

template <auto F>
inline constexpr bool has_callback_v = !std::is_null_pointer_v<decltype(F)>;

// One operand's tiles for a block: `outer` is M for A (N for B), `tile_outer` its rows per tile (baseM * stepM),
// `tile_k` the K columns per tile. out[o * k_len + k] = the element (block row o, K column k) as Acc.
struct CallbackTiles {
  int block_idx, block_len, base, tile_outer, single_outer, tile_k, k_len;
};

template <auto CB, typename T, typename Acc>
void load_by_callback(bool is_b, const CallbackTiles& g, const AscendC::LocalTensor<int8_t>& l1, const void* gm,
                      uint64_t info, uint64_t data, std::vector<Acc>& out, const SourceLoc& where) {
  constexpr int64_t c0 = 32 / int64_t(sizeof(T));
  const char* api = is_b ? "Matmul (CopyB1 callback)" : "Matmul (CopyA1 callback)";
  const int64_t first = int64_t(g.block_idx) * g.base;  // the block's first row of the operand's outer dimension
  const int tile = int(first / g.tile_outer);
  const int64_t use_outer = std::min<int64_t>(g.tile_outer, g.single_outer - int64_t(tile) * g.tile_outer);
  const int64_t in_tile = first - int64_t(tile) * g.tile_outer;
  for (int kc = 0; int64_t(kc) * g.tile_k < g.k_len; ++kc) {
    const int64_t use_k = std::min<int64_t>(g.tile_k, g.k_len - int64_t(kc) * g.tile_k);
    const int64_t h = ((is_b ? use_k : use_outer) + 15) / 16 * 16;
    const int64_t w = (((is_b ? use_outer : use_k) + c0 - 1) / c0) * c0;
    if (uint64_t(h * w) * sizeof(T) > l1.GetSize()) {
      fault(api, cat("a tile of ", use_outer, " x ", use_k, " does not fit the Matmul's L1 buffer of ", l1.GetSize(),
                     " bytes"), where);
    }
    if (is_b) {
      CB(l1, gm, kc, tile, int(use_k), int(use_outer), info, data);
    } else {
      CB(l1, gm, tile, kc, int(use_outer), int(use_k), info, data);
    }
    const T* t = reinterpret_cast<const T*>(l1.opkit_addr);
    for (int o = 0; o < g.block_len; ++o) {
      const int64_t r = in_tile + o;
      for (int64_t k = 0; k < use_k; ++k) {
        const int64_t at = is_b ? (r / c0) * h * c0 + k * c0 + r % c0 : (k / c0) * h * c0 + r * c0 + k % c0;
        out[size_t(o) * g.k_len + size_t(kc) * g.tile_k + k] = Acc(mm_value(t[at]));
      }
    }
  }
}

}  // namespace opkit::sim::detail

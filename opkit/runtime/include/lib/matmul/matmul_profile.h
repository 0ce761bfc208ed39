// `opkit profile` of the Matmul high-level API: the instructions the cube core issues on the device for each block
// the simulator computes directly (matmul.h), recorded as the basic API's would be (profile_hooks.h): per baseK step
// of the block, the Nd2Nz copies of A's and B's tiles into L1 (MTE2), their loads into L0A/L0B (MTE1) and a Mmad
// (CUBE), with the flags MTE2_MTE1, MTE1_M and M_MTE1 between them; per block taken out, M_FIX and a Fixpipe. On a
// mixed kernel they go to the block's cube core (kept in LaunchProfile::served until the launch ends), which then
// answers the calling vector core (a cross-core set of mode 3, flag kMatmulAnswer + the vector core's index, that the
// vector core waits for: the API's message, not a user flag); on an AI Core with both units (or an AIC-only kernel)
// they go to the calling core. Batch matmul is not recorded.
#pragma once

#include <algorithm>
#include <cstdint>
#include <mutex>

#include "opkit/sim/cube/core.h"
#include "opkit/sim/positions.h"
#include "opkit/sim/profile_hooks.h"

namespace opkit::sim::detail {

inline constexpr uint64_t kMatmulAnswer = uint64_t(1) << 16;  // cross-core flag ids past the 16 user ones

// Whether this core's Matmul work goes to another core (its block's cube core).
inline bool matmul_served() {
  const BlockContext& c = current_block();
  const LaunchState* l = c.launch;
  return l != nullptr && l->profile != nullptr && !l->fused_core && l->aic_per_block > 0 && !c.is_aic;
}

inline void matmul_event(const ProfEvent& e) {
  BlockContext& c = current_block();
  if (c.rec == nullptr) return;
  LaunchState* l = c.launch;
  if (!matmul_served()) {
    c.rec->add(e.kind, e.api, e.a, e.b, e.c, e.d);
    return;
  }
  LaunchProfile& p = *l->profile;
  const size_t cube = static_cast<size_t>(core_of(*l, ai_core_of_current(), 0));
  std::lock_guard<std::mutex> lock(p.served_lock);
  if (p.served.size() < p.blocks.size()) p.served.resize(p.blocks.size());
  p.served[cube].push_back(e);
}

inline void matmul_flag(AscendC::HardEvent evt) {
  matmul_event(ProfEvent{Ev::SetFlag, "Matmul", static_cast<uint64_t>(evt), 0, 0, 0});
  matmul_event(ProfEvent{Ev::WaitFlag, "Matmul", static_cast<uint64_t>(evt), 0, 0, 0});
}

// One operand tile's copy into L1: `rows` rows of `len` bytes, `pitch` bytes apart in GM from `gm` (null: the
// operand is already on chip, no copy).
inline void matmul_tile_copy(const void* gm, uint64_t rows, uint64_t len, uint64_t pitch) {
  if (gm != nullptr) {
    matmul_event(copy_event("Matmul::CopyIn", PIPE_MTE2, rows, len, gm, pitch > len ? pitch - len : 0));
  }
}

// The cube's work for one block of m x n over k values (input elements of `esize` bytes), in steps of base_k.
// a_tile(k0, kl) and b_tile(k0, kl) record each step's copies.
template <typename ATile, typename BTile>
void matmul_block_work(int64_t m, int64_t n, int64_t k, int64_t base_k, uint64_t esize, ATile a_tile, BTile b_tile) {
  const int64_t c0 = 32 / static_cast<int64_t>(esize), m16 = (m + 15) / 16 * 16, n16 = (n + 15) / 16 * 16;
  const int64_t step = std::max<int64_t>(1, base_k);
  for (int64_t k0 = 0; k0 < k; k0 += step) {
    const int64_t kl = std::min(step, k - k0), kc = (kl + c0 - 1) / c0 * c0;
    a_tile(k0, kl);
    b_tile(k0, kl);
    matmul_flag(AscendC::HardEvent::MTE2_MTE1);
    if (k0 > 0) matmul_event(ProfEvent{Ev::WaitFlag, "Matmul", uint64_t(AscendC::HardEvent::M_MTE1), 0, 0, 0});
    matmul_event(ProfEvent{Ev::Cube, "Matmul::LoadData", PIPE_MTE1, uint64_t(m16 * kc) * esize, 0, 0});
    matmul_event(ProfEvent{Ev::Cube, "Matmul::LoadData", PIPE_MTE1, uint64_t(kc * n16) * esize, 0, 0});
    matmul_flag(AscendC::HardEvent::MTE1_M);
    matmul_event(ProfEvent{Ev::Cube, "Matmul::Mmad", PIPE_M, uint64_t(m), uint64_t(kl),
                           uint64_t(n) | (uint64_t(8 * esize) << 32)});
    if (k0 + step < k) matmul_event(ProfEvent{Ev::SetFlag, "Matmul", uint64_t(AscendC::HardEvent::M_MTE1), 0, 0, 0});
  }
}

// A Matmul operand as the cube reads it: GM (ND, or NZ: only its start is used), or on chip (gm false: no copy).
template <typename T>
struct MatmulOperand {
  const T* p;
  bool gm;
  bool nd;
  bool trans;
  int64_t rows, cols;  // its stored shape (orgM x orgKa for A, orgKb x orgN for B; transposed when trans)
};

// The cube's work for the block at (m0, n0) of m x n over k values from k0 (matmul.h's compute_block), each operand's
// tiles copied unless a callback brings them (its own DataCopy calls are recorded where they run).
template <typename A, typename B>
void matmul_record_block(const MatmulOperand<A>& a, const MatmulOperand<B>& b, bool a_callback, bool b_callback,
                         int64_t m0, int64_t n0, int64_t k0, int64_t m, int64_t n, int64_t k, int64_t base_k) {
  // (row, column) of the stored operand -> its address, for a tile starting there (NZ: the operand's start).
  const auto at = [](const auto& o, int64_t r, int64_t c) { return o.nd ? o.p + r * o.cols + c : o.p; };
  matmul_block_work(m, n, k, base_k, sizeof(A), [&](int64_t kk, int64_t kl) {
    if (a_callback || !a.gm) return;
    if (a.trans) matmul_tile_copy(at(a, k0 + kk, m0), kl, m * sizeof(A), a.cols * sizeof(A));
    else matmul_tile_copy(at(a, m0, k0 + kk), m, kl * sizeof(A), a.cols * sizeof(A));
  }, [&](int64_t kk, int64_t kl) {
    if (b_callback || !b.gm) return;
    if (b.trans) matmul_tile_copy(at(b, n0, k0 + kk), n, kl * sizeof(B), b.cols * sizeof(B));
    else matmul_tile_copy(at(b, k0 + kk, n0), kl, n * sizeof(B), b.cols * sizeof(B));
  });
}

// A block out of L0C: rows of `row_bytes`, to GM or not.
inline void matmul_block_out(int64_t rows, uint64_t row_bytes, bool to_gm) {
  matmul_flag(AscendC::HardEvent::M_FIX);
  matmul_event(ProfEvent{Ev::Cube, "Matmul::Fixpipe", PIPE_FIX, uint64_t(rows), row_bytes, to_gm ? 1u : 0u});
  if (matmul_served()) {  // the cube core answers once the block is out; the vector core waits for that
    const uint64_t flag = kMatmulAnswer + static_cast<uint64_t>(current_block().core_index);
    matmul_event(ProfEvent{Ev::CrossSet, "Matmul", flag, 3, PIPE_FIX, 0});
    current_block().rec->add(Ev::CrossWait, "Matmul", flag, 0, PIPE_S);
  }
}

}  // namespace opkit::sim::detail

// PhiloxRandom (CANN's adv_api/math/philox.h): counter-based random numbers, Philox4x32 with `Rounds` rounds
// (7 or 10), as Random123 defines it and CANN's Ascend 950 implementation computes it.
//   One Philox call maps a 128-bit counter (4 words, little endian) and a 64-bit key to 4 words; element e of the
//   stream is word e % 4 of the call on counter + e / 4 (128-bit add with carry).
//   PhiloxRandom(dst, key, counter, count): dst[e] = stream[e] for e < count.
//   PhiloxRandom(dst, key, counter, {stride, row, column}): dst[i * column + j] = stream[i * stride + j].
//   T float: (word & 0x7fffff | 0x3f800000) as float - 1, uniform in [0, 1); uint32_t/int32_t: the word as is.
// CANN computes it on Ascend 950 (__NPU_ARCH__ 3510/5102) only, its call is empty elsewhere; here it computes on
// every SoC (docs/simulated-api.md).
#pragma once

#include <cstdint>
#include <cstring>

#include "opkit/sim/tensor.h"
#include "opkit/sim/vec/common.h"

namespace AscendC {

constexpr uint16_t PHILOX_KEY_SIZE = 2;
constexpr uint16_t PHILOX_COUNTER_SIZE = 4;
using PhiloxKey = uint32_t[PHILOX_KEY_SIZE];
using PhiloxCounter = uint32_t[PHILOX_COUNTER_SIZE];
struct PhiloxRandomParams {
  uint32_t stride;
  uint32_t row;
  uint32_t column;
};

}  // namespace AscendC

namespace opkit::sim::detail {

// Words 0..3 of Philox4x32-R(counter, key).
inline void philox4x32(uint32_t rounds, const uint32_t key_in[2], const uint32_t ctr_in[4], uint32_t out[4]) {
  uint32_t c[4] = {ctr_in[0], ctr_in[1], ctr_in[2], ctr_in[3]};
  uint32_t k0 = key_in[0], k1 = key_in[1];
  for (uint32_t r = 0; r < rounds; ++r) {
    const uint64_t p0 = uint64_t(0xD2511F53u) * c[0];
    const uint64_t p1 = uint64_t(0xCD9E8D57u) * c[2];
    const uint32_t hi0 = uint32_t(p0 >> 32), lo0 = uint32_t(p0), hi1 = uint32_t(p1 >> 32), lo1 = uint32_t(p1);
    c[0] = hi1 ^ c[1] ^ k0;
    c[1] = lo1;
    c[2] = hi0 ^ c[3] ^ k1;
    c[3] = lo0;
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
  std::memcpy(out, c, sizeof(c));
}

// Element e of the stream as T.
template <typename T>
T philox_element(uint32_t rounds, const uint32_t key[2], const uint32_t ctr[4], uint64_t e) {
  uint32_t c[4];
  uint64_t add = e / 4;
  for (int w = 0; w < 4; ++w) {  // 128-bit counter + e / 4
    const uint64_t s = uint64_t(ctr[w]) + (add & 0xffffffffu);
    c[w] = uint32_t(s);
    add = (add >> 32) + (s >> 32);
  }
  uint32_t out[4];
  philox4x32(rounds, key, c, out);
  const uint32_t word = out[e % 4];
  if constexpr (std::is_same_v<T, float>) {
    const uint32_t bits = (word & 0x7fffffu) | 0x3f800000u;
    float f;
    std::memcpy(&f, &bits, 4);
    return f - 1.0f;
  } else {
    return static_cast<T>(word);
  }
}

template <uint16_t Rounds, typename T>
void philox_random(const AscendC::LocalTensor<T>& dst, const uint32_t key[2], const uint32_t ctr[4], uint32_t row,
                   uint32_t column, uint32_t stride, const SourceLoc& where) {
  static_assert(Rounds == 7 || Rounds == 10, "PhiloxRandom: Rounds is 7 or 10");
  static_assert(one_of_v<T, float, uint32_t, int32_t>, "PhiloxRandom: T must be float, uint32_t or int32_t");
  const char* api = "PhiloxRandom";
  if (row > 1 && stride < column) {
    fault(api, cat("stride ", stride, " is less than column ", column, ": rows of the stream would overlap"), where);
  }
  require_ub_operand(api, "dst", dst, uint64_t(row) * column * sizeof(T), where);
  for (uint64_t i = 0; i < row; ++i) {
    for (uint64_t j = 0; j < column; ++j) {
      dst.opkit_addr[i * column + j] = philox_element<T>(Rounds, key, ctr, i * stride + j);
    }
  }
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <uint16_t Rounds = 7, typename T>
void PhiloxRandom(const LocalTensor<T>& dstLocal, const PhiloxKey& philoxKey, const PhiloxCounter& philoxCounter,
                  uint16_t count, OPKIT_SIM_HERE) {
  opkit::sim::detail::philox_random<Rounds>(dstLocal, philoxKey, philoxCounter, 1, count, count, where);
}

template <uint16_t Rounds = 7, typename T>
void PhiloxRandom(const LocalTensor<T>& dstLocal, const PhiloxKey& philoxKey, const PhiloxCounter& philoxCounter,
                  const PhiloxRandomParams& params, OPKIT_SIM_HERE) {
  opkit::sim::detail::philox_random<Rounds>(dstLocal, philoxKey, philoxCounter, params.row, params.column,
                                            params.stride, where);
}

}  // namespace AscendC

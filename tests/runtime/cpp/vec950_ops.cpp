// Ascend 950's own level-2 vector APIs (opkit/sim/vec/binary950.h), linked into interleave_main.cpp's program
// (built for dav-3510) and reached as `ilv v950 <api> <dtype> <count> <dir>`: one call inside a simulated launch on
// <dir>/a.bin and <dir>/b.bin (numpy, whole files), results to <dir>/d0.bin (and d1.bin for Mull). dtype is src0's;
// the scalar of the scalar-operand APIs is b[0].
//   abssub fusedabssub prelu (half float)          expsub fusedexpsub (half float -> float)
//   mull (int32 uint32)                             shl shr (int8 uint8 int16 uint16 int32 uint32 int64 uint64;
//                                                   src1 is the signed type of the same size)
//   neg (int8 int16 int32 int64 half float)         trunc_{rint,floor,ceil,round,trunc} (half float bf16)
//   {Subs,Divs,Ands,Ors}_{ts,st,tt,tt0}            tensor-scalar, scalar-tensor, single-point src1, src0
//   mulscast_{ts,st,tt} fusedmulscast_ts (float -> half)
//   brcnd (float int64) - -                         GetBroadcastTilingInfo + Broadcast(dst, src, .., &tiling)
//   scatter scatter_base64 scatter_mask scatter_bits (any dtype; mask forms 16/32/64-bit): b.bin uint32 offsets
//   regs - 0 -                                     prints GetVecLen, GatherMask's rsvdCnt, GetSpr<AR> after it and
//                                                   after ClearSpr, the saturation strategy and FLOAT8 flag bits,
//                                                   the scalar cache mode's CTRL fields and read-back
//   divmagic (uint32 uint64) <divisor> -           prints GetUintDivMagicAndShift's magic and shift
//   quantize_{pt_rint,pt_trunc_nooffset,pc_round,pk_floor} (half float bf16) <m>: Quantize of a.bin [m, 64] to
//                                                   int8 d0.bin; b.bin float: scale[64], offset[64] (per tensor:
//                                                   b[0], b[1]; per token: the first m of each)
//   dequantize_{pt,pc,pc_bf16,pk,pk_f32src} - <m>:  Dequantize of a.bin [m, 64] (int32; float for pk_f32src) with
//                                                   scale b.bin float [64] (as bf16 for pc_bf16) to d0.bin
//                                                   (float; bf16 for pc_bf16, half for pk)
//   antiquantize_{pt,pc,pk_float,pk_nooffset} (half bf16) <m>: AntiQuantize of a.bin int8 [m, 64] with b.bin
//                                                   float scale[64], offset[64] (as dtype; float for pk_float)
// A fault prints "fault: ..." and exits 3.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "kernel_operator.h"

using namespace AscendC;

namespace {

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "v950: %s\n", why.c_str());
  std::exit(2);
}

std::vector<uint8_t> slurp(const std::string& path) {
  FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) die("cannot read " + path);
  std::vector<uint8_t> v;
  uint8_t buf[4096];
  for (size_t k; (k = std::fread(buf, 1, sizeof buf, f)) > 0;) v.insert(v.end(), buf, buf + k);
  std::fclose(f);
  return v;
}

void spill(const std::string& path, const void* p, size_t bytes) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr || std::fwrite(p, 1, bytes, f) != bytes) die("cannot write " + path);
  std::fclose(f);
}

uint32_t padded(size_t bytes) { return static_cast<uint32_t>((bytes + 31) / 32 * 32 + 32); }

template <typename T>
LocalTensor<T> load(TPipe& pipe, TBuf<TPosition::VECCALC>& buf, const std::vector<uint8_t>& bytes, uint32_t n) {
  pipe.InitBuffer(buf, padded(std::max<size_t>(bytes.size(), n * sizeof(T))));
  LocalTensor<T> t = buf.Get<T>();
  std::memset(static_cast<void*>(t.GetPhyAddr()), 0x5a, padded(std::max<size_t>(bytes.size(), n * sizeof(T))));
  std::memcpy(static_cast<void*>(t.GetPhyAddr()), bytes.data(), bytes.size());
  return t;
}

// src0 is S (a.bin), src1 is S1 (b.bin), dst0/dst1 are D; `op` makes the call.
template <typename D, typename S, typename S1, typename F>
void run(uint32_t n, const std::string& dir, bool two_outputs, F op) {
  const std::vector<uint8_t> a = slurp(dir + "/a.bin"), b = slurp(dir + "/b.bin");
  std::vector<uint8_t> d0(n * sizeof(D)), d1(n * sizeof(D));
  opkit::sim::Launch launch{"v950", "Ascend950PR_9599", 1};
  try {
    launch.run_body([&] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> ba, bb, b0, b1;
      LocalTensor<S> ta = load<S>(pipe, ba, a, n);
      LocalTensor<S1> tb = load<S1>(pipe, bb, b, n);
      LocalTensor<D> t0 = load<D>(pipe, b0, {}, n), t1 = load<D>(pipe, b1, {}, n);
      op(t0, t1, ta, tb);
      std::memcpy(d0.data(), t0.GetPhyAddr(), d0.size());
      std::memcpy(d1.data(), t1.GetPhyAddr(), d1.size());
    });
  } catch (const opkit::sim::KernelFault& f) {
    std::printf("fault: %s\n", f.what());
    std::exit(3);
  }
  spill(dir + "/d0.bin", d0.data(), d0.size());
  if (two_outputs) spill(dir + "/d1.bin", d1.data(), d1.size());
}

#define CALL(D, S, S1, EXPR)                                                                             \
  run<D, S, S1>(n, dir, false, [&](LocalTensor<D>& d, LocalTensor<D>&, LocalTensor<S>& x, LocalTensor<S1>& y) { \
    (void)y;                                                                                               \
    EXPR;                                                                                                  \
  })

#define CASE(NAME, D, S, S1, EXPR) \
  if (api == NAME) {               \
    CALL(D, S, S1, EXPR);          \
    return true;                   \
  }

template <typename T>
bool float_apis(const std::string& api, uint32_t n, const std::string& dir) {
  if constexpr (std::is_same_v<T, half> || std::is_same_v<T, float>) {
    CASE("abssub", T, T, T, AbsSub(d, x, y, n))
    CASE("fusedabssub", T, T, T, FusedAbsSub(d, x, y, n))
    CASE("prelu", T, T, T, Prelu(d, x, y, n))
    CASE("expsub", float, T, T, ExpSub(d, x, y, n))
    CASE("fusedexpsub", float, T, T, FusedExpSub(d, x, y, n))
  }
  if constexpr (std::is_same_v<T, float>) {
    CASE("mulscast_ts", half, float, float, MulsCast(d, x, y.GetValue(0), n))
    CASE("mulscast_st", half, float, float, MulsCast(d, y.GetValue(0), x, n))
    CASE("mulscast_tt", half, float, float, MulsCast(d, x, y, n))
    CASE("fusedmulscast_ts", half, float, float, FusedMulsCast(d, x, y.GetValue(0), n))
  }
  if constexpr (std::is_same_v<T, half> || std::is_same_v<T, float> || std::is_same_v<T, bfloat16_t>) {
    CASE("trunc_rint", T, T, T, (Truncate<T, RoundMode::CAST_RINT>(d, x, n)))
    CASE("trunc_floor", T, T, T, (Truncate<T, RoundMode::CAST_FLOOR>(d, x, n)))
    CASE("trunc_ceil", T, T, T, (Truncate<T, RoundMode::CAST_CEIL>(d, x, n)))
    CASE("trunc_round", T, T, T, (Truncate<T, RoundMode::CAST_ROUND>(d, x, n)))
    CASE("trunc_trunc", T, T, T, (Truncate<T, RoundMode::CAST_TRUNC>(d, x, n)))
  }
  return false;
}

template <typename T>
bool int_apis(const std::string& api, uint32_t n, const std::string& dir) {
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_signed_t<T>;
    CASE("shl", T, T, U, ShiftLeft(d, x, y, n))
    CASE("shr", T, T, U, ShiftRight(d, x, y, n))
  }
  if constexpr (std::is_same_v<T, int32_t> || std::is_same_v<T, uint32_t>) {
    if (api == "mull") {
      run<T, T, T>(n, dir, true,
                   [&](LocalTensor<T>& d0, LocalTensor<T>& d1, LocalTensor<T>& x, LocalTensor<T>& y) {
                     Mull(d0, d1, x, y, n);
                   });
      return true;
    }
  }
  if constexpr (std::is_same_v<T, int8_t> || std::is_same_v<T, int16_t> || std::is_same_v<T, int32_t> ||
                std::is_same_v<T, int64_t> || std::is_same_v<T, half> || std::is_same_v<T, float>) {
    CASE("neg", T, T, T, Neg(d, x, n))
  }
  return false;
}

constexpr BinaryConfig kScalarSrc0 = {0};

// Subs/Divs/Ands/Ors in their four operand forms.
#define SCALAR_FORMS(NAME, T)                                                                   \
  CASE(#NAME "_ts", T, T, T, NAME(d, x, y.GetValue(0), n))                                      \
  CASE(#NAME "_st", T, T, T, NAME(d, y.GetValue(0), x, n))                                      \
  CASE(#NAME "_tt", T, T, T, NAME(d, x, y, n))                                                  \
  CASE(#NAME "_tt0", T, T, T, (NAME<BinaryDefaultType, true, kScalarSrc0>(d, y, x, n)))

template <typename T>
bool scalar_apis(const std::string& api, uint32_t n, const std::string& dir) {
  if constexpr (std::is_same_v<T, half> || std::is_same_v<T, float> || std::is_same_v<T, int64_t> ||
                std::is_same_v<T, uint64_t>) {
    SCALAR_FORMS(Divs, T)
  }
  if constexpr (std::is_same_v<T, half> || std::is_same_v<T, float> || std::is_same_v<T, int16_t> ||
                std::is_same_v<T, int32_t> || std::is_same_v<T, int64_t> || std::is_same_v<T, uint64_t>) {
    SCALAR_FORMS(Subs, T)
  }
  if constexpr (std::is_same_v<T, int16_t> || std::is_same_v<T, uint16_t> || std::is_same_v<T, int64_t> ||
                std::is_same_v<T, uint64_t>) {
    SCALAR_FORMS(Ands, T)
    SCALAR_FORMS(Ors, T)
  }
  return false;
}

// Scatter of a.bin by the uint32 byte offsets of b.bin into dst (0x5a bytes): the count form (base 0, and base 64
// with n - 64 / sizeof(T) elements), and for 16/32/64-bit types the mask forms over n / perRepeat repeats.
template <typename T>
bool scatter_apis(const std::string& api, uint32_t n, const std::string& dir) {
  CASE("scatter", T, T, uint32_t, Scatter(d, x, y, 0u, n))
  CASE("scatter_base64", T, T, uint32_t, Scatter(d, x, y, 64u, n - 64 / uint32_t(sizeof(T))))
  if constexpr (sizeof(T) > 1) {
    constexpr uint32_t per = 256 / sizeof(T);
    CASE("scatter_mask", T, T, uint32_t, Scatter(d, x, y, 0u, uint64_t(per / 2 + 3), uint8_t(n / per), uint8_t(8)))
    uint64_t bits[2] = {0x5555555555555555ull, per > 64 ? 0x5555555555555555ull : 0};
    if constexpr (per < 64) bits[0] &= (1ull << per) - 1;
    CASE("scatter_bits", T, T, uint32_t, Scatter(d, x, y, 0u, bits, uint8_t(n / per), uint8_t(8)))
  }
  return false;
}

template <typename T>
void dispatch(const std::string& api, uint32_t n, const std::string& dir) {
  if (!float_apis<T>(api, n, dir) && !int_apis<T>(api, n, dir) && !scalar_apis<T>(api, n, dir) &&
      !scatter_apis<T>(api, n, dir)) {
    die("no case " + api + " for this dtype");
  }
}

void registers() {
  opkit::sim::Launch launch{"v950", "Ascend950PR_9599", 1};
  launch.run_body([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bs, bd;
    pipe.InitBuffer(bs, 256);
    pipe.InitBuffer(bd, 256);
    LocalTensor<float> src = bs.Get<float>(), dst = bd.Get<float>();
    Duplicate(src, 1.0f, 64);
    uint64_t kept = 0;
    GatherMask(dst, src, uint8_t(1), false, 0, GatherMaskParams{1, 1, 8, 0}, kept);
    const int64_t ar = GetSpr<SpecialPurposeReg::AR>();
    ClearSpr<SpecialPurposeReg::AR>();
    std::printf("regs: %u %llu %lld %lld", GetVecLen(), static_cast<unsigned long long>(kept),
                static_cast<long long>(ar), static_cast<long long>(GetSpr<SpecialPurposeReg::AR>()));
    SetSaturationStrategy<OverrideStrategy::USE_GLOBAL>();
    std::printf(" %lld %d", static_cast<long long>(GetCtrlSpr<60, 60>()), int(GetSaturationStrategy()));
    SetSaturationStrategy<OverrideStrategy::USE_API>();
    std::printf(" %lld %d", static_cast<long long>(GetCtrlSpr<60, 60>()), int(GetSaturationStrategy()));
    SetSaturationFlag<SaturationMode::FLOAT8>(true);
    std::printf(" %lld %d", static_cast<long long>(GetCtrlSpr<50, 50>()),
                int(GetSaturationFlag<SaturationMode::FLOAT8>()));
    SetScalarCacheMode<CacheRwMode::READ, CacheMode::CACHE_MODE_PERSISTENT>();
    SetScalarCacheMode<CacheRwMode::WRITE, CacheMode::CACHE_MODE_DISABLE>();
    std::printf(" %lld %lld %d %d\n", static_cast<long long>(GetCtrlSpr<16, 19>()),
                static_cast<long long>(GetCtrlSpr<20, 23>()),
                int(GetScalarCacheMode<CacheRwMode::READ>() == CacheMode::CACHE_MODE_PERSISTENT),
                int(GetScalarCacheMode<CacheRwMode::WRITE>() == CacheMode::CACHE_MODE_DISABLE));
  });
}

template <typename T>
void divmagic(T divisor) {
  opkit::sim::Launch launch{"v950", "Ascend950PR_9599", 1};
  try {
    launch.run_body([&] {
      T magic = 0, shift = 0;
      GetUintDivMagicAndShift(magic, shift, divisor);
      std::printf("divmagic: %llu %llu\n", static_cast<unsigned long long>(magic),
                  static_cast<unsigned long long>(shift));
    });
  } catch (const opkit::sim::KernelFault& f) {
    std::printf("fault: %s\n", f.what());
    std::exit(3);
  }
}

// One launch whose body fills d0 (a fault prints "fault: ..." and exits 3), then d0 to <dir>/d0.bin.
template <typename E, typename F>
void launch_to_d0(const std::string& dir, std::vector<E>& d0, F body) {
  opkit::sim::Launch launch{"v950", "Ascend950PR_9599", 1};
  try {
    launch.run_body(body);
  } catch (const opkit::sim::KernelFault& f) {
    std::printf("fault: %s\n", f.what());
    std::exit(3);
  }
  spill(dir + "/d0.bin", d0.data(), d0.size() * sizeof(E));
}

// t[i] = C(the float at b[4 * (from + i)]) for i < count.
template <typename C>
void set_floats(const LocalTensor<C>& t, const std::vector<uint8_t>& b, uint32_t from, uint32_t count) {
  for (uint32_t i = 0; i < count; ++i) {
    float v;
    std::memcpy(&v, b.data() + 4 * (from + i), 4);
    t.SetValue(i, C(v));
  }
}

constexpr QuantizeConfig kPtRint = {QuantizePolicy::PER_TENSOR, true, RoundMode::CAST_RINT};
constexpr QuantizeConfig kPtTrunc = {QuantizePolicy::PER_TENSOR, false, RoundMode::CAST_TRUNC};
constexpr QuantizeConfig kPcRound = {QuantizePolicy::PER_CHANNEL, true, RoundMode::CAST_ROUND};
constexpr QuantizeConfig kPkFloor = {QuantizePolicy::PER_TOKEN, true, RoundMode::CAST_FLOOR};

template <typename T>
void quantize(const std::string& api, uint32_t m, const std::string& dir) {
  const std::vector<uint8_t> a = slurp(dir + "/a.bin"), b = slurp(dir + "/b.bin");
  const uint32_t n = 64;
  std::vector<int8_t> d0(m * n);
  launch_to_d0(dir, d0, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> ba, bs, bo, b0, bt;
    LocalTensor<T> x = load<T>(pipe, ba, a, m * n);
    std::vector<uint8_t> scale(b.begin(), b.begin() + 256), offset(b.begin() + 256, b.end());
    LocalTensor<float> s = load<float>(pipe, bs, scale, 64), o = load<float>(pipe, bo, offset, 64);
    LocalTensor<int8_t> y = load<int8_t>(pipe, b0, {}, m * n);
    pipe.InitBuffer(bt, 1024);
    const QuantizeParams p{m, n};
    if (api == "quantize_pt_rint") Quantize<kPtRint>(y, x, s.GetValue(0), o.GetValue(0), p);
    else if (api == "quantize_pt_trunc_nooffset") Quantize<kPtTrunc>(y, x, s.GetValue(0), 0.0f, p);
    else if (api == "quantize_pc_round") Quantize<kPcRound>(y, x, bt.Get<uint8_t>(), s, o, p);
    else if (api == "quantize_pk_floor") Quantize<kPkFloor>(y, x, s, o, p);
    else die("unknown api " + api);
    std::memcpy(d0.data(), y.GetPhyAddr(), d0.size());
  });
}

constexpr DequantizeConfig kDqPt = {DequantizePolicy::PER_TENSOR};
constexpr DequantizeConfig kDqPc = {DequantizePolicy::PER_CHANNEL};
constexpr DequantizeConfig kDqPk = {DequantizePolicy::PER_TOKEN};

template <typename D, typename S, typename C>
void dequantize(const std::string& api, uint32_t m, const std::string& dir) {
  const std::vector<uint8_t> a = slurp(dir + "/a.bin"), b = slurp(dir + "/b.bin");
  const uint32_t n = 64;
  std::vector<uint8_t> d0(m * n * sizeof(D));
  launch_to_d0(dir, d0, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> ba, bs, b0, bt;
    LocalTensor<S> x = load<S>(pipe, ba, a, m * n);
    LocalTensor<C> s = load<C>(pipe, bs, {}, 64);
    set_floats(s, b, 0, 64);
    LocalTensor<D> y = load<D>(pipe, b0, {}, m * n);
    pipe.InitBuffer(bt, 1024);
    const DequantizeParams p{m, n};
    if constexpr (std::is_same_v<S, int32_t> && !std::is_same_v<D, half>) {
      if (api == "dequantize_pt") Dequantize<kDqPt>(y, x, s.GetValue(0), s.GetValue(0), p);
      if (api == "dequantize_pc" || api == "dequantize_pc_bf16") Dequantize<kDqPc>(y, x, s, s, bt.Get<uint8_t>(), p);
    } else {
      Dequantize<kDqPk>(y, x, s, s, p);
    }
    std::memcpy(d0.data(), y.GetPhyAddr(), d0.size());
  });
}

constexpr AntiQuantizeConfig kAqPt = {AntiQuantizePolicy::PER_TENSOR, true};
constexpr AntiQuantizeConfig kAqPc = {AntiQuantizePolicy::PER_CHANNEL, true};
constexpr AntiQuantizeConfig kAqPk = {AntiQuantizePolicy::PER_TOKEN, true};
constexpr AntiQuantizeConfig kAqPkNo = {AntiQuantizePolicy::PER_TOKEN, false};

template <typename D, typename C>
void antiquantize(const std::string& api, uint32_t m, const std::string& dir) {
  const std::vector<uint8_t> a = slurp(dir + "/a.bin"), b = slurp(dir + "/b.bin");
  const uint32_t n = 64;
  std::vector<uint8_t> d0(m * n * sizeof(D));
  launch_to_d0(dir, d0, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> ba, bs, bo, b0;
    LocalTensor<int8_t> x = load<int8_t>(pipe, ba, a, m * n);
    LocalTensor<C> s = load<C>(pipe, bs, {}, 64), o = load<C>(pipe, bo, {}, 64);
    set_floats(s, b, 0, 64);
    set_floats(o, b, 64, 64);
    LocalTensor<D> y = load<D>(pipe, b0, {}, m * n);
    const AntiQuantizeParams p{m, n};
    if constexpr (std::is_same_v<C, D>) {
      if (api == "antiquantize_pt") AntiQuantize<kAqPt>(y, x, s.GetValue(0), o.GetValue(0), p);
      if (api == "antiquantize_pc") AntiQuantize<kAqPc>(y, x, s, o, p);
    }
    if (api == "antiquantize_pk_float") AntiQuantize<kAqPk>(y, x, s, o, p);
    if (api == "antiquantize_pk_nooffset") AntiQuantize<kAqPkNo>(y, x, s, o, p);
    std::memcpy(d0.data(), y.GetPhyAddr(), d0.size());
  });
}

// GetBroadcastTilingInfo and the tiling form of Broadcast: src a.bin (float: [2,1,4,1] -> [2,3,4,5]; int64:
// [1,1,2,3] -> [6,4,2,3]) to d0.bin; prints "brcnd: rank dstSize srcSize loopNum dstShape.. dstStride.. srcStride..".
template <typename T>
void brc_nd(const std::string& dir, const uint32_t (&dst_shape)[4], const uint32_t (&src_shape)[4]) {
  const std::vector<uint8_t> a = slurp(dir + "/a.bin");
  uint32_t n = 1;
  for (uint32_t v : dst_shape) n *= v;
  std::vector<T> d0(n);
  launch_to_d0(dir, d0, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> ba, b0;
    LocalTensor<T> x = load<T>(pipe, ba, a, 0), y = load<T>(pipe, b0, {}, n);
    BroadcastTiling t;
    GetBroadcastTilingInfo<T>(4, dst_shape, src_shape, false, t);
    std::printf("brcnd: %u %u %u %u", t.rank, t.dstSize, t.srcSize, t.loopNum);
    for (const uint32_t* f : {t.dstShape, t.dstStride, t.srcStride}) {
      for (uint32_t i = 0; i < t.rank; ++i) std::printf(" %u", f[i]);
    }
    std::printf("\n");
    Broadcast<T>(y, x, dst_shape, src_shape, &t);
    std::memcpy(d0.data(), y.GetPhyAddr(), n * sizeof(T));
  });
}

}  // namespace

int vec950_main(int argc, char** argv) {
  if (argc != 5) die("bad arguments; see the usage at the top of vec950_ops.cpp");
  const std::string api = argv[1], dtype = argv[2], dir = argv[4];
  const uint32_t n = static_cast<uint32_t>(std::strtoul(argv[3], nullptr, 10));
  if (api == "brcnd") {
    if (dtype == "float") brc_nd<float>(dir, {2, 3, 4, 5}, {2, 1, 4, 1});
    else brc_nd<int64_t>(dir, {6, 4, 2, 3}, {1, 1, 2, 3});
    return 0;
  }
  if (api == "regs") {
    registers();
    return 0;
  }
  if (api.rfind("quantize_", 0) == 0) {
    if (dtype == "half") quantize<half>(api, n, dir);
    else if (dtype == "float") quantize<float>(api, n, dir);
    else quantize<bfloat16_t>(api, n, dir);
    return 0;
  }
  if (api == "dequantize_pt" || api == "dequantize_pc") {
    dequantize<float, int32_t, float>(api, n, dir);
    return 0;
  }
  if (api == "dequantize_pc_bf16") {
    dequantize<bfloat16_t, int32_t, bfloat16_t>(api, n, dir);
    return 0;
  }
  if (api == "dequantize_pk") {
    dequantize<half, int32_t, float>(api, n, dir);
    return 0;
  }
  if (api == "dequantize_pk_f32src") {
    dequantize<float, float, float>(api, n, dir);
    return 0;
  }
  if (api.rfind("antiquantize_", 0) == 0) {
    const bool f32 = api == "antiquantize_pk_float";
    if (dtype == "half") f32 ? antiquantize<half, float>(api, n, dir) : antiquantize<half, half>(api, n, dir);
    else f32 ? antiquantize<bfloat16_t, float>(api, n, dir) : antiquantize<bfloat16_t, bfloat16_t>(api, n, dir);
    return 0;
  }
  if (api == "divmagic") {
    const unsigned long long d = std::strtoull(argv[3], nullptr, 10);
    if (dtype == "uint32") divmagic<uint32_t>(static_cast<uint32_t>(d));
    else divmagic<uint64_t>(d);
    return 0;
  }
  if (dtype == "int8") dispatch<int8_t>(api, n, dir);
  else if (dtype == "uint8") dispatch<uint8_t>(api, n, dir);
  else if (dtype == "int16") dispatch<int16_t>(api, n, dir);
  else if (dtype == "uint16") dispatch<uint16_t>(api, n, dir);
  else if (dtype == "int32") dispatch<int32_t>(api, n, dir);
  else if (dtype == "uint32") dispatch<uint32_t>(api, n, dir);
  else if (dtype == "int64") dispatch<int64_t>(api, n, dir);
  else if (dtype == "uint64") dispatch<uint64_t>(api, n, dir);
  else if (dtype == "half") dispatch<half>(api, n, dir);
  else if (dtype == "float") dispatch<float>(api, n, dir);
  else if (dtype == "bf16") dispatch<bfloat16_t>(api, n, dir);
  else die("unknown dtype " + dtype);
  return 0;
}

// Basic APIs of issue 25 (fused vector ops, Brcb, CreateVecIndex, Gather, scalar bit ops, min/max and atomics,
// SetAtomicMin/SetAtomicType, ShapeInfo, GetTPipePtr, IBSet/IBWait,
// WaitPreBlock/NotifyNextBlock): each case runs a small kernel and prints "<case>: <values...>" for
// test_basic_apis.py to compare with numpy, or "<case>: fault: <KernelFault>". Inputs are exact in half and float.
#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "kernel_operator.h"

using namespace AscendC;

namespace {

struct Gm {
  void* p;
  uint64_t bytes;
  const char* name;
};
void launch(int64_t blocks, const std::vector<Gm>& gm, const std::function<void()>& body) {
  opkit::sim::Launch l{"basic", "Ascend910B2", blocks};
  for (const Gm& g : gm) l.register_gm(g.p, g.bytes, g.name);
  l.run_body(body);
}

class Ub {
 public:
  template <typename T>
  LocalTensor<T> get(uint32_t count) {
    bufs_.emplace_back(new TBuf<TPosition::VECCALC>);
    pipe_.InitBuffer(*bufs_.back(), count * static_cast<uint32_t>(sizeof(T)));
    return bufs_.back()->Get<T>(count);
  }
  ~Ub() {
    for (auto* b : bufs_) delete b;
  }

 private:
  TPipe pipe_;
  std::vector<TBuf<TPosition::VECCALC>*> bufs_;
};

// The inputs test_basic_apis.py rebuilds with numpy: multiples of 1/8, 1/16 and 1/4 in small ranges.
double in_a(uint32_t i) { return double(int(i * 37 % 101) - 50) / 8; }
double in_b(uint32_t i) { return double(int(i * 53 % 97) - 48) / 16; }
double in_c(uint32_t i) { return double(int(i * 29 % 89) - 44) / 4; }
int in_ia(uint32_t i) { return int(i * 37 % 101) - 50; }
int in_ib(uint32_t i) { return int(i * 53 % 97) - 48; }

template <typename T>
void fill(const LocalTensor<T>& t, uint32_t n, double (*f)(uint32_t)) {
  for (uint32_t i = 0; i < n; ++i) t.SetValue(i, T(static_cast<float>(f(i))));
}
template <typename T>
void fill_int(const LocalTensor<T>& t, uint32_t n, int (*f)(uint32_t)) {
  for (uint32_t i = 0; i < n; ++i) t.SetValue(i, static_cast<T>(f(i)));
}
template <typename T>
void print(const LocalTensor<T>& t, uint32_t n) {
  for (uint32_t i = 0; i < n; ++i) {
    if constexpr (std::is_integral_v<T>) {
      std::printf(" %lld", static_cast<long long>(t.GetValue(i)));
    } else {
      std::printf(" %.9g", static_cast<double>(static_cast<float>(t.GetValue(i))));
    }
  }
}

// One block: dst (D, n) from src0/src1 (S, n) filled with a/b (ints for integer S), dst filled with c, then `op`.
template <typename D, typename S>
void binary_case(uint32_t n, const std::function<void(LocalTensor<D>&, LocalTensor<S>&, LocalTensor<S>&)>& op) {
  launch(1, {}, [&] {
    Ub ub;
    auto x = ub.get<S>(n);
    auto y = ub.get<S>(n);
    auto d = ub.get<D>(n);
    if constexpr (std::is_integral_v<S>) {
      fill_int(x, n, in_ia);
      fill_int(y, n, in_ib);
    } else {
      fill(x, n, in_a);
      fill(y, n, in_b);
    }
    if constexpr (!std::is_integral_v<D>) fill(d, n, in_c);
    op(d, x, y);
    print(d, n);
  });
}

#define FUSED(NAME, D, S, N, CALL) \
  {NAME, [] { binary_case<D, S>(N, [](LocalTensor<D>& d, LocalTensor<S>& x, LocalTensor<S>& y) { CALL; }); }}

const std::map<std::string, std::function<void()>> kCases = {
    FUSED("add_relu_float", float, float, 200, AddRelu(d, x, y, 200)),
    FUSED("add_relu_half", half, half, 300, AddRelu(d, x, y, 300)),
    FUSED("add_relu_int16", int16_t, int16_t, 100, AddRelu(d, x, y, 100)),
    FUSED("sub_relu_float", float, float, 200, SubRelu(d, x, y, 200)),
    FUSED("sub_relu_half", half, half, 257, SubRelu(d, x, y, 257)),
    FUSED("sub_relu_int16", int16_t, int16_t, 100, SubRelu(d, x, y, 100)),
    FUSED("fused_mul_add_float", float, float, 200, FusedMulAdd(d, x, y, 200)),
    FUSED("fused_mul_add_half", half, half, 130, FusedMulAdd(d, x, y, 130)),
    FUSED("mul_add_relu_float", float, float, 200, MulAddRelu(d, x, y, 200)),
    FUSED("mul_add_relu_half", half, half, 130, MulAddRelu(d, x, y, 130)),
    FUSED("fused_mul_add_relu_float", float, float, 200, FusedMulAddRelu(d, x, y, 200)),
    FUSED("fused_mul_add_relu_half", half, half, 130, FusedMulAddRelu(d, x, y, 130)),
    FUSED("mul_add_dst_float", float, float, 200, MulAddDst(d, x, y, 200)),
    FUSED("mul_add_dst_half", half, half, 130, MulAddDst(d, x, y, 130)),
    FUSED("mul_add_dst_half_float", float, half, 70, MulAddDst(d, x, y, 70)),
    FUSED("add_relu_cast_float_half", half, float, 200, AddReluCast(d, x, y, 200)),
    FUSED("add_relu_cast_half_int8", int8_t, half, 200, AddReluCast(d, x, y, 200)),
    FUSED("add_relu_cast_int16_int8", int8_t, int16_t, 100, AddReluCast(d, x, y, 100)),
    FUSED("sub_relu_cast_float_half", half, float, 200, SubReluCast(d, x, y, 200)),
    FUSED("sub_relu_cast_half_int8", int8_t, half, 200, SubReluCast(d, x, y, 200)),
    FUSED("mul_cast_half_int8", int8_t, half, 200, MulCast(d, x, y, 200)),
    FUSED("mul_cast_half_uint8", uint8_t, half, 200, MulCast(d, x, y, 200)),
    {"brcb_float", [] {
       launch(1, {}, [] {
         Ub ub;
         auto src = ub.get<float>(16);
         auto dst = ub.get<float>(2 * 8 * 8 + 64);
         fill(src, 16, in_a);
         Duplicate(dst, -1.0f, 2 * 8 * 8 + 64);
         Brcb(dst, src, 2, BrcbRepeatParams(1, 8));
         print(dst, 2 * 8 * 8 + 64);
       });
     }},
    {"brcb_half_strided", [] {  // dstBlkStride 2, dstRepStride 16: every other block
       launch(1, {}, [] {
         Ub ub;
         auto src = ub.get<half>(16);
         auto dst = ub.get<half>(2 * 16 * 16);
         fill(src, 16, in_b);
         Duplicate(dst, half(0), 2 * 16 * 16);
         Brcb(dst, src, 2, BrcbRepeatParams(2, 16));
         print(dst, 2 * 16 * 16);
       });
     }},
    {"create_vec_index_int32", [] {
       launch(1, {}, [] {
         Ub ub;
         auto dst = ub.get<int32_t>(72);
         CreateVecIndex(dst, int32_t(-5), 70);
         print(dst, 70);
       });
     }},
    {"create_vec_index_half", [] {
       launch(1, {}, [] {
         Ub ub;
         auto dst = ub.get<half>(144);
         CreateVecIndex(dst, half(3), 130);
         print(dst, 130);
       });
     }},
    {"gather_float", [] {
       launch(1, {}, [] {
         Ub ub;
         auto src = ub.get<float>(64);
         auto off = ub.get<uint32_t>(56);
         auto dst = ub.get<float>(56);
         fill(src, 64, in_a);
         for (uint32_t i = 0; i < 50; ++i) off.SetValue(i, (i * 7 % 60) * 4);
         Gather(dst, src, off, 16u, 50);  // base 16 bytes: element 4 onwards
         print(dst, 50);
       });
     }},
    {"gather_half", [] {
       launch(1, {}, [] {
         Ub ub;
         auto src = ub.get<half>(128);
         auto off = ub.get<uint32_t>(40);
         auto dst = ub.get<half>(48);
         fill(src, 128, in_b);
         for (uint32_t i = 0; i < 33; ++i) off.SetValue(i, (127 - i * 3) * 2);
         Gather(dst, src, off, 0u, 33);
         print(dst, 33);
       });
     }},
    {"gather_out_of_range", [] {
       launch(1, {}, [] {
         Ub ub;
         auto src = ub.get<float>(8);
         auto off = ub.get<uint32_t>(8);
         auto dst = ub.get<float>(8);
         Duplicate(off.ReinterpretCast<int32_t>(), 0, 8);
         off.SetValue(3, 32);
         Gather(dst, src, off, 0u, 8);
       });
     }},
    {"scalar_bits", [] {
       const uint64_t v = 0x0f00000000000f00ull;
       std::printf(" %lld %lld %lld %lld %lld %lld %lld %lld %lld", static_cast<long long>(GetBitCount<1>(v)),
                   static_cast<long long>(ScalarGetCountOfValue<0>(v)), static_cast<long long>(CountLeadingZero(v)),
                   static_cast<long long>(ScalarCountLeadingZero(0)),
                   static_cast<long long>(CountBitsCntSameAsSignBit(int64_t(v))),
                   static_cast<long long>(CountBitsCntSameAsSignBit(-1)), static_cast<long long>(GetSFFValue<1>(v)),
                   static_cast<long long>(ScalarGetSFFValue<0>(~0ull)), static_cast<long long>(GetSFFValue<0>(0xffull)));
     }},
    {"ctrl_spr", [] {
       launch(1, {}, [] {
         SetCtrlSpr<60, 60>(1);
         SetCtrlSpr<4, 7>(0x1f);
         AscendCUtils::SetOverflow(1);
         std::printf(" %lld %lld %lld", static_cast<long long>(GetCtrlSpr<60, 60>()),
                     static_cast<long long>(GetCtrlSpr<4, 7>()), static_cast<long long>(GetCtrlSpr<48, 48>()));
       });
     }},
    {"saturation", [] {  // CANN's CTRL bits: INT 53 (1 = saturate), FLOAT 48 and CAST 59 (0 = saturate)
       launch(1, {}, [] {
         SetSaturationFlag<SaturationMode::INT>(true);
         SetSaturationFlag<SaturationMode::FLOAT>(true);
         SetSaturationFlag<SaturationMode::CAST>(false);
         std::printf(" %lld %lld %lld %d %d %d", static_cast<long long>(GetCtrlSpr<53, 53>()),
                     static_cast<long long>(GetCtrlSpr<48, 48>()), static_cast<long long>(GetCtrlSpr<59, 59>()),
                     int(GetSaturationFlag<SaturationMode::INT>()), int(GetSaturationFlag<SaturationMode::FLOAT>()),
                     int(GetSaturationFlag<SaturationMode::CAST>()));
         SetSaturationFlag<SaturationMode::FLOAT>(false);
         std::printf(" %d %lld", int(GetSaturationFlag<SaturationMode::FLOAT>()),
                     static_cast<long long>(GetCtrlSpr<48, 48>()));
       });
     }},
    {"store_atomic_config", [] {  // the register and SetAtomicAdd/None are one state; UB->GM copies follow it
       std::vector<float> g(8, 1.0f);
       launch(1, {{g.data(), g.size() * 4, "g"}}, [&] {
         GlobalTensor<float> gt;
         gt.SetGlobalBuffer(g.data(), 8);
         Ub ub;
         auto t = ub.get<float>(8);
         Duplicate(t, 2.0f, 8);
         uint16_t type = 9, op = 9;
         SetStoreAtomicConfig<AtomicDtype::ATOMIC_F32, AtomicOp::ATOMIC_SUM>();
         GetStoreAtomicConfig(type, op);
         DataCopy(gt, t, 8);
         DataCopy(gt, t, 8);
         std::printf(" %d %d %g", type, op, double(g[0]));
         SetStoreAtomicConfig<AtomicDtype::ATOMIC_NONE, AtomicOp::ATOMIC_SUM>();
         GetStoreAtomicConfig(type, op);
         DataCopy(gt, t, 8);
         std::printf(" %d %d %g", type, op, double(g[7]));
         SetAtomicAdd<half>();
         GetStoreAtomicConfig(type, op);
         std::printf(" %d %d", type, op);
         SetAtomicNone();
       });
     }},
    {"atomic_min_type", [] {  // SetAtomicMin<half>; SetAtomicType<float> keeps the op (min, then add) for float
       std::vector<half> gh(16);
       std::vector<float> gf(8), ga(8);
       for (uint32_t i = 0; i < 16; ++i) gh[i] = half(float(in_b(i)));
       for (uint32_t i = 0; i < 8; ++i) gf[i] = float(in_c(i)), ga[i] = float(in_b(i));
       launch(1, {{gh.data(), 32, "gh"}, {gf.data(), 32, "gf"}, {ga.data(), 32, "ga"}}, [&] {
         GlobalTensor<half> th;
         th.SetGlobalBuffer(gh.data(), 16);
         GlobalTensor<float> tf, ta;
         tf.SetGlobalBuffer(gf.data(), 8);
         ta.SetGlobalBuffer(ga.data(), 8);
         Ub ub;
         auto h = ub.get<half>(16);
         auto f = ub.get<float>(8);
         fill(h, 16, in_a);
         fill(f, 8, in_a);
         SetAtomicMin<half>();
         DataCopy(th, h, 16);
         SetAtomicType<float>();
         DataCopy(tf, f, 8);
         SetAtomicAdd<half>();
         SetAtomicType<float>();
         DataCopy(ta, f, 8);
         SetAtomicNone();
       });
       for (half v : gh) std::printf(" %.9g", double(float(v)));
       for (float v : gf) std::printf(" %.9g", double(v));
       for (float v : ga) std::printf(" %.9g", double(v));
     }},
    {"scalar_min_max", [] {  // the integer scalar min/max of kernels, per type, on the a/b inputs
       launch(1, {}, [] {
         for (uint32_t i = 0; i < 6; ++i) {
           const int x = in_ia(i), y = in_ib(i);
           std::printf(" %d %d %lld %lld %u %u %d %d", min(x, y), max(x, y), min((long long)x * 1000000007LL,
                       (long long)y * 1000000007LL), max((long long)x * 1000000007LL, (long long)y * 1000000007LL),
                       min(uint32_t(x + 50) * 40000000u, uint32_t(y + 50) * 40000000u),
                       max(uint32_t(x + 50) * 40000000u, uint32_t(y + 50) * 40000000u), int(min(short(x), short(y))),
                       int(max((unsigned char)(x + 50), (unsigned char)(y + 50))));
         }
       });
     }},
    {"shape_info_pipe_ptr", [] {  // ShapeInfo round trip on a LocalTensor; GetTPipePtr is the block's TPipe
       launch(1, {}, [] {
         TPipe pipe;
         TBuf<TPosition::VECCALC> buf;
         GetTPipePtr()->InitBuffer(buf, 256);
         LocalTensor<float> t = buf.Get<float>(64);
         const uint32_t dims[] = {4, 16}, orig[] = {3, 2, 10};
         t.SetShapeInfo(ShapeInfo(2, dims, 3, orig, DataFormat::NZ));
         const ShapeInfo s = t.GetShapeInfo();
         std::printf(" %d %d %u %u %u %u %u %d", int(GetTPipePtr() == &pipe), int(s.shapeDim), s.shape[0], s.shape[1],
                     s.originalShape[0], s.originalShape[1], s.originalShape[2], int(s.dataFormat));
         const ShapeInfo nd(2, dims);
         std::printf(" %d %u %d", int(nd.originalShapeDim), nd.originalShape[1], int(nd.dataFormat));
       });
     }},
    {"scalar_cast", [] {
       launch(1, {}, [] {
         const float xs[] = {2.5f, -2.5f, 1.5f};
         for (float x : xs) std::printf(" %d", ScalarCast<float, int32_t, RoundMode::CAST_ROUND>(x));
         std::printf(" %d %d", ScalarCast<float, int32_t, RoundMode::CAST_CEIL>(2.1f),
                     ScalarCast<float, int32_t, RoundMode::CAST_FLOOR>(-2.1f));
         const float rs[] = {2.5f, 3.5f, 3e9f, -3e9f};
         for (float x : rs) std::printf(" %d", ScalarCast<float, int32_t, RoundMode::CAST_RINT>(x));
         const float hs[] = {1.00048828125f, 1.0f, 1.000732421875f, 65520.0f, -1.000732421875f, 3.0e-8f};
         for (float x : hs) std::printf(" %.17g", double(float(ScalarCast<float, half, RoundMode::CAST_ODD>(x))));
       });
     }},
    {"scalar_cast_half_needs_odd", [] {
       launch(1, {}, [] { (void)ScalarCast<float, half, RoundMode::CAST_RINT>(1.0f); });
     }},
    {"scalar_atomics_8_blocks", [] {
       std::vector<int32_t> g(16, 0);
       std::vector<float> m(8, 0.0f);
       launch(8, {{g.data(), g.size() * 4, "g"}, {m.data(), m.size() * 4, "m"}}, [&] {
         const int32_t b = static_cast<int32_t>(GetBlockIdx());
         for (int k = 0; k < 500; ++k) AtomicAdd(g.data(), b + 1);  // 500 * 36
         AtomicMax(m.data(), float(b) * 1.5f);
         AtomicMin(m.data() + 1, -float(b));
         // A spin lock from AtomicCas guards a plain read-modify-write.
         for (int k = 0; k < 100; ++k) {
           while (AtomicCas(g.data() + 8, 0, 1) != 0) {
           }
           WriteGmByPassDCache(g.data() + 9, ReadGmByPassDCache(g.data() + 9) + 1);
           AtomicExch(g.data() + 8, 0);
         }
       });
       std::printf(" %d %g %g %d %d", g[0], double(m[0]), double(m[1]), g[8], g[9]);
     }},
    {"atomic_out_of_bounds", [] {
       std::vector<int32_t> g(8, 0);
       launch(1, {{g.data(), g.size() * 4, "g"}}, [&] { AtomicAdd(g.data() + 8, 1); });
     }},
    {"ib_set_wait", [] {  // block b+1 waits for block b: each adds its index to what the previous block wrote
       std::vector<int32_t> sync(4 * 8 * 2, 0);
       std::vector<int32_t> val(4 * 8, 0);
       launch(4, {{sync.data(), sync.size() * 4, "sync"}, {val.data(), val.size() * 4, "val"}}, [&] {
         GlobalTensor<int32_t> sg;
         sg.SetGlobalBuffer(sync.data(), 64);
         GlobalTensor<int32_t> vg;
         vg.SetGlobalBuffer(val.data(), 32);
         Ub ub;
         auto buf = ub.get<int32_t>(8);
         const int32_t b = static_cast<int32_t>(GetBlockIdx());
         if (b > 0) IBWait(sg, buf, b - 1, 1);
         const int32_t prev = b > 0 ? vg.GetValue((b - 1) * 8) : 0;
         vg.SetValue(b * 8, prev * 10 + b + 1);
         if (b + 1 < 4) IBSet(sg, buf, b, 1);
       });
       for (int b = 0; b < 4; ++b) std::printf(" %d", val[b * 8]);
       for (int i = 0; i < 64; ++i) if (sync[i] != 0) std::printf(" left%d", i);
     }},
    {"ib_wait_workspace_too_small", [] {
       std::vector<int32_t> sync(8, 0);
       launch(2, {{sync.data(), sync.size() * 4, "sync"}}, [&] {
         GlobalTensor<int32_t> sg;
         sg.SetGlobalBuffer(sync.data(), 8);
         Ub ub;
         auto buf = ub.get<int32_t>(8);
         if (GetBlockIdx() == 1) IBWait(sg, buf, 1, 0);  // flag at element 8: past the 32-byte workspace
       });
     }},
    {"determine_order", [] {  // 3 rounds of 5 blocks in block order: each appends its index to a GM log
       std::vector<int32_t> ws(5 * 8, 7);
       std::vector<int32_t> log(16, -1);
       launch(5, {{ws.data(), ws.size() * 4, "ws"}, {log.data(), log.size() * 4, "log"}}, [&] {
         GlobalTensor<int32_t> wg;
         wg.SetGlobalBuffer(ws.data(), 40);
         Ub ub;
         auto buf = ub.get<int32_t>(5 * 8 + 8);
         InitDetermineComputeWorkspace(wg, buf);
         SyncAll();  // block 0 clears the flags before anyone waits on them
         for (int round = 0; round < 3; ++round) {
           WaitPreBlock(wg, buf);
           const int32_t at = log[15] < 0 ? 0 : log[15];
           log[at] = static_cast<int32_t>(GetBlockIdx());
           log[15] = at + 1;
           NotifyNextBlock(wg, buf);
         }
       });
       for (int i = 0; i < 15; ++i) std::printf(" %d", log[i]);
     }},
    {"sys_var", [] {
       launch(1, {}, [] {
         uint32_t arch = 0;
         GetArchVersion(arch);
         std::printf(" %d %u %u %u %lld", int(GetDataBlockSizeInBytes()), GetUBSizeInBytes(), GetRuntimeUBSize(), arch,
                     static_cast<long long>(GetTaskRatio()));
         DataSyncBarrier<MemDsbT::ALL>();
         DisableDmaAtomic();
         Nop<3>();
         KERNEL_LOG(KERNEL_INFO, "log %d", 5);
       });
     }},
    {"trap", [] { launch(1, {}, [] { Trap(); }); }},
};

}  // namespace

int main(int argc, char** argv) {
  int bad = 0;
  for (int i = 1; i < argc; ++i) {
    const auto it = kCases.find(argv[i]);
    if (it == kCases.end()) {
      std::printf("%s: FAIL unknown case\n", argv[i]);
      bad = 1;
      continue;
    }
    std::printf("%s:", argv[i]);
    std::fflush(stdout);
    try {
      it->second();
    } catch (const opkit::sim::KernelFault& f) {
      std::printf(" fault: %s", f.what());
    } catch (const std::exception& e) {
      std::printf(" FAIL %s", e.what());
      bad = 1;
    }
    std::printf("\n");
    std::fflush(stdout);
  }
  return bad;
}

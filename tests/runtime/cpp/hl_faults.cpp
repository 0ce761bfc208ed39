// Misuse of the high-level APIs, their host tiling helpers and TPipe's per-position queue-buffer limit, one named
// case each; the pytest side asserts the message. Output: "ok", "fault: <KernelFault>" or "host error: <HostError>".
#include <cstdio>
#include <functional>
#include <map>
#include <string>

#include "kernel_operator.h"
#include "tiling/tiling_api.h"

using namespace AscendC;

void hl_run_kernel(const std::function<void()>& body, const char* soc);  // hl_main.cpp

namespace {

using Case = std::function<void()>;

void kernel(const std::function<void()>& body, const char* soc = "Ascend910B2") { hl_run_kernel(body, soc); }

// 8 rows of 64 floats, softmax tiling for them with `tmp_bytes` of workspace.
SoftMaxTiling softmax_tiling(uint32_t tmp_bytes) {
  SoftMaxTiling t;
  SoftMaxTilingFunc(ge::Shape({8, 64}), sizeof(float), tmp_bytes, t);
  return t;
}

// A kernel with a float softmax over 8 x 64; `call` gets dst/sum/max/src and a tmp buffer of `tmp` bytes.
void softmax_kernel(uint32_t tmp, const std::function<void(LocalTensor<float>, LocalTensor<float>,
                                                           LocalTensor<uint8_t>)>& call) {
  kernel([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> data, blocks, scratch;
    pipe.InitBuffer(data, 8 * 64 * 4);
    pipe.InitBuffer(blocks, 8 * 32 * 2);
    pipe.InitBuffer(scratch, tmp);
    call(data.Get<float>(), blocks.Get<float>(), scratch.Get<uint8_t>());
  });
}

// A user-defined TBufPool as CANN's EXTERN_IMPL_BUFPOOL documents it: each InitBuffer places its buffers at the
// pool's current address through the queue's / TBuf's InitStartBufHandle and InitBufHandle.
class UserBufPool {
 public:
  __aicore__ inline UserBufPool() { Init(); }
  template <class T>
  __aicore__ inline bool InitBuffer(T& que, uint8_t num, uint32_t len) {
    len = (len + 31) / 32 * 32;
    auto ptr = this->GetBufHandle(this->GetCurBufSize());
    auto addr = this->GetCurAddr();
    que.InitStartBufHandle(ptr, num, len);
    for (uint32_t i = 0; i < num; i++) que.InitBufHandle(this, i, ptr, addr + i * len, len);
    this->SetCurAddr(addr + num * len);
    this->SetCurBufSize(this->GetCurBufSize() + num);
    return true;
  }
  template <TPosition bufPos>
  __aicore__ inline bool InitBuffer(TBuf<bufPos>& buf, uint32_t len) {
    len = (len + 31) / 32 * 32;
    auto ptr = this->GetBufHandle(this->GetCurBufSize());
    auto addr = this->GetCurAddr();
    buf.InitStartBufHandle(ptr, 1, len);
    buf.InitBufHandle(this, 0, ptr, addr, len);
    this->SetCurAddr(addr + len);
    this->SetCurBufSize(this->GetCurBufSize() + 1);
    return true;
  }
  EXTERN_IMPL_BUFPOOL(UserBufPool, TPosition::VECCALC, 8);
};

void expect(bool ok, const char* what) {
  if (!ok) opkit::sim::detail::fault("user_buf_pool", std::string("expected ") + what);
}

const std::map<std::string, Case>& cases() {
  static const std::map<std::string, Case> all = {
      {"softmax_tmp_too_small", [] {
         const SoftMaxTiling t = softmax_tiling(GetSoftMaxMaxTmpSize(ge::Shape({8, 64}), 4, false));
         softmax_kernel(1024, [&](LocalTensor<float> x, LocalTensor<float> b, LocalTensor<uint8_t> tmp) {
           SoftMax<float>(x, b, b[64], x, tmp, t);
         });
       }},
      {"softmax_tiling_empty", [] {
         const SoftMaxTiling t;
         softmax_kernel(32, [&](LocalTensor<float> x, LocalTensor<float> b, LocalTensor<uint8_t>) {
           SoftMax<float>(x, b, b[64], x, t);
         });
       }},
      {"softmax_workspace_below_one_row", [] {
         const SoftMaxTiling t = softmax_tiling(64);
         softmax_kernel(64, [&](LocalTensor<float> x, LocalTensor<float> b, LocalTensor<uint8_t> tmp) {
           SoftMax<float>(x, b, b[64], x, tmp, t);
         });
       }},
      {"softmax_shape_not_tiling", [] {
         const SoftMaxTiling t = softmax_tiling(64 * 1024);
         softmax_kernel(32, [&](LocalTensor<float> x, LocalTensor<float> b, LocalTensor<uint8_t>) {
           SoftMax<float>(x, b, b[64], x, t, SoftMaxShapeInfo{4, 128, 4, 128});
         });
       }},
      {"softmax_more_rows_than_tiling", [] {
         const SoftMaxTiling t = softmax_tiling(64 * 1024);
         softmax_kernel(32, [&](LocalTensor<float> x, LocalTensor<float> b, LocalTensor<uint8_t>) {
           SoftMax<float>(x, b, b[64], x, t, SoftMaxShapeInfo{9, 64, 9, 64});
         });
       }},
      {"softmax_ori_k_too_long", [] {
         const SoftMaxTiling t = softmax_tiling(64 * 1024);
         softmax_kernel(32, [&](LocalTensor<float> x, LocalTensor<float> b, LocalTensor<uint8_t>) {
           SoftMax<float>(x, b, b[64], x, t, SoftMaxShapeInfo{8, 64, 8, 65});
         });
       }},
      {"softmax_sum_too_small", [] {
         const SoftMaxTiling t = softmax_tiling(64 * 1024);
         softmax_kernel(32, [&](LocalTensor<float> x, LocalTensor<float> b, LocalTensor<uint8_t>) {
           SoftMax<float>(x, b[120], b, x, t);  // 8 rows need 8 blocks of sum; b[120] has one
         });
       }},
      {"softmax_host_unaligned_k", [] {
         SoftMaxTiling t;
         SoftMaxTilingFunc(ge::Shape({8, 10}), sizeof(float), 4096, t);
       }},
      {"layernorm_tmp_too_small", [] {
         LayerNormTiling t;
         GetLayerNormNDTilingInfo(ge::Shape({2, 4, 64}), 64 * 1024, 4, false, t);
         kernel([&] {
           TPipe pipe;
           TBuf<TPosition::VECCALC> data, rows, scratch;
           pipe.InitBuffer(data, 8 * 64 * 4);
           pipe.InitBuffer(rows, 64);
           pipe.InitBuffer(scratch, 4096);
           LocalTensor<float> x = data.Get<float>(), r = rows.Get<float>();
           LayerNorm<float>(x, r, r[8], x, x, x, scratch.Get<uint8_t>(), 1e-5f, t);
         });
       }},
      {"layernorm_stack_below_one_row", [] {
         LayerNormTiling t;
         GetLayerNormNDTilingInfo(ge::Shape({2, 4, 64}), 512, 4, false, t);
         kernel([&] {
           TPipe pipe;
           TBuf<TPosition::VECCALC> data, rows, scratch;
           pipe.InitBuffer(data, 8 * 64 * 4);
           pipe.InitBuffer(rows, 64);
           pipe.InitBuffer(scratch, 512);
           LocalTensor<float> x = data.Get<float>(), r = rows.Get<float>();
           LayerNorm<float>(x, r, r[8], x, x, x, scratch.Get<uint8_t>(), 1e-5f, t);
         });
       }},
      {"layernorm_original_h_too_long", [] {
         LayerNormTiling t;
         GetLayerNormNDTilingInfo(ge::Shape({1, 8, 64}), 64 * 1024, 4, false, t);
         t.set_originalHLength(65);
         kernel([&] {
           TPipe pipe;
           TBuf<TPosition::VECCALC> data, rows;
           pipe.InitBuffer(data, 8 * 64 * 4);
           pipe.InitBuffer(rows, 64);
           LocalTensor<float> x = data.Get<float>(), r = rows.Get<float>();
           LayerNorm<float>(x, r, r[8], x, x, x, 1e-5f, t);
         });
       }},
      {"rmsnorm_tmp_too_small", [] {
         RmsNormTiling t;
         GetRmsNormTilingInfo(ge::Shape({1, 8, 64}), ge::Shape({1, 8, 60}), 8 * 1024, 2, t);
         kernel([&] {
           TPipe pipe;
           TBuf<TPosition::VECCALC> data, scratch;
           pipe.InitBuffer(data, 8 * 64 * 2);
           pipe.InitBuffer(scratch, 1024);
           LocalTensor<half> x = data.Get<half>();
           RmsNorm<half>(x, x, x, scratch.Get<uint8_t>(), half(1e-6f), t);
         });
       }},
      {"rmsnorm_src_too_small", [] {
         RmsNormTiling t;
         GetRmsNormTilingInfo(ge::Shape({1, 8, 64}), ge::Shape({1, 8, 64}), 8 * 1024, 4, t);
         kernel([&] {
           TPipe pipe;
           TBuf<TPosition::VECCALC> data, next;  // past x[64] is next's data
           pipe.InitBuffer(data, 8 * 64 * 4);
           pipe.InitBuffer(next, 256);
           LocalTensor<float> x = data.Get<float>();
           RmsNorm<float>(x, x[64], x, 1e-6f, t);
         });
       }},
      {"rmsnorm_basic_block_h", [] {
         RmsNormTiling t;
         GetRmsNormTilingInfo(ge::Shape({1, 8, 32}), ge::Shape({1, 8, 32}), 8 * 1024, 4, t);
         kernel([&] {
           TPipe pipe;
           TBuf<TPosition::VECCALC> data;
           pipe.InitBuffer(data, 8 * 32 * 4);
           LocalTensor<float> x = data.Get<float>();
           RmsNorm<float, true>(x, x, x, 1e-6f, t);
         });
       }},
      {"rmsnorm_host_origin_mismatch", [] {
         RmsNormTiling t;
         GetRmsNormTilingInfo(ge::Shape({1, 8, 64}), ge::Shape({1, 4, 64}), 8 * 1024, 4, t);
       }},
      {"rmsnorm_sizes", [] {  // max and min of [b, s, h] = [1, 8, 64], [2, 3, 32], [1, 20, 16]: half, then float
         const int64_t shapes[3][3] = {{1, 8, 64}, {2, 3, 32}, {1, 20, 16}};
         for (uint32_t ts : {2u, 4u}) {
           for (const auto& d : shapes) {
             uint32_t mx = 7, mn = 7;
             const bool ok = GetRmsNormMaxMinTmpSize(ge::Shape({d[0], d[1], d[2]}), ts, mx, mn);
             std::printf("%d %u %u ", int(ok), mx, mn);
           }
         }
       }},
      {"layernorm_sizes", [] {  // max and min of [b, s, h] = [2, 16, 64], [1, 3, 16]: half, float, float reusing src
         const int64_t shapes[2][3] = {{2, 16, 64}, {1, 3, 16}};
         for (const auto& [ts, reuse] : {std::pair{2u, false}, std::pair{4u, false}, std::pair{4u, true}}) {
           for (const auto& d : shapes) {
             uint32_t mx = 7, mn = 7;
             GetLayerNormMaxMinTmpSize(ge::Shape({d[0], d[1], d[2]}), ts, reuse, mx, mn);
             std::printf("%u %u ", mx, mn);
           }
         }
       }},
      {"deepnorm_sizes", [] {  // [2, 16, 64] and [1, 3, 16], half then float, isBasicBlock false then true
         const int64_t shapes[2][3] = {{2, 16, 64}, {1, 3, 16}};
         for (uint32_t ts : {2u, 4u}) {
           for (const auto& d : shapes) {
             for (bool basic : {false, true}) {
               uint32_t mx = 7, mn = 7;
               const bool ok = GetDeepNormMaxMinTmpSize(ge::Shape({d[0], d[1], d[2]}), ts, false, basic, mx, mn);
               std::printf("%d %u %u ", int(ok), mx, mn);
             }
           }
         }
       }},
      {"rmsnorm_host_stack_below_one_row", [] {
         RmsNormTiling t;
         const bool ok = GetRmsNormTilingInfo(ge::Shape({1, 8, 64}), ge::Shape({1, 8, 64}), 100, 4, t);
         std::printf("returned %s; ", ok ? "true" : "false");
       }},
      // TPipe: 8 queue buffers per VECIN/VECOUT position on Ascend910B.
      {"pipe_vecin_nine_buffers", [] {
         kernel([] {
           TPipe pipe;
           TQue<TPosition::VECIN, 2> a, b, c, d;
           TQue<TPosition::VECIN, 1> e;
           for (auto* q : {&a, &b, &c, &d}) pipe.InitBuffer(*q, 2, 256);
           pipe.InitBuffer(e, 1, 256);
         });
       }},
      {"pipe_vecout_too_many_at_once", [] {
         kernel([] {
           TPipe pipe;
           TQue<TPosition::VECOUT, 1> q;
           pipe.InitBuffer(q, 9, 64);
         });
       }},
      {"pipe_eight_per_position_fit", [] {
         kernel([] {
           TPipe pipe;
           TQue<TPosition::VECIN, 2> in1, in2, in3, in4;
           TQue<TPosition::VECOUT, 2> out1, out2, out3, out4;
           TBuf<TPosition::VECCALC> calc[16];
           for (auto* q : {&in1, &in2, &in3, &in4}) pipe.InitBuffer(*q, 2, 256);
           for (auto* q : {&out1, &out2, &out3, &out4}) pipe.InitBuffer(*q, 2, 256);
           for (auto& buf : calc) pipe.InitBuffer(buf, 256);  // TBufs do not count
         });
       }},
      {"pipe_reset_frees_the_count", [] {
         kernel([] {
           TPipe pipe;
           TQue<TPosition::VECIN, 1> q1, q2;
           pipe.InitBuffer(q1, 8, 64);
           pipe.Reset();
           pipe.InitBuffer(q2, 8, 64);
         });
       }},
      {"user_buf_pool", [] {  // two queue buffers and a TBuf placed in turn; a second pool shares the bytes
         kernel([] {
           TPipe pipe;
           TBuf<TPosition::VECCALC> before;
           pipe.InitBuffer(before, 64);
           UserBufPool pool, shared;
           pipe.InitBufPool(pool, 3 * 256);
           pipe.InitBufPool(shared, 256, pool);
           TQue<TPosition::VECIN, 1> in;
           TBuf<TPosition::VECCALC> calc, other;
           pool.InitBuffer(in, 2, 250);  // rounded up to 256 bytes
           pool.InitBuffer(calc, 256);
           shared.InitBuffer(other, 256);
           expect(pool.GetCurAddr() == 64 + 3 * 256 && pool.GetCurBufSize() == 3, "the pool's address and count");
           LocalTensor<float> a = in.AllocTensor<float>();
           LocalTensor<float> b = in.AllocTensor<float>();
           LocalTensor<float> c = calc.Get<float>();
           expect(a.GetPhyAddr() == before.Get<float>().GetPhyAddr() + 64 / 4, "buffer 0 at the pool's start");
           expect(b.GetPhyAddr() == a.GetPhyAddr() + 64 && c.GetPhyAddr() == a.GetPhyAddr() + 128, "in turn");
           expect(a.GetSize() == 64 && c.GetSize() == 64, "the buffer lengths");
           expect(other.Get<float>().GetPhyAddr() == a.GetPhyAddr(), "the shared pool at the same bytes");
           Duplicate(a, 1.5f, 64);
           Duplicate(b, 2.25f, 64);
           Add(c, a, b, 64);
           for (uint32_t i = 0; i < 64; ++i) expect(c.GetValue(i) == 3.75f, "1.5 + 2.25");
           in.EnQue(a);
           LocalTensor<float> d = in.DeQue<float>();
           expect(d.GetValue(63) == 1.5f, "the enqueued buffer");
           in.FreeTensor(d);
           in.FreeTensor(b);
           pool.Reset();
           pipe.Reset();
         });
       }},
      {"user_buf_pool_overflow", [] {
         kernel([] {
           TPipe pipe;
           UserBufPool pool;
           pipe.InitBufPool(pool, 512);
           TQue<TPosition::VECIN, 1> in;
           pool.InitBuffer(in, 3, 256);
         });
       }},
      {"user_buf_pool_not_initialised", [] {
         kernel([] {
           TPipe pipe;
           UserBufPool pool;
           TBuf<TPosition::VECCALC> calc;
           pool.InitBuffer(calc, 256);
         });
       }},
      {"pipe_310p_not_limited", [] {
         kernel([] {
           TPipe pipe;
           TQue<TPosition::VECIN, 1> q;
           pipe.InitBuffer(q, 12, 64);
         }, "Ascend310P3");
       }},
  };
  return all;
}

}  // namespace

int hl_run_case(const char* name) {
  const auto it = cases().find(name);
  if (it == cases().end()) {
    std::fprintf(stderr, "unknown case %s; cases:", name);
    for (const auto& [n, fn] : cases()) std::fprintf(stderr, " %s", n.c_str());
    std::fprintf(stderr, "\n");
    return 2;
  }
  try {
    it->second();
    std::printf("ok\n");
  } catch (const opkit::sim::KernelFault& f) {
    std::printf("fault: %s\n", f.what());
  } catch (const opkit::host::HostError& e) {
    std::printf("host error: %s\n", e.what());
  }
  return 0;
}

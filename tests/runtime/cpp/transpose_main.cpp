// Driver of the Transpose / TransDataTo5HD tests: one call inside a simulated launch on <dir>/x.bin (numpy), the
// whole dst buffer (pre-filled with 7) to <dir>/y.bin. dtype: half, int16, uint16, float, int8 (5hd also: int32,
// uint32, uint8).
//   tp t16 <dtype> <dir>                                       Transpose(dst, src) of one 16x16 matrix
//   tp ext <b16|nchw2nhwc|nhwc2nchw> <dtype> <n> <c> <h> <w> <tmpBytes> <dir>   the TransposeParamsExt form
//   tp 5hd <dtype> <srcN> <dstN> <srcGap> <dstGap> <repeat> <dstRep> <srcRep> <dir>
//       TransDataTo5HD over lists srcList[i] = src + i * srcGap elements, dstList[i] = dst + i * dstGap
//       (int8/uint8: <dstHighHalf 0|1> <srcHighHalf 0|1> may come before <dir>; gaps "pairs": srcList[i], [i + 8]
//       the halves of row i of an (8, 16) matrix, dstList[2i], [2i + 1] rows i, i + 8 of a (16, 8) one)
//   tp 5hdimpl ...: the same through TransDataTo5HDImpl on __ubuf__ T* lists (CANN's internal form)
//   tp conf <dtype> <transposeType> <tmp 0|1> <dims...> <dir>   the advanced Transpose with GetTransposeTilingInfo's
//       tiling of srcShape dims (scenes 1/2: the source holds A2 and A3 rounded up to 16)
//   tp td <dtype> <1 NCDHW->NDC1HWC0 | 2 back | 3 NCDHW->FRACTAL_Z_3D | 4 back> <n> <c> <d> <h> <w> <dir>   TransData
//       with Layouts; tmp: GetTransDataMaxMinTmpSize's size
// A fault prints "fault: ..." and exits 3.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "tiling/tiling_api.h"

namespace {

constexpr AscendC::TransDataConfig kTd1 = {AscendC::DataFormat::NCDHW, AscendC::DataFormat::NDC1HWC0};
constexpr AscendC::TransDataConfig kTd2 = {AscendC::DataFormat::NDC1HWC0, AscendC::DataFormat::NCDHW};
constexpr AscendC::TransDataConfig kTd3 = {AscendC::DataFormat::NCDHW, AscendC::DataFormat::FRACTAL_Z_3D};
constexpr AscendC::TransDataConfig kTd4 = {AscendC::DataFormat::FRACTAL_Z_3D, AscendC::DataFormat::NCDHW};
constexpr const AscendC::TransDataConfig* kTd[4] = {&kTd1, &kTd2, &kTd3, &kTd4};

template <const AscendC::TransDataConfig& kCfg, typename T, typename L1, typename L2>
void transdata(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
               const AscendC::LocalTensor<uint8_t>& tmp, const L1& a, const L2& b) {
  if constexpr (kCfg.srcFormat == AscendC::DataFormat::NCDHW) {
    AscendC::TransDataParams<L1, L2> params = {a, b};
    AscendC::TransData<kCfg>(dst, src, tmp, params);
  } else {
    AscendC::TransDataParams<L2, L1> params = {b, a};
    AscendC::TransData<kCfg, T, L2, L1>(dst, src, params);  // the form without tmp
  }
}

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "tp: %s\n", why.c_str());
  std::exit(2);
}

template <typename T>
void run(int argc, char** a) {
  const std::string api = a[1], dir = a[argc - 1];
  uint64_t src_n = 256, dst_n = 256, tmp_bytes = 32;
  AscendC::TransposeParamsExt ext;
  optiling::ConfusionTransposeTiling conf;
  uint32_t conf_type = 0;
  if (api == "ext") {
    const std::string kind = a[2];
    ext.transposeType = kind == "b16"         ? AscendC::TransposeType::TRANSPOSE_ND2ND_B16
                        : kind == "nchw2nhwc" ? AscendC::TransposeType::TRANSPOSE_NCHW2NHWC
                                              : AscendC::TransposeType::TRANSPOSE_NHWC2NCHW;
    ext.nSize = uint16_t(std::atoi(a[4])), ext.cSize = uint16_t(std::atoi(a[5]));
    ext.hSize = uint16_t(std::atoi(a[6])), ext.wSize = uint16_t(std::atoi(a[7]));
    tmp_bytes = std::strtoull(a[8], nullptr, 10);
    if (kind != "b16") src_n = dst_n = uint64_t(ext.nSize) * ext.cSize * ext.hSize * ext.wSize;
  } else if (api == "conf") {
    conf_type = uint32_t(std::atoi(a[3]));
    std::vector<int64_t> dims;
    for (int i = 5; i < argc - 1; ++i) dims.push_back(std::atoll(a[i]));
    uint32_t max_tmp = 0, min_tmp = 0;
    AscendC::GetTransposeMaxMinTmpSize(ge::Shape(dims), sizeof(T), conf_type, max_tmp, min_tmp);
    AscendC::GetTransposeTilingInfo(ge::Shape(dims), min_tmp, sizeof(T), conf_type, conf);
    tmp_bytes = std::atoi(a[4]) != 0 ? min_tmp : 0;
    src_n = dst_n = conf_type <= 2 ? uint64_t(conf.param1) * conf.param2 * conf.param3 * conf.param4
                                   : uint64_t(conf_type == 7 ? 1 : conf.param0) * conf.param1 * conf.param2;
  } else if (api == "td") {
    const int64_t n = std::atoll(a[4]), c = std::atoll(a[5]), d = std::atoll(a[6]), hw = std::atoll(a[7]) * std::atoll(a[8]);
    const int64_t scene = std::atoll(a[3]), n16 = scene >= 3 ? (n + 15) / 16 * 16 : n;
    const uint64_t nc = uint64_t(n * c * d * ((hw + 15) / 16 * 16)), split = uint64_t(n16 * ((c + 15) / 16 * 16) * d * hw);
    src_n = scene % 2 == 1 ? nc : split;
    dst_n = scene % 2 == 1 ? split : nc;
    const int64_t h = std::atoll(a[7]), w = std::atoll(a[8]);
    const auto ncdhw = ge::Shape({n, c, d, h, w});
    const auto other = scene <= 2 ? ge::Shape({n, d, (c + 15) / 16, h, w, 16})
                                  : ge::Shape({d, (c + 15) / 16, h, w, (n + 15) / 16, 16, 16});
    uint32_t max_tmp = 0, min_tmp = 0;
    auto* platform = platform_ascendc::PlatformAscendCManager::GetInstance("Ascend910B1");
    const bool to = scene % 2 == 1;
    AscendC::GetTransDataMaxMinTmpSize(*platform, to ? ncdhw : other, to ? other : ncdhw, ge::DT_FLOAT16,
                                       *kTd[scene - 1], max_tmp, min_tmp);
    tmp_bytes = min_tmp;
    std::printf("tmp %u %u\n", min_tmp, max_tmp);
  } else if (api == "5hd" || api == "5hdimpl") {
    src_n = std::strtoull(a[3], nullptr, 10), dst_n = std::strtoull(a[4], nullptr, 10);
  }
  std::vector<T> x(src_n), y(dst_n);
  FILE* f = std::fopen((dir + "/x.bin").c_str(), "rb");
  if (f == nullptr || std::fread(static_cast<void*>(x.data()), sizeof(T), src_n, f) != src_n) die("cannot read x");
  std::fclose(f);
  opkit::sim::Launch launch{"tp", "Ascend910B2", 1};
  try {
    launch.run_body([&] {
      AscendC::TPipe pipe;
      AscendC::TBuf<AscendC::TPosition::VECCALC> bs, bd, bt, guard;
      pipe.InitBuffer(bs, uint32_t((src_n * sizeof(T) + 31) / 32 * 32));
      pipe.InitBuffer(bd, uint32_t((dst_n * sizeof(T) + 31) / 32 * 32));
      pipe.InitBuffer(bt, uint32_t((tmp_bytes + 31) / 32 * 32 + (tmp_bytes == 0 ? 32 : 0)));
      pipe.InitBuffer(guard, 32);  // held bytes behind tmp: a short tmp is a fault, not an unheld-UB warning
      auto src = bs.Get<T>(uint32_t(src_n)), dst = bd.Get<T>(uint32_t(dst_n));
      auto tmp = bt.Get<uint8_t>(uint32_t(tmp_bytes));
      std::memcpy(static_cast<void*>(src.GetPhyAddr()), x.data(), src_n * sizeof(T));
      for (uint64_t i = 0; i < dst_n; ++i) dst.SetValue(uint32_t(i), T(7));
      if (api == "t16") {
        if constexpr (sizeof(T) == 2) AscendC::Transpose(dst, src);
      } else if (api == "ext") {
        AscendC::Transpose(dst, src, tmp, ext);
      } else if (api == "td") {
        if constexpr (sizeof(T) == 2) {
          const int32_t n = std::atoi(a[4]), c = std::atoi(a[5]), d = std::atoi(a[6]), h = std::atoi(a[7]);
          const int32_t w = std::atoi(a[8]), c1 = (c + 15) / 16, n1 = (n + 15) / 16;
          auto ncdhw = AscendC::MakeLayout(AscendC::MakeShape(n, c, d, h, w), AscendC::MakeStride());
          AscendC::Layout ndc1hwc0 = AscendC::MakeLayout(AscendC::MakeShape(n, d, c1, h, w, 16), AscendC::MakeStride());
          AscendC::Layout fz = AscendC::MakeLayout(AscendC::MakeShape(d, c1, h, w, n1, 16, 16), AscendC::MakeStride());
          switch (std::atoi(a[3])) {
            case 1: transdata<kTd1>(dst, src, tmp, ncdhw, ndc1hwc0); break;
            case 2: transdata<kTd2>(dst, src, tmp, ncdhw, ndc1hwc0); break;
            case 3: transdata<kTd3>(dst, src, tmp, ncdhw, fz); break;
            default: transdata<kTd4>(dst, src, tmp, ncdhw, fz); break;
          }
        }
      } else if (api == "conf") {
        const auto type = static_cast<AscendC::TransposeType>(conf_type);
        if (tmp_bytes != 0) AscendC::Transpose(dst, src, tmp, type, conf);
        else AscendC::Transpose(dst, src, type, conf);
      } else {
        const uint64_t src_gap = std::strtoull(a[5], nullptr, 10), dst_gap = std::strtoull(a[6], nullptr, 10);
        const bool high = argc == 13;  // <dstHigh> <srcHigh> before <dir>: the 8-bit form's halves
        AscendC::TransDataTo5HDParams p(high && std::atoi(a[10]) != 0, high && std::atoi(a[11]) != 0,
                                        uint8_t(std::atoi(a[7])), uint16_t(std::atoi(a[8])),
                                        uint16_t(std::atoi(a[9])));
        uint64_t dl[16], sl[16];
        const bool pairs = std::string(a[5]) == "pairs";  // an (8, 16) matrix back to (16, 8): the 32-bit form
        for (int i = 0; i < 16; ++i) {
          const uint32_t d_at = pairs ? uint32_t(8 * (i / 2 + (i % 2) * 8)) : uint32_t(i * dst_gap);
          const uint32_t s_at = pairs ? uint32_t(16 * (i % 8) + (i / 8) * 8) : uint32_t(i * src_gap);
          dl[i] = reinterpret_cast<uint64_t>(dst[d_at].GetPhyAddr());
          sl[i] = reinterpret_cast<uint64_t>(src[s_at].GetPhyAddr());
        }
        if (api == "5hdimpl") {
          __ubuf__ T* dp[16];
          __ubuf__ T* sp[16];
          for (int i = 0; i < 16; ++i) {
            dp[i] = reinterpret_cast<__ubuf__ T*>(dl[i]);
            sp[i] = reinterpret_cast<__ubuf__ T*>(sl[i]);
          }
          AscendC::TransDataTo5HDImpl(dp, sp, p);
        } else {
          AscendC::TransDataTo5HD<T>(dl, sl, p);
        }
      }
      std::memcpy(static_cast<void*>(y.data()), static_cast<void*>(dst.GetPhyAddr()), dst_n * sizeof(T));
    });
  } catch (const opkit::sim::KernelFault& e) {
    std::printf("fault: %s\n", e.what());
    std::exit(3);
  }
  f = std::fopen((dir + "/y.bin").c_str(), "wb");
  if (f == nullptr || std::fwrite(static_cast<void*>(y.data()), sizeof(T), dst_n, f) != dst_n) die("cannot write y");
  std::fclose(f);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) die("bad arguments; see the usage at the top of transpose_main.cpp");
  const std::string dtype = std::string(argv[1]) == "ext" ? argv[3] : argv[2];
  if (dtype == "half") run<half>(argc, argv);
  else if (dtype == "int16") run<int16_t>(argc, argv);
  else if (dtype == "uint16") run<uint16_t>(argc, argv);
  else if (dtype == "float") run<float>(argc, argv);
  else if (dtype == "int8") run<int8_t>(argc, argv);
  else if (dtype == "uint8") run<uint8_t>(argc, argv);
  else if (dtype == "int32") run<int32_t>(argc, argv);
  else if (dtype == "uint32") run<uint32_t>(argc, argv);
  else die("unknown dtype " + dtype);
  return 0;
}

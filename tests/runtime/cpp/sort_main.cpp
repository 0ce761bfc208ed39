// Driver of the sort tests: one call inside a simulated launch on <dir>/x.bin (numpy), results to <dir>/*.bin.
//   srt chain <float|half> <repeat> <full 0|1> <dir>   Concat + Sort<T, isFullSort> + Extract: value.bin, index.bin
//   srt config <float|half|int32> <count> <descend 0|1> <srcIndex 0|1> <dir>   SortConfig forms: value.bin, index.bin
//   srt topk <float|half> <outter> <inner> <n> <k> <largest> <small> <initIndex> <finish> <tmp> <dir>   TopK with its
//     host tiling, on x.bin (outter x inner), idx.bin (int32, when initIndex), finish.bin (bool, when finish):
//     value.bin/index.bin (outputs pre-filled with -7), tmpsize.txt (GetTopKMaxMinTmpSize's min and max)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <numeric>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "tiling/tiling_api.h"

namespace {

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "srt: %s\n", why.c_str());
  std::exit(2);
}

template <typename T>
std::vector<T> read(const std::string& path, size_t count) {
  std::vector<T> v(count);
  FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr || std::fread(v.data(), sizeof(T), count, f) != count) die("cannot read " + path);
  std::fclose(f);
  return v;
}

template <typename T>
void write(const std::string& path, const std::vector<T>& v) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr || std::fwrite(v.data(), sizeof(T), v.size(), f) != v.size()) die("cannot write " + path);
  std::fclose(f);
}

void launch(const std::function<void(AscendC::TPipe&)>& body) {
  opkit::sim::Launch launch{"srt", "Ascend910B2", 1};
  try {
    launch.run_body([&] {
      AscendC::TPipe pipe;
      body(pipe);
    });
  } catch (const opkit::sim::KernelFault& f) {
    die(std::string("unexpected fault: ") + f.what());
  }
}

using Buf = AscendC::TBuf<AscendC::TPosition::VECCALC>;

template <typename T, bool kFull>
void chain(int32_t repeat, const std::string& dir) {
  const uint32_t n = uint32_t(repeat) * 32;
  const std::vector<T> x = read<T>(dir + "/x.bin", n);
  std::vector<T> value(n);
  std::vector<uint32_t> index(n);
  launch([&](AscendC::TPipe& pipe) {
    Buf bv, bi, bc, bs, bt, bo, bx;
    pipe.InitBuffer(bv, n * sizeof(T));
    pipe.InitBuffer(bi, n * 4);
    pipe.InitBuffer(bc, n * 8);
    pipe.InitBuffer(bs, n * 8);
    pipe.InitBuffer(bt, n * 8);
    pipe.InitBuffer(bo, n * sizeof(T));
    pipe.InitBuffer(bx, n * 4);
    auto v = bv.Get<T>(), concat = bc.Get<T>(), sorted = bs.Get<T>(), tmp = bt.Get<T>(), out = bo.Get<T>();
    auto idx = bi.Get<uint32_t>(), out_idx = bx.Get<uint32_t>();
    std::memcpy(v.GetPhyAddr(), x.data(), n * sizeof(T));
    for (uint32_t i = 0; i < n; ++i) idx.SetValue(i, 1000 + i);
    AscendC::Concat(concat, v, tmp, repeat * 2);  // Concat's repeats cover 16 elements, Sort's 32
    AscendC::Sort<T, kFull>(sorted, concat, idx, tmp, repeat);
    AscendC::Extract(out, out_idx, sorted, repeat);
    std::memcpy(value.data(), out.GetPhyAddr(), n * sizeof(T));
    std::memcpy(index.data(), out_idx.GetPhyAddr(), n * 4);
  });
  write(dir + "/value.bin", value);
  write(dir + "/index.bin", index);
}

constexpr AscendC::SortConfig kDescend = {AscendC::SortType::MERGE_SORT, true, false, true};

template <typename T, bool kDesc>
void config(uint32_t count, bool src_index, const std::string& dir) {
  const std::vector<T> x = read<T>(dir + "/x.bin", count);
  std::vector<T> value(count);
  std::vector<uint32_t> index(count);
  launch([&](AscendC::TPipe& pipe) {
    Buf bs, bd, bi, bo, bt;
    const uint32_t bytes = (count * sizeof(T) + 31) / 32 * 32, ibytes = (count * 4 + 31) / 32 * 32;
    pipe.InitBuffer(bs, bytes);
    pipe.InitBuffer(bd, bytes);
    pipe.InitBuffer(bi, ibytes);
    pipe.InitBuffer(bo, ibytes);
    pipe.InitBuffer(bt, ibytes + bytes);
    auto src = bs.Get<T>(), dst = bd.Get<T>();
    auto in_idx = bi.Get<uint32_t>(), out_idx = bo.Get<uint32_t>();
    std::memcpy(src.GetPhyAddr(), x.data(), count * sizeof(T));
    for (uint32_t i = 0; i < count; ++i) in_idx.SetValue(i, 7 * i + 3);
    constexpr const AscendC::SortConfig& cfg = kDesc ? kDescend : AscendC::DEFAULT_SORT_CONFIG;
    if (src_index) AscendC::Sort<T, uint32_t, false, cfg>(dst, out_idx, src, in_idx, bt.Get<uint8_t>(), count);
    else AscendC::Sort<T, false, cfg>(dst, out_idx, src, count);
    std::memcpy(value.data(), dst.GetPhyAddr(), count * sizeof(T));
    std::memcpy(index.data(), out_idx.GetPhyAddr(), count * 4);
  });
  write(dir + "/value.bin", value);
  write(dir + "/index.bin", index);
}

template <typename T>
void config_any(uint32_t count, bool desc, bool src_index, const std::string& dir) {
  if (desc) config<T, true>(count, src_index, dir);
  else config<T, false>(count, src_index, dir);
}

template <typename T, bool kInit, bool kFinish, AscendC::TopKMode kMode>
void topk(const std::vector<uint32_t>& a, bool use_tmp, const std::string& dir) {
  const uint32_t outter = a[0], inner = a[1], n = a[2], k = a[3];
  const bool largest = a[4] != 0, small = kMode == AscendC::TopKMode::TOPK_NSMALL;
  const uint32_t vs = small ? k : (k * sizeof(T) + 31) / 32 * 32 / sizeof(T), is = small ? k : (k + 7) / 8 * 8;
  const std::vector<T> x = read<T>(dir + "/x.bin", outter * inner);
  const std::vector<int32_t> ix = kInit ? read<int32_t>(dir + "/idx.bin", small ? outter * inner : inner)
                                        : std::vector<int32_t>(outter * inner);
  const std::vector<uint8_t> fin = kFinish ? read<uint8_t>(dir + "/finish.bin", outter) : std::vector<uint8_t>(outter);
  auto* platform = platform_ascendc::PlatformAscendCManager::GetInstance("Ascend910B1");
  optiling::TopkTiling tiling;
  AscendC::TopKTilingFunc(*platform, inner, outter, k, sizeof(T), kInit, kMode, largest, tiling);
  uint32_t max_tmp = 0, min_tmp = 0;
  AscendC::GetTopKMaxMinTmpSize(*platform, inner, outter, false, kInit, kMode, largest, sizeof(T), max_tmp, min_tmp);
  std::vector<T> value(outter * vs);
  std::vector<int32_t> index(outter * is);
  launch([&](AscendC::TPipe& pipe) {
    Buf bx, bi, bf, bv, bo, bt;
    const auto up = [](uint32_t bytes) { return (bytes + 31) / 32 * 32; };
    pipe.InitBuffer(bx, up(outter * inner * sizeof(T)));
    pipe.InitBuffer(bi, up(uint32_t(ix.size()) * 4));
    pipe.InitBuffer(bf, up(outter));
    pipe.InitBuffer(bv, up(uint32_t(value.size() * sizeof(T))));
    pipe.InitBuffer(bo, up(uint32_t(index.size()) * 4));
    pipe.InitBuffer(bt, up(min_tmp));
    auto src = bx.Get<T>(), dst = bv.Get<T>();
    auto src_idx = bi.Get<int32_t>(), dst_idx = bo.Get<int32_t>();
    auto finish = bf.Get<bool>();
    std::memcpy(src.GetPhyAddr(), x.data(), x.size() * sizeof(T));
    std::memcpy(src_idx.GetPhyAddr(), ix.data(), ix.size() * 4);
    std::memcpy(finish.GetPhyAddr(), fin.data(), fin.size());
    AscendC::Duplicate(dst, T(-7.0f), value.size());
    AscendC::Duplicate(dst_idx, -7, index.size());
    AscendC::TopKInfo info;
    info.outter = int32_t(outter);
    info.inner = int32_t(inner);
    info.n = int32_t(n);
    if (use_tmp) {
      AscendC::TopK<T, kInit, kFinish, false, kMode>(dst, dst_idx, src, src_idx, finish, bt.Get<uint8_t>(), k, tiling,
                                                     info, largest);
    } else {
      AscendC::TopK<T, kInit, kFinish, false, kMode>(dst, dst_idx, src, src_idx, finish, k, tiling, info, largest);
    }
    std::memcpy(value.data(), dst.GetPhyAddr(), value.size() * sizeof(T));
    std::memcpy(index.data(), dst_idx.GetPhyAddr(), index.size() * 4);
  });
  write(dir + "/value.bin", value);
  write(dir + "/index.bin", index);
  FILE* f = std::fopen((dir + "/tmpsize.txt").c_str(), "w");
  std::fprintf(f, "%u %u\n", min_tmp, max_tmp);
  std::fclose(f);
}

template <typename T>
void topk_any(const std::vector<uint32_t>& a, const std::string& dir) {
  using M = AscendC::TopKMode;
  const bool small = a[5] != 0, init = a[6] != 0, fin = a[7] != 0, tmp = a[8] != 0;
  if (small) {
    init ? topk<T, true, false, M::TOPK_NSMALL>(a, tmp, dir) : topk<T, false, false, M::TOPK_NSMALL>(a, tmp, dir);
  } else if (fin) {
    init ? topk<T, true, true, M::TOPK_NORMAL>(a, tmp, dir) : topk<T, false, true, M::TOPK_NORMAL>(a, tmp, dir);
  } else {
    init ? topk<T, true, false, M::TOPK_NORMAL>(a, tmp, dir) : topk<T, false, false, M::TOPK_NORMAL>(a, tmp, dir);
  }
}

uint32_t u(const char* s) { return static_cast<uint32_t>(std::strtoul(s, nullptr, 10)); }

}  // namespace

int main(int argc, char** argv) {
  const std::string api = argc > 2 ? argv[1] : "", dtype = argc > 2 ? argv[2] : "";
  if (api == "chain" && argc == 6) {
    const int32_t repeat = static_cast<int32_t>(u(argv[3]));
    const bool full = u(argv[4]) != 0;
    if (dtype == "float") full ? chain<float, true>(repeat, argv[5]) : chain<float, false>(repeat, argv[5]);
    else full ? chain<half, true>(repeat, argv[5]) : chain<half, false>(repeat, argv[5]);
  } else if (api == "config" && argc == 7) {
    const bool desc = u(argv[4]) != 0, src_index = u(argv[5]) != 0;
    if (dtype == "float") config_any<float>(u(argv[3]), desc, src_index, argv[6]);
    else if (dtype == "half") config_any<half>(u(argv[3]), desc, src_index, argv[6]);
    else config_any<int32_t>(u(argv[3]), desc, src_index, argv[6]);
  } else if (api == "topk" && argc == 13) {
    std::vector<uint32_t> a;
    for (int i = 3; i < 12; ++i) a.push_back(u(argv[i]));
    if (dtype == "float") topk_any<float>(a, argv[12]);
    else topk_any<half>(a, argv[12]);
  } else {
    die("bad arguments; see the usage at the top of sort_main.cpp");
  }
  return 0;
}

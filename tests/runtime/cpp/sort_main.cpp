// Driver of the sort tests: one call inside a simulated launch on <dir>/x.bin (numpy), results to <dir>/*.bin.
//   srt chain <float|half> <repeat> <full 0|1> <dir>   Concat + Sort<T, isFullSort> + Extract: value.bin, index.bin
//   srt config <float|half|int32> <count> <descend 0|1> <srcIndex 0|1> <dir>   SortConfig forms: value.bin, index.bin
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <numeric>
#include <string>
#include <vector>

#include "kernel_operator.h"

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
  } else {
    die("bad arguments; see the usage at the top of sort_main.cpp");
  }
  return 0;
}

// Driver of the select/filter/index tests: one API inside a simulated launch, inputs from <dir> (numpy), y.bin out.
//   flt select  <float|half> <scalar_first 0|1> <rows> <n> <maskN> <dir>   src.bin [rows x n], mask.bin [rows x maskN] u8
//   flt dropout <float|half> <mode 0..4> <rows> <n> <maskN> <keepProb> <dir>  src.bin, mask.bin (bytes as given)
//   flt arange  <float|half|int32> <first> <diff> <count> <dir>   (arithprog: the same by ArithProgression)
//   flt rawdup <count|stack>   DuplicateImpl<int16_t>(__ubuf__ pointer, 5, count) over 7s: prints y[0] y[count-1]
//                              y[count]; `stack`: a pointer outside UB, prints the fault
//   flt rawcopy <blocks>       DataCopyGM2UBImpl then DataCopyUB2GMImpl of <blocks> 32 B blocks at GM offset 16
//                              (int16): prints the GM elements 15, 16, 16 + 16 * blocks - 1 and 16 + 16 * blocks
//   flt assert <value>     ASCENDC_ASSERT(value != 3, {KERNEL_LOG(...)}): prints ok or the fault
//   flt stack <bytes>    InitBuffer(bytes) then PopStackBuffer: prints its size, a value written through it
//   flt padtiling <h> <w> <oriW>   PadTilingFunc on floats: prints srcWidth srcOriWidth blocksPerRow
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "kernel_operator.h"
// The internal header some of CANN's kernels include beside kernel_operator.h (rms_norm_grad): it must resolve.
#include "impl/dav_c220/kernel_operator_reg_others_impl.h"
#include "tiling/tiling_api.h"

namespace {

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "flt: %s\n", why.c_str());
  std::exit(2);
}

std::vector<uint8_t> read_bytes(const std::string& path) {
  std::vector<uint8_t> v;
  FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) die("cannot read " + path);
  int c;
  while ((c = std::fgetc(f)) != EOF) v.push_back(static_cast<uint8_t>(c));
  std::fclose(f);
  return v;
}

void write_bytes(const std::string& path, const void* data, size_t bytes) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr || std::fwrite(data, 1, bytes, f) != bytes) die("cannot write " + path);
  std::fclose(f);
}

void launch(const std::function<void(AscendC::TPipe&)>& body) {
  opkit::sim::Launch launch{"flt", "Ascend910B2", 1};
  try {
    launch.run_body([&] {
      AscendC::TPipe pipe;
      body(pipe);
    });
  } catch (const opkit::sim::KernelFault& f) {
    die(std::string("unexpected fault: ") + f.what());
  }
}

uint32_t round32(size_t bytes) { return static_cast<uint32_t>((bytes + 31) / 32 * 32); }

// Copies `bytes` of `data` into a fresh UB buffer of at least that many bytes.
template <typename T>
AscendC::LocalTensor<T> ub(AscendC::TPipe& pipe, AscendC::TBuf<AscendC::TPosition::VECCALC>& buf, const void* data,
                           size_t bytes) {
  pipe.InitBuffer(buf, round32(bytes == 0 ? 32 : bytes));
  auto t = buf.Get<T>();
  if (data != nullptr) std::memcpy(t.GetPhyAddr(), data, bytes);
  return t;
}

template <typename T>
void select(bool scalar_first, uint32_t rows, uint32_t n, uint32_t mn, const std::string& dir) {
  const auto src = read_bytes(dir + "/src.bin"), mask = read_bytes(dir + "/mask.bin");
  const size_t bytes = size_t(rows) * n * sizeof(T);
  if (src.size() != bytes || mask.size() != size_t(rows) * mn) die("input sizes do not match the shape");
  std::vector<uint8_t> y(bytes);
  const uint32_t tmp = AscendC::GetSelectMaxTmpSize(ge::Shape({rows, n}), ge::Shape({1}), sizeof(T),
                                                    ge::Shape({rows, mn}), 1, true);
  launch([&](AscendC::TPipe& pipe) {
    AscendC::TBuf<AscendC::TPosition::VECCALC> bs, bm, bd, bt;
    auto s = ub<T>(pipe, bs, src.data(), bytes);
    auto m = ub<uint8_t>(pipe, bm, mask.data(), mask.size());
    auto d = ub<T>(pipe, bd, nullptr, bytes);
    auto t = ub<uint8_t>(pipe, bt, nullptr, tmp);
    AscendC::SelectWithBytesMaskShapeInfo info;
    info.firstAxis = rows, info.srcLastAxis = n, info.maskLastAxis = mn;
    if (scalar_first) AscendC::Select(d, T(7.5f), s, m, t, info);
    else AscendC::Select(d, s, T(7.5f), m, t, info);
    std::memcpy(y.data(), d.GetPhyAddr(), bytes);
  });
  write_bytes(dir + "/y.bin", y.data(), y.size());
}

template <typename T, uint32_t kMode>
void dropout(uint32_t rows, uint32_t n, uint32_t mn, float keep, const std::string& dir) {
  const auto src = read_bytes(dir + "/src.bin"), mask = read_bytes(dir + "/mask.bin");
  const size_t bytes = size_t(rows) * n * sizeof(T);
  if (src.size() != bytes) die("src.bin does not match the shape");
  std::vector<uint8_t> y(bytes);
  uint32_t max_tmp = 0, min_tmp = 0;
  AscendC::GetDropOutMaxMinTmpSize(ge::Shape({rows, n}), sizeof(T), false, max_tmp, min_tmp);
  launch([&](AscendC::TPipe& pipe) {
    AscendC::TBuf<AscendC::TPosition::VECCALC> bs, bm, bd, bt;
    auto s = ub<T>(pipe, bs, src.data(), bytes);
    auto m = ub<uint8_t>(pipe, bm, mask.data(), mask.size());
    auto d = ub<T>(pipe, bd, nullptr, bytes);
    auto t = ub<uint8_t>(pipe, bt, nullptr, min_tmp);
    AscendC::DropOutShapeInfo info;
    info.firstAxis = rows, info.srcLastAxis = n, info.maskLastAxis = mn;
    AscendC::DropOut<T, false, kMode>(d, s, m, t, keep, info);
    std::memcpy(y.data(), d.GetPhyAddr(), bytes);
  });
  write_bytes(dir + "/y.bin", y.data(), y.size());
}

template <typename T>
void dropout_mode(uint32_t mode, uint32_t rows, uint32_t n, uint32_t mn, float keep, const std::string& dir) {
  switch (mode) {
    case 0: return dropout<T, 0>(rows, n, mn, keep, dir);
    case 1: return dropout<T, 1>(rows, n, mn, keep, dir);
    case 2: return dropout<T, 2>(rows, n, mn, keep, dir);
    case 3: return dropout<T, 3>(rows, n, mn, keep, dir);
    default: return dropout<T, 4>(rows, n, mn, keep, dir);
  }
}

template <typename T>
void arange(bool old_name, double first, double diff, int32_t count, const std::string& dir) {
  std::vector<T> y(count);
  launch([&](AscendC::TPipe& pipe) {
    AscendC::TBuf<AscendC::TPosition::VECCALC> bd;
    auto d = ub<T>(pipe, bd, nullptr, size_t(count) * sizeof(T));
    if (old_name) ArithProgression(d, T(first), T(diff), count);  // unqualified, as kernels call it
    else AscendC::Arange(d, T(first), T(diff), count);
    std::memcpy(y.data(), d.GetPhyAddr(), y.size() * sizeof(T));
  });
  write_bytes(dir + "/y.bin", y.data(), y.size() * sizeof(T));
}

uint32_t u(const char* s) { return static_cast<uint32_t>(std::strtoul(s, nullptr, 10)); }

int check_assert(int value) {
  opkit::sim::Launch launch{"flt", "Ascend910B2", 1};
  try {
    launch.run_body([&] { ASCENDC_ASSERT(value != 3, { KERNEL_LOG(KERNEL_ERROR, "value %d, limit %d", value, 3); }); });
    std::printf("ok\n");
  } catch (const opkit::sim::KernelFault& f) {
    std::printf("fault: %s\n", f.what());
  }
  return 0;
}

int stack(uint32_t bytes) {
  opkit::sim::Launch launch{"flt", "Ascend910B2", 1};
  launch.run_body([&] {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, bytes);
    AscendC::LocalTensor<uint8_t> st;
    const bool ok = AscendC::PopStackBuffer<uint8_t, AscendC::TPosition::LCM>(st);
    AscendC::LocalTensor<float> f = st.ReinterpretCast<float>();
    AscendC::Duplicate(f, 2.5f, 64);
    std::printf("%d %u %u %.1f\n", ok ? 1 : 0, st.GetSize(), static_cast<uint32_t>(AscendC::ONE_BLK_SIZE),
                static_cast<float>(f.GetValue(63)));
  });
  return 0;
}

int raw_duplicate(const std::string& arg) {
  opkit::sim::Launch launch{"flt", "Ascend910B2", 1};
  try {
    launch.run_body([&] {
      using namespace AscendC;
      TPipe pipe;
      TBuf<TPosition::VECCALC> buf;
      pipe.InitBuffer(buf, 512);
      LocalTensor<int16_t> t = buf.Get<int16_t>();
      Duplicate(t, int16_t(7), 256);
      int16_t outside[16];
      uint32_t count = 16;
      if (likely(arg != "stack")) count = static_cast<uint32_t>(std::strtoul(arg.c_str(), nullptr, 10));  // CANN's hint
      DuplicateImpl<int16_t>(arg == "stack" ? outside : (__ubuf__ int16_t*)t.GetPhyAddr(), 5, count);
      std::printf("%d %d %d\n", t.GetValue(0), t.GetValue(count - 1), t.GetValue(count));
    });
  } catch (const opkit::sim::KernelFault& f) {
    std::printf("fault: %s\n", f.what());
  }
  return 0;
}

int raw_copy(uint16_t blocks) {
  std::vector<int16_t> gm(1024, -1);
  for (int i = 0; i < 512; ++i) gm[i] = static_cast<int16_t>(i);
  opkit::sim::Launch launch{"flt", "Ascend910B2", 1};
  launch.register_gm(gm.data(), gm.size() * sizeof(int16_t), "gm");
  try {
    launch.run_body([&] {
      using namespace AscendC;
      TPipe pipe;
      TBuf<TPosition::VECCALC> buf;
      pipe.InitBuffer(buf, 8192);
      __ubuf__ int16_t* ub = (__ubuf__ int16_t*)buf.Get<int16_t>().GetPhyAddr();
      DataCopyGM2UBImpl(ub, (__gm__ int16_t*)gm.data(), {1, blocks, 0, 0});
      DataCopyUB2GMImpl((__gm__ int16_t*)gm.data() + 16, ub, {1, blocks, 0, 0});
    });
  } catch (const opkit::sim::KernelFault& f) {
    std::printf("fault: %s\n", f.what());
    return 0;
  }
  const size_t end = 16 + 16 * size_t(blocks);
  std::printf("%d %d %d %d\n", gm[15], gm[16], gm[end - 1], gm[end]);
  return 0;
}

int shape_info() {
  opkit::sim::Launch launch{"flt", "Ascend910B2", 1};
  launch.run_body([&] {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 1024);
    AscendC::LocalTensor<float> t = buf.Get<float>();
    const uint32_t shape[3] = {2, 4, 32}, ori[3] = {2, 4, 30};
    t.SetShapeInfo(AscendC::ShapeInfo(3, shape, 3, ori, AscendC::DataFormat::ND));
    const AscendC::LocalTensor<float> copy = t;  // the shape travels with copies of the tensor
    const AscendC::ShapeInfo s = copy.GetShapeInfo();
    std::printf("%u %u %u %u %u\n", s.shapeDim, s.shape[0], s.shape[2], s.originalShape[2],
                static_cast<uint32_t>(s.dataFormat));
  });
  return 0;
}

int pad_tiling(uint32_t h, uint32_t w, uint32_t ori) {
  optiling::PadTiling t;
  AscendC::PadTilingFunc(ge::Shape({h, w}), ge::Shape({h, ori}), 4096, sizeof(float), t);
  std::printf("%u %u %u\n", t.srcWidth, t.srcOriWidth, t.blocksPerRow);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string api = argc > 2 ? argv[1] : "", dtype = argc > 2 ? argv[2] : "";
  if (argc == 3 && std::string(argv[1]) == "assert") return check_assert(std::atoi(argv[2]));
  if (argc == 2 && std::string(argv[1]) == "shapeinfo") return shape_info();
  if (argc == 2 && std::string(argv[1]) == "arangesizes") {  // Arange/ArithProgression tmp space (preset to 7)
    uint32_t sizes[4] = {7, 7, 7, 7};
    AscendC::GetArangeMaxMinTmpSize(sizes[0], sizes[1]);
    AscendC::GetArithProgressionMaxMinTmpSize(sizes[2], sizes[3]);
    std::printf("%u %u %u %u\n", sizes[0], sizes[1], sizes[2], sizes[3]);
    return 0;
  }
  if (argc == 3 && std::string(argv[1]) == "stack") return stack(u(argv[2]));
  if (argc == 3 && std::string(argv[1]) == "rawdup") return raw_duplicate(argv[2]);
  if (argc == 3 && std::string(argv[1]) == "rawcopy") return raw_copy(static_cast<uint16_t>(u(argv[2])));
  if (argc == 5 && std::string(argv[1]) == "padtiling") return pad_tiling(u(argv[2]), u(argv[3]), u(argv[4]));
  if (api == "select" && argc == 8) {
    if (dtype == "float") select<float>(u(argv[3]) != 0, u(argv[4]), u(argv[5]), u(argv[6]), argv[7]);
    else select<half>(u(argv[3]) != 0, u(argv[4]), u(argv[5]), u(argv[6]), argv[7]);
  } else if (api == "dropout" && argc == 9) {
    const float keep = std::strtof(argv[7], nullptr);
    if (dtype == "float") dropout_mode<float>(u(argv[3]), u(argv[4]), u(argv[5]), u(argv[6]), keep, argv[8]);
    else dropout_mode<half>(u(argv[3]), u(argv[4]), u(argv[5]), u(argv[6]), keep, argv[8]);
  } else if ((api == "arange" || api == "arithprog") && argc == 7) {
    const double first = std::strtod(argv[3], nullptr), diff = std::strtod(argv[4], nullptr);
    const int32_t count = static_cast<int32_t>(std::strtol(argv[5], nullptr, 10));
    if (dtype == "float") arange<float>(api == "arithprog", first, diff, count, argv[6]);
    else if (dtype == "half") arange<half>(api == "arithprog", first, diff, count, argv[6]);
    else arange<int32_t>(api == "arithprog", first, diff, count, argv[6]);
  } else {
    die("bad arguments; see the usage at the top of filter_main.cpp");
  }
  return 0;
}

// Driver of the Interleave/DeInterleave and Ascend950 Duplicate tests, built for dav-3510: one call inside a
// simulated launch on <dir>/a.bin, <dir>/b.bin (numpy), results to <dir>/d0.bin, <dir>/d1.bin.
//   ilv interleave <dtype> <count> <dir>      Interleave(d0, d1, a, b, count)
//   ilv deinterleave <dtype> <count> <dir>    DeInterleave(d0, d1, a, b, count)
//   ilv deinterleave1 <dtype> <count> <dir>   DeInterleave(d0, d1, a, count)
//   ilv duplicate <dtype> <count> <dir>       Duplicate(d0, a[0], count) (the count form's 1- and 8-byte types)
//   ilv cast_to_int4 <dtype> <count> <dir>    Cast(d0 as int4b_t, a, CAST_RINT, count): d0's first count / 2 bytes
//   ilv cast_from_int4 <dtype> <count> <dir>  Cast(d0, a as int4b_t, CAST_NONE, count): a's first count / 2 bytes
// dtype: int8 uint8 int16 half bf16 int32 float int64 uint64 bool. A fault prints "fault: ..." and exits 3.
//   ilv v950 <api> <dtype> <count> <dir>     Ascend 950's level-2 vector APIs: see vec950_ops.cpp
//   ilv v950sys <case> <dir>                 Ascend 950's system APIs: see vec950_sys.cpp
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "kernel_operator.h"

namespace {

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "ilv: %s\n", why.c_str());
  std::exit(2);
}

std::vector<uint8_t> read(const std::string& path, size_t bytes) {
  std::vector<uint8_t> v(bytes);
  FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr || std::fread(v.data(), 1, bytes, f) != bytes) die("cannot read " + path);
  std::fclose(f);
  return v;
}

void write(const std::string& path, const void* p, size_t bytes) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr || std::fwrite(p, 1, bytes, f) != bytes) die("cannot write " + path);
  std::fclose(f);
}

template <typename T>
void run(const std::string& api, int32_t count, const std::string& dir) {
  const uint32_t n = count < 0 ? 0 : uint32_t(count);
  const size_t bytes = n * sizeof(T), padded = (bytes + 31) / 32 * 32 + 32;
  const std::vector<uint8_t> a = read(dir + "/a.bin", bytes), b = read(dir + "/b.bin", bytes);
  std::vector<uint8_t> d0(bytes), d1(bytes);
  opkit::sim::Launch launch{"ilv", "Ascend950PR_9599", 1};
  try {
    launch.run_body([&] {
      AscendC::TPipe pipe;
      AscendC::TBuf<AscendC::TPosition::VECCALC> ba, bb, b0, b1;
      for (auto* buf : {&ba, &bb, &b0, &b1}) pipe.InitBuffer(*buf, padded);
      auto ta = ba.Get<T>(), tb = bb.Get<T>(), t0 = b0.Get<T>(), t1 = b1.Get<T>();
      std::memcpy(static_cast<void*>(ta.GetPhyAddr()), a.data(), bytes);
      std::memcpy(static_cast<void*>(tb.GetPhyAddr()), b.data(), bytes);
      std::memset(static_cast<void*>(t0.GetPhyAddr()), 0x5a, padded);
      std::memset(static_cast<void*>(t1.GetPhyAddr()), 0x5a, padded);
      if (api == "interleave") {
        if constexpr (!std::is_same_v<T, bool>) AscendC::Interleave(t0, t1, ta, tb, count);
      } else if (api == "deinterleave") {
        if constexpr (!std::is_same_v<T, bool>) AscendC::DeInterleave(t0, t1, ta, tb, count);
      } else if (api == "deinterleave1") {
        if constexpr (!std::is_same_v<T, bool>) AscendC::DeInterleave(t0, t1, ta, count);
      } else if (api == "cast_to_int4") {
        if constexpr (std::is_same_v<T, half>) {
          AscendC::Cast(t0.template ReinterpretCast<AscendC::int4b_t>(), ta, AscendC::RoundMode::CAST_RINT, count);
        } else if constexpr (std::is_same_v<T, int16_t>) {
          AscendC::Cast(t0.template ReinterpretCast<AscendC::int4b_t>(), ta, AscendC::RoundMode::CAST_NONE, count);
        }
      } else if (api == "cast_from_int4") {
        if constexpr (std::is_same_v<T, half> || std::is_same_v<T, int16_t> || std::is_same_v<T, bfloat16_t>) {
          AscendC::Cast(t0, ta.template ReinterpretCast<AscendC::int4b_t>(), AscendC::RoundMode::CAST_NONE, count);
        }
      } else if (api == "duplicate") {
        AscendC::Duplicate(t0, ta.GetValue(0), count);
      } else {
        die("unknown api " + api);
      }
      std::memcpy(d0.data(), t0.GetPhyAddr(), bytes);
      std::memcpy(d1.data(), t1.GetPhyAddr(), bytes);
    });
  } catch (const opkit::sim::KernelFault& f) {
    std::printf("fault: %s\n", f.what());
    std::exit(3);
  }
  write(dir + "/d0.bin", d0.data(), bytes);
  write(dir + "/d1.bin", d1.data(), bytes);
}

}  // namespace

int vec950_main(int argc, char** argv);      // vec950_ops.cpp
int vec950_sys_main(int argc, char** argv);  // vec950_sys.cpp

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "v950") return vec950_main(argc - 1, argv + 1);
  if (argc > 1 && std::string(argv[1]) == "v950sys") return vec950_sys_main(argc - 1, argv + 1);
  if (argc != 5) die("bad arguments; see the usage at the top of interleave_main.cpp");
  const std::string api = argv[1], dtype = argv[2], dir = argv[4];
  const int32_t count = static_cast<int32_t>(std::strtol(argv[3], nullptr, 10));
  if (dtype == "int8") run<int8_t>(api, count, dir);
  else if (dtype == "uint8") run<uint8_t>(api, count, dir);
  else if (dtype == "int16") run<int16_t>(api, count, dir);
  else if (dtype == "half") run<half>(api, count, dir);
  else if (dtype == "bf16") run<bfloat16_t>(api, count, dir);
  else if (dtype == "int32") run<int32_t>(api, count, dir);
  else if (dtype == "float") run<float>(api, count, dir);
  else if (dtype == "int64") run<int64_t>(api, count, dir);
  else if (dtype == "uint64") run<uint64_t>(api, count, dir);
  else if (dtype == "bool") run<bool>(api, count, dir);
  else die("unknown dtype " + dtype);
  return 0;
}

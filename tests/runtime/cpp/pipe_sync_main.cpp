// Driver of the Mutex and GroupBarrier tests: `mx gb <arrive> <wait> <rounds> <dir>` launches arrive + wait blocks;
// in each round the arrivers AtomicAdd 1 to a GM counter and Arrive, the waiters Wait and record the counter, to
// <dir>/seen.bin (int32, waiter-major). `mx add <n> <dir>` adds <dir>/x.bin and y.bin (float, n a multiple of 64) tile by tile
// with two MutexIDs guarding each tile's MTE2/V/MTE3 steps (CANN's mutex sample, own code), z to <dir>/z.bin;
// `mx relock|unheld|release_locked|exhaust|bad_id <dir>` misuse the API. A fault prints "fault: ..." and exits 3.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "kernel_operator.h"

namespace {

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "mx: %s\n", why.c_str());
  std::exit(2);
}

std::vector<float> read(const std::string& path, size_t n) {
  std::vector<float> v(n);
  FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr || std::fread(v.data(), sizeof(float), n, f) != n) die("cannot read " + path);
  std::fclose(f);
  return v;
}

}  // namespace

int group_barrier(char** argv) {
  const uint32_t arrive = uint32_t(std::atoi(argv[2])), wait = uint32_t(std::atoi(argv[3]));
  const uint32_t rounds = uint32_t(std::atoi(argv[4]));
  // GB_FILL=255: a workspace nobody cleared, holding all-ones bytes left by earlier use.
  const char* fill = std::getenv("GB_FILL");
  std::vector<uint8_t> ws(uint64_t(arrive > wait ? arrive : wait) * 512, uint8_t(fill != nullptr ? std::atoi(fill) : 0));
  std::vector<int32_t> counter(8, 0), seen(wait * rounds, -1);
  uint64_t ws_len = 0;  // what GetWorkspaceLen says the barrier needs: ws holds exactly that many bytes
  opkit::sim::Launch launch{"mx", "Ascend910B2", int64_t(arrive + wait)};
  launch.register_gm(ws.data(), ws.size(), "ws");
  launch.register_gm(counter.data(), counter.size() * 4, "counter");
  launch.register_gm(seen.data(), seen.size() * 4, "seen");
  try {
    launch.run_body([&] {
      AscendC::GroupBarrier<AscendC::PipeMode::MTE3_MODE> bar(ws.data(), arrive, wait);
      const uint32_t id = uint32_t(AscendC::GetBlockIdx());
      if (id == 0) ws_len = bar.GetWorkspaceLen();
      for (uint32_t r = 0; r < rounds; ++r) {
        if (id < arrive) {
          AscendC::AtomicAdd(counter.data(), int32_t(1));
          bar.Arrive(id);
        } else {
          bar.Wait(id - arrive);
          seen[(id - arrive) * rounds + r] = __atomic_load_n(counter.data(), __ATOMIC_SEQ_CST);
        }
      }
    });
  } catch (const opkit::sim::KernelFault& e) {
    std::printf("fault: %s\n", e.what());
    return 3;
  }
  std::printf("workspace: %llu of %zu bytes\n", static_cast<unsigned long long>(ws_len), ws.size());
  FILE* f = std::fopen((std::string(argv[5]) + "/seen.bin").c_str(), "wb");
  if (f == nullptr || std::fwrite(seen.data(), 4, seen.size(), f) != seen.size()) die("cannot write seen");
  std::fclose(f);
  return 0;
}

int main(int argc, char** argv) {
  if (argc < 3) die("bad arguments; see the usage at the top of pipe_sync_main.cpp");
  if (std::string(argv[1]) == "gb" && argc == 6) return group_barrier(argv);
  const std::string mode = argv[1], dir = argv[argc - 1];
  const uint32_t n = mode == "add" ? uint32_t(std::atoi(argv[2])) : 64;
  std::vector<float> x = mode == "add" ? read(dir + "/x.bin", n) : std::vector<float>(n, 1.0f);
  std::vector<float> y = mode == "add" ? read(dir + "/y.bin", n) : std::vector<float>(n, 2.0f), z(n, -1.0f);
  opkit::sim::Launch launch{"mx", "Ascend910B2", 1};
  launch.register_gm(x.data(), n * 4, "x");
  launch.register_gm(y.data(), n * 4, "y");
  launch.register_gm(z.data(), n * 4, "z");
  try {
    launch.run_body([&] {
      AscendC::TPipe pipe;
      AscendC::TBuf<AscendC::TPosition::VECCALC> b;
      pipe.InitBuffer(b, 6 * 64 * 4);
      AscendC::GlobalTensor<float> gx, gy, gz;
      gx.SetGlobalBuffer(x.data(), n), gy.SetGlobalBuffer(y.data(), n), gz.SetGlobalBuffer(z.data(), n);
      auto all = b.Get<float>();
      const AscendC::MutexID ids[2] = {AscendC::AllocMutexID(), AscendC::AllocMutexID()};
      if (mode == "add") {
        for (uint32_t t = 0; t < n / 64; ++t) {
          const AscendC::MutexID id = ids[t % 2];
          auto xl = all[(t % 2) * 192], yl = all[(t % 2) * 192 + 64], zl = all[(t % 2) * 192 + 128];
          AscendC::Mutex::Lock<PIPE_MTE2>(id);
          AscendC::DataCopy(xl, gx[t * 64], 64);
          AscendC::DataCopy(yl, gy[t * 64], 64);
          AscendC::Mutex::Unlock<PIPE_MTE2>(id);
          AscendC::Mutex::Lock<PIPE_V>(id);
          AscendC::Add(zl, xl, yl, 64);
          AscendC::Mutex::Unlock<PIPE_V>(id);
          AscendC::Mutex::Lock<PIPE_MTE3>(id);
          AscendC::DataCopy(gz[t * 64], zl, 64);
          AscendC::Mutex::Unlock<PIPE_MTE3>(id);
        }
      } else if (mode == "relock") {
        AscendC::Mutex::Lock<PIPE_V>(ids[0]);
        AscendC::Mutex::Lock<PIPE_V>(ids[0]);
      } else if (mode == "unheld") {
        AscendC::Mutex::Unlock<PIPE_MTE2>(ids[1]);
      } else if (mode == "release_locked") {
        AscendC::Mutex::Lock<PIPE_MTE3>(ids[0]);
        AscendC::ReleaseMutexID(ids[0]);
      } else if (mode == "exhaust") {
        for (int i = 0; i < 27; ++i) AscendC::AllocMutexID();
      } else if (mode == "bad_id") {
        AscendC::Mutex::Lock<PIPE_V>(40);
      }
      AscendC::ReleaseMutexID(ids[0]);
      AscendC::ReleaseMutexID(ids[1]);
    });
  } catch (const opkit::sim::KernelFault& e) {
    std::printf("fault: %s\n", e.what());
    return 3;
  }
  FILE* f = std::fopen((dir + "/z.bin").c_str(), "wb");
  if (f == nullptr || std::fwrite(z.data(), sizeof(float), n, f) != n) die("cannot write z");
  std::fclose(f);
  return 0;
}

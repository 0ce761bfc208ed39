// Driver shared by the core_*.cpp case files: `prog <case>` runs one case, prints "ok" or "fault: <what>".
#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>

#include "core_harness.h"
#include "opkit/sim/fault.h"

static std::map<std::string, void (*)()>& cases() {
  static std::map<std::string, void (*)()> all;
  return all;
}

void register_case(const char* name, void (*fn)()) { cases()[name] = fn; }

int main(int argc, char** argv) {
  if (argc != 2 || cases().count(argv[1]) == 0) {
    std::fprintf(stderr, "usage: %s <case>; cases:", argv[0]);
    for (const auto& [name, fn] : cases()) std::fprintf(stderr, " %s", name.c_str());
    std::fprintf(stderr, "\n");
    return 2;
  }
  try {
    cases()[argv[1]]();
    std::printf("ok\n");
  } catch (const opkit::sim::KernelFault& f) {
    std::printf("fault: %s\n", f.what());
  } catch (const std::exception& e) {
    std::printf("FAIL: %s\n", e.what());
    return 1;
  }
  return 0;
}

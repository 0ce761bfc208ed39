// The recorder's run encoding of a block's class ids (opkit/sim/profile_runs.h), for test_profile_runs.py: each
// stdin line is one sequence of ids; the program prints, per line, the runs (period repeats ...) and then the
// periods' ids, each on its own line.
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>

#include "opkit/sim/profile_runs.h"

int main() {
    std::string line;
    while (std::getline(std::cin, line)) {
        opkit::sim::detail::IdRuns runs;
        std::istringstream in(line);
        uint32_t id = 0;
        while (in >> id) runs.push(id);
        runs.finish();
        for (uint32_t x : runs.runs()) std::printf("%u ", x);
        std::printf("\n");
        for (uint32_t x : runs.bases()) std::printf("%u ", x);
        std::printf("\n");
    }
    return 0;
}

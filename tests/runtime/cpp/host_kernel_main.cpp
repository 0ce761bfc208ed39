// Test driver for kernel-side tiling: feeds host tiling bytes (hex) to a kernel with a tiling key, prints JSON.
//   kernel classic|add HEX KEY      kernel null
//   kernel add-short HEX KEY        the add kernel given 4 bytes less than the host saved: prints the fault
// The kernel runs in a one-block launch whose GM buffer "tiling" holds exactly the host's bytes, as the bindings
// register it.
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

#include "opkit/sim/context.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/launch.h"

extern "C" void classic_custom(uint8_t* tiling, int64_t* out);
extern "C" void add_custom(uint8_t* tiling, int64_t* out);

int main(int argc, char** argv)
{
    const std::string which = argc > 1 ? argv[1] : "";
    int64_t out[16] = {};
    if (which == "null") {
        try {
            add_custom(nullptr, out);
        } catch (const opkit::sim::KernelFault& e) {
            std::cout << "{\"fault\":\"" << e.api() << "\"}\n";
            return 0;
        }
        return 1;
    }
    if (argc < 4) return 2;
    const std::string hex = argv[2];
    std::vector<uint8_t> buffer;
    for (size_t i = 0; i + 1 < hex.size(); i += 2) buffer.push_back(static_cast<uint8_t>(std::stoul(hex.substr(i, 2), nullptr, 16)));
    if (which == "add-short") buffer.resize(buffer.size() - 4);
    opkit::sim::Launch launch{"tiling_test", "Ascend910B2", 1, std::stoull(argv[3])};
    launch.register_gm(buffer.data(), buffer.size(), "tiling").register_gm(out, sizeof out, "out");
    try {
        if (which == "classic") launch.run(classic_custom, buffer.data(), out);
        if (which == "add" || which == "add-short") launch.run(add_custom, buffer.data(), out);
    } catch (const opkit::sim::KernelFault& e) {
        std::cout << "{\"fault\":\"" << e.api() << "\",\"message\":\"" << e.message() << "\"}\n";
        return 0;
    }
    std::cout << "{\"out\":[";
    for (int i = 0; i < 12; ++i) std::cout << (i ? "," : "") << out[i];
    std::cout << "]}\n";
    return 0;
}

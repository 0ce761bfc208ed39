// Test driver for kernel-side tiling: feeds host tiling bytes (hex) to a kernel with a tiling key, prints JSON.
//   kernel classic|add HEX KEY      kernel null
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

#include "opkit/sim/context.h"
#include "opkit/sim/fault.h"

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
    std::vector<uint8_t> buffer(64 * 1024, 0);  // zero-filled tiling_capacity buffer, as the bindings provide
    for (size_t i = 0; i + 1 < hex.size(); i += 2) buffer[i / 2] = static_cast<uint8_t>(std::stoul(hex.substr(i, 2), nullptr, 16));
    opkit::sim::detail::current_block().tiling_key = std::stoull(argv[3]);
    if (which == "classic") classic_custom(buffer.data(), out);
    if (which == "add") add_custom(buffer.data(), out);
    std::cout << "{\"out\":[";
    for (int i = 0; i < 12; ++i) std::cout << (i ? "," : "") << out[i];
    std::cout << "]}\n";
    return 0;
}

// The simulator's one failure path: KernelFault, raised by every check instead of aborting the process.
#pragma once

#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

#include "opkit/sim/context.h"

namespace opkit::sim {

// What a check found: which op and block, which API, where in the kernel source (when known), and what.
class KernelFault : public std::runtime_error {
 public:
  KernelFault(std::string op, int64_t block, std::string api, std::string where, std::string message)
      : std::runtime_error(format(op, block, api, where, message)),
        op_(std::move(op)), block_(block), api_(std::move(api)), where_(std::move(where)),
        message_(std::move(message)) {}

  const std::string& op() const { return op_; }
  int64_t block() const { return block_; }
  const std::string& api() const { return api_; }
  const std::string& where() const { return where_; }
  const std::string& message() const { return message_; }

 private:
  // Same fields as CANN's CPU-debug line "[ERROR][Block_<n>][file:line][func] message", plus the op.
  static std::string format(const std::string& op, int64_t block, const std::string& api,
                            const std::string& where, const std::string& message) {
    std::ostringstream s;
    s << "[" << (op.empty() ? "kernel" : op) << "]";
    if (block >= 0) s << "[Block_" << block << "]";  // -1: a fault of the launch itself, not of one block
    if (!where.empty()) s << "[" << where << "]";
    s << "[" << api << "] " << message;
    return s.str();
  }

  std::string op_;
  int64_t block_;
  std::string api_;
  std::string where_;
  std::string message_;
};

// A launch stopped by SIGINT (Ctrl-C) while it ran: the Python bindings turn it into KeyboardInterrupt.
class KernelInterrupted : public KernelFault {
 public:
  explicit KernelInterrupted(const KernelFault& f) : KernelFault(f) {}
};

namespace detail {

// Where in the kernel source an API was called: APIs take `SourceLoc where = SourceLoc::here()` as a last
// parameter so GCC/Clang fill in the caller's file and line (C++17 has no std::source_location).
struct SourceLoc {
  const char* file = nullptr;
  int line = 0;

  static constexpr SourceLoc here(const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
    return SourceLoc{file, line};
  }
  std::string str() const {
    if (file == nullptr) return "";
    std::string f(file);
    const size_t slash = f.find_last_of('/');
    return (slash == std::string::npos ? f : f.substr(slash + 1)) + ":" + std::to_string(line);
  }
};

// check_cancelled for an API call at `where` (context.h): the watchdog can then say where a block is.
inline void check_cancelled(const char* api, const SourceLoc& where) { check_cancelled(api, where.file, where.line); }

// The trailing parameter of kernel-facing APIs that records the caller's file and line as `where`.
#define OPKIT_SIM_HERE ::opkit::sim::detail::SourceLoc where = ::opkit::sim::detail::SourceLoc::here()

// Raise a KernelFault for the block running on this thread. `message` says what and gives the numbers.
[[noreturn]] inline void fault(const std::string& api, const std::string& message, const std::string& where = "") {
  const BlockContext& c = current_block();
  throw KernelFault(c.op, c.block_idx, api, where, message);
}

[[noreturn]] inline void fault(const std::string& api, const std::string& message, const SourceLoc& where) {
  fault(api, message, where.str());
}

// Build a message from pieces: fault("DataCopy", cat("count ", n, " is not a multiple of ", k)).
template <typename... Parts>
std::string cat(const Parts&... parts) {
  std::ostringstream s;
  (s << ... << parts);
  return s.str();
}

}  // namespace detail
}  // namespace opkit::sim

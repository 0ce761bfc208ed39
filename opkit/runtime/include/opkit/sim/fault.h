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
    s << "[" << (op.empty() ? "kernel" : op) << "][Block_" << block << "]";
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

namespace detail {

// Raise a KernelFault for the block running on this thread. `message` says what and gives the numbers.
[[noreturn]] inline void fault(const std::string& api, const std::string& message, const std::string& where = "") {
  const BlockContext& c = current_block();
  throw KernelFault(c.op, c.block_idx, api, where, message);
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

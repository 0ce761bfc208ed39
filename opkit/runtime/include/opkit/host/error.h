// opkit::host::HostError: the one exception the host-side API (registry, infer, tile) raises.
#pragma once

#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

namespace opkit::host {

// `op_type` ("" when no op is involved), `stage` (registry, attrs, inputs, InferShape, InferDataType, TilingFunc,
// platform) and a message that names what is wrong and the values involved. what() = "<op>: <stage>: <message>".
class HostError : public std::runtime_error {
 public:
  HostError(std::string op_type, std::string stage, std::string message)
      : std::runtime_error(format(op_type, stage, message)),
        op_type_(std::move(op_type)), stage_(std::move(stage)), message_(std::move(message)) {}

  const std::string& op_type() const { return op_type_; }
  const std::string& stage() const { return stage_; }
  const std::string& message() const { return message_; }

 private:
  static std::string format(const std::string& op, const std::string& stage, const std::string& message) {
    std::string s = op.empty() ? std::string() : op + ": ";
    return s + stage + ": " + message;
  }

  std::string op_type_;
  std::string stage_;
  std::string message_;
};

namespace detail {

template <typename... Parts>
std::string cat(const Parts&... parts) {
  std::ostringstream s;
  (s << ... << parts);
  return s.str();
}

}  // namespace detail
}  // namespace opkit::host

// torch_npu's at_npu::native::OpCommand, the part aclnn callers use: Name, SetCustomHandler and Run (the handler
// runs at once: streams run nothing asynchronously). aclop-style Input/Output/Attr graphs are not simulated.
#pragma once

#include <c10/util/Exception.h>

#include <functional>
#include <string>
#include <utility>

#include "acl/acl.h"
#include "torch_npu/csrc/core/npu/NPUStream.h"

namespace at_npu::native {

class OpCommand {
 public:
  OpCommand& Name(const std::string& name) {
    name_ = name;
    return *this;
  }
  OpCommand& SetCustomHandler(std::function<int()> handler) {
    handler_ = std::move(handler);
    return *this;
  }
  template <typename... Args>
  OpCommand& Input(Args&&...) {
    return unsupported("Input");
  }
  template <typename... Args>
  OpCommand& Output(Args&&...) {
    return unsupported("Output");
  }
  template <typename... Args>
  OpCommand& Attr(Args&&...) {
    return unsupported("Attr");
  }
  OpCommand& Sync() { return *this; }
  void Run() {
    TORCH_CHECK(static_cast<bool>(handler_), "OpCommand ", name_,
                ": nothing to run (opkit runs aclnn operators through EXEC_NPU_CMD / SetCustomHandler)");
    const int status = handler_();
    TORCH_CHECK(status == 0, "OpCommand ", name_, " failed with status ", status);
  }

 private:
  OpCommand& unsupported(const char* what) {
    TORCH_CHECK(false, "OpCommand ", name_, ".", what, ": aclop graphs (OpCommand Input/Output/Attr) do not run on "
                "opkit's CPU stand-in; call the operator's aclnn API through EXEC_NPU_CMD");
    return *this;
  }
  std::string name_;
  std::function<int()> handler_;
};

}  // namespace at_npu::native

// The communication contexts of an MC2 op's launch. The OpDef's MC2().HcclGroup names attrs whose string values name
// communicators (HcclGetCommName); lib64/libhccl.so, found with dlsym (a program that runs no MC2 op needs none),
// gives the context of the calling thread's rank of each, which the kernel reads with GetHcclContext<i>(), and its
// windows become GM buffers of the launch. A launch that faults ends its contexts with the fault, so that the other
// ranks' kernels, waiting for this rank's part of a collective, fail with it instead of hanging.
#pragma once

#include <dlfcn.h>

#include <cstddef>
#include <string>
#include <variant>
#include <vector>

#include "opkit/host/call_args.h"
#include "opkit/host/registry.h"
#include "opkit/sim/hccl_abi.h"
#include "opkit/sim/launch.h"

namespace opkit::host::bindings {

// The communicator names of this call: the values of the attrs the op's MC2().HcclGroup names, in its order.
inline std::vector<std::string> HcclGroupsOf(const char* opType, const AttrMap& attrs)
{
    std::vector<std::string> names;
    for (const ge::AscendString& group : find_op(opType).MC2().GetHcclGroups()) {
        const auto it = attrs.find(group.GetString());
        if (it == attrs.end() || !std::holds_alternative<std::string>(it->second)) {
            throw HostError(opType, "attrs", std::string("MC2().HcclGroup names attr '") + group.GetString() +
                            "', which this call gives no string value");
        }
        names.push_back(std::get<std::string>(it->second));
    }
    return names;
}

class HcclLaunch {
public:
    HcclLaunch(const std::string& op, const std::vector<std::string>& groups, opkit::sim::Launch& launch)
    {
        if (groups.empty()) return;
        using Begin = void* (*)(const char*, char*, size_t);
        auto begin = reinterpret_cast<Begin>(dlsym(RTLD_DEFAULT, "opkit_hccl_launch_begin"));
        end_ = reinterpret_cast<End>(dlsym(RTLD_DEFAULT, "opkit_hccl_launch_end"));
        if (begin == nullptr || end_ == nullptr) {
            throw HostError(op, "HCCL", "an MC2 op (communication domain '" + groups.front() + "'), but libhccl.so "
                            "is not loaded: link the program with hccl and create the communicator (HcclCommInitAll, "
                            "HcclCommInitRootInfo)");
        }
        // An MC2 kernel computes on its cube cores beside the communication: CANN compiles it mixed even when it
        // sets no KERNEL_TASK_TYPE_DEFAULT and its vector cores just return (the MC2 samples).
        bool own = false;
        (void)opkit::sim::detail::noted_type_of(op, 0, false, &own);
        if (!own) launch.set_kernel_type(KERNEL_TYPE_MIX_AIC_1_2);
        for (size_t i = 0; i < groups.size() && i < 2; ++i) {
            char err[512] = {0};
            void* context = begin(groups[i].c_str(), err, sizeof err);
            if (context == nullptr) {
                Finish();
                throw HostError(op, "HCCL", "communication domain " + std::to_string(i) + ": " + err);
            }
            contexts_.push_back(context);
            auto* ctx = static_cast<opkit::hccl::Context*>(context);
            // The ranks' kernels share the host's cores: each takes as long as all of them together.
            const double limit = opkit::sim::detail::default_timeout();
            if (i == 0 && limit > 0) launch.set_timeout(limit * ctx->rank_num);
            launch.set_hccl_context(static_cast<uint32_t>(i), context);
            for (uint32_t r = 0; r < ctx->rank_num; ++r) {
                launch.register_gm(ctx->windows_in[r], ctx->window_bytes, "HCCL window in of rank " + std::to_string(r));
                launch.register_gm(ctx->windows_out[r], ctx->window_bytes,
                                   "HCCL window out of rank " + std::to_string(r));
            }
        }
    }
    HcclLaunch(const HcclLaunch&) = delete;
    HcclLaunch& operator=(const HcclLaunch&) = delete;
    ~HcclLaunch() { Finish(); }

    void Fail(const std::string& fault) { fault_ = fault.empty() ? "the kernel failed" : fault; }

private:
    using End = void (*)(void*, const char*);
    void Finish()
    {
        for (void* c : contexts_) end_(c, fault_.empty() ? nullptr : fault_.c_str());
        contexts_.clear();
    }
    End end_ = nullptr;
    std::vector<void*> contexts_;
    std::string fault_;
};

}  // namespace opkit::host::bindings

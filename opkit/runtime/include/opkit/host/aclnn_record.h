// The aclnn calls a program makes, one JSON line each, appended to $OPKIT_ACLNN_CALLS when it is set: what `opkit
// test` reads back after running a project's own AclNNInvocation program, to test the op at the shapes it uses.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <vector>
#include "graph/utils/type_utils.h"
#include "opkit/host/launch_op.h"

namespace opkit::host::aclnn {

// {"op": "AddCustom", "inputs": [[8, 2048], [8, 2048]], "outputs": [[8, 2048]], "dtypes": ["float16", ...]}: each IR
// slot's first tensor's shape (null for an absent optional input) and every slot's dtype (inputs then outputs, "" for
// an absent one); nothing when the variable is unset or the file cannot be opened.
inline void RecordCall(const char* op_type, const std::vector<bindings::IrSlot>& slots, size_t input_count)
{
    const char* path = std::getenv("OPKIT_ACLNN_CALLS");
    if (path == nullptr || *path == '\0') return;
    std::string line = std::string("{\"op\": \"") + op_type + "\", \"inputs\": [";
    for (size_t i = 0; i < slots.size(); ++i) {
        if (i == input_count) line += "], \"outputs\": [";
        else if (i > 0) line += ", ";
        if (slots[i].tensors.empty()) {
            line += "null";
            continue;
        }
        line += "[";
        const auto& shape = slots[i].tensors.front().shape;
        for (size_t d = 0; d < shape.size(); ++d) line += (d ? ", " : "") + std::to_string(shape[d]);
        line += "]";
    }
    line += (slots.size() <= input_count ? "], \"outputs\": [], \"dtypes\": [" : "], \"dtypes\": [");
    for (size_t i = 0; i < slots.size(); ++i) {
        const auto& tensors = slots[i].tensors;
        const std::string name = tensors.empty() ? "" : ge::TypeUtils::DataTypeToPrototypeName(tensors.front().dtype);
        line += std::string(i ? ", \"" : "\"") + name + "\"";
    }
    line += "]}\n";
    static std::mutex lock;
    std::lock_guard<std::mutex> hold(lock);
    if (std::FILE* f = std::fopen(path, "a")) {
        std::fputs(line.c_str(), f);
        std::fclose(f);
    }
}

}  // namespace opkit::host::aclnn

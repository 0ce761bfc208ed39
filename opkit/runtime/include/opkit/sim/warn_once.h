// A launch's warnings for what the NPU survives but is a bug all the same (ub_overrun.h: a UB operand past its tensor
// into UB no buffer holds; copy_slice.h: a GM read slice past its dim), each given once per launch and key.
#pragma once

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <string>

#include "opkit/sim/context.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/launch_state.h"

namespace opkit::sim::detail {

// What kind of thing a warning's key names (the key's top byte), so that keys of different kinds never meet.
enum class WarnKind : uint8_t { UbBuffer = 1, SourceLine = 2 };

inline uint64_t warn_key(WarnKind kind, uint64_t value) { return uint64_t(kind) << 56 | (value & ((1ull << 56) - 1)); }

// A key for the call at `where` (its file and line): one warning per call site.
inline uint64_t warn_key(WarnKind kind, const SourceLoc& where) {
  return warn_key(kind, uint64_t(reinterpret_cast<uintptr_t>(where.file)) * 1000003u + uint64_t(where.line));
}

// "[op][Block_n][file:line][api] ": how a warning starts, as a fault's text does.
inline std::string located_head(const char* api, const SourceLoc& where) {
  const BlockContext& c = current_block();
  const std::string at = where.str();
  return cat("[", c.op, "][Block_", c.block_idx, "]", at.empty() ? "" : "[" + at + "]", "[", api, "] ");
}

// Adds text() to the running launch's warnings the first time `key` comes in this launch. False outside a launch
// (nothing is added: the caller faults instead).
template <class Text>
bool warn_once(uint64_t key, Text text) {
  LaunchState* l = current_block().launch;
  if (l == nullptr) return false;
  std::lock_guard<std::mutex> lock(l->m);
  if (std::find(l->warned_keys.begin(), l->warned_keys.end(), key) != l->warned_keys.end()) return true;
  l->warned_keys.push_back(key);
  l->warnings.push_back(text());
  return true;
}

}  // namespace opkit::sim::detail

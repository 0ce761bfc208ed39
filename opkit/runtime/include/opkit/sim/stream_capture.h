// Stream capture (acl graph, aclmdlRICaptureBegin/End): while a stream is captured, the work put on it (kernel
// launches, aclrtMemcpyAsync, aclrtMemsetAsync) is recorded into a model instead of run, and aclmdlRIExecuteAsync
// replays it in order. Streams that wait on an event recorded in the capture join it (CANN's global mode), so a
// second stream's work lands in the same model. The state lives with the device memory registry, which every acl
// library of a program shares (device_memory.h).
#pragma once

#include <functional>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "opkit/sim/device_memory.h"

namespace opkit::sim::detail {

// What a model replays: each task says what it is (for aclmdlRIDebugJsonPrint) and returns an aclError.
struct CapturedTask {
  std::string kind;  // "kernel", "memcpy", "memset"
  std::string what;
  std::function<int()> run;
};

struct CapturedModel {
  const void* origin = nullptr;  // the stream aclmdlRICaptureBegin was called on
  bool ended = false;
  std::vector<CapturedTask> tasks;
};

// The model a stream is capturing into, or nullptr. A null stream (the default stream) is never captured.
inline CapturedModel* capture_of(const void* stream) {
  if (stream == nullptr) return nullptr;
  DeviceMemoryState& s = device_memory();
  std::lock_guard<std::mutex> lock(s.m);
  auto it = s.capturing.find(stream);
  return it == s.capturing.end() ? nullptr : static_cast<CapturedModel*>(it->second);
}

// Record `run` into the model `stream` is capturing; false (and nothing recorded) when it is not captured.
// The lookup and the append hold one lock: two host threads may capture into one model at once (global mode).
inline bool capture_task(const void* stream, std::string kind, std::string what, std::function<int()> run) {
  if (stream == nullptr) return false;
  DeviceMemoryState& s = device_memory();
  std::lock_guard<std::mutex> lock(s.m);
  auto it = s.capturing.find(stream);
  if (it == s.capturing.end()) return false;
  static_cast<CapturedModel*>(it->second)->tasks.push_back({std::move(kind), std::move(what), std::move(run)});
  return true;
}

// An event recorded on a captured stream belongs to that capture (it is recorded again on every replay).
inline void capture_event(const void* event, const void* stream) {
  CapturedModel* model = capture_of(stream);
  DeviceMemoryState& s = device_memory();
  std::lock_guard<std::mutex> lock(s.m);
  if (model != nullptr) {
    s.captured_events[event] = model;
  } else {
    s.captured_events.erase(event);
  }
}

// A stream that waits on an event of a capture joins that capture (global mode): its work is recorded from now on.
inline void join_capture(const void* stream, const void* event) {
  if (stream == nullptr) return;
  DeviceMemoryState& s = device_memory();
  std::lock_guard<std::mutex> lock(s.m);
  auto it = s.captured_events.find(event);
  if (it != s.captured_events.end() && !static_cast<CapturedModel*>(it->second)->ended) {
    s.capturing[stream] = it->second;
  }
}

}  // namespace opkit::sim::detail

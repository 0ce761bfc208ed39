// The definitions behind acl/acl_rt.h's acl graph (aclmdlRI*): capture a stream's work into a model and replay it
// (opkit/sim/stream_capture.h records; acl_base.h explains the two modes). Replays run in the order the work was
// captured, which respects every event dependency of the capture because the simulator runs each task to the end.
#pragma once

#include <cstdio>
#include <iterator>
#include <mutex>

#include "acl/acl_rt.h"
#include "opkit/acl/rt.h"
#include "opkit/sim/stream_capture.h"

namespace opkit::sim::detail {

inline CapturedModel* live_model(aclmdlRI model) {
  DeviceMemoryState& s = device_memory();
  std::lock_guard<std::mutex> lock(s.m);
  return s.models.count(model) != 0 ? static_cast<CapturedModel*>(model) : nullptr;
}

inline void json_string(std::FILE* f, const std::string& text) {
  std::fputc('"', f);
  for (char c : text) {
    if (c == '"' || c == '\\') std::fputc('\\', f);
    std::fputc(c, f);
  }
  std::fputc('"', f);
}

}  // namespace opkit::sim::detail

OPKIT_ACL_FN aclError aclmdlRICaptureBegin(aclrtStream stream, aclmdlRICaptureMode mode) {
  using namespace opkit::sim::detail;
  const char* api = "aclmdlRICaptureBegin";
  if (stream == nullptr) return acl_fail(ACL_ERROR_INVALID_PARAM, api, "the default stream cannot be captured");
  if (aclError e = acl_check_handle(stream, AclHandle::kStream, false, api)) return e;
  if (mode != ACL_MODEL_RI_CAPTURE_MODE_GLOBAL && mode != ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL &&
      mode != ACL_MODEL_RI_CAPTURE_MODE_RELAXED) {
    return acl_fail(ACL_ERROR_INVALID_PARAM, api, "mode %d is not an aclmdlRICaptureMode (0..2)",
                    static_cast<int>(mode));
  }
  if (capture_of(stream) != nullptr) {
    return acl_fail(ACL_ERROR_RT_STREAM_CAPTURED, api, "stream %p is being captured already", stream);
  }
  auto* model = new CapturedModel{stream, false, {}};
  DeviceMemoryState& s = device_memory();
  std::lock_guard<std::mutex> lock(s.m);
  s.models.insert(model);
  s.capturing[stream] = model;
  return ACL_SUCCESS;
}

OPKIT_ACL_FN aclError aclmdlRICaptureGetInfo(aclrtStream stream, aclmdlRICaptureStatus* status, aclmdlRI* modelRI) {
  using namespace opkit::sim::detail;
  if (status == nullptr) return acl_fail(ACL_ERROR_INVALID_PARAM, "aclmdlRICaptureGetInfo", "status is null");
  CapturedModel* model = capture_of(stream);
  *status = model != nullptr ? ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE : ACL_MODEL_RI_CAPTURE_STATUS_NONE;
  if (modelRI != nullptr) *modelRI = model;
  return ACL_SUCCESS;
}

OPKIT_ACL_FN aclError aclmdlRICaptureEnd(aclrtStream stream, aclmdlRI* modelRI) {
  using namespace opkit::sim::detail;
  const char* api = "aclmdlRICaptureEnd";
  if (modelRI == nullptr) return acl_fail(ACL_ERROR_INVALID_PARAM, api, "modelRI is null");
  CapturedModel* model = capture_of(stream);
  if (model == nullptr) {
    return acl_fail(ACL_ERROR_RT_STREAM_NOT_CAPTURED, api, "stream %p is not being captured", stream);
  }
  if (model->origin != stream) {
    return acl_fail(ACL_ERROR_RT_STREAM_NOT_CAPTURED, api,
                    "stream %p joined the capture through an event; end it on stream %p, where it began", stream,
                    model->origin);
  }
  DeviceMemoryState& s = device_memory();
  std::lock_guard<std::mutex> lock(s.m);
  for (auto it = s.capturing.begin(); it != s.capturing.end();) {
    it = it->second == model ? s.capturing.erase(it) : std::next(it);
  }
  model->ended = true;
  *modelRI = model;
  return ACL_SUCCESS;
}

// Replays the captured work in capture order; the first task that fails stops the replay with its code.
OPKIT_ACL_FN aclError aclmdlRIExecuteAsync(aclmdlRI modelRI, aclrtStream stream) {
  using namespace opkit::sim::detail;
  const char* api = "aclmdlRIExecuteAsync";
  CapturedModel* model = live_model(modelRI);
  if (model == nullptr) return acl_fail(ACL_ERROR_INVALID_PARAM, api, "%p is not a live aclmdlRI", modelRI);
  if (!model->ended) return acl_fail(ACL_ERROR_RT_MODEL_CAPTURED, api, "the model is still being captured");
  if (aclError e = acl_check_handle(stream, AclHandle::kStream, true, api)) return e;
  for (CapturedTask& task : model->tasks) {
    if (aclError e = task.run()) return e;
  }
  return ACL_SUCCESS;
}

OPKIT_ACL_FN aclError aclmdlRIExecute(aclmdlRI modelRI, int32_t /*timeout*/) {
  return aclmdlRIExecuteAsync(modelRI, nullptr);
}

OPKIT_ACL_FN aclError aclmdlRIDestroy(aclmdlRI modelRI) {
  using namespace opkit::sim::detail;
  CapturedModel* model = live_model(modelRI);
  if (model == nullptr) {
    return acl_fail(ACL_ERROR_INVALID_PARAM, "aclmdlRIDestroy", "%p is not a live aclmdlRI", modelRI);
  }
  DeviceMemoryState& s = device_memory();
  {
    std::lock_guard<std::mutex> lock(s.m);
    s.models.erase(model);
    for (auto it = s.captured_events.begin(); it != s.captured_events.end();) {
      it = it->second == model ? s.captured_events.erase(it) : std::next(it);
    }
  }
  delete model;
  return ACL_SUCCESS;
}

// The model's tasks as JSON ({"tasks": [{"type", "detail"}, ...]}); opkit's own layout, not CANN's.
OPKIT_ACL_FN aclError aclmdlRIDebugJsonPrint(aclmdlRI modelRI, const char* path, uint32_t /*flags*/) {
  using namespace opkit::sim::detail;
  const char* api = "aclmdlRIDebugJsonPrint";
  CapturedModel* model = live_model(modelRI);
  if (model == nullptr) return acl_fail(ACL_ERROR_INVALID_PARAM, api, "%p is not a live aclmdlRI", modelRI);
  if (path == nullptr) return acl_fail(ACL_ERROR_INVALID_PARAM, api, "path is null");
  std::FILE* f = std::fopen(path, "w");
  if (f == nullptr) return acl_fail(ACL_ERROR_INVALID_PARAM, api, "cannot write %s", path);
  std::fputs("{\"tasks\": [", f);
  for (size_t i = 0; i < model->tasks.size(); ++i) {
    std::fputs(i == 0 ? "\n  {\"type\": " : ",\n  {\"type\": ", f);
    json_string(f, model->tasks[i].kind);
    std::fputs(", \"detail\": ", f);
    json_string(f, model->tasks[i].what);
    std::fputs("}", f);
  }
  std::fputs("\n]}\n", f);
  std::fclose(f);
  return ACL_SUCCESS;
}

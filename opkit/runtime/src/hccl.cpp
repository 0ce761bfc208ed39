// lib64/libhccl.so of `opkit cann-root`: hccl/hccl.h's communicators over the simulated devices of one process, and
// the server that runs collectives, for the host API and for the kernels of MC2 ops (opkit/sim/hccl_abi.h). A
// collective's n-th task on every rank is the same collective: it runs, on host memory, in the thread of the last rank
// to commit it, once every rank has.
#define OPKIT_ACL_DECLARE_ONLY 1

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "hccl/hccl.h"
#include "opkit/sim/hccl_abi.h"
#include "opkit/sim/hccl_collective.h"

namespace {

using opkit::hccl::Context;
using opkit::hccl::Task;
using opkit::hccl::dtype_size;
using opkit::hccl::detail::execute;

constexpr uint32_t kRankMagic = 0x52414e4b;  // "RANK": an HcclComm made here

struct Collective {
  std::vector<Task> params;
  std::vector<char> prepared;
  std::vector<uint32_t> commits;
  uint32_t done = 0;
  bool running = false;
  bool checked = false;
};

struct Comm {
  std::string name;
  uint32_t n = 0;
  std::vector<int32_t> devices;
  std::mutex m;
  std::condition_variable cv;
  uint32_t joined = 0;
  std::map<int64_t, Collective> tasks;
  std::vector<int64_t> next;
  std::string aborted;
  uint64_t window_bytes = 0;
  std::vector<uint8_t*> windows;  // in and out per rank, made on the first MC2 launch
  ~Comm() {
    for (uint8_t* w : windows) std::free(w);
  }
};

struct Rank {
  uint32_t magic = kRankMagic;
  std::shared_ptr<Comm> comm;
  uint32_t rank = 0;
  Context host;  // the context of the host API's collectives
};

struct Registry {
  std::mutex m;
  std::map<std::string, std::weak_ptr<Comm>> by_name;
  std::map<std::string, std::shared_ptr<Comm>> pending;  // root info id -> the communicator its ranks join
  uint64_t counter = 0;
};

Registry& registry() {
  static Registry r;
  return r;
}

HcclResult fail(HcclResult code, const char* api, const char* format, ...) {
  char text[768];
  va_list args;
  va_start(args, format);
  std::vsnprintf(text, sizeof text, format, args);
  va_end(args);
  std::fprintf(stderr, "[ERROR] HCCL(%d): %s: %s\n", static_cast<int>(code), api, text);
  return code;
}

void set_err(char* err, size_t n, const std::string& text) {
  if (err != nullptr && n > 0) std::snprintf(err, n, "%s", text.c_str());
}

Rank* rank_of(HcclComm comm) {
  auto* r = static_cast<Rank*>(comm);
  return r != nullptr && r->magic == kRankMagic ? r : nullptr;
}

const char* cmd_name(uint32_t cmd) {
  switch (cmd) {
    case 0: return "Barrier";
    case 1: return "Broadcast";
    case 2: return "AllReduce";
    case 6: return "AllGather";
    case 7: return "ReduceScatter";
    case 10: return "AlltoAll";
    default: return "collective";
  }
}

// Every rank prepared task `index`: do they agree? Caller holds c.m.
bool check_agree(Comm& c, int64_t index, const Collective& col) {
  const Task& a = col.params[0];
  for (uint32_t s = 1; s < c.n; ++s) {
    const Task& b = col.params[s];
    if (a.cmd != b.cmd || a.dtype != b.dtype || a.count != b.count || a.repeat != b.repeat || a.stride != b.stride ||
        a.op != b.op) {
      char text[512];
      std::snprintf(text, sizeof text, "task %lld of communicator '%s' differs between ranks: rank 0 prepared %s "
                    "(count %llu, data type %u, op %u, stride %llu, repeat %u), rank %u %s (count %llu, data type %u, "
                    "op %u, stride %llu, repeat %u); on the device the collective would hang or mix data",
                    static_cast<long long>(index), c.name.c_str(), cmd_name(a.cmd),
                    static_cast<unsigned long long>(a.count), a.dtype, a.op, static_cast<unsigned long long>(a.stride),
                    a.repeat, s, cmd_name(b.cmd), static_cast<unsigned long long>(b.count), b.dtype, b.op,
                    static_cast<unsigned long long>(b.stride), b.repeat);
      c.aborted = text;
      c.cv.notify_all();
      return false;
    }
  }
  return true;
}

// Run every repeat of task `index` that all ranks have committed. Caller holds `lock` on c.m.
void run_ready(Comm& c, int64_t index, std::unique_lock<std::mutex>& lock) {
  for (;;) {
    if (!c.aborted.empty()) return;
    Collective& col = c.tasks[index];
    if (col.running) return;
    for (uint32_t s = 0; s < c.n; ++s) {
      if (!col.prepared[s] || col.commits[s] <= col.done) return;
    }
    if (!col.checked) {
      if (!check_agree(c, index, col)) return;
      col.checked = true;
    }
    col.running = true;
    const uint32_t r = col.done;
    const std::vector<Task> params = col.params;
    lock.unlock();
    execute(params, r);
    lock.lock();
    Collective& after = c.tasks[index];
    ++after.done;
    after.running = false;
    c.cv.notify_all();
  }
}

Comm& comm_of(Context* ctx) { return *static_cast<Rank*>(ctx->comm)->comm; }

int server_prepare(Context* ctx, const Task* task, int64_t* index, char* err, size_t n) {
  Comm& c = comm_of(ctx);
  std::unique_lock<std::mutex> lock(c.m);
  if (!c.aborted.empty()) {
    set_err(err, n, c.aborted);
    return -1;
  }
  *index = c.next[ctx->rank_id]++;
  Collective& col = c.tasks[*index];
  if (col.params.empty()) {
    col.params.resize(c.n);
    col.prepared.assign(c.n, 0);
    col.commits.assign(c.n, 0);
  }
  col.params[ctx->rank_id] = *task;
  col.prepared[ctx->rank_id] = 1;
  run_ready(c, *index, lock);
  return 0;
}

int server_commit(Context* ctx, int64_t index, char* err, size_t n) {
  Comm& c = comm_of(ctx);
  std::unique_lock<std::mutex> lock(c.m);
  auto it = c.tasks.find(index);
  if (it == c.tasks.end()) {
    set_err(err, n, "commit of a task that was never prepared");
    return -1;
  }
  ++it->second.commits[ctx->rank_id];
  run_ready(c, index, lock);
  return 0;
}

int server_wait(Context* ctx, int64_t index, uint32_t repeats, int timeout_ms, char* err, size_t n) {
  Comm& c = comm_of(ctx);
  std::unique_lock<std::mutex> lock(c.m);
  auto done = [&] { return c.tasks[index].done >= repeats; };
  if (timeout_ms > 0) {
    c.cv.wait_for(lock, std::chrono::milliseconds(timeout_ms), [&] { return done() || !c.aborted.empty(); });
  }
  if (done()) return 1;
  if (!c.aborted.empty()) {
    set_err(err, n, c.aborted);
    return -1;
  }
  return 0;
}

const opkit::hccl::Server kServer = {server_prepare, server_commit, server_wait};

void fill_context(Context& ctx, Rank& r) {
  Comm& c = *r.comm;
  ctx.rank_id = r.rank;
  ctx.rank_num = c.n;
  ctx.server = &kServer;
  ctx.comm = &r;
  std::snprintf(ctx.group, sizeof ctx.group, "%s", c.name.c_str());
  for (int64_t& t : ctx.task_of_handle) t = -1;
}

Rank* new_rank(const std::shared_ptr<Comm>& comm, uint32_t rank) {
  auto* r = new Rank;
  r->comm = comm;
  r->rank = rank;
  fill_context(r->host, *r);
  return r;
}

std::shared_ptr<Comm> new_comm(uint32_t n, const std::string& name) {
  auto c = std::make_shared<Comm>();
  c->name = name;
  c->n = n;
  c->devices.assign(n, -1);
  c->next.assign(n, 0);
  std::lock_guard<std::mutex> lock(registry().m);
  registry().by_name[name] = c;
  return c;
}

std::string fresh_name() {
  std::lock_guard<std::mutex> lock(registry().m);
  return "opkit_hccl_" + std::to_string(getpid()) + "_" + std::to_string(registry().counter++);
}

int32_t current_device() {
  int32_t dev = -1;
  if (aclrtGetDevice(&dev) != ACL_SUCCESS) return -1;
  return dev;
}

// One collective of the host API: prepare, commit, wait until it has run on every rank.
HcclResult host_collective(const char* api, HcclComm comm, Task task) {
  Rank* r = rank_of(comm);
  if (r == nullptr) return fail(HCCL_E_PTR, api, "comm %p is not a communicator (HcclCommInit*)", comm);
  if (task.cmd != 0 && task.cmd != 1 && dtype_size(task.dtype) == 0) {
    return fail(HCCL_E_PARA, api, "data type %u is not an HcclDataType", task.dtype);
  }
  if (task.cmd != 0 && (task.send == nullptr || task.recv == nullptr)) {
    return fail(HCCL_E_PTR, api, "the %s buffer is null", task.send == nullptr ? "send" : "receive");
  }
  char err[768] = {0};
  int64_t index = -1;
  if (server_prepare(&r->host, &task, &index, err, sizeof err) != 0 ||
      server_commit(&r->host, index, err, sizeof err) != 0) {
    return fail(HCCL_E_INTERNAL, api, "%s", err);
  }
  int state = 0;
  while ((state = server_wait(&r->host, index, 1, 1000, err, sizeof err)) == 0) {
  }
  return state < 0 ? fail(HCCL_E_INTERNAL, api, "%s", err) : HCCL_SUCCESS;
}

// The host API's collectives: their task, checked (host_collective) and run under the API's name.
HcclResult collective(const char* api, HcclComm comm, uint32_t cmd, HcclDataType dtype, uint32_t op, uint64_t count,
                      const void* send, const void* recv) {
  Task t;
  t.cmd = cmd;
  t.dtype = dtype;
  t.op = op;
  t.count = count;
  t.send = static_cast<uint8_t*>(const_cast<void*>(send));
  t.recv = static_cast<uint8_t*>(const_cast<void*>(recv));
  return host_collective(api, comm, t);
}

}  // namespace

extern "C" {

HCCL_API HcclResult HcclGetRootInfo(HcclRootInfo* rootInfo) {
  if (rootInfo == nullptr) return fail(HCCL_E_PTR, "HcclGetRootInfo", "rootInfo is null");
  std::memset(rootInfo->internal, 0, sizeof rootInfo->internal);
  std::snprintf(rootInfo->internal, sizeof rootInfo->internal, "%s", fresh_name().c_str());
  return HCCL_SUCCESS;
}

HCCL_API HcclResult HcclCommInitRootInfo(uint32_t nRanks, const HcclRootInfo* rootInfo, uint32_t rank,
                                         HcclComm* comm) {
  const char* api = "HcclCommInitRootInfo";
  if (rootInfo == nullptr || comm == nullptr) return fail(HCCL_E_PTR, api, "rootInfo or comm is null");
  if (nRanks == 0 || nRanks > opkit::hccl::kMaxRanks || rank >= nRanks) {
    return fail(HCCL_E_PARA, api, "rank %u of %u ranks (1..%d ranks)", rank, nRanks, opkit::hccl::kMaxRanks);
  }
  const std::string id(rootInfo->internal, strnlen(rootInfo->internal, sizeof rootInfo->internal));
  const std::string mine = "opkit_hccl_" + std::to_string(getpid()) + "_";
  if (id.compare(0, mine.size(), mine) != 0) {
    return fail(HCCL_E_NOT_SUPPORT, api, "the root info '%.60s' was not made by HcclGetRootInfo in this process: "
                "opkit's HCCL connects the ranks of one process (one thread per device)", id.c_str());
  }
  std::shared_ptr<Comm> c;
  {
    std::lock_guard<std::mutex> lock(registry().m);
    auto& slot = registry().pending[id];
    if (!slot) {
      slot = std::make_shared<Comm>();
      slot->name = id;
      slot->n = nRanks;
      slot->devices.assign(nRanks, -1);
      slot->next.assign(nRanks, 0);
      registry().by_name[id] = slot;
    }
    c = slot;
  }
  std::unique_lock<std::mutex> lock(c->m);
  if (c->n != nRanks) return fail(HCCL_E_PARA, api, "rank %u says %u ranks, another rank said %u", rank, nRanks, c->n);
  if (c->devices[rank] != -1) return fail(HCCL_E_PARA, api, "rank %u joined communicator '%s' twice", rank, id.c_str());
  c->devices[rank] = current_device();
  ++c->joined;
  c->cv.notify_all();
  const char* env = std::getenv("HCCL_CONNECT_TIMEOUT");
  const int timeout = env != nullptr && std::atoi(env) > 0 ? std::atoi(env) : 120;
  if (!c->cv.wait_for(lock, std::chrono::seconds(timeout), [&] { return c->joined == c->n; })) {
    return fail(HCCL_E_TIMEOUT, api, "rank %u waited %d s (HCCL_CONNECT_TIMEOUT) for %u of %u ranks to join '%s'",
                rank, timeout, c->n - c->joined, c->n, id.c_str());
  }
  lock.unlock();
  {
    std::lock_guard<std::mutex> reg(registry().m);
    registry().pending.erase(id);
  }
  *comm = new_rank(c, rank);
  return HCCL_SUCCESS;
}

HCCL_API HcclResult HcclCommInitAll(uint32_t ndev, int32_t* devices, HcclComm* comms) {
  const char* api = "HcclCommInitAll";
  if (devices == nullptr || comms == nullptr) return fail(HCCL_E_PTR, api, "devices or comms is null");
  if (ndev == 0 || ndev > opkit::hccl::kMaxRanks) return fail(HCCL_E_PARA, api, "%u devices (1..64)", ndev);
  uint32_t count = 0;
  (void)aclrtGetDeviceCount(&count);
  for (uint32_t i = 0; i < ndev; ++i) {
    if (devices[i] < 0 || static_cast<uint32_t>(devices[i]) >= count) {
      return fail(HCCL_E_PARA, api, "devices[%u] = %d does not exist (%u device(s); OPKIT_ACL_DEVICE_COUNT sets more)",
                  i, devices[i], count);
    }
    for (uint32_t j = 0; j < i; ++j) {
      if (devices[j] == devices[i]) return fail(HCCL_E_PARA, api, "device %d is listed twice", devices[i]);
    }
  }
  std::shared_ptr<Comm> c = new_comm(ndev, fresh_name());
  c->devices.assign(devices, devices + ndev);
  c->joined = ndev;
  for (uint32_t i = 0; i < ndev; ++i) comms[i] = new_rank(c, i);
  return HCCL_SUCCESS;
}

HCCL_API HcclResult HcclCommInitClusterInfo(const char* clusterInfo, uint32_t rank, HcclComm* comm) {
  (void)comm;
  return fail(HCCL_E_NOT_SUPPORT, "HcclCommInitClusterInfo", "rank %u: a rank table file (%s) describes the NPUs of "
              "servers; opkit simulates the devices of one process: use HcclCommInitRootInfo or HcclCommInitAll",
              rank, clusterInfo != nullptr ? clusterInfo : "null");
}

HCCL_API HcclResult HcclCommDestroy(HcclComm comm) {
  Rank* r = rank_of(comm);
  if (r == nullptr) return fail(HCCL_E_PTR, "HcclCommDestroy", "comm %p is not a communicator", comm);
  r->magic = 0;
  delete r;
  return HCCL_SUCCESS;
}

HCCL_API HcclResult HcclGetRankSize(HcclComm comm, uint32_t* rankSize) {
  Rank* r = rank_of(comm);
  if (r == nullptr || rankSize == nullptr) return fail(HCCL_E_PTR, "HcclGetRankSize", "comm or rankSize is invalid");
  *rankSize = r->comm->n;
  return HCCL_SUCCESS;
}

HCCL_API HcclResult HcclGetRankId(HcclComm comm, uint32_t* rank) {
  Rank* r = rank_of(comm);
  if (r == nullptr || rank == nullptr) return fail(HCCL_E_PTR, "HcclGetRankId", "comm or rank is invalid");
  *rank = r->rank;
  return HCCL_SUCCESS;
}

HCCL_API HcclResult HcclGetCommName(HcclComm comm, char* commName) {
  Rank* r = rank_of(comm);
  if (r == nullptr || commName == nullptr) return fail(HCCL_E_PTR, "HcclGetCommName", "comm or commName is invalid");
  std::snprintf(commName, MAX_GROUP_NAME, "%s", r->comm->name.c_str());
  return HCCL_SUCCESS;
}

HCCL_API const char* HcclGetErrorString(HcclResult code) {
  static const char* const names[] = {"HCCL_SUCCESS", "HCCL_E_PARA", "HCCL_E_PTR", "HCCL_E_MEMORY", "HCCL_E_INTERNAL",
                                      "HCCL_E_NOT_SUPPORT", "HCCL_E_NOT_FOUND", "HCCL_E_UNAVAIL", "HCCL_E_SYSCALL",
                                      "HCCL_E_TIMEOUT"};
  const int i = static_cast<int>(code);
  return i >= 0 && i < 10 ? names[i] : "HCCL_E_OTHER";
}

HCCL_API HcclResult HcclAllReduce(void* sendBuf, void* recvBuf, uint64_t count, HcclDataType dataType,
                                  HcclReduceOp op, HcclComm comm, void* /*stream*/) {
  return collective("HcclAllReduce", comm, 2, dataType, op, count, sendBuf, recvBuf);
}

HCCL_API HcclResult HcclAllGather(void* sendBuf, void* recvBuf, uint64_t sendCount, HcclDataType dataType,
                                  HcclComm comm, void* /*stream*/) {
  return collective("HcclAllGather", comm, 6, dataType, 0, sendCount, sendBuf, recvBuf);
}

HCCL_API HcclResult HcclReduceScatter(void* sendBuf, void* recvBuf, uint64_t recvCount, HcclDataType dataType,
                                      HcclReduceOp op, HcclComm comm, void* /*stream*/) {
  return collective("HcclReduceScatter", comm, 7, dataType, op, recvCount, sendBuf, recvBuf);
}

HCCL_API HcclResult HcclBroadcast(void* buf, uint64_t count, HcclDataType dataType, uint32_t root, HcclComm comm,
                                  void* /*stream*/) {
  Rank* r = rank_of(comm);
  if (r != nullptr && root >= r->comm->n) return fail(HCCL_E_PARA, "HcclBroadcast", "root %u of %u ranks", root, r->comm->n);
  return collective("HcclBroadcast", comm, 1, dataType, root, count, buf, buf);   // the root travels as the op
}

HCCL_API HcclResult HcclAlltoAll(const void* sendBuf, uint64_t sendCount, HcclDataType sendType, const void* recvBuf,
                                 uint64_t recvCount, HcclDataType recvType, HcclComm comm, void* /*stream*/) {
  if (sendCount != recvCount || sendType != recvType) {
    return fail(HCCL_E_PARA, "HcclAlltoAll", "send (%llu of type %d) and receive (%llu of type %d) must match",
                static_cast<unsigned long long>(sendCount), sendType, static_cast<unsigned long long>(recvCount),
                recvType);
  }
  return collective("HcclAlltoAll", comm, 10, sendType, 0, sendCount, sendBuf, recvBuf);
}

HCCL_API HcclResult HcclBarrier(HcclComm comm, void* /*stream*/) {
  return collective("HcclBarrier", comm, 0, HCCL_DATA_TYPE_INT8, 0, 0, nullptr, nullptr);
}

// ---- for the aclnn launch of an MC2 op (opkit/host/hccl_launch.h, found with dlsym) ----

// The context of one launch on the calling thread's rank of communicator `group`, or null with `err` filled.
HCCL_API void* opkit_hccl_launch_begin(const char* group, char* err, size_t err_len) {
  std::shared_ptr<Comm> c;
  {
    std::lock_guard<std::mutex> lock(registry().m);
    auto it = registry().by_name.find(group != nullptr ? group : "");
    if (it != registry().by_name.end()) c = it->second.lock();
  }
  if (!c) {
    set_err(err, err_len, std::string("no HCCL communicator is named '") + (group != nullptr ? group : "") +
                              "' (its name comes from HcclGetCommName of a live communicator)");
    return nullptr;
  }
  const int32_t dev = current_device();
  uint32_t rank = c->n;
  for (uint32_t i = 0; i < c->n; ++i) {
    if (c->devices[i] == dev) rank = i;
  }
  if (rank == c->n) {
    set_err(err, err_len, "the calling thread's device " + std::to_string(dev) + " is no rank of communicator '" +
                              c->name + "' (aclrtSetDevice to the rank's device first)");
    return nullptr;
  }
  std::lock_guard<std::mutex> lock(c->m);
  if (c->windows.empty()) {  // CANN's HCCL_BUFFSIZE (MB, default 200): each rank's window in and out
    const char* env = std::getenv("HCCL_BUFFSIZE");
    const uint64_t mb = env != nullptr && std::atoi(env) > 0 ? std::strtoull(env, nullptr, 10) : 200;
    c->window_bytes = mb << 20;
    for (uint32_t i = 0; i < 2 * c->n; ++i) c->windows.push_back(static_cast<uint8_t*>(std::calloc(1, c->window_bytes)));
  }
  auto* r = new Rank;  // this launch's view of the rank, sharing the communicator
  r->comm = c;
  r->rank = rank;
  auto* ctx = new Context;
  fill_context(*ctx, *r);
  ctx->window_bytes = c->window_bytes;
  for (uint32_t i = 0; i < c->n; ++i) {
    ctx->windows_in[i] = c->windows[2 * i];
    ctx->windows_out[i] = c->windows[2 * i + 1];
  }
  return ctx;
}

// The launch is over; `fault` (or null) is why its kernel failed: the other ranks' waits then fail too.
HCCL_API void opkit_hccl_launch_end(void* context, const char* fault) {
  auto* ctx = static_cast<Context*>(context);
  if (ctx == nullptr) return;
  auto* r = static_cast<Rank*>(ctx->comm);
  if (fault != nullptr) {
    Comm& c = *r->comm;
    std::lock_guard<std::mutex> lock(c.m);
    if (c.aborted.empty()) {
      c.aborted = "rank " + std::to_string(r->rank) + "'s kernel failed: " + std::string(fault).substr(0, 400);
    }
    c.cv.notify_all();
  }
  delete r;
  delete ctx;
}

}  // extern "C"

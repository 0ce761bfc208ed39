// Opt-in recording of the work each block issues to each NPU pipe, the input of `opkit profile`'s time estimate.
//
// Off by default: every hook is `if (BlockRecord* r = current_block().rec)`, one well-predicted branch on a pointer
// that is null unless a launch records. On when $OPKIT_PROFILE names a file (read at the first launch) or after
// opkit::sim::set_profile_output(path); each recorded launch appends to that file one JSON header line (padded with
// spaces so that the binary part starts at a file offset that is a multiple of 8)
//   {"format": "opkit-profile/4", "op": ..., "soc": ..., "block_dim": n, "names": [api names],
//    "events": [event count per block], "runs": [run count per block], "copies": [Copy event count per block],
//    "classes": k, "aic_per_block": 0-1, "aiv_per_block": 0-2, "fused": 0|1}
// followed by four little-endian binary arrays:
//   1. the k event classes (EventClasses), each 6 int64: kind, name index, a, b, c, d of one event of the class
//      with a copy's a reduced to its pipe and bypass bits and its GM offset to the offset's 512-byte phase;
//   2. the exact a and d (2 int64) of every Copy event, blocks in block order, events in program order;
//   3. each block's events as runs (profile_runs.h), blocks in block order: period and repeats (2 uint32) per run;
//   4. the runs' periods: the class (uint32, from 0) of each event of each run's period, runs in order.
// An event is its class's row with, for a Copy, its own a and d; a block's events are its runs' periods, each
// repeated. A tiled kernel records millions of events that fall into a few dozen classes and repeat tile after
// tile: this costs 16 bytes per copy and a few per run where rows cost 48 per event, and the timing model costs
// each class once. The timing model that turns the events into microseconds is Python
// (opkit/profile/), so this layer only counts.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <vector>

#include "opkit/sim/context.h"
#include "opkit/sim/profile_runs.h"

namespace opkit::sim::detail {

// Event kinds and their fields a, b, c, d. Pipes are pipe_t values (PIPE_V 1, PIPE_MTE2 4, PIPE_MTE3 5, PIPE_S 0).
enum class Ev : uint8_t {
  Copy = 0,      // a: pipe | (1 << 7 when the GM side bypasses L2: SetL2CacheHint CACHE_MODE_DISABLE) | (GM buffer
                 //   index << 8), b: bursts, c: bytes per burst, d: GM offset of the first burst (from its buffer's
                 //   start) + (GM gap between bursts << 40)
  Vec = 1,       // a: element bytes, b: repeats, c: active elements per repeat, d: UB bank accesses per repeat beyond
                 //   one per bank group, x16 (bank_conflicts below; 0 when the operands' UB offsets are unknown)
  Alloc = 2,     // a: buffer id, b: queue source position, c: queue destination position (TPosition values),
                 //   d: queue id << 8 | the queue's buffer count
  EnQue = 3,     // same fields as Alloc
  DeQue = 4,
  Free = 5,
  SetFlag = 6,   // a: HardEvent, b: event id
  WaitFlag = 7,
  Barrier = 8,   // a: pipe_t
  SyncAll = 9,
  ScalarUb = 10,  // a: accesses (consecutive ones merged)
  ScalarGm = 11,  // a: accesses, b: of them touching a new 64-byte line (a data cache miss)
  Cube = 12,     // a cube-side instruction, a: pipe_t; PIPE_MTE1 (3, L1 -> L0A/L0B/bias table): b bytes, c 1 when
                 //   transposed; PIPE_M (2, Mmad): b m, c k, d n | (input element bits << 32); PIPE_FIX (10, L0C ->
                 //   GM/L1/UB): b rows, c bytes per row, d 1 when it writes GM (profile_hooks.h)
  CrossSet = 13,   // CrossCoreSetFlag, a: flag id, b: mode, c: pipe_t whose work so far it waits for (mode 3: the
                   //   Matmul API's answer to the vector core whose index is a - 65536, lib/matmul/matmul_profile.h)
  CrossWait = 14,  // CrossCoreWaitFlag, a: flag id, c: pipe_t that waits
};

// An event's class: events of one class cost the same (equal fields, a copy's GM offset reduced to its 512-byte phase
// and its buffer index left out), so the timing model costs each class once without sorting the launch's events.

class EventClasses {
 public:
  // The class (from 0) of a row (kind, name, a, b, c, d), a new one when unseen (its reduced row appended to
  // `table`, k rows of 6).
  uint32_t id(const int64_t* r, std::vector<int64_t>& table) {
    int64_t k[6] = {r[0], r[1], r[2], r[3], r[4], r[5]};
    if (k[0] == static_cast<int64_t>(Ev::Copy)) {
      constexpr int64_t kOffset = (int64_t(1) << 40) - 1;
      k[2] &= 0xFF;  // pipe and bypass bit; not the GM buffer
      k[5] = (k[5] & ~kOffset) | ((k[5] & kOffset) % 512);
    }
    // A tiled loop repeats its events: the two classes that last followed this one's predecessor are tried first
    // (ping-pong buffers alternate two).
    if (prev_ < next_.size()) {
      uint32_t* guess = next_[prev_].data();
      for (int i = 0; i < 2; ++i) {
        if (guess[i] != kNoClass && std::equal(k, k + 6, table.begin() + 6 * static_cast<ptrdiff_t>(guess[i]))) {
          if (i == 1) std::swap(guess[0], guess[1]);
          return prev_ = guess[0];
        }
      }
    }
    const uint32_t found = lookup(k, table);
    if (prev_ < next_.size()) next_[prev_] = {found, next_[prev_][0]};
    return prev_ = found;
  }

 private:
  static constexpr uint32_t kNoClass = ~0u;

  uint32_t lookup(const int64_t* k, std::vector<int64_t>& table) {
    uint64_t h = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < 6; ++i) h = (h ^ static_cast<uint64_t>(k[i])) * 0xBF58476D1CE4E5B9ull, h ^= h >> 31;
    if (2 * (count_ + 1) > slots_.size()) grow();
    for (size_t i = h & (slots_.size() - 1);; i = (i + 1) & (slots_.size() - 1)) {
      Slot& s = slots_[i];
      if (s.id == 0) {
        std::copy(k, k + 6, s.key);
        s.hash = h;
        s.id = ++count_;
        table.insert(table.end(), k, k + 6);
        next_.push_back({kNoClass, kNoClass});
        return s.id - 1;
      }
      if (s.hash == h && std::equal(k, k + 6, s.key)) return s.id - 1;
    }
  }

  struct Slot {
    int64_t key[6];
    uint64_t hash;
    uint32_t id;
  };

  void grow() {
    std::vector<Slot> old;
    old.swap(slots_);
    slots_.assign(old.empty() ? 1024 : 2 * old.size(), Slot{});
    for (const Slot& s : old) {
      if (s.id == 0) continue;
      size_t i = s.hash & (slots_.size() - 1);
      while (slots_[i].id != 0) i = (i + 1) & (slots_.size() - 1);
      slots_[i] = s;
    }
  }

  std::vector<Slot> slots_;
  uint32_t count_ = 0;
  std::vector<std::array<uint32_t, 2>> next_;  // per class: the classes of the events that followed it last
  uint32_t prev_ = kNoClass;
};

// An append-only array kept in 32-64 KB chunks: growing it copies nothing and allocates each byte once (a vector
// that doubles copies what it holds and, past malloc's mmap threshold, faults in fresh pages at every step).
template <typename T>
class Chunked {
 public:
  static constexpr size_t kChunk = 8192;

  void push_back(T v) {
    if (parts_.empty() || parts_.back().size() == kChunk) {
      parts_.emplace_back();
      parts_.back().reserve(kChunk);
    }
    parts_.back().push_back(v);
  }
  size_t size() const { return parts_.empty() ? 0 : (parts_.size() - 1) * kChunk + parts_.back().size(); }
  std::vector<std::vector<T>>& parts() { return parts_; }
  const std::vector<std::vector<T>>& parts() const { return parts_; }

 private:
  std::vector<std::vector<T>> parts_;
};

struct ProfEvent {
  Ev kind;
  const char* api;
  uint64_t a, b, c, d;
};

struct BlockRecord {
  // The last events, which the hooks still amend (a vector instruction's bank conflicts once its operands are seen,
  // merged scalar accesses). Older ones are classed as they go (classes/table/ids/copies, the API's name pointer
  // standing in for its name index until the launch is written): a block keeps its events' classes as runs of a
  // repeated period (a tiled loop's are a few runs) and 16 bytes per copy instead of a growing vector of 48-byte
  // events.
  static constexpr size_t kWindow = 64;
  static constexpr size_t kFlushAt = 1024;  // events kept before classing all but the window (each moved ~1/15 times)
  std::vector<ProfEvent> events;
  EventClasses classes;
  std::vector<int64_t> table;
  IdRuns ids;               // the class of every event classed so far
  Chunked<int64_t> copies;  // a, d of every Copy event classed so far

  size_t size() const { return ids.size() + events.size(); }

  // Class all events but the last `keep`.
  void flush(size_t keep) {
    const size_t n = events.size() > keep ? events.size() - keep : 0;
    for (size_t i = 0; i < n; ++i) {
      const ProfEvent& e = events[i];
      const int64_t r[6] = {static_cast<int64_t>(e.kind), static_cast<int64_t>(reinterpret_cast<uintptr_t>(e.api)),
                            static_cast<int64_t>(e.a), static_cast<int64_t>(e.b), static_cast<int64_t>(e.c),
                            static_cast<int64_t>(e.d)};
      ids.push(classes.id(r, table));
      if (e.kind == Ev::Copy) copies.push_back(r[2]), copies.push_back(r[5]);
    }
    events.erase(events.begin(), events.begin() + static_cast<ptrdiff_t>(n));
    op_event = op_event != ~size_t(0) && op_event >= n ? op_event - n : ~size_t(0);
  }
  // The mask plan of the mask/repeat-form instruction being issued (common.h's plan_mask runs first).
  uint32_t plan_repeats = 0;
  uint32_t plan_active = 0;
  uint64_t gm_line = ~0ull;  // the 64-byte GM line of the last scalar GM access

  // The vector instruction whose operands are being checked (tensor.h's require_ub_operand): its UB offsets (dst,
  // src0, src1; kNone until seen) and strides in 32-byte blocks (the mask form's repeat parameters, else contiguous).
  static constexpr uint32_t kNone = ~0u;
  const char* op_api = nullptr;
  uint32_t op_off[3] = {kNone, kNone, kNone};
  uint32_t op_blk[3] = {1, 1, 1};
  uint32_t op_rep[3] = {8, 8, 8};
  size_t op_event = ~size_t(0);  // its Vec event, once recorded

  void begin_op(const char* api) {
    op_api = api;
    op_off[0] = op_off[1] = op_off[2] = kNone;
    op_blk[0] = op_blk[1] = op_blk[2] = 1;
    op_rep[0] = op_rep[1] = op_rep[2] = 8;
    op_event = ~size_t(0);
  }

  // A mask-form instruction's strides (dst, src0, src1), noted before its operands are checked.
  void note_strides(const char* api, uint32_t dst_blk, uint32_t src0_blk, uint32_t src1_blk, uint32_t dst_rep,
                    uint32_t src0_rep, uint32_t src1_rep) {
    begin_op(api);
    op_blk[0] = dst_blk, op_blk[1] = src0_blk, op_blk[2] = src1_blk;
    op_rep[0] = dst_rep, op_rep[1] = src0_rep, op_rep[2] = src1_rep;
  }

  // One operand of a vector instruction (role 0 dst, 1 src/src0, 2 src1) at UB offset `off`.
  void note_operand(const char* api, int role, uint32_t off) {
    const bool fresh = op_api != api || op_off[role] != kNone;
    if (fresh) begin_op(api);
    op_off[role] = off;
    if (op_event < events.size() && events[op_event].kind == Ev::Vec) events[op_event].d = bank_conflicts();
  }

  // UB bank accesses per repeat beyond one, x16, over the first 16 repeats, by the Atlas A2/A3 UB layout (asc-devkit
  // bank_conflict_ub README): an 18-bit UB offset is {bank[1:0], row[6:0], bank group[3:0], byte[4:0]}; a repeat reads
  // 8 datablocks of each source and writes the previous repeat's 8 of dst in one cycle when the reads fall in distinct
  // bank groups, the writes too, and no write is in the bank of a read. Otherwise the busiest bank group (or bank)
  // takes one more cycle per further datablock it serves (a read-write conflict: one more cycle; conflicts of
  // several kinds in one repeat cost as the worst of them).
  // A tiled kernel issues the same few instructions over and over: the last results are kept (ping-pong buffers).
  struct ConflictMemo {
    uint32_t key[10];
    uint64_t value;
  };
  ConflictMemo memo[4] = {};
  uint32_t memo_next = 0;

  uint64_t bank_conflicts() {
    if (op_event >= events.size()) return 0;
    const uint64_t all = events[op_event].b;
    const uint32_t key[10] = {op_off[0], op_off[1], op_off[2], op_blk[0], op_blk[1], op_blk[2], op_rep[0], op_rep[1],
                              op_rep[2], static_cast<uint32_t>(std::min<uint64_t>(all, 16))};
    for (const ConflictMemo& m : memo) {
      if (std::equal(key, key + 10, m.key)) return m.value;
    }
    ConflictMemo& slot = memo[memo_next++ % 4];
    std::copy(key, key + 10, slot.key);
    slot.value = count_conflicts(std::min<uint64_t>(all, 16));
    return slot.value;
  }

  uint64_t count_conflicts(uint64_t repeats) const {
    if (repeats == 0) return 0;
    uint64_t extra = 0;
    for (uint64_t r = 0; r < repeats; ++r) {
      uint32_t reads[16];
      int n = 0;
      uint8_t group_reads[16] = {0};
      uint8_t group_writes[16] = {0};
      uint8_t read_bank[64] = {0};
      for (int s = 1; s <= 2; ++s) {
        if (op_off[s] == kNone) continue;
        for (uint32_t k = 0; k < 8; ++k) {
          const uint32_t a = op_off[s] + uint32_t((r * op_rep[s] + k * op_blk[s]) * 32);
          bool seen = false;
          for (int i = 0; i < n; ++i) seen = seen || reads[i] == a;
          if (seen) continue;
          reads[n++] = a;
          ++group_reads[(a >> 5) & 15];
          read_bank[((a >> 5) & 15) | (((a >> 16) & 3) << 4)] = 1;
        }
      }
      int rw = 0;
      if (r > 0 && op_off[0] != kNone) {
        for (uint32_t k = 0; k < 8; ++k) {
          const uint32_t w = op_off[0] + uint32_t(((r - 1) * op_rep[0] + k * op_blk[0]) * 32);
          ++group_writes[(w >> 5) & 15];
          if (read_bank[((w >> 5) & 15) | (((w >> 16) & 3) << 4)]) rw = 1;
        }
      }
      int most = 1 + rw;  // a conflicted cycle serves one more access, whichever rule it broke
      for (int g = 0; g < 16; ++g) most = std::max<int>(most, std::max(group_reads[g], group_writes[g]));
      extra += uint64_t(most - 1);
    }
    return extra * 16 / repeats;
  }

  void add(Ev kind, const char* api, uint64_t a = 0, uint64_t b = 0, uint64_t c = 0, uint64_t d = 0) {
    if (events.size() >= kFlushAt) flush(kWindow);
    events.push_back(ProfEvent{kind, api, a, b, c, d});
  }

  void note_plan(uint32_t repeats, uint32_t active) {
    plan_repeats = repeats;
    plan_active = active;
  }

  // One vector instruction: `bytes` of its source operand (count form) or the pending mask plan (mask form).
  void vec(const char* api, uint64_t elem_bytes, uint64_t bytes) {
    uint64_t repeats = (bytes + 255) / 256;
    uint64_t active = elem_bytes == 0 ? 0 : 256 / elem_bytes;
    if (plan_repeats != 0) {
      repeats = plan_repeats;
      active = plan_active;
      plan_repeats = 0;
    }
    add(Ev::Vec, api, elem_bytes, repeats, active, 0);
    if (op_api == api) {
      op_event = events.size() - 1;
      events.back().d = bank_conflicts();
    }
  }

  void scalar_ub(const char* api) {
    if (!events.empty() && events.back().kind == Ev::ScalarUb) {
      ++events.back().a;
      return;
    }
    add(Ev::ScalarUb, api, 1);
  }

  void scalar_gm(const char* api, const void* p) {
    const uint64_t line = reinterpret_cast<uintptr_t>(p) / 64;
    const uint64_t miss = line != gm_line ? 1 : 0;
    gm_line = line;
    if (!events.empty() && events.back().kind == Ev::ScalarGm) {
      ++events.back().a;
      events.back().b += miss;
      return;
    }
    add(Ev::ScalarGm, api, 1, miss);
  }
};

struct LaunchProfile {
  std::vector<BlockRecord> blocks;
  // The instructions a cube core issues for the Matmul calls of its vector cores (lib/matmul/matmul_profile.h), in
  // arrival order, per core index: the vector cores' threads compute the Matmul here, so they append under the lock;
  // write() adds them to the cube core's record, whose own thread has left by then.
  std::vector<std::vector<ProfEvent>> served;
  std::mutex served_lock;
};

// Where recorded launches go: a file path, or none (recording off).
class ProfileSink {
 public:
  static ProfileSink& instance() {
    static ProfileSink sink;
    return sink;
  }

  bool on() const { return on_.load(std::memory_order_relaxed); }

  void set_path(const std::string& path) {
    std::lock_guard<std::mutex> lock(m_);
    path_ = path;
    on_.store(!path.empty(), std::memory_order_relaxed);
  }

  // Append one launch (header line + binary events); a file that cannot be opened is reported once on stderr, not a
  // kernel fault.
  // aic/aiv: the cores of one block (cube/kernel_type.h), records in core order (block b's AIC first, then its AIVs);
  // fused: each core is AIC and AIV at once (910, 310P, 310B).
  void write(LaunchProfile& p, const std::string& op, const char* soc, int64_t block_dim, int aic = 0, int aiv = 1,
             bool fused = false) {
    std::lock_guard<std::mutex> lock(m_);
    if (path_.empty()) return;
    std::FILE* f = std::fopen(path_.c_str(), "ab");
    if (f == nullptr) {
      std::fprintf(stderr, "opkit: cannot append the profile to '%s'; recording is turned off\n", path_.c_str());
      path_.clear();
      on_.store(false);
      return;
    }
    // The blocks' classes merged in block order: the same classes, ids and names as classing every event of the
    // launch in order would give. Each block's ids and copies are written from where it holds them.
    std::vector<const char*> names;
    size_t last = 0;
    EventClasses classes;
    std::vector<int64_t> table;
    std::vector<std::vector<uint32_t>> to_launch(p.blocks.size());
    for (size_t i = 0; i < p.served.size() && i < p.blocks.size(); ++i) {
      for (const ProfEvent& e : p.served[i]) p.blocks[i].add(e.kind, e.api, e.a, e.b, e.c, e.d);
    }
    for (size_t i = 0; i < p.blocks.size(); ++i) {
      BlockRecord& b = p.blocks[i];
      b.flush(0);
      b.ids.finish();
      to_launch[i].resize(b.table.size() / 6);
      for (size_t j = 0; j < to_launch[i].size(); ++j) {
        int64_t r[6];
        std::copy(b.table.begin() + 6 * static_cast<ptrdiff_t>(j), b.table.begin() + 6 * static_cast<ptrdiff_t>(j + 1),
                  r);
        const char* api = reinterpret_cast<const char*>(static_cast<uintptr_t>(r[1]));
        r[1] = static_cast<int64_t>(name_index(names, last, api));
        to_launch[i][j] = classes.id(r, table);
      }
    }
    std::string head = "{\"format\": \"opkit-profile/4\", \"op\": \"" + json(op) + "\", \"soc\": \"" + soc +
                       "\", \"block_dim\": " + std::to_string(block_dim) + ", \"names\": [";
    for (size_t i = 0; i < names.size(); ++i) head += (i ? ", \"" : "\"") + json(names[i]) + "\"";
    head += "], \"events\": [";
    for (size_t i = 0; i < p.blocks.size(); ++i) head += (i ? ", " : "") + std::to_string(p.blocks[i].ids.size());
    head += "], \"runs\": [";
    for (size_t i = 0; i < p.blocks.size(); ++i) {
      head += (i ? ", " : "") + std::to_string(p.blocks[i].ids.runs().size() / 2);
    }
    head += "], \"copies\": [";
    for (size_t i = 0; i < p.blocks.size(); ++i) {
      head += (i ? ", " : "") + std::to_string(p.blocks[i].copies.size() / 2);
    }
    head += "], \"classes\": " + std::to_string(table.size() / 6) + ", \"aic_per_block\": " + std::to_string(aic) +
            ", \"aiv_per_block\": " + std::to_string(aiv) + ", \"fused\": " + (fused ? "1" : "0") + "}";
    std::fseek(f, 0, SEEK_END);
    const long at = std::ftell(f);
    while ((at + long(head.size()) + 1) % 8 != 0) head += ' ';
    head += '\n';
    std::fwrite(head.data(), 1, head.size(), f);
    std::fwrite(table.data(), sizeof(int64_t), table.size(), f);
    for (const BlockRecord& b : p.blocks) {
      for (const std::vector<int64_t>& part : b.copies.parts()) {
        std::fwrite(part.data(), sizeof(int64_t), part.size(), f);
      }
    }
    for (size_t i = 0; i < p.blocks.size(); ++i) {
      std::fwrite(p.blocks[i].ids.runs().data(), sizeof(uint32_t), p.blocks[i].ids.runs().size(), f);
    }
    for (size_t i = 0; i < p.blocks.size(); ++i) {  // renumbered in place: the block's record ends with the launch
      std::vector<uint32_t>& bases = p.blocks[i].ids.bases();
      for (uint32_t& id : bases) id = to_launch[i][id];
      std::fwrite(bases.data(), sizeof(uint32_t), bases.size(), f);
    }
    std::fclose(f);
  }

 private:
  ProfileSink() {
    if (const char* env = std::getenv("OPKIT_PROFILE")) set_path(env);
  }

  // The index of `api` in `names`, added when new. A launch calls few distinct APIs, mostly the same one as the event
  // before (`last`): a linear scan by pointer beats hashing every event.
  static size_t name_index(std::vector<const char*>& names, size_t& last, const char* api) {
    if (last < names.size() && names[last] == api) return last;
    for (last = 0; last < names.size(); ++last) {
      if (names[last] == api) return last;
    }
    names.push_back(api);
    return last;
  }

  static std::string json(const std::string& s) {
    std::string out;
    for (char c : s) {
      if (c == '"' || c == '\\') out += '\\';
      if (static_cast<unsigned char>(c) >= 0x20) out += c;
    }
    return out;
  }

  std::mutex m_;
  std::string path_;
  std::atomic<bool> on_{false};
};

}  // namespace opkit::sim::detail

namespace opkit::sim {

// Record every later launch of this process into `path` (appended; format above); "" turns recording off.
inline void set_profile_output(const std::string& path) { detail::ProfileSink::instance().set_path(path); }

}  // namespace opkit::sim

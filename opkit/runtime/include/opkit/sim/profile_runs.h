// The recorder's storage of a block's event classes (profile.h): runs of a repeated period instead of one id per
// event. A tiled loop issues the same classes tile after tile (two tiles apart with ping-pong buffers), so a block
// of millions of events holds a few runs: (period, repeats) and the period's ids once.
#pragma once

#include <cstdint>
#include <vector>

namespace opkit::sim::detail {

// A block's class ids in program order as runs: run r repeats its `period` ids (kept in `bases`, runs in order)
// `repeats` times. An id that recurs within the pending literals starts a trial period (the distance back to its
// last occurrence); the trial becomes a run once it has matched a whole period and at least kMinMatch ids, else the
// ids stay literals (a run of repeats 1). Decoding: each run's period ids, repeated, runs in order.
class IdRuns {
 public:
  static constexpr uint64_t kMinMatch = 32;
  static constexpr size_t kMaxLiterals = 1 << 16;  // literals not in a trial are emitted beyond this many

  // (inline: the next id of a repeating period, nearly every id of a tiled loop)
  void push(uint32_t x) {
    if (repeating_ && x == base_[pos_] && reps_ < UINT32_MAX - 1) {
      ++n_;
      if (++pos_ == base_.size()) pos_ = 0, ++reps_;
      return;
    }
    push_other(x);
  }

  // Everything pushed, as runs (call once, after the last push).
  void finish() {
    if (repeating_) end_repeat();
    if (!lit_.empty()) emit(lit_.data(), lit_.size(), 1);
    lit_at_ += lit_.size();
    lit_.clear();
    trial_ = 0;
  }

  uint64_t size() const { return n_; }
  std::vector<uint32_t>& runs() { return runs_; }   // period, repeats of each run
  std::vector<uint32_t>& bases() { return bases_; }

 private:
  static constexpr uint64_t kNever = ~uint64_t(0);

  void push_other(uint32_t x) {
    ++n_;
    if (repeating_) end_repeat();   // x breaks the period (or the repeat count is full)
    if (trial_ != 0) {
      if (x == lit_[lit_.size() - trial_]) {
        lit_.push_back(x);
        note(x);
        if (++matched_ >= trial_ && matched_ >= kMinMatch) start_repeat();
        return;
      }
      trial_ = 0;
    }
    const uint64_t at = n_ - 1;  // x's position in the block
    if (x < last_.size() && last_[x] != kNever && last_[x] >= lit_at_) {
      trial_ = static_cast<size_t>(at - last_[x]);
      matched_ = 1;
    } else if (lit_.size() >= kMaxLiterals) {
      emit(lit_.data(), lit_.size(), 1);
      lit_at_ += lit_.size();
      lit_.clear();
    }
    lit_.push_back(x);
    note(x);
  }

  void note(uint32_t x) {
    if (x >= last_.size()) last_.resize(x + 1, kNever);
    last_[x] = n_ - 1;
  }

  void emit(const uint32_t* ids, size_t count, uint32_t repeats) {
    if (count == 0) return;
    runs_.push_back(static_cast<uint32_t>(count));
    runs_.push_back(repeats);
    bases_.insert(bases_.end(), ids, ids + count);
  }

  // The trial matched: the literals before its period are a run, the period repeats (the matched ids: whole
  // repeats, then pos_ ids into the next).
  void start_repeat() {
    const size_t start = lit_.size() - matched_ - trial_;
    emit(lit_.data(), start, 1);
    base_.assign(lit_.begin() + static_cast<ptrdiff_t>(start), lit_.begin() + static_cast<ptrdiff_t>(start + trial_));
    reps_ = static_cast<uint32_t>(1 + matched_ / trial_);
    pos_ = matched_ % trial_;
    repeating_ = true;
    lit_.clear();
    trial_ = 0;
  }

  // The period stopped repeating: its whole repeats are a run; the ids into an unfinished repeat are literals again.
  void end_repeat() {
    emit(base_.data(), base_.size(), reps_);
    lit_.assign(base_.begin(), base_.begin() + static_cast<ptrdiff_t>(pos_));
    lit_at_ = n_ - 1 - pos_;   // (n_ counts the id being pushed, not yet placed)
    repeating_ = false;
    reps_ = 0;
    pos_ = 0;
  }

  uint64_t n_ = 0;
  std::vector<uint32_t> lit_;       // pending literals, the block's ids from position lit_at_
  uint64_t lit_at_ = 0;
  std::vector<uint64_t> last_;      // per class: its last position among the literals (kNever: none)
  size_t trial_ = 0;                // the trial period (0: none) and how many ids matched it so far
  uint64_t matched_ = 0;
  bool repeating_ = false;
  std::vector<uint32_t> base_;      // the repeating period, its whole repeats so far and the ids into the next
  uint32_t reps_ = 0;
  size_t pos_ = 0;
  std::vector<uint32_t> runs_;
  std::vector<uint32_t> bases_;
};

}  // namespace opkit::sim::detail

// LocalTensor (a window into this block's Unified Buffer) and the operand checks every vector/copy API makes.
// CONTRACT (sim-core owns this file, sim-vector builds on it): the members and helpers marked CONTRACT keep
// their names and meaning; everything else may grow.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include "opkit/sim/context.h"
#include "opkit/sim/numeric.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/local_memory_ia.h"
#include "opkit/sim/positions.h"
#include "opkit/sim/profile.h"
#include "opkit/sim/shape_info.h"

namespace opkit::sim::detail {
struct BufferSlot;  // a queue/TBuf buffer's state machine (pipe.h)

// One end of the buffer a tensor lives in (the queue/TBuf buffer, or the UB end for loose tensors), so that
// SetSize cannot grow a view past memory the kernel owns. Defined in pipe.h.
const uint8_t* buffer_end(const BufferSlot* slot);

// An access of bytes [from, to) from `p` by a tensor of `have` bytes in `slot`'s buffer that runs past the tensor:
// true, after a warning once per buffer and launch, when every byte past it is UB no live buffer holds (the access
// then goes ahead in the block's UB); false when it stays a fault, with ub_overrun_note's words. ub_overrun.h.
inline bool ub_overrun_unheld(const char* api, const char* role, const void* p, uint64_t have, uint64_t from,
                              uint64_t to, const BufferSlot* slot, const SourceLoc& where);
inline std::string ub_overrun_note(const void* p, uint64_t have, uint64_t to);

// `dst = a + b` and friends: the operator returns this, LocalTensor::operator= runs the vector instruction.
enum class TensorOp : uint8_t { Add, Sub, Mul, Div, Or, And };
template <typename T, TensorOp Op>
struct TensorExpr;
}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T>
class LocalTensor {
 public:
  using PrimType = T;
  using SourceLoc = opkit::sim::detail::SourceLoc;

  LocalTensor() = default;
  // Static-tensor programming: `tileSize` elements at UB byte offset `addr` (static_tensor.h).
  LocalTensor(TPosition pos, uint32_t addr, uint32_t tileSize, OPKIT_SIM_HERE);

  // CONTRACT: host address of element 0 of this view, and the number of elements the view may touch.
  T* GetPhyAddr() const { return opkit_addr; }
  T* GetPhyAddr(uint32_t offset) const { return opkit_addr + offset; }
  uint32_t GetSize() const { return opkit_count; }
  uint32_t GetLength() const { return opkit_count * static_cast<uint32_t>(sizeof(T)); }

  // A view from `offset` to the end of this view (CANN keeps the remaining length).
  LocalTensor operator[](uint32_t offset) const {
    // int4b_t: two values to a byte, the count in bytes; an offset in values must land on a byte.
    if constexpr (opkit_is_int4_v<T>) {
      if (offset % 2 != 0) {
        opkit::sim::detail::fault("LocalTensor::operator[]", opkit::sim::detail::cat(
            "offset ", offset, " of an int4b_t tensor is odd: a view starts on a byte (two values)"));
      }
      offset /= 2;
    }
    if (offset > opkit_count) {
      opkit::sim::detail::fault("LocalTensor::operator[]", opkit::sim::detail::cat(
          "offset ", offset, " is past the end of a tensor of ", opkit_count, " elements"));
    }
    LocalTensor view = *this;
    view.opkit_addr = opkit_addr + offset;
    view.opkit_count = opkit_count - offset;
    return view;
  }

  T GetValue(uint32_t index, SourceLoc where = SourceLoc::here()) const {
    return *element("LocalTensor::GetValue", index, where);
  }
  void SetValue(uint32_t index, T value, SourceLoc where = SourceLoc::here()) const {
    *element("LocalTensor::SetValue", index, where) = value;
  }
  T& operator()(uint32_t index, SourceLoc where = SourceLoc::here()) const {
    return *element("LocalTensor::operator()", index, where);
  }

  // Resize the view (elements); it may not reach past the buffer it was taken from.
  void SetSize(uint32_t size, SourceLoc where = SourceLoc::here()) {
    const uint8_t* end = opkit::sim::detail::buffer_end(opkit_slot);
    const auto* start = reinterpret_cast<const uint8_t*>(opkit_addr);
    const uint64_t room = end > start ? static_cast<uint64_t>(end - start) : 0;
    if (static_cast<uint64_t>(size) * sizeof(T) > room) {
      opkit::sim::detail::fault("LocalTensor::SetSize", opkit::sim::detail::cat(
          "size ", size, " x ", sizeof(T), " bytes exceeds the ", room, " bytes left in the tensor's buffer"), where);
    }
    opkit_count = size;
  }
  void SetBufferLen(uint32_t bytes) { SetSize(bytes / static_cast<uint32_t>(sizeof(T))); }

  int32_t GetPosition() const { return static_cast<int32_t>(opkit_pos); }
  void SetUserTag(TTagType tag) { opkit_tag = tag; }
  TTagType GetUserTag() const { return opkit_tag; }

  template <typename U>
  LocalTensor<U> ReinterpretCast() const {
    LocalTensor<U> t;
    t.opkit_addr = reinterpret_cast<U*>(opkit_addr);
    t.opkit_count = static_cast<uint32_t>(static_cast<uint64_t>(opkit_count) * sizeof(T) / sizeof(U));
    t.opkit_pos = opkit_pos;
    t.opkit_slot = opkit_slot;
    t.opkit_tag = opkit_tag;
    return t;
  }

  // dst = a + b (and - * / | &) over dst's length; runs the vector API of the same name.
  template <opkit::sim::detail::TensorOp Op>
  LocalTensor& operator=(const opkit::sim::detail::TensorExpr<T, Op>& e);
  LocalTensor(const LocalTensor&) = default;
  LocalTensor& operator=(const LocalTensor&) = default;

  // The shape the kernel attaches to the tensor (CANN's high-level APIs of some versions read it).
  void SetShapeInfo(const ShapeInfo& shapeInfo) { opkit_shape_info = shapeInfo; }
  ShapeInfo GetShapeInfo() const { return opkit_shape_info; }

  // CONTRACT: internals, public so free functions of the simulator can reach them; kernels never do.
  T* opkit_addr = nullptr;
  uint32_t opkit_count = 0;
  TPosition opkit_pos = TPosition::VECCALC;
  opkit::sim::detail::BufferSlot* opkit_slot = nullptr;
  TTagType opkit_tag = 0;
  ShapeInfo opkit_shape_info{};  // what SetShapeInfo stored; the simulator's APIs do not read it

 private:
  T* element(const char* api, uint32_t index, const SourceLoc& where) const {
    opkit::sim::detail::check_cancelled(api, where);
    if (opkit_addr == nullptr) opkit::sim::detail::fault(api, "the tensor has no buffer (never allocated)", where);
    if (index >= opkit_count && !opkit::sim::detail::ub_overrun_unheld(
                                    api, "the element", opkit_addr, uint64_t(opkit_count) * sizeof(T),
                                    uint64_t(index) * sizeof(T), (uint64_t(index) + 1) * sizeof(T), opkit_slot, where)) {
      opkit::sim::detail::fault(api, opkit::sim::detail::cat("index ", index, " is out of bounds for a tensor of ",
                                                             opkit_count, " elements"), where);
    }
    if (opkit::sim::detail::BlockRecord* r = opkit::sim::detail::current_block().rec) r->scalar_ub(api);
    if (opkit::sim::detail::current_block().local_mem_ia_on != 0) {
      namespace d = opkit::sim::detail;
      const std::string_view name(api);
      const uint64_t access = name == "LocalTensor::GetValue" ? d::kIaScalarRead
                              : name == "LocalTensor::SetValue" ? d::kIaScalarWrite
                                                                : d::kIaScalarRead | d::kIaScalarWrite;
      d::check_local_memory_ia(api, access, opkit_addr + index, sizeof(T), where);
    }
    return opkit_addr + index;
  }
};

}  // namespace AscendC

namespace opkit::sim::detail {

template <typename T, TensorOp Op>
struct TensorExpr {
  AscendC::LocalTensor<T> a;
  AscendC::LocalTensor<T> b;
};

// CONTRACT: fault unless `t` is a UB tensor of this block whose start is 32-byte aligned (relative to the
// UB base) and whose view covers `bytes` bytes from its start. `role` names the operand ("dst", "src0").
template <typename T>
void require_ub_operand(const char* api, const char* role, const AscendC::LocalTensor<T>& t, uint64_t bytes,
                        const SourceLoc& where = SourceLoc{});

// CONTRACT: a LocalTensor over `count` elements at `addr` (inside the current block's UB), for tests and
// for the simulator's own temporaries.
template <typename T>
AscendC::LocalTensor<T> make_local(T* addr, uint32_t count, AscendC::TPosition pos = AscendC::TPosition::VECCALC) {
  AscendC::LocalTensor<T> t;
  t.opkit_addr = addr;
  t.opkit_count = count;
  t.opkit_pos = pos;
  return t;
}

// Whether C string `s` starts with / is the literal `lit` (a loop over the literal's length the compiler unrolls).
template <size_t N>
inline bool cstr_starts(const char* s, const char (&lit)[N]) {
  for (size_t i = 0; i + 1 < N; ++i) {
    if (s[i] != lit[i]) return false;
  }
  return true;
}
template <size_t N>
inline bool cstr_is(const char* s, const char (&lit)[N]) {
  return cstr_starts(s, lit) && s[N - 1] == '\0';
}

// For `opkit profile`: every vector instruction checks its operands here, so one of them stands for the
// instruction: the source ("src", "src0", a high-level API's "inputX"), or the destination of a fill (Duplicate).
// Copies record themselves (copy.h).
inline void record_vec_operand(BlockRecord& r, const char* api, const char* role, uint64_t elem_bytes,
                               uint64_t bytes, uint64_t offset) {
  // (every vector instruction of a recorded launch passes here: compares unrolled against the literals)
  if (cstr_starts(api, "DataCopy")) return;
  const bool source = cstr_is(role, "src") || cstr_is(role, "src0") || cstr_is(role, "inputX");
  const bool dst = cstr_is(role, "dst");
  const int slot = dst ? 0 : source ? 1 : cstr_is(role, "src1") ? 2 : -1;
  if (slot >= 0) r.note_operand(api, slot, static_cast<uint32_t>(offset));
  if (source || (dst && cstr_is(api, "Duplicate"))) r.vec(api, elem_bytes, bytes);
}

template <typename T>
void require_ub_operand(const char* api, const char* role, const AscendC::LocalTensor<T>& t, uint64_t bytes,
                        const SourceLoc& where) {
  check_cancelled(api, where);  // every vector and copy API passes here: the cheapest place to stop a cancelled block
  const BlockContext& c = current_block();
  const auto* p = reinterpret_cast<const uint8_t*>(t.opkit_addr);
  if (c.ub_base == nullptr || p < c.ub_base || p >= c.ub_base + c.ub_size) {
    fault(api, cat(role, " is not a tensor in this block's Unified Buffer"), where);
  }
  const uint64_t offset = static_cast<uint64_t>(p - c.ub_base);
  if (offset % 32 != 0) {
    fault(api, cat(role, " starts at UB offset ", offset, ", which is not 32-byte aligned"), where);
  }
  const uint64_t have = static_cast<uint64_t>(t.opkit_count) * sizeof(T);
  if (bytes > have && !ub_overrun_unheld(api, role, p, have, 0, bytes, t.opkit_slot, where)) {
    fault(api, cat(role, " needs ", bytes, " bytes but the tensor holds ", have, " bytes (", t.opkit_count,
                   " elements)", ub_overrun_note(p, have, bytes)), where);
  }
  if (BlockRecord* r = c.rec) record_vec_operand(*r, api, role, sizeof(T), bytes, offset);
  if (c.local_mem_ia_on != 0) {
    const bool mte = cstr_starts(api, "DataCopy");
    const bool write = cstr_starts(role, "dst") || cstr_starts(role, "out");
    check_local_memory_ia(api, mte ? (write ? kIaMteWrite : kIaMteRead) : (write ? kIaVectorWrite : kIaVectorRead), p,
                          bytes, where);
  }
}

// Calls found by argument-dependent lookup when operator= is instantiated, so the vector APIs (vector.h)
// may be declared after this header.
// `if constexpr` so that only the instruction used is instantiated (Or/And exist for integers only).
template <typename T, TensorOp Op>
void run_tensor_expr(const AscendC::LocalTensor<T>& dst, const TensorExpr<T, Op>& e) {
  const int32_t n = static_cast<int32_t>(dst.GetSize());
  if constexpr (Op == TensorOp::Add) Add(dst, e.a, e.b, n);
  if constexpr (Op == TensorOp::Sub) Sub(dst, e.a, e.b, n);
  if constexpr (Op == TensorOp::Mul) Mul(dst, e.a, e.b, n);
  if constexpr (Op == TensorOp::Div) Div(dst, e.a, e.b, n);
  if constexpr (Op == TensorOp::Or) Or(dst, e.a, e.b, n);
  if constexpr (Op == TensorOp::And) And(dst, e.a, e.b, n);
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T>
template <opkit::sim::detail::TensorOp Op>
LocalTensor<T>& LocalTensor<T>::operator=(const opkit::sim::detail::TensorExpr<T, Op>& e) {
  opkit::sim::detail::run_tensor_expr(*this, e);
  return *this;
}

#define OPKIT_TENSOR_OPERATOR(sym, name)                                                                 \
  template <typename T>                                                                                  \
  opkit::sim::detail::TensorExpr<T, opkit::sim::detail::TensorOp::name> operator sym(                     \
      const LocalTensor<T>& a, const LocalTensor<T>& b) {                                                \
    return {a, b};                                                                                       \
  }
OPKIT_TENSOR_OPERATOR(+, Add)
OPKIT_TENSOR_OPERATOR(-, Sub)
OPKIT_TENSOR_OPERATOR(*, Mul)
OPKIT_TENSOR_OPERATOR(/, Div)
OPKIT_TENSOR_OPERATOR(|, Or)
OPKIT_TENSOR_OPERATOR(&, And)
#undef OPKIT_TENSOR_OPERATOR

}  // namespace AscendC

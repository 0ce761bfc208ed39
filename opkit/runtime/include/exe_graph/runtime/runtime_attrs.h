// gert::RuntimeAttrs: an op's attribute values by OpDef index, with CANN's typed and raw getters.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "exe_graph/runtime/continuous_vector.h"
#include "opkit/host/attr_value.h"

namespace gert {

// Storage per kind, as op_host code reads it through GetAttrPointer<T>(i) (same as CANN):
//   int -> int64_t, float -> float, bool -> bool, string -> char (NUL-terminated), type -> ge::DataType,
//   list_int/list_float/list_bool -> TypedContinuousVector<int64_t/float/bool>,
//   list_string -> TypedContinuousVector<const char*> (opkit: CANN has no list_string attrs on OpDef),
//   list_list_int -> ContinuousVectorVector.
// The typed getters (GetInt, GetListInt, ...) return nullptr when the index is out of range or the attr has
// another kind; GetAttrPointer<T> does not check T, as in CANN.
class RuntimeAttrs {
 public:
  explicit RuntimeAttrs(std::vector<opkit::host::AttrValue> values) {
    slots_.reserve(values.size());
    for (auto& v : values) slots_.push_back(std::make_unique<Slot>(std::move(v)));
  }
  RuntimeAttrs(const RuntimeAttrs&) = delete;
  RuntimeAttrs& operator=(const RuntimeAttrs&) = delete;

  size_t GetAttrNum() const { return slots_.size(); }

  template <typename T>
  const T* GetAttrPointer(size_t index) const {
    return static_cast<const T*>(raw(index));
  }
  const int64_t* GetInt(size_t i) const { return typed<int64_t>(i, Kind::kInt); }
  const float* GetFloat(size_t i) const { return typed<float>(i, Kind::kFloat); }
  const bool* GetBool(size_t i) const { return typed<bool>(i, Kind::kBool); }
  const char* GetStr(size_t i) const { return typed<char>(i, Kind::kString); }
  const TypedContinuousVector<int64_t>* GetListInt(size_t i) const {
    return typed<TypedContinuousVector<int64_t>>(i, Kind::kListInt);
  }
  const TypedContinuousVector<float>* GetListFloat(size_t i) const {
    return typed<TypedContinuousVector<float>>(i, Kind::kListFloat);
  }
  const TypedContinuousVector<bool>* GetListBool(size_t i) const {
    return typed<TypedContinuousVector<bool>>(i, Kind::kListBool);
  }
  const TypedContinuousVector<const char*>* GetListStr(size_t i) const {
    return typed<TypedContinuousVector<const char*>>(i, Kind::kListString);
  }
  const ContinuousVectorVector* GetListListInt(size_t i) const {
    return typed<ContinuousVectorVector>(i, Kind::kListListInt);
  }

  // opkit: the value itself (bindings and messages).
  const opkit::host::AttrValue* opkit_value(size_t i) const { return i < slots_.size() ? &slots_[i]->value : nullptr; }

 private:
  using Kind = opkit::host::AttrKind;

  // One attr and the views CANN-style getters hand out; heap-allocated so the views' pointers stay valid.
  struct Slot {
    explicit Slot(opkit::host::AttrValue v) : value(std::move(v)) {
      using std::get_if;
      if (auto* li = get_if<std::vector<int64_t>>(&value)) list_int = {li->data(), li->size()};
      if (auto* lf = get_if<std::vector<float>>(&value)) list_float = {lf->data(), lf->size()};
      if (auto* lb = get_if<std::vector<bool>>(&value)) {
        bools.reset(new bool[lb->size() + 1]);  // vector<bool> is packed; CANN hands out a bool array
        for (size_t k = 0; k < lb->size(); ++k) bools[k] = (*lb)[k];
        list_bool = {bools.get(), lb->size()};
      }
      if (auto* ls = get_if<std::vector<std::string>>(&value)) {
        for (const auto& s : *ls) cstrs.push_back(s.c_str());
        list_str = {cstrs.data(), cstrs.size()};
      }
      if (auto* ll = get_if<std::vector<std::vector<int64_t>>>(&value)) {
        std::vector<ContinuousVector> rows;
        for (const auto& r : *ll) rows.emplace_back(r.data(), r.size());
        list_list = ContinuousVectorVector(std::move(rows));
      }
    }
    opkit::host::AttrValue value;
    TypedContinuousVector<int64_t> list_int;
    TypedContinuousVector<float> list_float;
    std::unique_ptr<bool[]> bools;
    TypedContinuousVector<bool> list_bool;
    std::vector<const char*> cstrs;
    TypedContinuousVector<const char*> list_str;
    ContinuousVectorVector list_list;
  };

  const void* raw(size_t i) const {
    if (i >= slots_.size()) return nullptr;
    const Slot& s = *slots_[i];
    switch (opkit::host::kind_of(s.value)) {
      case Kind::kInt: return &std::get<int64_t>(s.value);
      case Kind::kFloat: return &std::get<float>(s.value);
      case Kind::kBool: return &std::get<bool>(s.value);
      case Kind::kString: return std::get<std::string>(s.value).c_str();
      case Kind::kType: return &std::get<ge::DataType>(s.value);
      case Kind::kListInt: return &s.list_int;
      case Kind::kListFloat: return &s.list_float;
      case Kind::kListBool: return &s.list_bool;
      case Kind::kListString: return &s.list_str;
      case Kind::kListListInt: return &s.list_list;
      default: return nullptr;
    }
  }
  template <typename T>
  const T* typed(size_t i, Kind k) const {
    if (i >= slots_.size() || opkit::host::kind_of(slots_[i]->value) != k) return nullptr;
    return static_cast<const T*>(raw(i));
  }

  std::vector<std::unique_ptr<Slot>> slots_;
};

}  // namespace gert

// Classic tiling-data macros (BEGIN_TILING_DATA_DEF ... REGISTER_TILING_DATA_CLASS); the class compiles on the
// host (set_f/get_f/SaveToBuffer) and in a kernel TU (plain members), so both sides share one layout.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>      // CANN's tilingdata_base.h includes these three: host tilings use them through it
#include <memory>
#include <type_traits>
#include <vector>

#include "graph/ascend_string.h"   // as CANN's: tiling headers use ge::DataType without including more
#include "opkit/host/tiling_buffer.h"

// Fields are public data members with CANN's accessors, laid out as a plain struct (natural alignment); the
// bytes SaveToBuffer writes are exactly the object, so GET_TILING_DATA in the kernel reads them back as is.
#define BEGIN_TILING_DATA_DEF(class_name)                                                      \
  class class_name {                                                                           \
   public:                                                                                     \
    size_t GetDataSize() const { return sizeof(class_name); }                                  \
    void SaveToBuffer(void* data, size_t capacity) const {                                     \
      ::opkit::host::detail::save_tiling(this, sizeof(class_name), data, capacity, #class_name); \
    }

#define TILING_DATA_FIELD_DEF(data_type, field_name)                   \
 public:                                                               \
  data_type field_name = data_type();                                  \
  void set_##field_name(data_type value) { field_name = value; }       \
  data_type get_##field_name() const { return field_name; }

#define TILING_DATA_FIELD_DEF_ARR(data_type, count, field_name)                                        \
 public:                                                                                               \
  data_type field_name[count] = {};                                                                    \
  void set_##field_name(const data_type* values) { std::memcpy(field_name, values, sizeof(field_name)); } \
  data_type* get_##field_name() { return field_name; }                                                 \
  const data_type* get_##field_name() const { return field_name; }

#define TILING_DATA_FIELD_DEF_STRUCT(struct_type, field_name) \
 public:                                                      \
  struct_type field_name;

// CANN's ends with its own `;`, so the definition compiles with or without one after the macro.
#define END_TILING_DATA_DEF };

// Declares (never defines) a probe function whose return type names the op's class; the kernel-side
// GET_TILING_DATA finds it by name (see opkit/sim/tiling.h). Use it in namespace optiling or at global scope.
#define REGISTER_TILING_DATA_CLASS(op_type, class_name)                                                     \
  static_assert(std::is_trivially_copyable<class_name>::value && std::is_standard_layout<class_name>::value, \
                #class_name " must hold only plain fields to be copied to the kernel as bytes");           \
  class_name opkit_classic_tiling_probe_##op_type(int);

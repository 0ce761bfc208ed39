// ge::TypeUtils: DataType/Format <-> string, as op_host code and opkit's own messages use them.
#pragma once

#include <cstdint>
#include <string>

#include "graph/types.h"

namespace ge {

class TypeUtils {
 public:
  // "DT_FLOAT16"; "DT_UNDEFINED" for values outside the enum.
  static std::string DataTypeToSerialString(DataType dt) {
    const char* n = entry(dt).serial;
    return n != nullptr ? n : "DT_UNDEFINED";
  }
  // The prototype (msopgen JSON) spelling: "float16"; the serial name when the prototype has none.
  static std::string DataTypeToPrototypeName(DataType dt) {
    const Entry& e = entry(dt);
    return e.proto != nullptr ? e.proto : DataTypeToSerialString(dt);
  }
  static DataType SerialStringToDataType(const std::string& s) {
    for (int i = 0; i < DT_MAX; ++i) {
      const Entry& e = entry(static_cast<DataType>(i));
      if (e.serial != nullptr && s == e.serial) return static_cast<DataType>(i);
    }
    return DT_UNDEFINED;
  }
  // Bytes per element into `length`; false (length untouched) for sub-byte and non-numeric types, as in CANN.
  static bool GetDataTypeLength(DataType dt, uint32_t& length) {
    const int size = GetSizeByDataType(dt);
    if (size <= 0) return false;
    length = static_cast<uint32_t>(size);
    return true;
  }
  // "ND", "NCHW", "FRACTAL_NZ"; "RESERVED" for values without a name here.
  static std::string FormatToSerialString(Format f) {
    static const char* const kNames[] = {
        "NCHW", "NHWC", "ND", "NC1HWC0", "FRACTAL_Z", "NC1C0HWPAD", "NHWC1C0", "FSR_NCHW", "FRACTAL_DECONV",
        "C1HWNC0", "FRACTAL_DECONV_TRANSPOSE", "FRACTAL_DECONV_SP_STRIDE_TRANS", "NC1HWC0_C04",
        "FRACTAL_Z_C04", "CHWN", "FRACTAL_DECONV_SP_STRIDE8_TRANS", "HWCN", "NC1KHKWHWC0", "BN_WEIGHT",
        "FILTER_HWCK", "LOOKUP_LOOKUPS", "LOOKUP_KEYS", "LOOKUP_VALUE", "LOOKUP_OUTPUT", "LOOKUP_HITS",
        "C1HWNCoC0", "MD", "NDHWC", "FRACTAL_ZZ", "FRACTAL_NZ", "NCDHW", "DHWCN", "NDC1HWC0",
        "FRACTAL_Z_3D", "CN", "NC", "DHWNC", "FRACTAL_Z_3D_TRANSPOSE", "FRACTAL_ZN_LSTM", "FRACTAL_Z_G",
        "RESERVED", "ALL", "NULL", "ND_RNN_BIAS", "FRACTAL_ZN_RNN", "NYUV", "NYUV_A", "NCL",
        "FRACTAL_Z_WINO", "C1HWC0", "FRACTAL_NZ_C0_16", "FRACTAL_NZ_C0_32"};
    const int i = static_cast<int>(f);
    return (i >= 0 && i < static_cast<int>(sizeof(kNames) / sizeof(kNames[0]))) ? kNames[i] : "RESERVED";
  }

 private:
  struct Entry {
    const char* serial;
    const char* proto;
  };
  static const Entry& entry(DataType dt) {
    static const Entry kTable[DT_MAX] = {
        {"DT_FLOAT", "float32"}, {"DT_FLOAT16", "float16"}, {"DT_INT8", "int8"}, {"DT_INT32", "int32"},
        {"DT_UINT8", "uint8"}, {nullptr, nullptr}, {"DT_INT16", "int16"}, {"DT_UINT16", "uint16"},
        {"DT_UINT32", "uint32"}, {"DT_INT64", "int64"}, {"DT_UINT64", "uint64"}, {"DT_DOUBLE", "double"},
        {"DT_BOOL", "bool"}, {"DT_STRING", nullptr}, {"DT_DUAL_SUB_INT8", nullptr},
        {"DT_DUAL_SUB_UINT8", nullptr}, {"DT_COMPLEX64", "complex64"}, {"DT_COMPLEX128", "complex128"},
        {"DT_QINT8", nullptr}, {"DT_QINT16", nullptr}, {"DT_QINT32", nullptr}, {"DT_QUINT8", nullptr},
        {"DT_QUINT16", nullptr}, {"DT_RESOURCE", nullptr}, {"DT_STRING_REF", nullptr}, {"DT_DUAL", nullptr},
        {"DT_VARIANT", nullptr}, {"DT_BF16", "bfloat16"}, {"DT_UNDEFINED", nullptr}, {"DT_INT4", nullptr},
        {"DT_UINT1", nullptr}, {"DT_INT2", nullptr}, {"DT_UINT2", nullptr}, {"DT_COMPLEX32", nullptr},
        {"DT_HIFLOAT8", nullptr}, {"DT_FLOAT8_E5M2", nullptr}, {"DT_FLOAT8_E4M3FN", nullptr},
        {"DT_FLOAT8_E8M0", nullptr}, {"DT_FLOAT6_E3M2", nullptr}, {"DT_FLOAT6_E2M3", nullptr},
        {"DT_FLOAT4_E2M1", nullptr}, {"DT_FLOAT4_E1M2", nullptr}};
    static const Entry kNone{nullptr, nullptr};
    const int i = static_cast<int>(dt);
    return (i >= 0 && i < DT_MAX) ? kTable[i] : kNone;
  }
};

}  // namespace ge

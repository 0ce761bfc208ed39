// aclScalar and aclScalarList arguments of a generated aclnn API: an OpDef input marked `.Scalar()` (or
// `.ScalarList()`) is a `const aclScalar *` (`const aclScalarList *`) parameter, as CANN's build generates it. CANN
// hands the kernel such an input as a tensor of the dtype the OpDef lists for it in the dtype combination the call's
// tensors select: the value converted to that dtype, shape [1] (a list: [n]).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <deque>
#include <string>
#include <vector>

#include "acl/acl_base.h"
#include "opkit/host/aclnn_types.h"
#include "opkit/host/launch_op.h"

namespace opkit::host::aclnn {

// The value of `s` (its own dtype) as a double; false when that dtype has no numeric value opkit converts.
inline bool ScalarValue(const aclScalar& s, double* out)
{
    auto read = [&s](auto zero) {
        decltype(zero) v;
        std::memcpy(&v, s.value, sizeof v);
        return static_cast<double>(v);
    };
    switch (s.dtype) {
        case ACL_FLOAT: *out = read(float{}); return true;
        case ACL_DOUBLE: *out = read(double{}); return true;
        case ACL_FLOAT16: {
            aclFloat16 h;
            std::memcpy(&h, s.value, sizeof h);
            *out = aclFloat16ToFloat(h);
            return true;
        }
        case ACL_BF16: {
            uint16_t b;
            std::memcpy(&b, s.value, sizeof b);
            const uint32_t bits = static_cast<uint32_t>(b) << 16;
            float f;
            std::memcpy(&f, &bits, sizeof f);
            *out = f;
            return true;
        }
        case ACL_INT8: *out = read(int8_t{}); return true;
        case ACL_UINT8: *out = read(uint8_t{}); return true;
        case ACL_INT16: *out = read(int16_t{}); return true;
        case ACL_UINT16: *out = read(uint16_t{}); return true;
        case ACL_INT32: *out = read(int32_t{}); return true;
        case ACL_UINT32: *out = read(uint32_t{}); return true;
        case ACL_INT64: *out = read(int64_t{}); return true;
        case ACL_UINT64: *out = read(uint64_t{}); return true;
        case ACL_BOOL: *out = s.value[0] != 0; return true;
        default: return false;
    }
}

// `v` written as one element of `dtype` at `dst` (8 bytes of room); false for a dtype opkit does not convert to.
inline bool StoreScalar(double v, ge::DataType dtype, unsigned char* dst)
{
    auto write = [dst](auto value) { std::memcpy(dst, &value, sizeof value); };
    switch (dtype) {
        case ge::DT_FLOAT: write(static_cast<float>(v)); return true;
        case ge::DT_DOUBLE: write(v); return true;
        case ge::DT_FLOAT16: write(aclFloatToFloat16(static_cast<float>(v))); return true;
        case ge::DT_BF16: {
            const float f = static_cast<float>(v);
            uint32_t bits;
            std::memcpy(&bits, &f, sizeof bits);
            if (std::isnan(f)) {
                write(static_cast<uint16_t>(0x7FC0));
            } else {
                bits += 0x7FFF + ((bits >> 16) & 1);   // round to nearest even
                write(static_cast<uint16_t>(bits >> 16));
            }
            return true;
        }
        case ge::DT_INT8: write(static_cast<int8_t>(v)); return true;
        case ge::DT_UINT8: write(static_cast<uint8_t>(v)); return true;
        case ge::DT_INT16: write(static_cast<int16_t>(v)); return true;
        case ge::DT_UINT16: write(static_cast<uint16_t>(v)); return true;
        case ge::DT_INT32: write(static_cast<int32_t>(v)); return true;
        case ge::DT_UINT32: write(static_cast<uint32_t>(v)); return true;
        case ge::DT_INT64: write(static_cast<int64_t>(v)); return true;
        case ge::DT_UINT64: write(static_cast<uint64_t>(v)); return true;
        case ge::DT_BOOL: write(static_cast<uint8_t>(v != 0)); return true;
        default: return false;
    }
}

// A scalar argument waiting for its dtype: the slot it fills and its values (one, or a list's).
struct PendingScalars {
    size_t slot = 0;
    std::vector<aclScalar> values;
};

// The dtype the OpDef gives slot `k` in the first dtype combination every tensor argument matches (slots holding
// scalars are not compared); DT_UNDEFINED when none matches (the launch then reports the mismatch).
inline ge::DataType ScalarDtype(const bindings::OpTable& table, const std::vector<bindings::IrSlot>& slots,
                                const std::vector<PendingScalars>& scalars, size_t k)
{
    for (const auto& combination : table.combinations) {
        bool matches = combination.size() == slots.size();
        for (size_t i = 0; i < slots.size() && matches; ++i) {
            bool scalar = false;
            for (const PendingScalars& p : scalars) scalar = scalar || p.slot == i;
            if (scalar) continue;
            for (const bindings::Tensor& t : slots[i].tensors) matches = matches && t.dtype == combination[i];
        }
        if (matches) return combination[k];
    }
    return ge::DT_UNDEFINED;
}

// Fills each pending scalar slot with a tensor of its OpDef dtype, backed by `storage`; "" or what is wrong.
inline std::string BindScalars(const bindings::OpTable& table, std::vector<bindings::IrSlot>& slots,
                               const std::vector<PendingScalars>& scalars, std::deque<std::vector<unsigned char>>& storage)
{
    for (const PendingScalars& p : scalars) {
        const ge::DataType dtype = ScalarDtype(table, slots, scalars, p.slot);
        if (dtype == ge::DT_UNDEFINED) {
            return "the tensors' dtypes match none of the op's dtype combinations, so " + slots[p.slot].name +
                   " has no dtype to be converted to";
        }
        const size_t element = aclDataTypeSize(static_cast<aclDataType>(dtype));
        std::vector<unsigned char>& bytes = storage.emplace_back(std::max<size_t>(8, p.values.size() * element));
        for (size_t i = 0; i < p.values.size(); ++i) {
            double v = 0;
            unsigned char one[8] = {0};
            if (!ScalarValue(p.values[i], &v) || !StoreScalar(v, dtype, one)) {
                return slots[p.slot].name + ": opkit does not convert an aclScalar of dtype " +
                       std::to_string(static_cast<int>(p.values[i].dtype)) + " to " +
                       ge::TypeUtils::DataTypeToSerialString(dtype);
            }
            std::memcpy(bytes.data() + i * element, one, element);
        }
        bindings::Tensor t;
        t.data = bytes.data();
        t.bytes = p.values.size() * element;
        t.shape = {static_cast<int64_t>(p.values.size())};
        t.dtype = dtype;
        slots[p.slot].tensors = {t};
    }
    return "";
}

}  // namespace opkit::host::aclnn

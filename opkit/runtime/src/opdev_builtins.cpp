// CANN's built-in l0 ops that op_api code calls most (l0op::Contiguous, ViewCopy, Cast, Reshape, Fill, BroadcastTo), as host
// steps of the executor: compiled into an op's libcust_opapi.so beside its op_api sources.
#include <cstring>
#include <vector>

#include "aclnn_kernels/broadcast_to.h"
#include "aclnn_kernels/cast.h"
#include "aclnn_kernels/contiguous.h"
#include "aclnn_kernels/reshape.h"
#include "aclnn_kernels/transdata.h"
#include "aclnn_kernels/transpose.h"
#include "opdev/tensor_view_utils.h"
#include "opdev/op_log.h"

namespace {
using opkit::opdev::L2Executor;

L2Executor* Executor(aclOpExecutor* e, const char* op)
{
    L2Executor* mine = opkit::opdev::Mine(e);
    if (mine == nullptr) opkit::opdev::Fail(ACLNN_ERR_INNER_NOT_TRANS_EXECUTOR, std::string("l0op::") + op +
                                                                                   " outside a CREATE_EXECUTOR executor");
    return mine;
}

size_t Element(const aclTensor* t) { return aclDataTypeSize(t->dtype); }

// Calls f(view element offset, dense index) over t's view in row-major order.
template <typename F>
void ForEach(const aclTensor* t, F f)
{
    const auto& shape = t->view_shape;
    const int64_t count = t->Numel();
    std::vector<int64_t> index(shape.size(), 0);
    for (int64_t n = 0; n < count; ++n) {
        int64_t at = t->offset;
        for (size_t d = 0; d < shape.size(); ++d) at += index[d] * t->strides[d];
        f(at, n);
        for (size_t d = shape.size(); d-- > 0;) {
            if (++index[d] < shape[d]) break;
            index[d] = 0;
        }
    }
}

bool Read(const aclTensor* t, int64_t at, double* v)
{
    aclScalar s;
    s.dtype = t->dtype;
    std::memcpy(s.value, static_cast<const unsigned char*>(t->data) + at * Element(t), Element(t));
    return opkit::host::aclnn::ScalarValue(s, v);
}
}  // namespace

namespace l0op {

const aclTensor* Contiguous(const aclTensor* x, aclOpExecutor* executor)
{
    L2Executor* mine = Executor(executor, "Contiguous");
    if (mine == nullptr || x == nullptr) return nullptr;
    if (op::IsContiguous(x) && x->offset == 0) return x;
    aclTensor* out = mine->NewTensor(x->view_shape, x->GetDataType(), x->GetViewFormat());
    mine->Add("Contiguous", [mine, x, out]() {
        mine->Materialize(x);
        mine->Materialize(out);
        const size_t e = Element(x);
        ForEach(x, [&](int64_t at, int64_t n) {
            std::memcpy(static_cast<unsigned char*>(out->data) + n * e,
                        static_cast<const unsigned char*>(x->data) + at * e, e);
        });
        return ACLNN_SUCCESS;
    });
    return out;
}

const aclTensor* ViewCopy(const aclTensor* src, const aclTensor* dst, aclOpExecutor* executor)
{
    L2Executor* mine = Executor(executor, "ViewCopy");
    if (mine == nullptr || src == nullptr || dst == nullptr) return nullptr;
    if (src->Numel() != dst->Numel() || src->dtype != dst->dtype) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "ViewCopy: %s %s into %s %s: element counts or dtypes differ",
                op::ToString(src->GetDataType()).c_str(), op::ToString(src->GetViewShape()).c_str(),
                op::ToString(dst->GetDataType()).c_str(), op::ToString(dst->GetViewShape()).c_str());
        return nullptr;
    }
    if (src == dst) return dst;
    mine->Add("ViewCopy", [mine, src, dst]() {
        mine->Materialize(src);
        mine->Materialize(dst);
        const aclTensor* dense = src;
        std::vector<unsigned char> copy;
        const size_t e = Element(src);
        if (!op::IsContiguous(src) || src->offset != 0) {   // src to row-major first
            copy.resize(static_cast<size_t>(src->Numel()) * e);
            ForEach(src, [&](int64_t at, int64_t n) {
                std::memcpy(copy.data() + n * e, static_cast<const unsigned char*>(src->data) + at * e, e);
            });
        }
        const unsigned char* from = copy.empty() ? static_cast<const unsigned char*>(dense->data) : copy.data();
        ForEach(dst, [&](int64_t at, int64_t n) {
            std::memcpy(static_cast<unsigned char*>(dst->data) + at * e, from + n * e, e);
        });
        return ACLNN_SUCCESS;
    });
    return dst;
}

const aclTensor* Cast(const aclTensor* x, op::DataType dtype, aclOpExecutor* executor)
{
    L2Executor* mine = Executor(executor, "Cast");
    if (mine == nullptr || x == nullptr) return nullptr;
    if (x->GetDataType() == dtype) return x;
    aclTensor* out = mine->NewTensor(x->view_shape, dtype, x->GetViewFormat());
    mine->Add("Cast", [mine, x, out]() {
        mine->Materialize(x);
        mine->Materialize(out);
        const size_t e = Element(out);
        bool ok = true;
        ForEach(x, [&](int64_t at, int64_t n) {
            double v = 0;
            unsigned char one[8] = {0};
            ok = ok && Read(x, at, &v) && opkit::host::aclnn::StoreScalar(v, out->GetDataType(), one);
            std::memcpy(static_cast<unsigned char*>(out->data) + n * e, one, e);
        });
        if (ok) return ACLNN_SUCCESS;
        return opkit::opdev::Fail(ACLNN_ERR_PARAM_INVALID, "l0op::Cast from " + op::ToString(x->GetDataType()) +
                                                               " to " + op::ToString(out->GetDataType()) +
                                                               ": a dtype opkit does not convert");
    });
    return out;
}

const aclTensor* Reshape(const aclTensor* x, const op::Shape& shape, aclOpExecutor* executor)
{
    L2Executor* mine = Executor(executor, "Reshape");
    if (mine == nullptr || x == nullptr) return nullptr;
    if (shape.GetShapeSize() != x->Numel()) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "Reshape of %s to %s: element counts differ",
                op::ToString(x->GetViewShape()).c_str(), op::ToString(shape).c_str());
        return nullptr;
    }
    const aclTensor* dense = Contiguous(x, executor);
    aclTensor* out = mine->NewTensor({}, x->GetDataType(), x->GetViewFormat());
    out->SetViewShape(shape);
    // The same memory as dense (Materialize gives it dense's when a launch needs it).
    mine->views[out] = dense;   // never given memory of its own
    return out;
}

const aclTensor* Reshape(const aclTensor* x, const aclIntArray* shape, aclOpExecutor* executor)
{
    op::Shape s;
    for (int64_t d : shape->values) s.AppendDim(d);
    return Reshape(x, s, executor);
}

// SqueezeNd / UnsqueezeNd (CANN's built-in l0 views, which its pad ops' l2 code declares itself): a Reshape without
// the size-1 dims `dim` names, or with size-1 dims inserted at `dim` (of the result); negative dims count from the end.
const aclTensor* SqueezeNd(const aclTensor* x, const aclIntArray* dim, aclOpExecutor* executor)
{
    if (x == nullptr || dim == nullptr) return nullptr;
    const int64_t rank = static_cast<int64_t>(x->view_shape.size());
    std::vector<bool> drop(static_cast<size_t>(rank), false);
    for (int64_t d : dim->values) {
        const int64_t k = d < 0 ? d + rank : d;
        if (k < 0 || k >= rank) {
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "SqueezeNd: dim %ld is out of range for %s", static_cast<long>(d),
                    op::ToString(x->GetViewShape()).c_str());
            return nullptr;
        }
        drop[static_cast<size_t>(k)] = x->view_shape[static_cast<size_t>(k)] == 1;
    }
    op::Shape s;
    for (int64_t i = 0; i < rank; ++i) {
        if (!drop[static_cast<size_t>(i)]) s.AppendDim(x->view_shape[static_cast<size_t>(i)]);
    }
    return Reshape(x, s, executor);
}

const aclTensor* SqueezeNd(const aclTensor* x, int64_t dim, aclOpExecutor* executor)
{
    const aclIntArray dims{{dim}};
    return SqueezeNd(x, &dims, executor);
}

const aclTensor* UnsqueezeNd(const aclTensor* x, const aclIntArray* dim, aclOpExecutor* executor)
{
    if (x == nullptr || dim == nullptr) return nullptr;
    const int64_t rank = static_cast<int64_t>(x->view_shape.size() + dim->values.size());
    std::vector<bool> inserted(static_cast<size_t>(rank), false);
    for (int64_t d : dim->values) {
        const int64_t k = d < 0 ? d + rank : d;
        if (k < 0 || k >= rank || inserted[static_cast<size_t>(k)]) {
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "UnsqueezeNd: dim %ld is out of range or repeated for %s",
                    static_cast<long>(d), op::ToString(x->GetViewShape()).c_str());
            return nullptr;
        }
        inserted[static_cast<size_t>(k)] = true;
    }
    op::Shape s;
    size_t next = 0;
    for (int64_t i = 0; i < rank; ++i) {
        s.AppendDim(inserted[static_cast<size_t>(i)] ? 1 : x->view_shape[next++]);
    }
    return Reshape(x, s, executor);
}

const aclTensor* UnsqueezeNd(const aclTensor* x, int64_t dim, aclOpExecutor* executor)
{
    const aclIntArray dims{{dim}};
    return UnsqueezeNd(x, &dims, executor);
}

// CANN's Fill: a tensor of outShape, every element value[0] (dims repeats outShape as a tensor).
const aclTensor* Fill(const aclTensor* /*dims*/, const aclTensor* value, const aclIntArray* outShape,
                      aclOpExecutor* executor)
{
    L2Executor* mine = Executor(executor, "Fill");
    if (mine == nullptr || value == nullptr || outShape == nullptr) return nullptr;
    aclTensor* out = mine->NewTensor(outShape->values, value->GetDataType(), ge::FORMAT_ND);
    mine->Add("Fill", [mine, value, out]() {
        mine->Materialize(value);
        mine->Materialize(out);
        const size_t e = Element(out);
        for (int64_t n = 0; n < out->Numel(); ++n) {
            std::memcpy(static_cast<unsigned char*>(out->data) + n * e, value->data, e);
        }
        return ACLNN_SUCCESS;
    });
    return out;
}

const aclTensor* BroadcastTo(const aclTensor* x, const aclIntArray* shape, aclOpExecutor* executor)
{
    L2Executor* mine = Executor(executor, "BroadcastTo");
    if (mine == nullptr || x == nullptr || shape == nullptr) return nullptr;
    const std::vector<int64_t>& to = shape->values;
    const std::vector<int64_t>& from = x->view_shape;
    if (to == from) return x;
    bool valid = to.size() >= from.size();
    std::vector<int64_t> strides(to.size(), 0);
    const aclTensor* dense = valid ? Contiguous(x, executor) : nullptr;
    for (size_t j = 0; valid && j < from.size(); ++j) {
        const size_t i = to.size() - from.size() + j;
        valid = from[j] == to[i] || from[j] == 1;
        if (from[j] == to[i] && from[j] != 1) strides[i] = dense->strides[j];
    }
    op::Shape s;
    for (int64_t d : to) s.AppendDim(d);
    if (!valid) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "l0op::BroadcastTo: shape %s does not broadcast to %s",
                op::ToString(x->GetViewShape()).c_str(), op::ToString(s).c_str());
        return nullptr;
    }
    return Contiguous(executor->CreateView(dense, s, strides, 0), executor);
}

const aclTensor* BroadcastTo(const aclTensor* x, const aclTensor* /*y*/, const aclTensor* shape,
                             aclOpExecutor* executor)
{
    L2Executor* mine = Executor(executor, "BroadcastTo");
    if (mine == nullptr || shape == nullptr) return nullptr;
    if (shape->data == nullptr) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "l0op::BroadcastTo: the shape tensor has no values on the host");
        return nullptr;
    }
    std::vector<int64_t> dims;
    bool ok = true;
    ForEach(shape, [&](int64_t at, int64_t) {   // the shape tensor holds host values (int32 or int64)
        double v = 0;
        ok = ok && Read(shape, at, &v);
        dims.push_back(static_cast<int64_t>(v));
    });
    if (!ok) return nullptr;
    return BroadcastTo(x, executor->AllocIntArray(dims.data(), dims.size()), executor);
}

}  // namespace l0op

namespace {
bool PrivateFormat(op::Format f)
{
    return f == op::Format::FORMAT_NC1HWC0 || f == op::Format::FORMAT_FRACTAL_Z || f == op::Format::FORMAT_FRACTAL_NZ ||
           f == op::Format::FORMAT_NDC1HWC0 || f == op::Format::FORMAT_FRACTAL_Z_3D || f == op::Format::FORMAT_C1HWNCoC0;
}

const aclTensor* Relabel(const aclTensor* x, op::Format format, aclOpExecutor* executor, const char* op)
{
    if (x == nullptr) return nullptr;
    if (PrivateFormat(format) || PrivateFormat(x->GetStorageFormat())) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "l0op::%s to format %d: opkit's tensors are row-major, private formats "
                "(NC1HWC0, FRACTAL_Z/NZ, NDC1HWC0) are not simulated", op, static_cast<int>(format));
        return nullptr;
    }
    if (executor == nullptr) {   // CANN's ReFormat without an executor relabels the tensor itself
        const_cast<aclTensor*>(x)->SetViewFormat(format);
        return x;
    }
    aclTensor* view = executor->CreateView(x, x->GetViewShape(), x->strides, x->offset);
    view->SetViewFormat(format);
    return view;
}
}  // namespace

namespace l0op {

const aclTensor* ReFormat(const aclTensor* x, const op::Format& format, aclOpExecutor* executor)
{
    return Relabel(x, format, executor, "ReFormat");
}

const aclTensor* TransData(const aclTensor* x, op::Format dstFormat, int64_t /*groups*/, aclOpExecutor* executor)
{
    return Relabel(x, dstFormat, executor, "TransData");
}

const aclTensor* TransDataSpecial(const aclTensor* x, op::Format dstFormat, int64_t /*groups*/,
                                  aclOpExecutor* executor)
{
    return Relabel(x, dstFormat, executor, "TransDataSpecial");
}

const aclTensor* Transpose(const aclTensor* x, const aclIntArray* perm, aclOpExecutor* executor)
{
    if (x == nullptr || perm == nullptr || Executor(executor, "Transpose") == nullptr) return nullptr;
    const size_t rank = x->view_shape.size();
    std::vector<bool> seen(rank, false);
    bool valid = perm->values.size() == rank;
    for (size_t i = 0; valid && i < rank; ++i) {
        const int64_t p = perm->values[i] < 0 ? perm->values[i] + static_cast<int64_t>(rank) : perm->values[i];
        valid = p >= 0 && p < static_cast<int64_t>(rank) && !seen[p];
        if (valid) seen[p] = true;
    }
    if (!valid) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "l0op::Transpose: perm of %zu values is not a permutation of %zu dims",
                perm->values.size(), rank);
        return nullptr;
    }
    const aclTensor* dense = Contiguous(x, executor);
    op::Shape shape;
    std::vector<int64_t> strides;
    for (int64_t p : perm->values) {
        const size_t d = static_cast<size_t>(p < 0 ? p + static_cast<int64_t>(rank) : p);
        shape.AppendDim(dense->view_shape[d]);
        strides.push_back(dense->strides[d]);
    }
    const aclTensor* permuted = executor->CreateView(dense, shape, strides, 0);
    return Contiguous(permuted, executor);
}

}  // namespace l0op

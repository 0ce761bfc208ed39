"""The headers production CANN op_host code includes beyond the OpDef and tiling basics (log/ops_log.h, log/log.h,
error/ops_error.h, tiling/tiling_templates_registry.h, tiling/tiling_base.h, platform/platform_info.h,
register/device_op_impl_registry.h, base/err_msg.h) exist in opkit's runtime and declare what such code uses;
their log lines reach stderr filtered by ASCEND_GLOBAL_LOG_LEVEL."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

import opkit

pytestmark = pytest.mark.compile

CXX = os.environ.get("CXX", "g++")

# A host file in the style of CANN's ops: staged tiling classes picked by priority, checks and logs of both macro
# families, the platform from the context, a device-side tiling registration.
HOST = """\
#include <cstdint>
#include "register/op_def_registry.h"
#include "register/device_op_impl_registry.h"
#include "tiling/tiling_templates_registry.h"
#include "platform/platform_info.h"
#include "error/ops_error.h"
#include "log/log.h"
#include "op_log.h"

namespace optiling {
class ScaleTilingBase : public TilingBaseClass {
public:
    explicit ScaleTilingBase(gert::TilingContext* context) : TilingBaseClass(context) {}

protected:
    ge::graphStatus GetPlatformInfo() override
    {
        fe::PlatFormInfos* platformInfo = context_->GetPlatformInfo();
        OPS_LOG_E_IF_NULL(context_, platformInfo, return ge::GRAPH_FAILED);
        ascendcPlatform_.reset(new platform_ascendc::PlatformAscendC(platformInfo));
        aicoreParams_.blockDim = ascendcPlatform_->GetCoreNumAiv();
        ascendcPlatform_->GetCoreMemSize(platform_ascendc::CoreMemType::UB, aicoreParams_.ubSize);
        return ge::GRAPH_SUCCESS;
    }
    ge::graphStatus GetShapeAttrsInfo() override
    {
        const gert::StorageShape* xShape = context_->GetInputShape(0);
        OPS_CHECK_NULL_WITH_CONTEXT(context_, xShape);
        length_ = xShape->GetStorageShape().GetShapeSize();
        OP_CHECK_IF(length_ == 0, OP_LOGE(context_->GetNodeName(), "x is empty"), return ge::GRAPH_FAILED);
        OP_TILING_CHECK(length_ % 8 != 0,
                        VECTOR_INNER_ERR_REPORT_TILIING(context_, "length %lld is not a multiple of 8",
                                                        static_cast<long long>(length_)),
                        return ge::GRAPH_FAILED);
        return ge::GRAPH_SUCCESS;
    }
    bool IsCapable() override { return true; }
    ge::graphStatus DoOpTiling() override
    {
        OPS_ERR_IF(aicoreParams_.blockDim == 0, OPS_REPORT_VECTOR_INNER_ERR(context_, "no vector core"),
                   return ge::GRAPH_FAILED);
        blockDim_ = static_cast<uint32_t>(aicoreParams_.blockDim);
        vector<int64_t> dims = {length_};   // unqualified, as CANN's platform_info_def.h allows (using std::vector)
        map<string, size_t> ranks = {{"x", dims.size()}};
        OP_CHECK_IF(ranks["x"] != 1, OP_LOGE(context_->GetNodeName(), "dims"), return ge::GRAPH_FAILED);
        return ge::GRAPH_SUCCESS;
    }
    ge::graphStatus DoLibApiTiling() override { return ge::GRAPH_SUCCESS; }
    uint64_t GetTilingKey() const override { return 1; }
    ge::graphStatus GetWorkspaceSize() override { workspaceSize_ = 0; return ge::GRAPH_SUCCESS; }
    ge::graphStatus PostTiling() override
    {
        context_->SetBlockDim(CalcTschBlockDim(blockDim_, 0, blockDim_));
        *context_->GetWorkspaceSizes(1) = workspaceSize_;
        OPS_LOG_D(context_, "x %s", GetShapeDebugStr(context_->GetInputShape(0)->GetStorageShape()).c_str());
        return ge::GRAPH_SUCCESS;
    }
    int64_t length_ = 0;
};
class ScaleTilingFallback : public ScaleTilingBase {
public:
    using ScaleTilingBase::ScaleTilingBase;
};
REGISTER_OPS_TILING_TEMPLATE(Scale, ScaleTilingBase, 0);
REGISTER_TILING_TEMPLATE("Scale", ScaleTilingFallback, 1);

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    OP_LOGD(context, "tiling %s", context->GetNodeType());
    return TilingRegistry::GetInstance().DoTilingImpl(context);
}
DEVICE_IMPL_OP_OPTILING(Scale).Tiling(TilingFunc);
}  // namespace optiling
"""

LOGS = """\
#include "log/log.h"
#include "error/ops_error.h"
#include "base/alog_pub.h"
#include <string>
static int Check(int v)
{
    OP_CHECK_IF(v < 0, OP_LOGE("Scale", "v is %d", v), return 1);
    return 0;
}
int main()
{
    OPS_LOG_D(std::string("Scale"), "debug %d", 0);
    OP_LOGI("Scale", "info %s", "line");
    OPS_LOG_W("Scale", "warning");
    OPS_REPORT_VECTOR_INNER_ERR("Scale", "error %d", 3);
    // CANN's log library, as the operator repository's log/inner/dfx_base.h calls it
    for (int level : {DLOG_WARN, DLOG_ERROR}) {
        if (AlogCheckDebugLevel(static_cast<int>(OP), level) == 1) {
            AlogRecord(static_cast<int>(OP), DLOG_TYPE_DEBUG, level, "[%s] alog %d", "Scale", level);
        }
    }
    return Check(-1) + Check(2);
}
"""


def test_cann_style_host_code_compiles_against_the_stand_ins(tmp_path: Path) -> None:
    (tmp_path / "scale.cpp").write_text(HOST)
    result = subprocess.run([CXX, "-std=c++17", "-fsyntax-only", "-Wall", "-Wextra", "-Werror", "-isystem",
                             str(opkit.include_dir()), str(tmp_path / "scale.cpp")], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


# A shared tiling header as CANN's foreach ops have one: ge::DataType reached through register/tilingdata_base.h
# alone (CANN's includes graph/ascend_string.h, which includes graph/types.h); ge's dimension and format helpers.
SHARED = """\
#include "register/tilingdata_base.h"
using namespace ge;
inline ge::DataType ScalarOf(ge::DataType dtype) { return dtype == ge::DT_INT32 ? ge::DT_INT64 : ge::DT_FLOAT; }
static_assert(UNKNOWN_DIM == -1 && UNKNOWN_DIM_NUM == -2, "CANN's values");
inline bool IsNd(ge::Format format) { return GetPrimaryFormat(format) == ge::FORMAT_ND && !HasSubFormat(format); }
int main() { return IsNd(ge::FORMAT_ND) && ScalarOf(ge::DT_INT32) == ge::DT_INT64 ? 0 : 1; }
"""


def test_ge_types_come_with_the_tiling_header_as_in_cann(tmp_path: Path) -> None:
    (tmp_path / "shared.cpp").write_text(SHARED)
    exe = tmp_path / "shared"
    built = subprocess.run([CXX, "-std=c++17", "-Wall", "-Wextra", "-Werror", "-isystem", str(opkit.include_dir()),
                            str(tmp_path / "shared.cpp"), "-o", str(exe)], capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    assert subprocess.run([str(exe)]).returncode == 0


# ops-nn style host code: the registry header alone, the contexts used through it (CANN's includes them complete).
IMPL_ONLY = """\
#include "register/op_impl_registry.h"
namespace optiling {
static ge::graphStatus Tiling(gert::TilingContext* context) {
    context->SetBlockDim(1);
    return context->GetInputShape(0) == nullptr ? ge::GRAPH_FAILED : ge::GRAPH_SUCCESS;
}
static ge::graphStatus Parse(gert::TilingParseContext* context) { return context == nullptr ? 1 : 0; }
IMPL_OP_OPTILING(Scale).Tiling(Tiling).TilingParse<int>(Parse);
}  // namespace optiling
"""


# CANN ops' log/ops_log.h brings the contexts too (through log/inner/dfx_base.h): a compile-info struct and its
# parse function in a tiling header that includes only it and the tiling headers.
LOG_ONLY = """\
#include "log/ops_log.h"
struct ScaleCompileInfo { int64_t coreNum = 0; };
inline ge::graphStatus ParseScale(gert::TilingParseContext* context) {
    auto* info = context->GetCompiledInfo<ScaleCompileInfo>();
    OPS_CHECK_NULL_WITH_CONTEXT(context, info);
    return ge::GRAPH_SUCCESS;
}
inline ge::graphStatus InferScale(gert::InferShapeContext* context) { return context == nullptr ? 1 : 0; }
"""


@pytest.mark.parametrize("source", [IMPL_ONLY, LOG_ONLY], ids=["registry", "log"])
def test_the_registry_header_brings_the_contexts_complete(tmp_path: Path, source: str) -> None:
    (tmp_path / "impl.cpp").write_text(source)
    result = subprocess.run([CXX, "-std=c++17", "-fsyntax-only", "-Wall", "-Wextra", "-Werror", "-isystem",
                             str(opkit.include_dir()), str(tmp_path / "impl.cpp")], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("level, shown", [(None, ["ERROR"] * 3),
                                          ("0", ["DEBUG", "INFO", "WARNING", "ERROR", "WARNING", "ERROR", "ERROR"]),
                                          ("4", [])])
def test_log_lines_name_the_op_and_follow_the_log_level(tmp_path: Path, level: str | None, shown: list[str]) -> None:
    (tmp_path / "logs.cpp").write_text(LOGS)
    exe = tmp_path / "logs"
    subprocess.run([CXX, "-std=c++17", "-Wall", "-Wextra", "-Werror", "-isystem", str(opkit.include_dir()),
                    str(tmp_path / "logs.cpp"), "-o", str(exe)], check=True)
    env = {k: v for k, v in os.environ.items() if k != "ASCEND_GLOBAL_LOG_LEVEL"}
    env.update({"ASCEND_GLOBAL_LOG_LEVEL": level} if level is not None else {})
    result = subprocess.run([str(exe)], capture_output=True, text=True, env=env)
    assert result.returncode == 1 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert [line.split("]")[0].lstrip("[") for line in lines] == shown
    if level is None:
        assert lines == ["[ERROR] OpName:[Scale] error 3 (logs.cpp:15)", "[ERROR] [Scale] alog 3",
                         "[ERROR] OpName:[Scale] v is -1 (logs.cpp:7)"]


# Names CANN's operator repository's host code uses without including anything for them: REPORT_INNER_ERR_MSG
# (base/err_msg.h, through the registry headers) and the platform's own core count.
REPORTS = """\
#include "register/op_def_registry.h"
static ge::graphStatus Check(const fe::PlatFormInfos& platform)
{
    if (platform.GetCoreNum() != 24) {
        REPORT_INNER_ERR_MSG("EZ9999", "op[%s], %u cores", "Scale", platform.GetCoreNum());
        return ge::GRAPH_FAILED;
    }
    REPORT_INNER_ERR_MSG("EZ9999", "op[%s], %s is nullptr!", "Scale", "x");
    return ge::GRAPH_SUCCESS;
}
// The platform config's sizes, read by GetLocalMemSize (dynamic_rnnv2's tiling): 910B2's ini.
static bool Sizes(fe::PlatFormInfos& platform)
{
    uint64_t ub = 0, l1 = 0, l0c = 0, l2 = 0, none = 1;
    platform.GetLocalMemSize(fe::LocalMemType::UB, ub);
    platform.GetLocalMemSize(fe::LocalMemType::L1, l1);
    platform.GetLocalMemSize(fe::LocalMemType::L0_C, l0c);
    platform.GetLocalMemSize(fe::LocalMemType::L2, l2);
    platform.GetLocalMemSize(fe::LocalMemType::RESERVED, none);
    return ub == 196608 && l1 == 524288 && l0c == 131072 && l2 == 201326592 && none == 0;
}
int main() {
    fe::PlatFormInfos platform(*opkit::sim::find_soc("Ascend910B2"));
    return Check(platform) == ge::GRAPH_SUCCESS && Sizes(platform) ? 0 : 1;
}
"""


def test_error_reports_and_the_platforms_core_count(tmp_path: Path) -> None:
    (tmp_path / "reports.cpp").write_text(REPORTS)
    exe = tmp_path / "reports"
    subprocess.run([CXX, "-std=c++17", "-Wall", "-Wextra", "-Werror", "-isystem", str(opkit.include_dir()),
                    str(tmp_path / "reports.cpp"), "-o", str(exe)], check=True)
    result = subprocess.run([str(exe)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr   # Ascend910B2: 24 AI Cores
    assert result.stderr == "[ERROR] EZ9999 reports.cpp:8 (Check): op[Scale], x is nullptr!\n"


# The node as CANN's shared tiling code reads it (common/inc/tiling/tiling_base.h: GetComputeNodeInfo()->GetInputsNum()
# for its debug string): a dynamic list of two, an absent optional input (no instances, starting where the next
# would), one more input; IR and instance numbering.
NODE = """\
#include <cstdio>
#include "register/op_impl_registry.h"
using opkit::host::TensorArg;
int main()
{
    opkit::host::detail::CallState call("ConcatScale", {});
    call.inputs.add_ir({TensorArg{{2, 3}, ge::DT_FLOAT}, TensorArg{{4, 3}, ge::DT_FLOAT}});
    call.inputs.add_ir({});
    call.inputs.add_ir({TensorArg{{1}, ge::DT_INT32}});
    call.outputs.add_ir({TensorArg{{6, 3}, ge::DT_FLOAT16}});
    opkit::host::detail::TilingState state(call, nullptr, 64);
    const gert::TilingContext context(state);
    const gert::ComputeNodeInfo* node = context.GetComputeNodeInfo();
    std::printf("%s %zu %zu %zu %zu\\n", node->GetNodeType(), node->GetIrInputsNum(), node->GetInputsNum(),
                node->GetIrOutputsNum(), node->GetOutputsNum());
    for (size_t ir = 0; ir < 4; ++ir) {
        const gert::AnchorInstanceInfo* a = node->GetInputInstanceInfo(ir);
        if (a == nullptr) std::printf("ir%zu none\\n", ir);
        else std::printf("ir%zu %zu+%zu\\n", ir, a->GetInstanceStart(), a->GetInstanceNum());
    }
    std::printf("%d %d %d %s\\n", node->GetInputTdInfo(2)->GetDataType(), node->GetOutputTdInfo(0)->GetDataType(),
                node->GetInputTdInfo(3) == nullptr, node->GetAttrs() != nullptr ? "attrs" : "none");
    opkit::host::detail::CallState shape_call("ConcatScale", {});
    shape_call.inputs.add_ir({TensorArg{{2}, ge::DT_FLOAT}});
    shape_call.outputs.add_ir({TensorArg{{2}, ge::DT_FLOAT16}});
    const gert::InferShapeContext infer(shape_call);
    // the descriptions an InferShape reads (add_sigmoid_mul_reduce_sum_d: GetInputDesc(0)->GetOriginFormat())
    std::printf("desc %d %d %d %d\\n", infer.GetInputDesc(0)->GetDataType(), infer.GetInputDesc(0)->GetOriginFormat(),
                infer.GetOptionalInputDesc(0)->GetStorageFormat(), infer.GetOutputDesc(0)->GetDataType());
    return infer.GetComputeNodeInfo()->GetInputsNum() == 1 ? 0 : 1;
}
"""


def test_the_compute_node_info_numbers_inputs_by_ir_and_by_instance(tmp_path: Path) -> None:
    (tmp_path / "node.cpp").write_text(NODE)
    exe = tmp_path / "node"
    subprocess.run([CXX, "-std=c++17", "-Wall", "-Wextra", "-Werror", "-isystem", str(opkit.include_dir()),
                    str(tmp_path / "node.cpp"), "-o", str(exe)], check=True)
    result = subprocess.run([str(exe)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["ConcatScale 3 3 1 1", "ir0 0+2", "ir1 2+0", "ir2 2+1", "ir3 none",
                                          "3 1 1 attrs", "desc 0 2 2 1"]   # DT_INT32 = 3, DT_FLOAT16 = 1, ND = 2


# What CANN's operator repository's host code relies on beyond the basics: END_TILING_DATA_DEF and
# REGISTER_TILING_DATA_CLASS without a `;` after them (CANN's macros end with their own), ge::char_t, std::set and
# std::unordered_set through the registry header, std::array through tiling_api.h, REPORT_INNER_ERR_MSG through the
# context's header, and the context's ComputeNodeInfo (src/common's tiling_base.h logs every input and output with it).
REPO_STYLE = """\
#include "tiling/tiling_base.h"
#include "register/op_impl_registry.h"
#include "register/tilingdata_base.h"
#include "tiling/tiling_api.h"
namespace optiling {
BEGIN_TILING_DATA_DEF(GluTilingData)
    TILING_DATA_FIELD_DEF(int64_t, rows);
END_TILING_DATA_DEF
REGISTER_TILING_DATA_CLASS(Glu, GluTilingData)
static const std::set<ge::DataType> SUPPORTED = {ge::DT_FLOAT16};
static const std::unordered_set<int64_t> MODES = {0, 1};
class GluTiling {
public:
    explicit GluTiling(gert::TilingContext* context) : context_(context), nodeName_(context->GetNodeName()) {}
    size_t Tensors() const
    {
        return context_->GetComputeNodeInfo()->GetInputsNum() + context_->GetComputeNodeInfo()->GetOutputsNum();
    }
    bool Supported(ge::DataType dtype) const { return SUPPORTED.count(dtype) == 1 && MODES.count(0) == 1; }
    bool Masked(uint64_t mask) const
    {
        const std::array<uint64_t, 2> masks = {{mask & 1U, mask & 2U}};
        if (masks[0] == 0) {
            REPORT_INNER_ERR_MSG("EZ9999", "op[%s], mask %lu has no begin bit", nodeName_, mask);
        }
        return masks[0] != 0 || AlogCheckDebugLevel(static_cast<int32_t>(OP), DLOG_DEBUG) == 1;
    }

protected:
    gert::TilingContext* context_ = nullptr;
    const ge::char_t* nodeName_;
};
}  // namespace optiling
"""


def test_operator_repository_host_code_compiles(tmp_path: Path) -> None:
    (tmp_path / "glu.cpp").write_text(REPO_STYLE)
    result = subprocess.run([CXX, "-std=c++17", "-fsyntax-only", "-Wall", "-Werror", "-isystem",
                             str(opkit.include_dir()), str(tmp_path / "glu.cpp")], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_l0_op_code_has_unordered_set_through_the_executor_header(tmp_path: Path) -> None:
    (tmp_path / "padv3.cpp").write_text('#include "opdev/op_executor.h"\n'
                                        "static const std::unordered_set<int> MODES = {0, 1};\n"
                                        "int main() { return MODES.count(1) == 1 ? 0 : 1; }\n")
    result = subprocess.run([CXX, "-std=c++17", "-fsyntax-only", "-isystem", str(opkit.include_dir()),
                             str(tmp_path / "padv3.cpp")], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


# A CheckSupport callback in the style of CANN's reverse_sequence: the ge::Operator it is given (through the registry
# header alone), its descs by name and its attrs; the OpDef registers it.
CHECK_SUPPORT = """\
#include <sstream>
#include "register/op_def_registry.h"
namespace ge {
static graphStatus CheckSupported(const ge::Operator& op, ge::AscendString& result)
{
    auto xDesc = op.GetInputDescByName("x");
    int64_t seqDim = -1;
    std::string mode;
    std::ostringstream reason;
    if (op.GetAttr("seq_dim", seqDim) != ge::GRAPH_SUCCESS || op.GetAttr("absent", seqDim) == ge::GRAPH_SUCCESS ||
        op.GetAttr("seq_dim", mode) == ge::GRAPH_SUCCESS) {
        return ge::GRAPH_FAILED;
    }
    reason << xDesc.GetShape().GetDimNum() << " dims, " << ge::GetSizeByDataType(xDesc.GetDataType()) << " bytes, seq "
           << seqDim << ", y " << op.GetOutputDescByName("y").GetShape().GetDims().size();
    result = ge::AscendString(reason.str().c_str());
    return xDesc.GetShape().GetDims() == std::vector<int64_t>{2, 3, 4} ? ge::GRAPH_SUCCESS : ge::GRAPH_FAILED;
}
}  // namespace ge
namespace ops {
class Reverse : public OpDef {
public:
    explicit Reverse(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT16});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT16});
        this->AICore().SetCheckSupport(ge::CheckSupported);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(Reverse);
}  // namespace ops
int main()
{
    ge::Operator op("Reverse");
    op.UpdateInputDesc("x", ge::TensorDesc(ge::Shape({2, 3, 4}), ge::FORMAT_ND, ge::DT_FLOAT16));
    op.SetAttr("seq_dim", 1);
    ge::AscendString said;
    bool ok = ge::CheckSupported(op, said) == ge::GRAPH_SUCCESS;
    return ok && std::string(said.GetString()) == "3 dims, 2 bytes, seq 1, y 0" ? 0 : 1;
}
"""


def test_a_check_support_callback_reads_the_operator(tmp_path: Path) -> None:
    (tmp_path / "reverse.cpp").write_text(CHECK_SUPPORT)
    exe = tmp_path / "reverse"
    built = subprocess.run([CXX, "-std=c++17", "-Wall", "-Werror", "-isystem", str(opkit.include_dir()),
                            str(tmp_path / "reverse.cpp"), "-o", str(exe)], capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    assert subprocess.run([str(exe)]).returncode == 0


# INFER_SHAPE of CANN's built-in PadV3Grad / PadV3, which CANN's pad ops' l0 code (padv3grad.cpp) asks before launching
# the project's own op: the output shape from the paddings' values, contiguous ([b0, e0, ...]) or not ([b.., e..]).
BUILTIN_PAD = """\
#include <cstdio>
#include "opkit/host/opdev_launch.h"
using namespace opkit::opdev;
int main()
{
    aclTensor x, p, out;
    x.view_shape = {1, 1, 4, 6};
    x.dtype = ACL_FLOAT;
    int64_t pads[8] = {0, 0, 0, 0, 1, 1, 2, 1};
    p.view_shape = {8};
    p.dtype = ACL_INT64;
    p.data = pads;
    L0Call grad{"PadV3Grad", MakeInputs(&x, &p), MakeOutputs(&out), MakeAttrs(std::string("circular"), true)};
    aclnnStatus s = InferShape(nullptr, grad);
    std::printf("%d %lld %lld %lld %lld\\n", (int)s, (long long)out.view_shape[0], (long long)out.view_shape[1],
                (long long)out.view_shape[2], (long long)out.view_shape[3]);
    int32_t split[4] = {1, 2, 1, 1};   // [b2, b3, e2, e3]: not contiguous, the last two dims
    p.view_shape = {4};
    p.dtype = ACL_INT32;
    p.data = split;
    L0Call pad{"PadV3", MakeInputs(&x, &p, nullptr), MakeOutputs(&out), MakeAttrs(std::string("constant"), false)};
    s = InferShape(nullptr, pad);
    std::printf("%d %zu %lld %lld\\n", (int)s, out.view_shape.size(), (long long)out.view_shape[2],
                (long long)out.view_shape[3]);
    return 0;
}
"""


def test_builtin_pad_infer_shape_reads_the_paddings(tmp_path: Path) -> None:
    (tmp_path / "pad.cpp").write_text(BUILTIN_PAD)
    exe = tmp_path / "pad"
    subprocess.run([CXX, "-std=c++17", "-Wall", "-Werror", "-DOPKIT_PROJECT_SOC=\"Ascend910B2\"", "-isystem",
                    str(opkit.include_dir()), str(tmp_path / "pad.cpp"), "-o", str(exe)], check=True)
    result = subprocess.run([str(exe)], capture_output=True, text=True, check=True)
    assert result.stdout.splitlines() == ["0 1 1 2 3", "0 4 6 9"]   # 4-1-1, 6-2-1; 4+1+1, 6+2+1

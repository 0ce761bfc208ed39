"""Reading an op's model from its C++ OpDef (opkit/spec/opdef.py), as CANN's build does: the dumped registry turned
into a prototype (DataTypeList/FormatList expansion, per-SoC AddConfig parameters, attrs), and the host code compiled
and dumped for real."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from opkit.errors import BuildError
from opkit.spec.opdef import prototype_from_opdef, read_opdef, return_type_warnings
from opkit.spec.soc import soc_for_configs


def _param(name: str, dtypes: list[str], *, param_type: int = 2, as_list: bool = False,
           formats: list[str] | None = None) -> dict[str, Any]:
    return {"name": name, "param_type": param_type, "dtypes": dtypes, "formats": formats or [],
            "dtypes_are_list": as_list, "formats_are_list": False, "follow": "", "value_depend": 0}


def _op(inputs: list[dict[str, Any]], outputs: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"op": "SomeOp", "count": 1, "inputs": inputs, "outputs": outputs, "attrs": [], "infer_shape": True,
            "infer_dtype": False, "tiling": True, "configs": {"ascend910b": {"inputs": [], "outputs": []}}, **extra}


def test_positional_dtypes_and_a_datatypelist_crossed_with_them() -> None:
    raw = _op([_param("x", ["DT_FLOAT16", "DT_FLOAT"]), _param("idx", ["DT_INT32", "DT_INT64"], as_list=True)],
              [_param("y", ["DT_FLOAT16", "DT_FLOAT"])])
    (op,), info, notes = prototype_from_opdef([raw])
    assert [t["type"] for t in op["input_desc"] + op["output_desc"]] == [
        ["float16", "float16", "float32", "float32"], ["int32", "int64", "int32", "int64"],
        ["float16", "float16", "float32", "float32"]]
    assert op["input_desc"][0]["format"] == ["ND"] * 4 and notes == []
    assert info["SomeOp"].socs == ("ascend910b",) and info["SomeOp"].infer_shape and not info["SomeOp"].infer_dtype


def test_addconfig_parameters_are_read_for_the_soc_built_for() -> None:
    raw = _op([_param("x", ["DT_FLOAT16"])], [_param("y", ["DT_FLOAT16"])])
    raw["configs"] = {"ascend310p": {"inputs": [], "outputs": []},
                      "ascend910b": {"inputs": [_param("x", ["DT_FLOAT16", "DT_BF16"])],
                                     "outputs": [_param("y", ["DT_FLOAT16", "DT_BF16"])]}}
    (op,), info, _ = prototype_from_opdef([raw], "ascend910b")
    assert op["input_desc"][0]["type"] == ["float16", "bfloat16"] and info["SomeOp"].family == "ascend910b"
    (op,), info, _ = prototype_from_opdef([raw], "ascend310p")
    assert op["input_desc"][0]["type"] == ["float16"] and info["SomeOp"].family == "ascend310p"


def test_an_op_for_other_socs_only_is_read_for_the_first_it_lists() -> None:
    raw = _op([_param("x", ["DT_FLOAT"])], [_param("y", ["DT_FLOAT"])])
    raw["configs"] = {"ascend310b": {"inputs": [], "outputs": []}, "ascend310p": {"inputs": [], "outputs": []}}
    _, info, notes = prototype_from_opdef([raw], "ascend910b")
    assert info["SomeOp"].family == "ascend310b"
    assert notes == ["SomeOp: AddConfig lists ascend310b, ascend310p, not ascend910b: read for ascend310b"]


def test_dtypes_the_simulator_lacks_drop_their_combinations_with_a_note() -> None:
    raw = _op([_param("x", ["DT_FLOAT", "DT_HIFLOAT8", "DT_INT8"])], [_param("y", ["DT_FLOAT", "DT_FLOAT", "DT_INT8"])])
    (op,), _, notes = prototype_from_opdef([raw])
    assert op["input_desc"][0]["type"] == ["float32", "int8"] and op["output_desc"][0]["type"] == ["float32", "int8"]
    assert notes == ["SomeOp: 1 dtype combination(s) with hifloat8 left out: opkit's simulator has no such dtype"]


def test_a_combination_repeated_for_another_format_is_read_once() -> None:
    formats = ["ND", "ND", "NCHW", "NCHW", "NHWC"]
    dtypes = ["DT_FLOAT16", "DT_FLOAT", "DT_FLOAT16", "DT_FLOAT", "DT_BF16"]
    raw = _op([_param("x", dtypes, formats=formats)], [_param("y", dtypes, formats=formats)])
    (op,), _, notes = prototype_from_opdef([raw])
    assert op["input_desc"][0]["type"] == ["float16", "float32", "bfloat16"] == op["output_desc"][0]["type"]
    assert op["input_desc"][0]["format"] == ["ND", "ND", "NHWC"]
    assert notes == ["SomeOp: 2 dtype combination(s) repeat an earlier one in another format; read once, as the "
                     "first one's (opkit's tensors are ND)"]


def test_attrs_param_types_and_registrations() -> None:
    raw = _op([_param("x", ["DT_FLOAT"]), _param("bias", ["DT_FLOAT"], param_type=1),
               _param("xs", ["DT_FLOAT"], param_type=3)], [_param("y", ["DT_FLOAT"])], count=2)
    raw["attrs"] = [{"name": "axis", "required": True, "kind": "int"},
                    {"name": "eps", "required": False, "kind": "float", "default": 0.100000001},
                    {"name": "dims", "required": False, "kind": "list_int"}]
    (op,), _, notes = prototype_from_opdef([raw])
    assert [t["param_type"] for t in op["input_desc"]] == ["required", "optional", "dynamic"]
    assert op["attr"] == [{"name": "axis", "param_type": "required", "type": "int"},
                          {"name": "eps", "param_type": "optional", "type": "float", "default_value": 0.1},
                          {"name": "dims", "param_type": "optional", "type": "list_int", "default_value": []}]
    assert notes == ["SomeOp: OP_ADD registers it 2 times; the first registration is used",
                     'SomeOp: optional attr "dims" has no default value in the OpDef; opkit uses []']


HOST = r'''
#include "register/op_def_registry.h"
namespace ops {
class TwoWay : public OpDef {
public:
    explicit TwoWay(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_INT32}).FormatList({ge::FORMAT_ND});
        this->Input("scale").ParamType(OPTIONAL).DataTypeList({ge::DT_FLOAT}).FormatList({ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_INT32}).FormatList({ge::FORMAT_ND});
        this->Attr("mode").AttrType(OPTIONAL).String("fast");
        this->Attr("dims").AttrType(OPTIONAL).ListInt({1, -2});
        this->Attr("to").AttrType(OPTIONAL).Type(ge::DT_FLOAT16);
        this->Attr("k").AttrType(REQUIRED).Int();
        OpAICoreConfig only910b;
        only910b.Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).FormatList({ge::FORMAT_ND});
        only910b.Input("scale").ParamType(OPTIONAL).DataType({ge::DT_FLOAT}).FormatList({ge::FORMAT_ND});
        only910b.Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).FormatList({ge::FORMAT_ND});
        this->AICore().AddConfig("ascend310p");
        this->AICore().AddConfig("ascend910b", only910b);
    }
};
OP_ADD(TwoWay);
}  // namespace ops
'''


@pytest.mark.compile
def test_host_code_compiled_and_dumped(tmp_path: Path) -> None:
    (tmp_path / "op_host").mkdir()
    (tmp_path / "op_host" / "two_way.cpp").write_text(HOST)
    read = read_opdef([tmp_path / "op_host" / "two_way.cpp"], tmp_path / "out")
    assert read.soc.profile.name == "Ascend910B2"      # AddConfig lists the default's family: built for the default
    (op,) = read.spec.ops
    assert (op.op_type, op.name) == ("TwoWay", "two_way")
    assert [(t.name, t.param_type, [d.name for d in t.dtypes]) for t in op.tensors] == [
        ("x", "required", ["float32"]), ("scale", "optional", ["float32"]), ("y", "required", ["float32"])]
    assert [(a.name, a.param_type, a.type, a.default) for a in op.attrs] == [
        ("mode", "optional", "string", "fast"), ("dims", "optional", "list_int", (1, -2)),
        ("to", "optional", "type", "float16"), ("k", "required", "int", None)]
    assert read.info["TwoWay"].socs == ("ascend310p", "ascend910b")   # AddConfig's order, not sorted
    assert json.loads(read.spec.text)[0]["op"] == "TwoWay" and read.spec.path == tmp_path / "out" / "opdef.json"
    assert [d.name for d in op.inputs[0].dtypes] == ["float32"]   # the 910b config's own inputs
    again = read_opdef([tmp_path / "op_host" / "two_way.cpp"], tmp_path / "out", soc=soc_for_configs(["ascend310p"]))
    assert [d.name for d in again.spec.ops[0].inputs[0].dtypes] == ["float32", "int32"]   # the OpDef's own
    assert len(list((tmp_path / "out").glob("opdef-*.raw.json"))) == 1       # one dump, cached by content
    assert read.warnings == again.warnings == ()   # nothing the compiler saw, before and after the cache


def test_a_host_function_without_a_return_is_a_located_warning() -> None:
    """coalesce_sparse's InferShape flows off its end: undefined behaviour that crashes when an aclnn call checks its
    outputs with it. The compiler's -Wreturn-type lines become one located warning each."""
    stderr = ("op_host/coalesce_sparse.cpp: In function ‘ge::graphStatus ge::CoalesceSparseInferShape("
              "gert::InferShapeContext*)’:\n"
              "op_host/coalesce_sparse.cpp:238:1: warning: control reaches end of non-void function [-Wreturn-type]\n"
              "  238 | }\n      | ^\n"
              "op_host/other.cpp:12:5: warning: no return statement in function returning non-void [-Wreturn-type]\n"
              "op_host/other.cpp:20:3: warning: unused variable 'k' [-Wunused-variable]\n")
    assert return_type_warnings(stderr) == [
        "op_host/coalesce_sparse.cpp:238: ge::graphStatus ge::CoalesceSparseInferShape(gert::InferShapeContext*) has "
        "no return statement at its end (undefined behaviour: calling it may crash)",
        "op_host/other.cpp:12: a function has no return statement at its end (undefined behaviour: calling it may "
        "crash)"]


@pytest.mark.compile
def test_host_code_that_does_not_link_alone_names_the_symbol(tmp_path: Path) -> None:
    (tmp_path / "h.cpp").write_text(HOST.replace("OP_ADD(TwoWay);", "int Helper(); static int k = Helper();\n"
                                                 "OP_ADD(TwoWay);"))
    with pytest.raises(BuildError, match="does not link on its own") as info:
        read_opdef([tmp_path / "h.cpp"], tmp_path / "out")
    assert "Helper" in info.value.output
    assert "undefined reference" in str(info.value) and "Helper" in str(info.value)   # what the CLI prints


@pytest.mark.compile
def test_host_code_that_does_not_compile_shows_the_compilers_first_error(tmp_path: Path) -> None:
    (tmp_path / "h.cpp").write_text('#include "no_such_dir/missing_header.h"\n' + HOST)
    with pytest.raises(BuildError, match="does not compile against opkit's host headers") as info:
        read_opdef([tmp_path / "h.cpp"], tmp_path / "out")
    first = str(info.value).splitlines()[1]
    assert "h.cpp:1:" in first and "missing_header.h" in first and "error" in first


@pytest.mark.compile
def test_a_function_a_shared_header_defines_in_two_host_files_links(tmp_path: Path) -> None:
    # CANN links the tiling file and the OpDef file into different libraries (optiling, opsproto), so a header both
    # include may define a function without `inline`; read together they still link.
    (tmp_path / "shared.h").write_text("#pragma once\nnamespace optiling { long GetMod(long a, long b) { return a % b; } }\n")
    (tmp_path / "two_way.cpp").write_text('#include "shared.h"\n' + HOST)
    (tmp_path / "two_way_tiling.cpp").write_text('#include "shared.h"\nlong Tile(long n) { return optiling::GetMod(n, 8); }\n')
    read = read_opdef([tmp_path / "two_way.cpp", tmp_path / "two_way_tiling.cpp"], tmp_path / "out")
    assert [op.op_type for op in read.spec.ops] == ["TwoWay"]

"""opkit::host attrs and inputs: every attr type, defaults filled, optional and dynamic inputs, clear errors."""
from __future__ import annotations

import pytest

from tests.runtime.cxx import Program
from tests.runtime.test_host_programs import build_host, host_args, run_json

pytestmark = pytest.mark.compile

X, BIAS, XS = "float32:2,3", "int64:3@5", "float32:2,4;float32:2,5"
DEFAULTS = {"count": 3, "alpha": 0.25, "flag": 1, "out_dtype": 0, "mode": "sum", "axes": [0, 1], "weights": [],
            "masks": [1, 0, 1], "tags_n": 2, "tag0": "a", "groups_n": 2, "group_sizes": [2, 1], "group_sum": 6,
            "attr_num": 10, "mixed_type_null": 1}


@pytest.fixture(scope="module")
def host() -> Program:
    return build_host()


def echo(host: Program, inputs: list[str], attrs: dict[str, str]) -> dict[str, object]:
    out = run_json(host, host_args("tile", "AttrsCustom", inputs, attrs))
    result: dict[str, object] = out["echo"]
    assert out["block_dim"] == result["count"]
    return result


def test_optional_attrs_take_their_defaults(host: Program) -> None:
    got = echo(host, [X, BIAS, XS], {"count": "int:3"})
    assert {k: got[k] for k in DEFAULTS} == DEFAULTS


@pytest.mark.parametrize("name,value,field,expected", [
    ("count", "int:5", "count", 5),
    ("alpha", "float:1.5", "alpha", 1.5),
    ("alpha", "int:2", "alpha", 2.0),  # an int is accepted for a float attr
    ("flag", "bool:0", "flag", 0),
    ("out_dtype", "type:float16", "out_dtype", 1),  # ge::DT_FLOAT16
    ("out_dtype", "type:bfloat16", "out_dtype", 27),  # ge::DT_BF16
    ("mode", "string:max_abs", "mode", "max_abs"),
    ("axes", "list_int:3,-1,2", "axes", [3, -1, 2]),
    ("axes", "list_int:", "axes", []),
    ("weights", "list_float:0.5,2", "weights", [0.5, 2.0]),
    ("weights", "list_int:1,2,3", "weights", [1.0, 2.0, 3.0]),  # ints accepted for a list of floats
    ("masks", "list_bool:0,0,1,1", "masks", [0, 0, 1, 1]),
    ("tags", "list_string:xyz", "tag0", "xyz"),
    ("groups", "list_list_int:1,2,3/4/5,6", "group_sizes", [3, 1, 2]),
    ("groups", "list_list_int:1,2,3/4/5,6", "group_sum", 21),
])
def test_given_attr_of_every_kind_reaches_the_tiling_func(host: Program, name: str, value: str, field: str,
                                                           expected: object) -> None:
    got = echo(host, [X, BIAS, XS], {"count": "int:1", name: value})
    assert got[field] == expected


@pytest.mark.parametrize("inputs,input_num,has_bias,xs,bias_first", [
    ([X, BIAS, XS], 4, 1, [4, 5], 5),
    ([X, "-", XS], 3, 0, [4, 5], -1),
    ([X, "-", "float32:2,9"], 2, 0, [9], -1),
    ([X, "-", "[]"], 1, 0, [], -1),
    ([X], 1, 0, [], -1),  # trailing optional and dynamic inputs may be left out
])
def test_optional_and_dynamic_inputs_index_like_cann(host: Program, inputs: list[str], input_num: int,
                                                     has_bias: int, xs: list[int], bias_first: int) -> None:
    got = echo(host, inputs, {"count": "int:2"})
    assert (got["input_num"], got["has_bias"], got["xs_last_dims"], got["bias_first"]) == (
        input_num, has_bias, xs, bias_first)


@pytest.mark.parametrize("inputs,shape", [
    ([X, BIAS, XS], [1, 2, 12]),
    ([X, "-", XS], [2, 12]),
    ([X], [2, 3]),
])
@pytest.mark.parametrize("out_dtype", [None, "float16"])
def test_infer_with_optional_dynamic_inputs_and_dtype_attr(host: Program, inputs: list[str], shape: list[int],
                                                           out_dtype: str | None) -> None:
    attrs = {"count": "int:1", **({"out_dtype": f"type:{out_dtype}"} if out_dtype else {})}
    out = run_json(host, host_args("infer", "AttrsCustom", inputs, attrs))
    assert out["outputs"] == [[{"shape": shape, "dtype": out_dtype or "float32"}]]


@pytest.mark.parametrize("inputs,attrs,stage,message", [
    ([X], {}, "attrs", "required attr 'count' (int) was not given and has no default"),
    ([X], {"count": "int:1", "colour": "int:2"}, "attrs",
     "unknown attr 'colour' (attrs: count, alpha, flag, out_dtype, mode, axes, weights, masks, tags, groups)"),
    ([X], {"count": "string:3"}, "attrs", "attr 'count' expects int, got string \"3\""),
    ([X], {"count": "int:1", "axes": "list_float:1.5"}, "attrs", "attr 'axes' expects list_int, got list_float [1.5]"),
    ([X], {"count": "int:1", "flag": "int:1"}, "attrs", "attr 'flag' expects bool, got int 1"),
    (["-"], {"count": "int:1"}, "inputs", "required input 'x' got 0 tensors; expected exactly 1"),
    ([X, f"{BIAS};{BIAS}"], {"count": "int:1"}, "inputs", "optional input 'bias' got 2 tensors; expected 0 or 1"),
    ([X, "-", XS, X], {"count": "int:1"}, "inputs", "got 4 inputs but the op declares 3"),
    ([X, "-", "float32:4"], {"count": "int:1"}, "InferShape",
     "returned GRAPH_FAILED (inputs x: float32[2, 3], bias: absent, xs: float32[4])"),
])
def test_bad_calls_name_what_and_where(host: Program, inputs: list[str], attrs: dict[str, str], stage: str,
                                       message: str) -> None:
    out = run_json(host, host_args("infer", "AttrsCustom", inputs, attrs), expect_error=True)
    assert (out["op"], out["stage"]) == ("AttrsCustom", stage)
    assert out["error"] == f"AttrsCustom: {stage}: {message}"

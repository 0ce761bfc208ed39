"""Valid prototypes load into the frozen model: aliases resolved, formats broadcast, attr defaults normalised."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from opkit.spec import DTYPES, OpSpec, SpecFile, load_spec, summarize
from opkit.spec.dtypes import DTYPE_ALIASES
from tests.specs.corpus import VALID_DIR, valid_cases

# The defaults of tests/specs/valid/attrs_*.json, normalised as model.py documents.
EXPECTED_DEFAULTS = {
    "count": -3, "alpha": 0.1, "beta": 2.0, "flag": True, "mode": "linear", "dst_type": "float16",
    "dims": (1, 2), "scales": (0.5, 1.0), "mask": (True, False), "names": ("a", "b"),
    "pads": ((1, 2), (3, 4)), "empty": (), "axis": None, "keep": None,
}


def _only_op(name: str) -> OpSpec:
    spec = load_spec(VALID_DIR / name)
    assert len(spec.ops) == 1
    return spec.ops[0]


@pytest.mark.parametrize("case", valid_cases(), ids=lambda c: c.name)
def test_valid_prototype_loads_and_summarizes(case: Path) -> None:
    spec = load_spec(case)
    assert isinstance(spec, SpecFile) and spec.ops
    assert spec.text == case.read_text(encoding="utf-8")
    lines = summarize(spec).splitlines()
    assert [line.split(" ", 1)[0] for line in lines] == [op.op_type for op in spec.ops]


def test_add_custom_example_builds_the_expected_model(repo_root: Path) -> None:
    op = load_spec(repo_root / "examples/add_custom/add_custom.json").op("AddCustom")
    assert (op.name, [t.name for t in op.inputs], [t.name for t in op.outputs]) == ("add_custom", ["x", "y"], ["z"])
    assert [[d.name for d in combo] for combo in op.dtype_combinations] == [
        ["float16"] * 3, ["float32"] * 3, ["int32"] * 3]
    assert op.pointer == "[0]" and op.inputs[1].pointer == "[0].input_desc[1]"


def test_dtype_aliases_resolve_to_canonical_dtypes() -> None:
    op = _only_op("dtype_aliases.json")
    for combo in op.dtype_combinations:
        assert len({d.name for d in combo}) == 1
    assert sorted(d.name for d in op.outputs[0].dtypes) == sorted(DTYPES)


@pytest.mark.parametrize("spelling", sorted(DTYPE_ALIASES))
def test_every_msopgen_dtype_spelling_is_accepted(tmp_path: Path, spelling: str) -> None:
    path = tmp_path / "op.json"
    path.write_text(json.dumps({"op": "Cast", "input_desc": [{"name": "x", "type": [spelling]}],
                                "output_desc": [{"name": "y", "type": [spelling.upper()]}]}))
    (op,) = load_spec(path).ops
    assert op.inputs[0].dtypes == op.outputs[0].dtypes == (DTYPES[DTYPE_ALIASES[spelling]],)


def test_single_format_is_broadcast_and_missing_format_means_nd() -> None:
    op = _only_op("formats.json")
    formats = {t.name: t.formats for t in op.tensors}
    assert formats == {"x": ("NCHW", "NCHW"), "filter": ("FRACTAL_Z", "HWCN"), "bias": ("ND", "ND"),
                       "scale": ("ND", "ND"), "y": ("NC1HWC0", "NHWC")}
    assert [t.param_type for t in op.inputs] == ["required", "required", "optional", "required"]


def test_format_and_type_given_as_plain_strings_mean_lists_of_one() -> None:
    """msopgen reads "format": "ND" and "type": "float16" as lists of one; a lone dtype beside several formats is
    repeated once per format (its _check_type_format_length), a lone format is broadcast as usual."""
    mul, neg = load_spec(VALID_DIR / "string_type_format.json").ops
    assert {t.name: ([d.name for d in t.dtypes], t.formats) for t in mul.tensors} == {
        "x1": (["float16", "float32"], ("ND", "ND")),
        "x2": (["float16", "float16"], ("ND", "NCHW")),
        "out": (["float16", "float32"], ("ND", "ND")),
    }
    assert [[d.name for d in c] for c in neg.dtype_combinations] == [["float16", "float16"]]
    assert [t.formats for t in neg.tensors] == [("ND",), ("NCHW",)]


def test_string_and_list_spellings_build_equal_tensors(tmp_path: Path) -> None:
    listed, plain = tmp_path / "listed.json", tmp_path / "plain.json"
    listed.write_text(json.dumps({"op": "Neg", "input_desc": [{"name": "x", "format": ["ND"], "type": ["fp16"]}],
                                  "output_desc": [{"name": "y", "format": ["ND"], "type": ["fp16"]}]}))
    plain.write_text(json.dumps({"op": "Neg", "input_desc": [{"name": "x", "format": "ND", "type": "fp16"}],
                                 "output_desc": [{"name": "y", "format": "ND", "type": "fp16"}]}))
    assert load_spec(listed).ops == load_spec(plain).ops


def test_brace_initialiser_defaults_mean_what_the_opdef_cpp_means() -> None:
    """msopgen writes a default into `Attr(...).ListInt(<default>)` as written, so "{0}" is the list [0]; "{}" and {}
    are empty lists, and value-initialise a scalar; a string attr keeps the text, as msopgen's String("{0}")."""
    op = _only_op("attrs_brace_defaults.json")
    assert {a.name: a.default for a in op.attrs} == {
        "dims": (0,), "strides": (1, -2), "scales": (0.5, 1.0), "mask": (True, False), "pads": ((1, 2), (3,)),
        "names": (), "axes": (), "count": 7, "alpha": 0.25, "flag": False, "zero": 0, "mode": "{0}", "text": "{}",
    }
    assert type(op.attrs[2].default[1]) is float and type(op.attrs[8].default) is float


def test_out_names_tensors_and_attrs_as_msopgen_allows() -> None:
    spec = load_spec(VALID_DIR / "out_names.json")
    assert spec.warnings == ()
    assert [t.name for t in spec.op("RangeCustom").outputs] == ["out"]
    assert [t.name for t in spec.op("CopyOutCustom").inputs] == ["out"]
    assert [a.name for a in spec.op("ScaleOutCustom").attrs] == ["out"]


def test_out_named_input_moves_the_python_out_keyword_aside() -> None:
    from opkit.generate import render_project

    files = {f.path: f.content for f in render_project(load_spec(VALID_DIR / "out_names.json"), package="outs").files}
    ops_py = files["python/outs/_ops.py"]
    assert "def copy_out_custom(out, *, out_scale=1.0, out_=None):" in ops_py
    assert "def scale_out_custom(x, *, out=0, out_=None):" in ops_py
    assert "def range_custom(begin, step, *, out=None):" in ops_py


@pytest.mark.parametrize("case", ["attrs_json_values.json", "attrs_quoted_defaults.json"])
def test_attr_defaults_are_normalised_from_json_values_and_quoted_strings(case: str) -> None:
    op = _only_op(case)
    assert {a.name: a.default for a in op.attrs} == EXPECTED_DEFAULTS
    assert {type(a.default) for a in op.attrs if a.name in ("alpha", "beta")} == {float}
    assert [a.param_type for a in op.attrs if a.default is None] == ["required", "required"]


def test_every_attr_type_is_covered_by_the_attr_corpus() -> None:
    from opkit.spec.dtypes import ATTR_TYPES

    assert {a.type for a in _only_op("attrs_json_values.json").attrs} == set(ATTR_TYPES)


def test_single_object_file_equals_the_list_form(tmp_path: Path) -> None:
    (single,) = load_spec(VALID_DIR / "single_object.json").ops
    listed = tmp_path / "listed.json"
    listed.write_text(json.dumps([json.loads((VALID_DIR / "single_object.json").read_text())]))
    (first,) = load_spec(listed).ops
    # Only the JSON paths differ: "attr[0]" in a single-object file, "[0].attr[0]" in a list.
    assert (single.pointer, single.attrs[0].pointer, first.attrs[0].pointer) == ("", "attr[0]", "[0].attr[0]")
    assert _strip_pointers(single) == _strip_pointers(first)


def _strip_pointers(op: OpSpec) -> OpSpec:
    return dataclasses.replace(
        op, pointer="", inputs=tuple(dataclasses.replace(t, pointer="") for t in op.inputs),
        outputs=tuple(dataclasses.replace(t, pointer="") for t in op.outputs),
        attrs=tuple(dataclasses.replace(a, pointer="") for a in op.attrs))


def test_yaml_file_loads_like_json() -> None:
    spec = load_spec(VALID_DIR / "two_ops.yaml")
    assert _strip_pointers(spec.op("LeakyReluCustom")) == _strip_pointers(_only_op("single_object.json"))
    assert spec.op("LeakyReluCustom").attrs[0].pointer == "[0].attr[0]"
    concat = spec.op("ConcatCustom")
    assert [(t.name, t.param_type) for t in concat.inputs] == [("xs", "dynamic"), ("shift", "optional")]
    assert [d.name for d in concat.outputs[0].dtypes] == ["bfloat16", "int32"]


def test_language_and_opkit_keys_are_accepted_and_ignored() -> None:
    op = _only_op("opkit_extension_keys.json")
    assert [t.name for t in op.tensors] == ["x", "y", "z"]
    assert op.attrs[0].default == 1.0


def test_model_is_frozen_and_hashable() -> None:
    op = _only_op("attrs_json_values.json")
    with pytest.raises(dataclasses.FrozenInstanceError):
        op.name = "other"  # type: ignore[misc]
    assert hash(op) == hash(_only_op("attrs_json_values.json"))


def test_summary_names_tensors_attrs_and_dtype_combinations() -> None:
    summary = summarize(load_spec(VALID_DIR / "two_ops.yaml"))
    assert summary.splitlines() == [
        "LeakyReluCustom (leaky_relu_custom): inputs x; outputs y; attrs negative_slope: float = 0.01; "
        "dtypes float16 -> float16 | float32 -> float32",
        "ConcatCustom (concat_custom): inputs xs (dynamic), shift (optional); outputs y; "
        "attrs concat_dim: int = 0, dims: list_int = [1, 2]; dtypes bfloat16 bfloat16 -> bfloat16 | int32 int32 -> int32",
    ]


def test_utf8_bom_is_tolerated(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b'\xef\xbb\xbf[{"op": "Neg", "input_desc": [{"name": "x", "type": ["fp16"]}], '
                     b'"output_desc": [{"name": "y", "type": ["fp16"]}]}]')
    spec = load_spec(path)
    assert summarize(spec) == "Neg (neg): inputs x; outputs y; attrs -; dtypes float16 -> float16"


def test_shipped_schemas_are_valid_json_schemas() -> None:
    """Checked here rather than on every `opkit gen` (the metaschema check costs the CLI tens of milliseconds)."""
    import jsonschema

    from opkit.spec.derivatives import derivatives_schema
    from opkit.spec.schema import prototype_schema

    for schema in (prototype_schema(), derivatives_schema()):
        jsonschema.Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("attr_type, text, value", [
    ("list_string", '{"a{b}", "c"}', ("a{b}", "c")),   # braces inside strings stay text
    ("list_int", "{}", ()),
    ("list_list_int", "{{}, {1}}", ((), (1,))),
    ("float", "{}", 0.0),
    ("bool", "{true}", True),
    ("string", "{x}", "{x}"),
    ("list_int", {}, ()),
])
def test_brace_initialisers_parse_as_cpp_reads_them(attr_type: str, text: object, value: object) -> None:
    from opkit.spec.attrs import normalize_default

    assert normalize_default(attr_type, text) == value

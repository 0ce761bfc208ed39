"""Invalid prototypes: every problem located (file:line:col, JSON path), explained, hinted, all reported at once."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from opkit.errors import SpecError
from opkit.spec import RESERVED_NAMES, load_spec
from opkit.spec.dtypes import ATTR_TYPES
from opkit.spec.naming import CXX_KEYWORDS, PYTHON_KEYWORDS
from tests.specs.corpus import INVALID_DIR, expected_errors, invalid_cases

CASES = invalid_cases()


def test_corpus_is_large_and_complete() -> None:
    assert len(CASES) >= 30
    assert any(c.suffix == ".yaml" for c in CASES)
    missing = [c.name for c in CASES if not c.with_name(c.stem + ".errors.txt").is_file()]
    assert missing == []


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_invalid_prototype_raises_exact_errors(case: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(INVALID_DIR)
    with pytest.raises(SpecError) as caught:
        load_spec(case.name)
    assert str(caught.value) == expected_errors(case)


def _write_op(tmp_path: Path, **changes: object) -> Path:
    op: dict[str, object] = {
        "op": "AddCustom",
        "input_desc": [{"name": "x", "type": ["float16"]}],
        "output_desc": [{"name": "y", "type": ["float16"]}],
    }
    op.update(changes)
    path = tmp_path / "op.json"
    path.write_text(json.dumps([op], indent=2))
    return path


def _problems(path: Path) -> list[str]:
    with pytest.raises(SpecError) as caught:
        load_spec(path)
    return [p.message for p in caught.value.problems]


@pytest.mark.parametrize("name", sorted(RESERVED_NAMES))
def test_every_reserved_name_is_refused_for_tensors(tmp_path: Path, name: str) -> None:
    path = _write_op(tmp_path, input_desc=[{"name": name, "type": ["float16"]}])
    assert _problems(path) == [f'"{name}" is reserved: the generated code uses it']


@pytest.mark.parametrize("name", sorted(CXX_KEYWORDS))
def test_every_cxx_keyword_is_refused_for_attrs(tmp_path: Path, name: str) -> None:
    path = _write_op(tmp_path, attr=[{"name": name, "type": "int"}])
    assert _problems(path) == [f'"{name}" is a C++ keyword']


@pytest.mark.parametrize("name", sorted(PYTHON_KEYWORDS - CXX_KEYWORDS - {"True", "False", "None"}))
def test_python_keywords_are_refused(tmp_path: Path, name: str) -> None:
    path = _write_op(tmp_path, attr=[{"name": name, "type": "int"}])
    assert _problems(path) == [f'"{name}" is a Python keyword (attrs and tensors become Python parameters)']


@pytest.mark.parametrize("attr_type", ATTR_TYPES)
def test_every_attr_type_rejects_a_default_of_another_kind(tmp_path: Path, attr_type: str) -> None:
    # An object is never a valid default; a string that parses as nothing is wrong for all but string.
    wrong = 12 if attr_type in ("string", "type") else "not a value"
    path = _write_op(tmp_path, attr=[{"name": "a", "param_type": "optional", "type": attr_type,
                                       "default_value": wrong}])
    (message,) = _problems(path)
    assert message.startswith(f'default_value of {attr_type} attr "a": ')


def test_problems_of_several_ops_are_all_reported_in_file_order(tmp_path: Path) -> None:
    ops = [{"op": f"Op{i}", "input_desc": [{"name": "x", "type": ["float16"]}],
            "output_desc": [{"name": "y", "type": ["flaot16"]}]} for i in range(3)]
    path = tmp_path / "ops.json"
    path.write_text(json.dumps(ops, indent=1))
    with pytest.raises(SpecError) as caught:
        load_spec(path)
    problems = caught.value.problems
    assert [p.pointer for p in problems] == [f"[{i}].output_desc[0].type[0]" for i in range(3)]
    assert [p.line for p in problems] == sorted(p.line for p in problems)
    assert all(p.hint == 'did you mean "float16"?' for p in problems)


def test_unreadable_file_is_a_located_spec_error(tmp_path: Path) -> None:
    with pytest.raises(SpecError) as caught:
        load_spec(tmp_path / "missing.json")
    assert "cannot read file" in str(caught.value)


def test_non_utf8_file_is_a_spec_error(tmp_path: Path) -> None:
    path = tmp_path / "latin.json"
    path.write_bytes(b'[{"op": "Caf\xe9"}]')
    with pytest.raises(SpecError) as caught:
        load_spec(path)
    assert caught.value.problems[0].message.startswith("cannot read file:")

"""Hostile prototypes: whatever the file holds, load_spec returns a SpecFile or raises SpecError, never crashes."""
from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from opkit.errors import SpecError
from opkit.spec import SpecFile, load_spec

_KEYS = st.sampled_from(["op", "input_desc", "output_desc", "attr", "name", "type", "format", "param_type",
                         "default_value", "language", "opkit_x", "typo"])
_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False, allow_infinity=False),
                     st.sampled_from(["AddCustom", "x", "fp16", "ND", "optional", "dynamic", "int", "list_int",
                                      "[1, 2]", "0.1", "class", ""]))
_JSON = st.recursive(_SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(_KEYS, inner, max_size=6)), max_leaves=25)


def _op_like() -> st.SearchStrategy[Any]:
    tensor = st.fixed_dictionaries({"name": _SCALARS, "type": _JSON}, optional={"format": _JSON, "param_type": _JSON})
    attr = st.fixed_dictionaries({"name": _SCALARS, "type": _SCALARS},
                                 optional={"param_type": _SCALARS, "default_value": _JSON})
    return st.fixed_dictionaries({"op": _SCALARS, "output_desc": st.lists(tensor, max_size=3)},
                                 optional={"input_desc": st.lists(tensor, max_size=3), "attr": st.lists(attr, max_size=3)})


def _load(text: str, suffix: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"op{suffix}"
        path.write_text(text, encoding="utf-8")
        try:
            assert isinstance(load_spec(path), SpecFile)
        except SpecError as exc:
            assert exc.problems and all(p.line >= 1 and p.column >= 1 and p.message for p in exc.problems)


@settings(max_examples=150, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(_JSON, st.lists(_op_like(), max_size=3), _op_like()))
def test_any_json_value_loads_or_raises_spec_error(value: Any) -> None:
    _load(json.dumps(value, indent=1), ".json")


@settings(max_examples=100, deadline=None, database=None)
@given(st.text(alphabet='[]{}",:0123456789 \n\tabcdefopNaI-.e', max_size=60))
def test_any_json_text_loads_or_raises_spec_error(text: str) -> None:
    _load(text, ".json")


@settings(max_examples=100, deadline=None, database=None)
@given(st.text(alphabet="[]{}:,-&*!|>'\"# \n\tabcopxy01.", max_size=60))
@example("!0")  # an unknown tag fails while values are built, not while parsing
def test_any_yaml_text_loads_or_raises_spec_error(text: str) -> None:
    _load(text, ".yaml")

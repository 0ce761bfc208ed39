"""The shape check: run the prototype JSON Schema and turn each jsonschema error into a located Problem."""
from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Iterator
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:   # imported where used: 80-170 ms that `opkit build`/`test` never need
    import jsonschema

from opkit.errors import Problem
from opkit.spec.source import Located, child_pointer

__all__ = ["prototype_schema", "check_shape", "did_you_mean", "pointer_of", "unknown_keys"]

_JSON_TYPE_NAMES = {"array": "a list", "object": "an object", "string": "a string", "number": "a number",
                    "integer": "an integer", "boolean": "a boolean", "null": "null"}


@lru_cache(maxsize=1)
def prototype_schema() -> dict[str, Any]:
    """The schema shipped in opkit/schemas/op_prototype.schema.json (checked against its metaschema by tests/test_spec_loading.py, not on every run)."""
    text = resources.files("opkit").joinpath("schemas/op_prototype.schema.json").read_text(encoding="utf-8")
    schema = json.loads(text)
    return schema


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`did you mean "float16"?` when a choice is close to `word` (case-insensitively), else ""."""
    options = {c.lower(): c for c in choices}
    close = difflib.get_close_matches(word.lower(), list(options), n=1, cutoff=0.6)
    return f'did you mean "{options[close[0]]}"?' if close else ""


def pointer_of(path: Iterable[str | int]) -> str:
    pointer = ""
    for step in path:
        pointer = child_pointer(pointer, step)
    return pointer


def check_shape(source: Located) -> tuple[list[Problem], set[str]]:
    """Every shape problem of the file (in no particular order), and the pointers of the values that are
    ill-shaped, which the semantic pass must not read. An unknown key leaves its object's shape usable.
    """
    import jsonschema

    validator = jsonschema.Draft202012Validator(prototype_schema())
    problems: list[Problem] = []
    broken: set[str] = set()
    for error in validator.iter_errors(source.data):
        problems.extend(_translate(error, source))
        if error.validator != "additionalProperties":
            broken.add(pointer_of(error.absolute_path))
    return problems, broken


def _translate(error: jsonschema.ValidationError, source: Located) -> Iterator[Problem]:
    pointer = pointer_of(error.absolute_path)
    if error.validator == "additionalProperties":
        yield from _unknown_keys(error, source, pointer)
        return
    message, hint = _describe(error, pointer)
    line, column = source.positions.of_value(pointer)
    yield Problem(source.label, line, column, pointer, message, hint)


def unknown_keys(obj: dict[str, Any], known: Iterable[str]) -> list[str]:
    """The keys of `obj` that are neither in `known` nor opkit_* extensions (which any object may carry)."""
    known = set(known)
    return [key for key in obj if key not in known and not key.startswith("opkit_")]


def _unknown_keys(error: jsonschema.ValidationError, source: Located, pointer: str) -> Iterator[Problem]:
    known = list(error.schema.get("properties", {}))
    for key in unknown_keys(error.instance, known):
        child = child_pointer(pointer, key)
        line, column = source.positions.of_key(child)
        hint = did_you_mean(key, known) or f"known keys: {', '.join(known)} (or opkit_* extensions)"
        yield Problem(source.label, line, column, child, f'unknown key "{key}" is ignored, as msopgen ignores it',
                      hint, warning=True)


def _describe(error: jsonschema.ValidationError, pointer: str) -> tuple[str, str]:
    """(message, hint) for every validator the schema uses."""
    kind = error.validator
    if kind == "type":
        wanted = error.validator_value
        wanted = wanted if isinstance(wanted, list) else [wanted]
        if not pointer and wanted == ["object"]:
            return f"expected a list of operators or one operator object, got {_json_type(error.instance)}", ""
        expected = " or ".join(_JSON_TYPE_NAMES[w] for w in wanted)
        return f"expected {expected}, got {_json_type(error.instance)}", ""
    if kind == "required":
        missing = next(k for k in error.validator_value if k not in error.instance)
        return f'missing required key "{missing}"', ""
    if kind == "enum" and error.instance == "dynamic" and pointer.endswith("param_type"):
        return '"dynamic" is not valid for an attr', 'an attr is "required" or "optional"; only tensors are dynamic'
    if kind == "enum":
        choices = [str(c) for c in error.validator_value]
        shown = json.dumps(error.instance) if not isinstance(error.instance, str) else f'"{error.instance}"'
        hint = did_you_mean(error.instance, choices) if isinstance(error.instance, str) else ""
        return f"{shown} is not one of {', '.join(choices)}", hint
    if kind == "minItems":
        return _EMPTY_LISTS.get(pointer.rsplit(".", 1)[-1], ("list is empty", ""))
    return error.message, ""


# minItems messages by the key holding the list ("" is the root operator list).
_EMPTY_LISTS = {
    "": ("the operator list is empty", "a prototype file lists at least one operator"),
    "type": ("type is empty", "list one dtype per dtype combination"),
    "format": ("format is empty", 'give one format (e.g. ["ND"]) or one per dtype'),
}


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return f'a string ("{value}")' if len(value) <= 40 else "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return f"a YAML {type(value).__name__} ({value})"

"""Prototype loading and validation: JSON/YAML -> jsonschema -> frozen dataclasses -> semantic checks."""
from __future__ import annotations

from opkit.spec.dtypes import DTYPES, DType, lookup_dtype
from opkit.spec.model import AttrSpec, OpSpec, SpecFile, TensorSpec
from opkit.spec.naming import snake_case

__all__ = ["DTYPES", "DType", "lookup_dtype", "AttrSpec", "OpSpec", "SpecFile", "TensorSpec",
           "snake_case", "load_spec", "summarize"]


def load_spec(path):  # replaced by opkit.spec.load
    raise NotImplementedError


def summarize(spec):  # replaced by opkit.spec.load
    raise NotImplementedError

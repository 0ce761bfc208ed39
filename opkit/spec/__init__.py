"""Prototype loading and validation: JSON/YAML -> jsonschema -> frozen dataclasses -> semantic checks."""
from __future__ import annotations

from opkit.spec.dtypes import DTYPES, DType, lookup_dtype
from opkit.spec.load import load_spec, summarize
from opkit.spec.model import AttrSpec, OpSpec, SpecFile, TensorSpec
from opkit.spec.naming import RESERVED_NAMES, snake_case

__all__ = ["DTYPES", "DType", "lookup_dtype", "AttrSpec", "OpSpec", "SpecFile", "TensorSpec",
           "RESERVED_NAMES", "snake_case", "load_spec", "summarize"]

"""The closed tables of the prototype format: dtypes (every msopgen spelling), formats, attr types."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["DType", "DTYPES", "DTYPE_ALIASES", "FORMATS", "ATTR_TYPES", "AttrType", "ParamType", "lookup_dtype"]

ParamType = Literal["required", "optional", "dynamic"]
AttrType = Literal["int", "float", "bool", "string", "type",
                   "list_int", "list_float", "list_bool", "list_string", "list_list_int"]
ATTR_TYPES: tuple[str, ...] = ("int", "float", "bool", "string", "type",
                               "list_int", "list_float", "list_bool", "list_string", "list_list_int")


@dataclass(frozen=True)
class DType:
    """One tensor element type, with its spelling in every layer opkit generates code for."""

    name: str            # canonical prototype spelling: "float16"
    ge: str              # ge::DataType enumerator: "DT_FLOAT16"
    cpp: str             # kernel-side C++ type (what DTYPE_<NAME> expands to): "half"
    numpy: str | None    # numpy dtype name, None where numpy has none (bfloat16)
    torch: str | None    # torch dtype attribute name
    itemsize: int


DTYPES: dict[str, DType] = {d.name: d for d in (
    DType("float16", "DT_FLOAT16", "half", "float16", "float16", 2),
    DType("float32", "DT_FLOAT", "float", "float32", "float32", 4),
    DType("bfloat16", "DT_BF16", "bfloat16_t", None, "bfloat16", 2),
    DType("double", "DT_DOUBLE", "double", "float64", "float64", 8),
    DType("int8", "DT_INT8", "int8_t", "int8", "int8", 1),
    DType("int16", "DT_INT16", "int16_t", "int16", "int16", 2),
    DType("int32", "DT_INT32", "int32_t", "int32", "int32", 4),
    DType("int64", "DT_INT64", "int64_t", "int64", "int64", 8),
    DType("uint8", "DT_UINT8", "uint8_t", "uint8", "uint8", 1),
    DType("uint16", "DT_UINT16", "uint16_t", "uint16", "uint16", 2),
    DType("uint32", "DT_UINT32", "uint32_t", "uint32", "uint32", 4),
    DType("uint64", "DT_UINT64", "uint64_t", "uint64", "uint64", 8),
    DType("bool", "DT_BOOL", "bool", "bool", "bool", 1),
    DType("complex64", "DT_COMPLEX64", "opkit::complex64", "complex64", "complex64", 8),
    DType("complex128", "DT_COMPLEX128", "opkit::complex128", "complex128", "complex128", 16),
)}

# Every spelling msopgen accepts, mapped to the canonical name.
DTYPE_ALIASES: dict[str, str] = {
    **{name: name for name in DTYPES},
    "fp16": "float16", "half": "float16",
    "float": "float32", "fp32": "float32",
    "bf16": "bfloat16",
    "float64": "double", "fp64": "double",
}

FORMATS: tuple[str, ...] = (
    "ND", "NCHW", "NHWC", "HWCN", "CHWN", "NCDHW", "NDHWC", "DHWCN", "DHWNC",
    "NC1HWC0", "NC1HWC0_C04", "NDC1HWC0", "C1HWNCoC0", "FRACTAL_Z", "FRACTAL_Z_C04", "FRACTAL_Z_3D",
    "FRACTAL_NZ", "FRACTAL_ZN_LSTM", "FRACTAL_ZN_RNN", "ND_RNN_BIAS", "NCL",
)


def lookup_dtype(spelling: str) -> DType | None:
    """The DType for any accepted spelling (case-insensitive), or None."""
    canonical = DTYPE_ALIASES.get(spelling.strip().lower())
    return DTYPES[canonical] if canonical else None

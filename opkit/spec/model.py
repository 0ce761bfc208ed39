"""The meaning of a prototype: immutable objects built after the JSON's shape has been checked."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Union

from opkit.errors import Problem
from opkit.spec.dtypes import AttrType, DType, ParamType

__all__ = ["AttrValue", "TensorSpec", "AttrSpec", "OpSpec", "SpecFile"]

# Attr values after normalisation: "0.1" -> 0.1 for a float attr, "[1,2]" -> (1, 2) for list_int;
# lists become tuples so specs stay hashable; a `type` attr holds the canonical dtype name.
AttrValue = Union[int, float, bool, str, tuple]


@dataclass(frozen=True)
class TensorSpec:
    name: str
    param_type: ParamType
    dtypes: tuple[DType, ...]        # position i belongs to dtype combination i
    formats: tuple[str, ...]         # same length as dtypes (a single format is broadcast)
    pointer: str = ""                # JSON path of the tensor object, for error messages later on
    # Outputs only: the input this output is, written in place. msopgen's prototypes spell CANN's ref (in-place)
    # tensors as an output named exactly like an input (its kernel then takes `<name>_ref`). None otherwise.
    # opkit's generator does not make such ops yet: opkit.spec.limits says so, located, before gen or build.
    ref_input: str | None = None

    @property
    def upper(self) -> str:
        """Name as CANN's DTYPE_<NAME> macro spells it."""
        return self.name.upper()


@dataclass(frozen=True)
class AttrSpec:
    name: str
    param_type: ParamType            # "required" or "optional" (never "dynamic")
    type: AttrType
    default: AttrValue | None        # None when required
    pointer: str = ""


@dataclass(frozen=True)
class OpSpec:
    op_type: str                     # UpperCamelCase OpType: "AddCustom"
    name: str                        # msopgen snake_case: "add_custom"
    inputs: tuple[TensorSpec, ...]
    outputs: tuple[TensorSpec, ...]  # may be empty: msopgen accepts an op without output_desc (it works in place)
    attrs: tuple[AttrSpec, ...] = ()
    pointer: str = ""

    @property
    def tensors(self) -> tuple[TensorSpec, ...]:
        return self.inputs + self.outputs

    @property
    def dtype_combinations(self) -> tuple[tuple[DType, ...], ...]:
        """One tuple per combination, inputs then outputs, in prototype order."""
        count = len(self.tensors[0].dtypes) if self.tensors else 0
        return tuple(tuple(t.dtypes[i] for t in self.tensors) for i in range(count))


@dataclass(frozen=True)
class SpecFile:
    path: Path
    text: str                        # the file as read (copied verbatim into generated projects)
    ops: tuple[OpSpec, ...] = field(default_factory=tuple)
    warnings: tuple[Problem, ...] = ()  # located, like errors: what msopgen tolerates and opkit ignores too

    def op(self, op_type: str) -> OpSpec:
        for op in self.ops:
            if op.op_type == op_type:
                return op
        raise KeyError(op_type)

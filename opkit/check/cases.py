"""What the generated tests run: dtype x shape cases on a tiling's edges, sampled attrs and the user's extra cases."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from opkit.check.inputs import canonical

__all__ = ["ShapeCase", "tiling_shapes", "Case", "case_matrix", "pytest_params", "gradcheck_combination", "AttrCase",
           "attr_cases", "ExtraCase", "extra_cases", "attr_values"]


@dataclass(frozen=True)
class ShapeCase:
    name: str                     # what edge it hits: "one-element", "one-tile", ...
    shape: tuple[int, ...]


def tiling_shapes(*, tile_length: int, core_count: int, large: int = 1 << 20) -> list[ShapeCase]:
    """Shapes that hit a 1-D tiling's edges, for a kernel that splits the elements over `core_count` cores in
    tiles of `tile_length` elements. Odd counts are never a multiple of 32 bytes for any dtype, so the
    "unaligned" and "tail" cases exercise the padded copy paths. Duplicated shapes are dropped."""
    if tile_length < 1 or core_count < 1:
        raise ValueError(f"tile_length and core_count must be >= 1, got {tile_length} and {core_count}")
    spread = tile_length * core_count
    cases = [
        ShapeCase("one-element", (1,)),
        ShapeCase("unaligned", (37,)),
        ShapeCase("one-tile", (tile_length,)),
        ShapeCase("one-tile-2d", (2, tile_length // 2) if tile_length % 2 == 0 else (1, tile_length)),
        ShapeCase("all-cores", (spread,)),
        ShapeCase("many-tiles-all-cores", (3, spread + 1)),
        ShapeCase("tail", (4 * spread + 7,)),
        ShapeCase("empty", (0,)),
        ShapeCase("large", (max(large, 8 * spread) + 3,)),
    ]
    seen: set[tuple[int, ...]] = set()
    return [c for c in cases if not (c.shape in seen or seen.add(c.shape))]


@dataclass(frozen=True)
class Case:
    """One correctness case: a dtype combination (inputs, outputs) and a shape."""

    inputs: tuple[str, ...]
    outputs: tuple[str, ...]
    shape: tuple[int, ...]
    shape_name: str = ""

    @property
    def id(self) -> str:
        dims = "x".join(map(str, self.shape)) or "scalar"
        return f"{'-'.join(self.inputs)}->{'-'.join(self.outputs)}-{self.shape_name or 'shape'}{dims}"

    def describe(self, op: str = "") -> str:
        """`add_custom [float16, float16 -> float16] shape (4, 4097)`"""
        combo = f"[{', '.join(self.inputs)} -> {', '.join(self.outputs)}]"
        return f"{op + ' ' if op else ''}{combo} shape {self.shape}"


def case_matrix(combinations: Iterable[tuple[Sequence[str], Sequence[str]]],
                shapes: Iterable[ShapeCase | tuple[int, ...]]) -> list[Case]:
    """Every (input dtypes, output dtypes) combination crossed with every shape."""
    shape_cases = [s if isinstance(s, ShapeCase) else ShapeCase("", tuple(s)) for s in shapes]
    return [Case(tuple(ins), tuple(outs), s.shape, s.name) for ins, outs in combinations for s in shape_cases]


def pytest_params(cases: Iterable[Case]) -> list[Any]:
    """`pytest.param(case, id=case.id)` for each case (pytest imported here: the rest works without it)."""
    import pytest

    return [pytest.param(c, id=c.id) for c in cases]


def gradcheck_combination(combinations: Sequence[tuple[Sequence[str], Sequence[str]]],
                          differentiable: Sequence[int]) -> int | None:
    """Index of the first combination whose differentiable inputs are all float32 or double (16-bit floats are
    too coarse for finite differences), or None when there is none."""
    for i, (ins, _) in enumerate(combinations):
        if differentiable and all(canonical(ins[k]) in ("float32", "double") for k in differentiable):
            return i
    return None


@dataclass(frozen=True)
class AttrCase:
    """Attr values for one call: the defaults with one attr (`changed`) set to a sampled value."""

    changed: str
    attrs: dict[str, Any]

    @property
    def id(self) -> str:
        return f"{self.changed}={self.attrs[self.changed]!r}".replace(" ", "")


def _other_float(value: float) -> float:
    # Negative and not a whole number, exact in float16 and bfloat16: a kernel that drops the attr, truncates it to an
    # int or takes its absolute value gives another result.
    return -0.75 if value != -0.75 else 1.25


def _other_int(value: int) -> int:
    return 3 if value != 3 else 2


def _sample(attr_type: str, value: Any, dtypes: Sequence[str]) -> list[Any]:
    """Values other than `value` for an attr of `attr_type`; [] where opkit cannot guess a valid one (strings)."""
    if attr_type == "float":
        return [_other_float(float(value))]
    if attr_type == "int":
        return [_other_int(int(value))]
    if attr_type == "bool":
        return [not value]
    if attr_type == "type":
        return [d for d in dict.fromkeys(canonical(x) for x in dtypes) if d != canonical(value)][:1]
    if attr_type == "list_float":
        return [[_other_float(float(v)) for v in value] or [_other_float(0.0), 0.5]]
    if attr_type == "list_int":
        return [[_other_int(int(v)) for v in value] or [2, 3]]
    if attr_type == "list_bool":
        return [[not v for v in value] or [True]]
    if attr_type == "list_list_int":
        return [[[_other_int(int(v)) for v in row] for row in value] or [[2, 3]]]
    return []   # string, list_string: a free string is rarely a valid mode; give values in the cases hook


def attr_cases(defaults: dict[str, Any], types: dict[str, str], dtypes: Sequence[str] = (),
               values: dict[str, Sequence[Any]] | None = None) -> list[AttrCase]:
    """One AttrCase per attr and sampled value, other attrs at their defaults, so a failure names the attr.

    msopgen's prototype declares no value ranges, so values are chosen per type: float -0.75, int 3, bool the other
    value, `type` another dtype of the op (`dtypes`), lists element-wise likewise; strings are not varied. `values`
    (from reference.attr_values_<op>(), when written) replaces the samples of the attrs it names: `{"axis": [0, 1]}`
    tries those, `{"mode": []}` leaves `mode` at its default."""
    cases = []
    for name, attr_type in types.items():
        chosen = list(values[name]) if values and name in values else _sample(attr_type, defaults[name], dtypes)
        cases += [AttrCase(name, {**defaults, name: v}) for v in chosen if v != defaults[name]]
    return cases


@dataclass(frozen=True)
class ExtraCase:
    """A case the user adds in reference.cases_<op>(): shape, attrs over the defaults, input value range, and the
    input dtypes it is for (None: every dtype combination)."""

    name: str
    shape: tuple[int, ...] = (3, 37)
    attrs: dict[str, Any] = field(default_factory=dict)
    value_range: Any = None          # (low, high), "wide" (VALUE_RANGES), or None (random_array's default)
    inputs: tuple[str, ...] | None = None


def _hook(module: Any, name: str) -> Any:
    hook = getattr(module, name, None)
    return hook() if callable(hook) else None


def extra_cases(reference: Any, op: str, combinations: Sequence[tuple[Sequence[str], Sequence[str]]],
                defaults: dict[str, Any], shape: tuple[int, ...] = (3, 37)) -> list[tuple[Case, dict[str, Any], Any]]:
    """(case, attrs, value range) to run beside the generated matrix: a "wide-values" case per dtype combination
    (VALUE_RANGES), then each of reference.cases_<op>()'s cases (ExtraCase or a dict of its fields), crossed with the
    combinations it names; the wide-values cases are of `shape`. Nothing to edit in the generated test: write the hook
    in tests/reference.py."""
    out = [(Case(tuple(i), tuple(o), tuple(shape), "wide-values"), dict(defaults), "wide") for i, o in combinations]
    for n, extra in enumerate(_hook(reference, f"cases_{op}") or []):
        extra = extra if isinstance(extra, ExtraCase) else ExtraCase(**{"name": f"extra{n}", **extra})
        for ins, outs in combinations:
            if extra.inputs is None or tuple(map(canonical, extra.inputs)) == tuple(map(canonical, ins)):
                out.append((Case(tuple(ins), tuple(outs), tuple(extra.shape), extra.name),
                            {**defaults, **extra.attrs}, extra.value_range))
    return out


def attr_values(reference: Any, op: str) -> dict[str, Sequence[Any]] | None:
    """reference.attr_values_<op>() when the user wrote it: attr values to try instead of opkit's samples."""
    return _hook(reference, f"attr_values_{op}")

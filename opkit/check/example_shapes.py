"""The shapes a CANN project's own programs call its ops with, for the generated tests to use instead of opkit's edge
shapes: a fixed-shape sample is then tested (every dtype combination of its OpDef, for kernel faults, and against
tests/reference.py when written) at the shapes it is made for, not failed at shapes it never supported.

The aclnn library appends each call's input shapes to $OPKIT_ACLNN_CALLS (opkit/host/aclnn_record.h) while `opkit
test` runs the programs; `write_shapes` turns those lines into $OPKIT_TEST_SHAPES, which `shapes_for` reads in the
generated tests. The generated cases give every input one shape, so only calls whose inputs share a shape become
cases; an op the programs call only otherwise gets none, and its shape-based cases skip saying why.
"""
from __future__ import annotations

import contextlib
import json
import os
import re
import warnings
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from opkit.check.cases import Case, ShapeCase, tiling_shapes
from opkit.check.inputs import canonical, numpy_dtype, padded_shape
from opkit.check.isolate import HostCrash, run_isolated

__all__ = ["CALLS_VARIABLE", "SHAPES_VARIABLE", "read_calls", "write_shapes", "model_calls", "shapes_for", "TestShapes",
           "index_inputs", "case_shapes", "example_outputs", "call_op", "outputs_inferred",
           "ProjectWarning"]

CALLS_VARIABLE = "OPKIT_ACLNN_CALLS"
SHAPES_VARIABLE = "OPKIT_TEST_SHAPES"


def read_calls(calls: Path) -> list[dict[str, Any]]:
    rows = []
    for line in calls.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            continue   # a program killed mid-write leaves a partial line
        if isinstance(row, dict) and isinstance(row.get("op"), str):
            rows.append(row)
    return rows


def model_calls(project: Path, op_types: set[str]) -> list[dict[str, Any]]:
    """The calls the project's AclOfflineModel/AclOnlineModel programs describe (those aclop graphs do not run here):
    each op description in their scripts/*.json (`[{"op": ..., "input_desc": [{"shape": [...]}, ...]}]`, what their
    run.sh hands to atc) naming one of `op_types`, as recorded calls. Shapes with unknown (negative) dims are left
    out: a dynamic-shape description names no shape to test."""
    rows: list[dict[str, Any]] = []
    for path in sorted(Path(project).absolute().parent.glob("Acl*Model*/scripts/*.json")):
        try:
            described = json.loads(path.read_text(encoding="utf-8", errors="replace"))
        except (OSError, json.JSONDecodeError):
            continue
        for op in described if isinstance(described, list) else [described]:
            if not isinstance(op, dict) or op.get("op") not in op_types:
                continue
            shapes = [d.get("shape") for d in op.get("input_desc", []) if isinstance(d, dict)]
            if shapes and all(isinstance(s, list) and all(isinstance(n, int) and n >= 0 for n in s) for s in shapes):
                rows.append({"op": op["op"], "inputs": shapes})
    return rows


_FLOATS = ("float16", "float32", "bfloat16", "double")


def index_inputs(combinations: Sequence[Sequence[str]], names: Sequence[str]) -> list[str]:
    """The inputs (of `names`, one dtype per input in each of `combinations`) that are integers in every combination
    while another input is a float in some: an index, a size, paddings, a threshold count. opkit's random values of
    the data inputs' shape are not inputs the op takes (indices out of range, negative paddings), so faults found
    with them say nothing about the kernel."""
    if not combinations:
        return []
    floats = [any(canonical(c[k]) in _FLOATS for c in combinations) for k in range(len(names))]
    return [name for k, name in enumerate(names)
            if not floats[k] and any(floats[j] for j in range(len(names)) if j != k)]


def write_shapes(calls: Path, out: Path, names: dict[str, str], described: list[dict[str, Any]] = (),
                 unshaped: dict[str, str] | None = None) -> None:
    """Write {op name: {"shapes": [[dims], ...], "other": n, "outputs": [[[dims] per output] per shape],
    "dtypes": [[input dtype, ...] per combination used]}} for the ops (OpType -> snake_case name in `names`) the
    recorded calls (and the `described` ones, model_calls) name: the distinct shapes of calls whose inputs all have one shape, in call order, and how many
    calls had inputs of differing shapes; with each shape, the output shapes the call gave (aclnn callers size the
    outputs: the op's InferShape may leave them to the caller). `unshaped` ({op name: why}) are the ops opkit cannot
    make inputs for (index_inputs): those the calls give no shape get none, with `why` as the reason."""
    table: dict[str, dict[str, Any]] = {}
    for row in (read_calls(calls) if calls.is_file() else []) + list(described):
        name = names.get(row["op"])
        if name is None:
            continue
        entry = table.setdefault(name, {"shapes": [], "other": 0, "outputs": [], "dtypes": []})
        inputs_count = len(row.get("inputs", []))
        used = [canonical(d) for d in row.get("dtypes", [])[:inputs_count] if d]
        if used and used not in entry["dtypes"]:
            entry["dtypes"].append(used)
        given = [tuple(s) for s in row.get("inputs", []) if s is not None]
        if given and all(s == given[0] for s in given):
            if list(given[0]) not in entry["shapes"]:
                entry["shapes"].append(list(given[0]))
                entry["outputs"].append(row.get("outputs") or [])
        else:
            entry["other"] += 1
    for name, why in (unshaped or {}).items():
        entry = table.setdefault(name, {"shapes": [], "other": 0, "outputs": [], "dtypes": []})
        if not entry["shapes"]:
            entry["why"] = why
    out.write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")


def _table(op: str) -> dict[str, Any] | None:
    path = os.environ.get(SHAPES_VARIABLE)
    if not path or not Path(path).is_file():
        return None
    entry = json.loads(Path(path).read_text(encoding="utf-8")).get(op)
    return entry if isinstance(entry, dict) else None


def shapes_for(op: str) -> tuple[list[ShapeCase], str] | None:
    """For the generated tests: the cases' shapes the project's programs used for `op` (ShapeCase "example"), and
    why there are none when the list is empty; None when `opkit test` recorded nothing for it (opkit's edge shapes
    apply)."""
    entry = _table(op)
    if entry is None:
        return None
    shapes = [ShapeCase("example", tuple(s)) for s in entry["shapes"]]
    why = "" if shapes else entry.get("why") or (f"the project's programs call {op} only with inputs of differing "
                                                 f"shapes ({entry['other']} calls); the generated cases give every "
                                                 "input one shape")
    return shapes, why


@dataclass(frozen=True)
class TestShapes:
    """What a generated test module runs its cases at."""

    __test__ = False   # not a pytest test class

    shapes: list[ShapeCase]       # the dtype x shape matrix's shapes
    small: list[ShapeCase]        # one shape for opcheck, torch.compile, attr values, wide values
    tiling_problem: str = ""      # the TilingFunc refused opkit's large probe input ("" when not probed or accepted)
    skip: str = ""                # why the shape-based cases cannot run ("" when they can)
    used: tuple[tuple[str, ...], ...] = ()   # the input dtypes the programs called the op with (() : not recorded)
    crash: str = ""               # how the TilingFunc probe crashed ("" when it did not): its test fails even if others skip

    def combinations(self, combinations: Sequence[tuple[Sequence[str], Sequence[str]]]) -> list[Any]:
        """The dtype combinations to run at these shapes: those the project's programs used, when recorded (a
        sample made for float32 is not tested in float16 at its float32 shapes); otherwise all of them."""
        chosen = [c for c in combinations if tuple(canonical(d) for d in c[0]) in self.used]
        return chosen if self.used and chosen else list(combinations)


def case_shapes(op: str, tiling: Callable[[], tuple[int, int, str]],
                probe: Callable[[tuple[int, ...]], Any] | None = None, probe_inputs: str = "") -> TestShapes:
    """The shapes the project's own programs used for `op` (shapes_for), else opkit's edges of the op's tiling:
    `tiling()` gives (tile length, core count, problem) from the built TilingFunc, asked only when needed.

    `tiling()` runs in a child process (isolate.py): user host code that crashes on it (a TilingFunc reading an
    attr the probe input does not fit) must not take pytest down at collection. Its crash is the tiling problem,
    naming the op, the TilingFunc and `probe_inputs`; then `probe(shape)` (the TilingFunc on one shape) is asked,
    in a child too, for each case shape, and those it crashes on are left out (listed in the problem), so the
    in-process calls of the cases do not crash; when none is left the cases skip with that report."""
    found = shapes_for(op)
    if found is None:
        try:
            tile_length, core_count, problem = run_isolated(tiling, f"{op}'s TilingFunc")
        except HostCrash as crash:
            return _after_crash(op, crash, probe, probe_inputs)
        return TestShapes(tiling_shapes(tile_length=tile_length, core_count=core_count),
                          [ShapeCase("small", (3, 37))], problem)
    shapes, why = found
    used = tuple(tuple(d) for d in (_table(op) or {}).get("dtypes", []))
    return TestShapes(shapes, shapes[:1] or [ShapeCase("small", (3, 37))], "", why, used)


def _after_crash(op: str, crash: HostCrash, probe: Callable[[tuple[int, ...]], Any] | None,
                 probe_inputs: str) -> TestShapes:
    problem = (f"{op}: its TilingFunc crashed ({crash.how}) on opkit's probe, {probe_inputs or 'a (1048576,) input'}"
               " (shapes only: the probe's tensors carry no values, but an integer input that pads or indexes the data "
               "gets valid ones); a TilingFunc should refuse (ge::GRAPH_FAILED) "
               "inputs it cannot tile")
    candidates = tiling_shapes(tile_length=1024, core_count=8) + [ShapeCase("small", (3, 37))]
    safe, crashed = [], []
    for case in candidates if probe is not None else []:
        try:
            run_isolated(lambda: probe(case.shape), f"{op}'s TilingFunc")
        except HostCrash as exc:
            crashed.append(f"{case.shape} ({exc.how})")
            continue
        except Exception:   # noqa: BLE001 - a refusal is the case's own failure, reported when it runs
            pass
        safe.append(case)
    if crashed:
        problem += f"; it crashes on these case shapes too, left out of the cases: {', '.join(crashed)}"
    shapes = [c for c in safe if c.name != "small"]
    if not shapes:
        return TestShapes([], [ShapeCase("small", (3, 37))], problem, skip=problem, crash=crash.how)
    small = [c for c in safe if c.name == "small"] or shapes[:1]
    return TestShapes(shapes, small, problem, crash=crash.how)


_NO_SHAPE = "has no shape: the op has no InferShape"


def example_outputs(op: str, case: Case) -> Any:
    """numpy outputs of the shapes the project's program gave `op` for inputs of `case.shape` (one array, or a tuple
    for several outputs), of the case's output dtypes; None when none was recorded or numpy cannot hold them."""
    entry = _table(op)
    if entry is None or list(case.shape) not in entry["shapes"]:
        return None
    shapes = entry.get("outputs", [])[entry["shapes"].index(list(case.shape))]
    dtypes = [numpy_dtype(d) for d in case.outputs]
    if len(shapes) != len(dtypes) or any(s is None for s in shapes) or any(d is None for d in dtypes):
        return None
    arrays = tuple(np.zeros(tuple(s), dtype=d) for s, d in zip(shapes, dtypes))
    return arrays[0] if len(arrays) == 1 else arrays


def call_op(func: Callable[..., Any], op: str, case: Case, out_param: str, *inputs: Any, **attrs: Any) -> Any:
    """func(*inputs, **attrs); when the op's InferShape leaves an output's shape to the caller (as aclnn callers
    give it), again with the outputs the project's program gave it at this shape (example_outputs). A pad op (an input
    made with a paddings role) whose kernel writes past the output its InferShape sized runs again with the output
    a caller gives it, of the padded shape, with a warning naming the InferShape (see _padded_again)."""
    try:
        return func(*inputs, **attrs)
    except ValueError as exc:
        out = example_outputs(op, case) if _NO_SHAPE in str(exc) else None
        if out is None:
            raise
    except Exception as exc:   # the package's KernelError: its class lives in the built module
        return _padded_again(exc, func, op, case, out_param, inputs, attrs)
    return func(*inputs, **attrs, **{out_param: out})


class ProjectWarning(RuntimeWarning):
    """A finding about the project's code that fails no test (`opkit test` lists them: pytest_plugin.py)."""


# A DataCopy out says "write"; a scalar GlobalTensor element (`yGm(i) = v`) cannot tell and says "access".
_PAST_OUTPUT = re.compile(r"GM (?:write|access) of \d+ bytes at bytes \[\d+, \d+\) of '([^']+)' .*out of bounds")


def _padded_again(exc: Exception, func: Callable[..., Any], op: str, case: Case, out_param: str,
                  inputs: tuple[Any, ...], attrs: dict[str, Any]) -> Any:
    """CANN's aclnn takes the caller's output shapes and runs no InferShape: a pad op whose InferShape copies the
    data's shape (ReplicationPad2d's `*y = *x`) computes right for its callers, who size y padded. Its kernel's write
    past that y is then the InferShape's bug, not the kernel's: run again as a caller would, and warn."""
    padded = padded_shape(inputs)
    past = _PAST_OUTPUT.search(str(exc))
    dtype = numpy_dtype(case.outputs[0]) if len(case.outputs) == 1 else None
    if padded is None or past is None or dtype is None or tuple(case.shape) == padded:
        raise exc
    with warnings.catch_warnings():   # the package's own "out= of another shape" warning: said better below
        warnings.simplefilter("ignore", RuntimeWarning)
        result = func(*inputs, **attrs, **{out_param: np.zeros(padded, dtype=dtype)})
    warnings.warn(ProjectWarning(
        f"{op}: its InferShape gives output '{past[1]}' the input's shape, but its kernel writes the padded shape: "
        f"the cases ran with '{past[1]}' padded, as an aclnn caller sizes it. Fix the InferShape (op_host/) to add "
        f"the paddings: CANN's graph mode sizes the output with it\n"
        f"e.g. input {tuple(case.shape)} -> '{past[1]}' {padded} (the paddings opkit gave); the kernel's write past "
        f"the InferShape's '{past[1]}': {str(exc).splitlines()[0]}"), stacklevel=3)
    return result


@contextlib.contextmanager
def outputs_inferred(op: str) -> Iterator[None]:
    """For torch.library checks (opcheck, torch.compile), which size outputs with the op's InferShape: an op whose
    InferShape leaves an output to the caller skips them, saying so, instead of failing."""
    try:
        yield
    except Exception as exc:   # torch wraps the op's ValueError in its own exception types
        if _NO_SHAPE not in str(exc):
            raise
        import pytest

        pytest.skip(f"{op}'s InferShape leaves an output's shape to the caller (aclnn style); torch's opcheck and "
                    "torch.compile need the op to infer it")

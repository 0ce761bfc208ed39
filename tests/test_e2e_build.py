"""End to end, as a user does it: `opkit gen` -> `opkit build` (the CLI, in a subprocess) -> `pip install` of the wheel
into a fresh virtual environment -> every op run there on numpy arrays of many shapes and every dtype combination.
Then the two ways a kernel goes wrong: a compiler error (located, exit 1, previous wheel kept) and a GM overrun at
run time (KernelError naming the tensor; the interpreter carries on).

Each project is generated and built once per session (module-scoped fixtures); numpy comes from the package index
(pip's cache makes it quick).
"""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.compile]

REPO = Path(__file__).resolve().parents[1]
ADD_CUSTOM = REPO / "tests" / "specs" / "valid" / "add_custom.json"
MULTI_OPS = REPO / "tests" / "specs" / "golden" / "multi_ops.json"
# Sizes that are not whole 32-byte blocks, one element, empty, several dims, and enough to use many cores.
SHAPES = [(1,), (0,), (7,), (33,), (3, 37), (2, 3, 5), (4, 4097)]


def _opkit(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "opkit", *args], cwd=cwd, capture_output=True, text=True)


def _must(proc: subprocess.CompletedProcess[str]) -> subprocess.CompletedProcess[str]:
    assert proc.returncode == 0, f"{proc.args}\nstdout:\n{proc.stdout[-4000:]}\nstderr:\n{proc.stderr[-4000:]}"
    return proc


class Venv:
    def __init__(self, root: Path) -> None:
        _must(subprocess.run([sys.executable, "-m", "venv", str(root)], capture_output=True, text=True))
        self.python = root / "bin" / "python"
        self.pip("install", "-q", "numpy")

    def pip(self, *args: str) -> None:
        _must(subprocess.run([str(self.python), "-m", "pip", *args, "--disable-pip-version-check"],
                             capture_output=True, text=True))

    def run(self, script: str, cwd: Path) -> subprocess.CompletedProcess[str]:
        """Run `script` with the venv's python, away from the project so only the installed package is found."""
        return subprocess.run([str(self.python), "-c", textwrap.dedent(script)], cwd=cwd, capture_output=True,
                              text=True)

    def results(self, script: str, cwd: Path) -> list:
        """The JSON list the script prints last."""
        proc = _must(self.run(script, cwd))
        return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Venv:
    return Venv(tmp_path_factory.mktemp("venv") / "env")


def _gen_build_install(prototype: Path, root: Path, venv: Venv) -> Path:
    project = root / prototype.stem
    _must(_opkit("gen", "-i", str(prototype), "-o", str(project), cwd=root))
    built = _must(_opkit("build", str(project), "-j", "2", cwd=root))
    # Kernel and host files compile with -Wall -Wextra: what opkit generates must not warn.
    assert "warning:" not in built.stdout + built.stderr, built.stdout + built.stderr
    wheels = list((project / "dist").glob("*.whl"))
    assert len(wheels) == 1, wheels
    venv.pip("install", "-q", "--force-reinstall", "--no-deps", str(wheels[0]))
    return project


@pytest.fixture(scope="module")
def add_custom(venv: Venv, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _gen_build_install(ADD_CUSTOM, tmp_path_factory.mktemp("add"), venv)


@pytest.fixture(scope="module")
def multi_ops(venv: Venv, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _gen_build_install(MULTI_OPS, tmp_path_factory.mktemp("multi"), venv)


# Runs every op of a module over SHAPES x its dtype combinations numpy can hold; prints one JSON row per call:
# [op, input dtypes, shape, output dtypes, output shapes, output 0 == input 0 (or null when dtypes differ)].
RUN_ALL = """
import json, numpy as np, {package} as pkg
from {package}._ops import _OPS
rows = []
for name, spec in _OPS.items():
    for combo in spec["combinations"]:
        if "bfloat16" in combo:
            continue   # numpy has no bfloat16
        for shape in {shapes}:
            rng = np.random.default_rng(0)
            def make(d):
                if np.dtype(d).kind in "iu":
                    return rng.integers(-50, 50, size=shape).astype(d)
                return rng.standard_normal(shape).astype(d)
            args = [[make(d), make(d)] if kind == "dynamic" else make(d)
                    for d, (_, kind) in zip(combo, spec["inputs"])]
            out = getattr(pkg, name)(*args, **{attrs}.get(name, {{}}))
            outs = out if isinstance(out, tuple) else (out,)
            first = args[0] if not isinstance(args[0], list) else args[0][0]
            same = bool(np.array_equal(outs[0], first)) if outs[0].dtype == first.dtype else None
            rows.append([name, list(combo[:len(args)]), list(shape), [str(o.dtype) for o in outs],
                         [list(o.shape) for o in outs], same])
print(json.dumps(rows))
"""


def _run_all(venv: Venv, project: Path, package: str, attrs: dict[str, dict]) -> list:
    return venv.results(RUN_ALL.format(package=package, shapes=SHAPES, attrs=attrs), cwd=project.parent)


def test_add_custom_runs_every_dtype_combination_and_shape(venv: Venv, add_custom: Path) -> None:
    rows = _run_all(venv, add_custom, "add_custom", {})
    assert len(rows) == 3 * len(SHAPES)
    for op, dtypes, shape, out_dtypes, out_shapes, same in rows:
        assert out_dtypes == [dtypes[0]] and out_shapes == [shape], (op, dtypes, shape)
        assert same is True, f"skeleton AddCustom should copy x into z: {dtypes} {shape}"


def test_multi_op_project_runs_every_op(venv: Venv, multi_ops: Path) -> None:
    rows = _run_all(venv, multi_ops, "scale_shift_custom", {"scale_shift_custom": {"axis": 1}})
    by_op: dict[str, list] = {}
    for row in rows:
        by_op.setdefault(row[0], []).append(row)
    # bfloat16 combinations are skipped (numpy has none): 2 of ScaleShift's 3, both of the others.
    assert {op: len(r) for op, r in by_op.items()} == {
        "scale_shift_custom": 2 * len(SHAPES), "gather_sum_custom": 2 * len(SHAPES),
        "cast_like_custom": 2 * len(SHAPES)}
    expected = {("scale_shift_custom", "float16"): ["float16"], ("scale_shift_custom", "float32"): ["float32"],
                ("gather_sum_custom", "float32"): ["float32", "int8"], ("gather_sum_custom", "int32"): ["int32", "int8"],
                ("cast_like_custom", "float16"): ["float32"], ("cast_like_custom", "float32"): ["float16"]}
    for op, dtypes, shape, out_dtypes, out_shapes, same in rows:
        assert out_dtypes == expected[(op, dtypes[0])], (op, dtypes)
        assert all(s == shape for s in out_shapes), (op, dtypes, shape, out_shapes)
        if op == "scale_shift_custom":
            assert same is True, f"skeleton ScaleShiftCustom should copy x into y: {dtypes} {shape}"


def test_attrs_and_optional_inputs_reach_the_op(venv: Venv, multi_ops: Path) -> None:
    rows = venv.results("""
        import json, numpy as np, scale_shift_custom as m
        x = np.arange(10, dtype=np.float32)
        y = m.scale_shift_custom(x, np.ones(10, np.float32), axis=2, alpha=3, count=-1, enabled=False, mode="m",
                                 acc_type="float16", sizes=[2, 3], scales=[1.5], masks=[True], labels=["a", "b"],
                                 groups=[[1], [2, 3]])
        print(json.dumps([y.tolist() == x.tolist()]))
        """, cwd=multi_ops.parent)
    assert rows == [True]


def test_tiling_gives_every_core_a_512_byte_aligned_start(venv: Venv, add_custom: Path) -> None:
    """The generated TilingFunc splits the data in whole 512-byte groups per core (the NPU's GM<->UB moves need
    512-byte-aligned addresses for full bandwidth): block_dim over sizes that the plain 32-byte split cuts otherwise."""
    sizes = [48 * 4096 + 16 * k for k in range(1, 60, 3)] + [10**6 + 16, 3 * 2**20 + 48]
    rows = venv.results(f"""
        import json
        from add_custom import _ops
        print(json.dumps([_ops.tiling("add_custom", (n,), 0)["block_dim"] for n in {sizes}]))
        """, cwd=add_custom.parent)

    def block_dim(n: int, group: int) -> int:
        """AddCustom's split: float16 steps of 16 elements (32 B), 48 cores, 4096 elements at least per core, whole
        `group`s of steps per core."""
        steps = -(-n // 16)
        per_core = -(-max(-(-steps // 48), 4096 // 16) // group) * group
        return -(-n // (min(per_core, steps) * 16))
    assert rows == [block_dim(n, 16) for n in sizes]
    assert rows != [block_dim(n, 1) for n in sizes], "the sizes should tell a 512-byte split from a 32-byte one"


def test_bfloat16_numpy_arrays_go_through_with_ml_dtypes(venv: Venv, multi_ops: Path, tmp_path: Path) -> None:
    """numpy has no bfloat16 of its own; with ml_dtypes installed, its bfloat16 arrays reach the kernel and come back
    as bfloat16 (the skeleton ScaleShiftCustom copies x into y)."""
    target = tmp_path / "ml_dtypes"   # beside the shared venv, so the other tests still see numpy alone
    venv.pip("install", "-q", "--no-deps", "--target", str(target), "ml_dtypes")
    rows = venv.results(f"""
        import sys
        sys.path.insert(0, {str(target)!r})
        import json, ml_dtypes, numpy as np, scale_shift_custom as m
        x = np.linspace(-3, 3, 4099).astype(ml_dtypes.bfloat16)
        y = m.scale_shift_custom(x, np.ones(4099, ml_dtypes.bfloat16), axis=1)
        print(json.dumps([str(y.dtype), y.shape == x.shape, bool((y.view(np.uint16) == x.view(np.uint16)).all())]))
        """, cwd=multi_ops.parent)
    assert rows == ["bfloat16", True, True]


BAD_CALLS = """
import json, numpy as np, scale_shift_custom as m
calls = {
    "wrong dtype": lambda: m.scale_shift_custom(np.ones(4, np.int64), axis=1),
    "wrong attr type": lambda: m.scale_shift_custom(np.ones(4, np.float32), axis=1.5),
    "missing attr": lambda: m.scale_shift_custom(np.ones(4, np.float32)),
    "unknown attr": lambda: m.scale_shift_custom(np.ones(4, np.float32), axis=1, speed=2),
    "missing input": lambda: m.scale_shift_custom(None, axis=1),
    "not an array": lambda: m.scale_shift_custom([1.0, 2.0], axis=1),
    "rank": lambda: m.scale_shift_custom(np.ones((1,) * 9, np.float32), axis=1),
    "dynamic not a list": lambda: m.gather_sum_custom(np.ones(4, np.float32), np.ones(4, np.float32)),
    "mixed list dtypes": lambda: m.gather_sum_custom([np.ones(4, np.float32), np.ones(4, np.int32)],
                                                     np.ones(4, np.float32)),
}
rows = []
for what, call in calls.items():
    try:
        call()
        rows.append([what, None, ""])
    except Exception as e:
        rows.append([what, type(e).__name__, str(e)])
print(json.dumps(rows))
"""


def test_bad_calls_raise_errors_naming_op_and_argument(venv: Venv, multi_ops: Path) -> None:
    rows = {what: (kind, text) for what, kind, text in venv.results(BAD_CALLS, cwd=multi_ops.parent)}
    want = {
        "wrong dtype": ("TypeError", "ScaleShiftCustom: no dtype combination for inputs (x: int64, bias: absent)"),
        "wrong attr type": ("TypeError", "ScaleShiftCustom: attr 'axis' expects int, got 1.5"),
        "missing attr": ("TypeError", "'axis'"),
        "unknown attr": ("TypeError", "'speed'"),
        "missing input": ("TypeError", "ScaleShiftCustom: input 'x' is required; got None"),
        "not an array": ("TypeError", "ScaleShiftCustom: input 'x' must be a numpy array or torch tensor"),
        "rank": ("ValueError", "ScaleShiftCustom: input 'x' has rank 9"),
        "dynamic not a list": ("TypeError", "GatherSumCustom: input 'xs' is dynamic"),
        "mixed list dtypes": ("TypeError", "GatherSumCustom: no dtype combination for inputs (xs: float32/int32"),
    }
    for what, (kind, fragment) in want.items():
        assert rows[what][0] == kind and fragment in rows[what][1], (what, rows[what])


# The last three tests edit the add_custom kernel; they run after the ones above that use it unchanged.
def _build_with_line(project: Path, text: str) -> tuple[subprocess.CompletedProcess[str], int]:
    """`opkit build` with `text` added to the kernel after its copy-out (restored afterwards); returns the build
    and the line number the text had."""
    kernel = project / "op_kernel" / "add_custom.cpp"
    original = kernel.read_text()
    lines = original.splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if "DataCopy(zLocal" in line) + 1
    lines.insert(at, f"        {text}\n")
    try:
        kernel.write_text("".join(lines))
        return _opkit("build", str(project), cwd=project.parent), at + 1
    finally:
        kernel.write_text(original)


def test_compiler_error_is_located_and_keeps_previous_wheel(add_custom: Path) -> None:
    wheel = next((add_custom / "dist").glob("*.whl"))
    before = wheel.read_bytes()
    proc, line = _build_with_line(add_custom, "undeclared_thing += 1;")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert f"op_kernel/add_custom.cpp:{line}" in proc.stderr, proc.stderr
    assert "undeclared_thing" in proc.stderr
    assert [p.name for p in (add_custom / "dist").glob("*.whl")] == [wheel.name]
    assert wheel.read_bytes() == before


def test_compiler_warning_in_user_code_is_located_and_the_build_succeeds(add_custom: Path) -> None:
    proc, line = _build_with_line(add_custom, "int unused_thing = 0;")
    _must(proc)
    # GCC quotes the name with the locale's quotation marks.
    assert f"op_kernel/add_custom.cpp:{line}:13: warning: unused variable" in proc.stderr, proc.stderr
    assert "unused_thing" in proc.stderr
    # Once, although the kernel compiled once per dtype combination; none from opkit's or pybind11's headers.
    assert proc.stderr.count("warning:") == 1, proc.stderr
    assert "built " in proc.stdout


GM_OVERRUN = """
import json, numpy as np, add_custom
rows = []
try:
    add_custom.add_custom(np.ones(5000, np.float32), np.ones(5000, np.float32))
    rows.append(None)
except add_custom.KernelError as e:
    rows.append([isinstance(e, RuntimeError), str(e)])
small = add_custom.add_custom(np.arange(100, dtype=np.float32), np.ones(100, np.float32))
rows.append(small.tolist() == list(range(100)))
print(json.dumps(rows))
"""


def test_gm_overrun_raises_kernel_error_and_the_interpreter_goes_on(venv: Venv, add_custom: Path) -> None:
    kernel = add_custom / "op_kernel" / "add_custom.cpp"
    original = kernel.read_text()
    good = "CopyUbToGm(zGm_[offset], zLocal, count);"
    assert good in original
    # For large inputs, write each tile one tile further on: the last one lands past the end of z.
    faulty = "CopyUbToGm(zGm_[offset + (tiling_.totalLength > 1000 ? count : 0)], zLocal, count);"
    try:
        kernel.write_text(original.replace(good, faulty))
        _must(_opkit("build", str(add_custom), cwd=add_custom.parent))
        venv.pip("install", "-q", "--force-reinstall", "--no-deps", str(next((add_custom / "dist").glob("*.whl"))))
        fault, small_ok = venv.results(GM_OVERRUN, cwd=add_custom.parent)
    finally:
        kernel.write_text(original)
    assert fault is not None, "the overrunning kernel raised nothing"
    is_runtime_error, message = fault
    assert is_runtime_error
    assert "'z'" in message and "out of bounds" in message and "AddCustom" in message, message
    assert small_ok is True

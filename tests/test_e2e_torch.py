"""End to end with torch: two real ops (ScaleCustom, SquareCustom), a two-output skeleton (TwinCustom), a two-input skeleton
(PairCustom: a queue and a CopyIn per input) and a derivatives.yaml, kept as user files beside
the prototype and generated into a build location; built once; installed with opkit itself and torch into a fresh
venv, where `opkit test` runs the generated tests: correctness, opcheck, torch.compile and gradcheck pass. The same
project with the freshly generated (unwritten) reference reports its correctness cases skipped, not passed.

The kernels are the generated skeletons with the one `YOUR MATHS` line replaced, so they follow the templates.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from opkit.generate import generate_project
from opkit.spec import load_spec
from tests.session_cache import torch_venv

pytestmark = [pytest.mark.e2e, pytest.mark.compile]

PROTOTYPE = """[
  {"op": "ScaleCustom",
   "input_desc": [{"name": "x", "param_type": "required", "format": ["ND", "ND"], "type": ["float16", "float"]}],
   "output_desc": [{"name": "y", "param_type": "required", "format": ["ND", "ND"], "type": ["float16", "float"]}],
   "attr": [{"name": "alpha", "param_type": "optional", "type": "float", "default_value": "1.5"}]},
  {"op": "SquareCustom",
   "input_desc": [{"name": "x", "param_type": "required", "format": ["ND", "ND"], "type": ["float16", "float"]}],
   "output_desc": [{"name": "y", "param_type": "required", "format": ["ND", "ND"], "type": ["float16", "float"]}]},
  {"op": "TwinCustom",
   "input_desc": [{"name": "x", "param_type": "required", "format": ["ND"], "type": ["float"]}],
   "output_desc": [{"name": "lo", "param_type": "required", "format": ["ND"], "type": ["float"]},
                   {"name": "hi", "param_type": "required", "format": ["ND"], "type": ["float"]}]},
  {"op": "PairCustom",
   "input_desc": [{"name": "x", "param_type": "required", "format": ["ND", "ND"], "type": ["float16", "float"]},
                  {"name": "y", "param_type": "required", "format": ["ND", "ND"], "type": ["float16", "float"]}],
   "output_desc": [{"name": "z", "param_type": "required", "format": ["ND", "ND"], "type": ["float16", "float"]}]}
]
"""
DERIVATIVES = """\
- name: scale_custom
  x: scale_custom(grad, alpha=alpha)
- name: square_custom
  x: scale_custom(grad * x, alpha=2.0)
"""
REFERENCE = '''\
"""numpy references (float64 maths, returned in the input dtype)."""
import numpy as np


def scale_custom(x, *, alpha=1.5):
    return (np.asarray(x, np.float64) * np.float64(np.asarray(alpha, x.dtype))).astype(x.dtype)


def square_custom(x):
    return np.square(np.asarray(x, np.float64)).astype(x.dtype)


def pair_custom(x, y):   # the generated two-input skeleton, kept as is: both copied in, x copied out
    return x.copy()


def twin_custom(x):   # the generated two-output skeleton, kept as is: x copied to the first output, zeros to the other
    return x.copy(), np.zeros_like(x)
'''
SKELETON_MATHS = "DataCopy(yLocal, xLocal, PaddedCount<DTYPE_X>(count));"
MATHS = {"scale_custom": "Muls(yLocal, xLocal, static_cast<DTYPE_X>(tiling_.alpha), PaddedCount<DTYPE_X>(count));",
         "square_custom": "Mul(yLocal, xLocal, xLocal, PaddedCount<DTYPE_X>(count));"}
# opkit.check.run's core, run by the venv's interpreter: what `opkit test` does, with every outcome as JSON.
OUTCOMES = """
import json, sys
from pathlib import Path
from opkit.check.run import run_project_tests
lines = []
summary = run_project_tests(Path(sys.argv[1]), on_line=lines.append)
warnings = [line for line in lines if "Warning" in line or "warnings summary" in line]
print(json.dumps({"outcomes": [[o.test, o.outcome, o.message] for o in summary.outcomes], "warnings": warnings}))
"""


def _must(command: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(command, capture_output=True, text=True, **kwargs)  # type: ignore[call-overload]
    assert proc.returncode == 0, f"{command}\nstdout:\n{proc.stdout[-4000:]}\nstderr:\n{proc.stderr[-4000:]}"
    return proc


def _user_files(src: Path, skeleton: Path) -> None:
    """The files a user writes, beside the prototype: kernels (skeleton + maths), derivatives, reference."""
    (src / "ops.json").write_text(PROTOTYPE)
    generate_project(load_spec(src / "ops.json"), skeleton)   # before derivatives.yaml/kernels exist
    (src / "derivatives.yaml").write_text(DERIVATIVES)
    (src / "op_kernel").mkdir()
    for op, maths in MATHS.items():
        text = (skeleton / "op_kernel" / f"{op}.cpp").read_text()
        assert text.count(SKELETON_MATHS) == 1
        (src / "op_kernel" / f"{op}.cpp").write_text(text.replace(SKELETON_MATHS, maths))
    (src / "tests").mkdir()
    (src / "tests" / "reference.py").write_text(REFERENCE)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """(project, skeleton project, venv python): gen from the user files, build once, venv ready (the session's torch
    venv, tests/session_cache.py, made meanwhile if no other file made it yet)."""
    root = tmp_path_factory.mktemp("torch_e2e")
    venv = torch_venv(tmp_path_factory)
    src, project, skeleton = root / "src", root / "project", root / "skeleton"
    src.mkdir()
    _user_files(src, skeleton)
    gen = _must([sys.executable, "-m", "opkit", "gen", "-i", str(src / "ops.json"), "-o", str(project),
                 "--name", "twops"])
    assert "copied from" in gen.stdout + gen.stderr and "wires autograd" in gen.stdout + gen.stderr
    _must([sys.executable, "-m", "opkit", "build", str(project), "-j", "2"])
    return project, skeleton, venv.result()


def _run_tests(python: Path, project: Path) -> tuple[dict[str, tuple[str, str]], list[str]]:
    """Each test's (outcome, message), and pytest's lines about warnings."""
    proc = _must([str(python), "-c", OUTCOMES, str(project)], cwd=project.parent)
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    return {test: (outcome, message) for test, outcome, message in report["outcomes"]}, report["warnings"]


def test_generated_tests_pass_with_references_written(built: tuple[Path, Path, Path]) -> None:
    project, _, python = built
    outcomes, warnings = _run_tests(python, project)
    bad = {t: o for t, o in outcomes.items() if o[0] != "passed"}
    assert not bad, bad
    assert not warnings, "\n".join(warnings)
    names = " ".join(outcomes)
    assert "test_pair_custom_matches_reference_numpy" in names
    for kind in ("matches_reference_numpy", "matches_reference_torch", "passes_opcheck", "runs_without_kernel_faults",
                 "compiles_with_fullgraph", "gradcheck"):
        for op in MATHS:
            assert f"test_{op}_{kind}" in names, (op, kind)


def test_fresh_reference_reports_skips_not_passes(built: tuple[Path, Path, Path]) -> None:
    project, skeleton, python = built
    fresh = project.parent / "fresh"
    shutil.copytree(project, fresh, ignore=shutil.ignore_patterns("build"))   # copy2 keeps the wheel fresh
    shutil.copy(skeleton / "tests" / "reference.py", fresh / "tests" / "reference.py")
    proc = subprocess.run([str(python), "-m", "opkit", "test", str(fresh)], capture_output=True, text=True,
                          env={**os.environ, "NO_COLOR": "1"})
    text = proc.stdout + proc.stderr
    assert proc.returncode == 0, text[-4000:]
    assert "reference not written: implement scale_custom() in tests/reference.py" in text, text[-4000:]
    outcomes, _ = _run_tests(python, fresh)
    correctness = {t: o for t, (o, _) in outcomes.items() if "matches_reference" in t}
    assert correctness and set(correctness.values()) == {"skipped"}
    assert all(o == "passed" for t, (o, _) in outcomes.items() if "kernel_faults" in t)


def test_numpy_users_need_no_torch(built: tuple[Path, Path, Path]) -> None:
    _, _, python = built
    script = textwrap.dedent("""
        import sys
        sys.modules["torch"] = None          # as if torch were not installed
        import numpy as np, twops
        y = twops.scale_custom(np.arange(5, dtype=np.float32), alpha=2.0)
        assert type(y) is np.ndarray and y.tolist() == [0, 2, 4, 6, 8], y
        assert "twops._torch" not in sys.modules
        print("ok")
    """)
    assert _must([str(python), "-c", script], cwd="/").stdout.strip() == "ok"


def test_cached_launch_plans_follow_attrs_shapes_and_dtypes(built: tuple[Path, Path, Path]) -> None:
    """torch calls reuse a launch plan per (shapes, dtypes, attrs): a changed attr, shape or dtype must not hit a
    stale one."""
    _, _, python = built
    script = textwrap.dedent("""
        import torch, twops
        x = torch.arange(6, dtype=torch.float32)
        for alpha in (1.5, 2.0, 1.5, -0.5, 2.0):
            got = torch.ops.twops.scale_custom(x, alpha=alpha)
            assert torch.equal(got, x * alpha), (alpha, got)
        for n in (6, 7, 4097, 1, 6):
            x = torch.arange(n, dtype=torch.float32)
            got = twops.scale_custom(x, alpha=2.0)
            assert got.shape == (n,) and torch.equal(got, x * 2), (n, got)
        for dtype in (torch.float16, torch.float32, torch.float16):
            x = torch.arange(6, dtype=dtype)
            got = twops.scale_custom(x, alpha=0.5)
            assert got.dtype == dtype and torch.equal(got, x * 0.5), (dtype, got)
        print("ok")
    """)
    assert _must([str(python), "-c", script], cwd="/").stdout.strip() == "ok"


def test_launch_plan_fast_path_takes_any_layout_size_and_output_count(built: tuple[Path, Path, Path]) -> None:
    """The per-call path (`_C.run_plan`) makes inputs contiguous, allocates outputs itself (0-dim, several), runs
    large launches without the GIL, and refuses a wrong plan or input count with the module's KernelError."""
    _, _, python = built
    script = textwrap.dedent("""
        import threading, torch, twops
        from twops import _C, _ops
        x = torch.arange(12, dtype=torch.float32).reshape(3, 4)
        for view in (x.t(), x[:, ::2], x.expand(2, 3, 4)):
            got = twops.scale_custom(view, alpha=2.0)
            assert got.is_contiguous() and torch.equal(got, view * 2), (view.stride(), got)
        got = twops.scale_custom(torch.tensor(3.0), alpha=2.0)
        assert got.shape == () and got.item() == 6.0, got
        big = torch.rand(1 << 20)
        results = [None] * 4
        def call(i):
            results[i] = twops.square_custom(big)
        threads = [threading.Thread(target=call, args=(i,)) for i in range(4)]
        for t in threads: t.start()
        for t in threads: t.join()
        assert all(torch.equal(r, big * big) for r in results)
        lo, hi = torch.ops.twops.twin_custom(torch.ones(5, 7))
        assert lo.shape == hi.shape == (5, 7) and lo.all() and not hi.any(), (lo, hi)
        plan = next(p for k, p in _ops._PLANS.items() if k[0] == "twin_custom")
        for args, needle in (((1,), "the first argument must be a launch plan"),
                             ((plan,), "TwinCustom: run_plan got 0 inputs, expected 1")):
            try:
                _C.run_plan(*args)
            except _C.KernelError as e:
                assert needle in str(e), e
            else:
                raise AssertionError(f"run_plan{args} did not raise")
        print("ok")
    """)
    assert _must([str(python), "-c", script], cwd="/").stdout.strip() == "ok"


def test_two_input_skeleton_queues_and_copies_in_every_input(built: tuple[Path, Path, Path]) -> None:
    _, skeleton, _ = built
    kernel = (skeleton / "op_kernel" / "pair_custom.cpp").read_text()
    for name in ("x", "y"):
        queue = f"inQueue{name.upper()}_"
        assert f"TQue<TPosition::VECIN, BUFFER_NUM> {queue};" in kernel
        assert f"CopyGmToUb({name}Local, {name}Gm_[offset], count);" in kernel
        assert f"{queue}.FreeTensor({name}Local);" in kernel
    tiling = (skeleton / "op_kernel" / "pair_custom_tiling.h").read_text()
    assert "PAIR_CUSTOM_UB_BYTES_PER_ELEM = 24;" in tiling   # 2 buffers x (x + y + z) x 4 bytes at the widest


_STARTUP = """
import sys, time
start = time.perf_counter()
import numpy as np, twops
assert "torch" not in sys.modules, "import twops imported torch"
y = twops.scale_custom(np.arange(3, dtype=np.float32), alpha=2.0)
assert "torch" not in sys.modules and y.tolist() == [0, 2, 4]
import torch                                   # later: the hook registers torch.ops.twops as torch finishes
assert "twops._torch" in sys.modules and "torch._dynamo" not in sys.modules
print(torch.ops.twops.scale_custom(torch.arange(3.0), alpha=3.0).tolist())
"""


def test_import_leaves_torch_alone_and_a_later_torch_import_registers_the_ops(built: tuple[Path, Path, Path]) -> None:
    _, _, python = built
    assert _must([str(python), "-c", _STARTUP], cwd="/").stdout.split("\n")[-2] == "[0.0, 3.0, 6.0]"


def test_import_after_torch_registers_at_once_and_costs_little(built: tuple[Path, Path, Path]) -> None:
    _, _, python = built
    script = textwrap.dedent("""
        import sys, time
        import torch
        start = time.perf_counter()
        import twops
        spent = time.perf_counter() - start
        assert "twops._torch" in sys.modules and "torch._dynamo" not in sys.modules
        print(torch.ops.twops.square_custom(torch.full((4,), 3.0)).tolist(), spent < 0.5, spent)
    """)
    out = _must([str(python), "-c", script], cwd="/").stdout.split()
    assert out[:5] == ["[9.0,", "9.0,", "9.0,", "9.0]", "True"], out


def test_first_torch_call_registers_when_no_hook_saw_torch(built: tuple[Path, Path, Path]) -> None:
    """The hook is one way in; the first call with a tensor (and register_torch()) are the others."""
    _, _, python = built
    script = textwrap.dedent("""
        import sys
        import twops
        sys.meta_path[:] = [f for f in sys.meta_path if type(f).__name__ != "_AfterImport"]
        import torch
        assert "twops._torch" not in sys.modules
        print(twops.scale_custom(torch.ones(2), alpha=4.0).tolist(), hasattr(torch.ops.twops, "scale_custom"))
    """)
    assert _must([str(python), "-c", script], cwd="/").stdout.split() == ["[4.0,", "4.0]", "True"]

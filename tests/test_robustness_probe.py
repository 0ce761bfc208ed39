"""The reliability probe of issue 17, kept as tests: one project, built once for the module, installed with torch into
a fresh venv, then
- bad inputs (a table, numpy and torch, through `probe.<op>(...)` and `torch.ops.probe.<op>(...)`): each gives a
  correct result or an error a caller expects (TypeError, ValueError, KernelError) naming the op and the argument;
- threads: several Python threads call numpy and torch ops at once, mixed shapes and some failing calls: no wrong
  result, no unexpected error;
- memory: RSS stays flat over thousands of small calls and failing calls;
- fuzz: a sample of random valid prototypes (tests/prototype_fuzz.py) built in the same project, imported, called
  (benchmarks/fuzz_prototypes.py runs it wide).
The probe's fault category (an overrun into the next view of one array, a kernel that never returns, Ctrl-C, a read
into the allocator padding) needs kernels with bugs in them: tests/test_e2e_kernel_faults.py.

The ops are the generated skeletons, unedited: output 0 is a copy of input 0, which is what "correct" means here.
"""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.prototype_fuzz import CALL_SCRIPT, random_ops
from tests.session_cache import torch_venv
from tests.test_e2e_torch import _must

pytestmark = [pytest.mark.e2e, pytest.mark.compile]

FUZZ_SEED, FUZZ_COUNT = 7, 4   # 6 kernels; optional-before-required inputs and 5-10 mixed attrs per op
PROBE_OPS = [
    {"op": "ProbeCopyCustom",   # one required tensor in and out: torch calls take the cached-plan fast path
     "input_desc": [{"name": "x", "param_type": "required", "format": ["ND"] * 2, "type": ["float16", "float"]}],
     "output_desc": [{"name": "y", "param_type": "required", "format": ["ND"] * 2, "type": ["float16", "float"]}],
     "attr": [{"name": "alpha", "param_type": "optional", "type": "float", "default_value": "1.5"},
              {"name": "axis", "param_type": "required", "type": "int"},   # required after optional
              {"name": "mode", "param_type": "optional", "type": "string", "default_value": "m"},
              {"name": "labels", "param_type": "optional", "type": "list_string", "default_value": ["a"]},
              {"name": "sizes", "param_type": "optional", "type": "list_int", "default_value": [1]},
              {"name": "acc", "param_type": "optional", "type": "type", "default_value": "float32"}]},
    {"op": "ProbeOptFirstCustom",   # an optional input before a dynamic one: no default, pass None to leave it out
     "input_desc": [{"name": "x", "param_type": "required", "format": ["ND"], "type": ["float"]},
                    {"name": "bias", "param_type": "optional", "format": ["ND"], "type": ["float"]},
                    {"name": "xs", "param_type": "dynamic", "format": ["ND"], "type": ["float"]}],
     "output_desc": [{"name": "y", "param_type": "required", "format": ["ND"], "type": ["float"]}]},
]
FUZZ_OPS = random_ops(FUZZ_COUNT, FUZZ_SEED)

# What every script below starts with, in the venv: the package, arrays and tensors, and `same`, which says whether an
# op's result is a copy of `want` (type, shape, dtype, values, device).
PRELUDE = """
import inspect, json, sys, threading, numpy as np, torch, probe
from probe import _C, _ops
ops = torch.ops.probe
A = np.arange(12, dtype=np.float32).reshape(3, 4)
T = torch.arange(12, dtype=torch.float32).reshape(3, 4)
M = torch.empty(3, 4, device="meta")

def same(got, want):
    if type(got) is not type(want) or tuple(got.shape) != tuple(want.shape) or got.dtype != want.dtype:
        return False
    if isinstance(got, torch.Tensor) and got.device != want.device:
        return False
    return getattr(got, "is_meta", False) or bool((np.asarray(got) == np.asarray(want)).all())
"""

# (case, call, expected): "ok" means the call returns True (it checks its own result); otherwise the exception type
# and a fragment of the message (which names the op and the argument). RuntimeError only for torch.ops' own schema
# check, which runs in torch's C++ before any opkit code: its message names the op, the argument and the type.
BAD_INPUTS: list[tuple[str, str, str, str]] = [
    # 0-d inputs keep their shape, on every path
    ("0-d numpy", "same(probe.probe_copy_custom(np.array(2.5, np.float32), axis=1), np.array(2.5, np.float32))",
     "ok", ""),
    ("0-d torch fast path", "same(ops.probe_copy_custom(torch.tensor(2.5), axis=1), torch.tensor(2.5))", "ok", ""),
    ("0-d torch slow path", "same(probe.probe_opt_first_custom(torch.tensor(2.5), None, [torch.tensor(1.0)]), "
     "torch.tensor(2.5))", "ok", ""),
    ("0-d numpy slow path", "same(probe.probe_opt_first_custom(np.array(2.5, np.float32), None, "
     "[np.array(1.0, np.float32)]), np.array(2.5, np.float32))", "ok", ""),
    ("empty input", "same(probe.probe_copy_custom(A[:0], axis=1), A[:0])", "ok", ""),
    ("strided numpy view", "same(probe.probe_copy_custom(A[:, ::2], axis=1), A[:, ::2].copy())", "ok", ""),
    ("strided torch view", "same(probe.probe_copy_custom(T.t(), axis=1), T.t().contiguous())", "ok", ""),
    ("strided torch view slow path", "same(ops.probe_opt_first_custom(T.t(), T.t(), [T.t()]), T.t().contiguous())",
     "ok", ""),
    ("numpy array among tensors", "same(probe.probe_opt_first_custom(T, A, [A]), T)", "ok", ""),
    # None for a required input
    ("None numpy", "probe.probe_copy_custom(None, axis=1)", "TypeError",
     "ProbeCopyCustom: input 'x' is required; got None"),
    ("None torch", "probe.probe_opt_first_custom(None, T, [T])", "TypeError",
     "ProbeOptFirstCustom: input 'x' is required; got None"),
    ("None torch.ops fast path", "ops.probe_copy_custom(None, axis=1)", "TypeError",
     "ProbeCopyCustom: input 'x' is required; got None"),
    ("None torch.ops slow path", "ops.probe_opt_first_custom(None, T, [T])", "TypeError",
     "ProbeOptFirstCustom: input 'x' is required; got None"),
    ("optional left out", "same(probe.probe_opt_first_custom(T, None, [T]), T)", "ok", ""),
    # an optional input before a dynamic one keeps its place, without a default; attrs keyword-only in OpDef order,
    # then out= (outputs the caller gives, as aclnn takes them)
    ("signature, optional input first", "str(inspect.signature(probe.probe_opt_first_custom)) == "
     "'(x, bias, xs, *, out=None)' and "
     "str(ops.probe_opt_first_custom.default._schema) == "
     "'probe::probe_opt_first_custom(Tensor x, Tensor? bias, Tensor[] xs) -> Tensor'", "ok", ""),
    ("signature, required attr after optional", "str(inspect.signature(probe.probe_copy_custom)) == "
     "\"(x, *, alpha=1.5, axis, mode='m', labels=['a'], sizes=[1], acc='float32', out=None)\"", "ok", ""),
    # a Python scalar or list for a tensor argument
    ("scalar numpy", "probe.probe_copy_custom(1.0, axis=1)", "TypeError",
     "ProbeCopyCustom: input 'x' must be a numpy array or torch tensor, got float"),
    ("list numpy", "probe.probe_copy_custom([1.0, 2.0], axis=1)", "TypeError",
     "ProbeCopyCustom: input 'x' must be a numpy array or torch tensor, got list"),
    ("scalar torch", "probe.probe_opt_first_custom(T, 2.0, [T])", "TypeError",
     "ProbeOptFirstCustom: input 'bias' must be a torch tensor or numpy array, got float"),
    ("list torch", "probe.probe_opt_first_custom([1.0], T, [T])", "TypeError",
     "ProbeOptFirstCustom: input 'x' must be a torch tensor or numpy array, got list"),
    ("scalar in a tensor list torch", "probe.probe_opt_first_custom(T, None, [T, 3])", "TypeError",
     "ProbeOptFirstCustom: input 'xs[1]' must be a torch tensor or numpy array, got int"),
    ("tensor for a tensor list torch", "probe.probe_opt_first_custom(T, None, T)", "TypeError",
     "ProbeOptFirstCustom: input 'xs' is dynamic: pass a non-empty list of tensors, got Tensor"),
    ("scalar torch.ops", "ops.probe_copy_custom(1.0, axis=1)", "RuntimeError",
     "Expected a value of type 'Tensor' for argument 'x'"),
    # layouts other than dense strided
    ("sparse torch", "probe.probe_copy_custom(T.to_sparse(), axis=1)", "TypeError",
     "ProbeCopyCustom: input 'x' is a sparse_coo tensor; the op takes dense (torch.strided) tensors"),
    ("sparse torch.ops slow path", "ops.probe_opt_first_custom(T, T.to_sparse(), [T])", "TypeError",
     "ProbeOptFirstCustom: input 'bias' is a sparse_coo tensor"),
    ("sparse after a dense call (cached plan)", "probe.probe_copy_custom(T, axis=1) is not None and "
     "ops.probe_copy_custom(T.to_sparse(), axis=1)", "TypeError", "ProbeCopyCustom: input 'x' is a sparse_coo"),
    # devices: all meta -> meta outputs (register_fake, as torch.compile uses it); mixed -> refused
    ("all meta fast path", "same(ops.probe_copy_custom(M, axis=1), M)", "ok", ""),
    ("all meta slow path", "same(probe.probe_opt_first_custom(M, M, [M]), M)", "ok", ""),
    ("meta + cpu", "probe.probe_opt_first_custom(T, M, [T])", "ValueError",
     "ProbeOptFirstCustom: inputs are on different devices (x: cpu, bias: meta, xs[0]: cpu)"),
    ("meta + cpu torch.ops", "ops.probe_opt_first_custom(M, None, [T])", "ValueError",
     "ProbeOptFirstCustom: inputs are on different devices (x: meta, xs[0]: cpu)"),
    ("meta on the eager fast path", "_ops.run_torch('probe_copy_custom', (M,), {'axis': 1}, None, torch.empty)",
     "ValueError", "ProbeCopyCustom: input 'x' is on meta; opkit's simulator runs on CPU tensors"),
    ("meta on the eager slow path", "_ops.run_torch('probe_opt_first_custom', (M, None, [M]), {}, None, torch.empty)",
     "ValueError", "ProbeOptFirstCustom: input 'x' is on meta"),
    ("meta into a cached plan", "probe.probe_copy_custom(T, axis=1) is not None and _C.run_plan(next(p for k, p in "
     "_ops._PLANS.items() if k[0] == 'probe_copy_custom' and k[2][0] == (3, 4)), M)", "KernelError",
     "ProbeCopyCustom: run_plan input 'x' is not a CPU tensor"),
    ("other shape into a cached plan", "probe.probe_copy_custom(T, axis=1) is not None and _C.run_plan(next(p for k, p "
     "in _ops._PLANS.items() if k[0] == 'probe_copy_custom' and k[2][0] == (3, 4)), T[:2])", "KernelError",
     "ProbeCopyCustom: run_plan input 'x' holds 32 bytes; its plan was made for 48"),
    # dtypes and ranks
    ("wrong dtype", "probe.probe_copy_custom(A.astype(np.int64), axis=1)", "TypeError",
     "ProbeCopyCustom: no dtype combination for inputs (x: int64)"),
    ("rank 9", "probe.probe_copy_custom(torch.ones([1] * 9), axis=1)", "ValueError",
     "ProbeCopyCustom: input 'x' has rank 9"),
    # int attrs outside int64
    ("int attr 2**70 numpy", "probe.probe_copy_custom(A, axis=2**70)", "ValueError",
     "ProbeCopyCustom: attr 'axis' expects int within int64"),
    ("int attr 2**70 torch", "probe.probe_copy_custom(T, axis=-2**70)", "ValueError",
     "ProbeCopyCustom: attr 'axis' expects int within int64"),
    ("list_int attr 2**64 torch", "probe.probe_copy_custom(T, axis=1, sizes=[1, 2**64])", "ValueError",
     "ProbeCopyCustom: attr 'sizes' expects list_int within int64"),
    ("int attr 2**70 torch.ops", "ops.probe_copy_custom(T, axis=2**70)", "RuntimeError", "argument 'axis'"),
    # strings that are not UTF-8
    ("lone surrogate numpy", "probe.probe_copy_custom(A, axis=1, mode='a\\ud800')", "ValueError",
     "ProbeCopyCustom: attr 'mode' expects string of UTF-8-encodable text"),
    ("lone surrogate torch", "probe.probe_copy_custom(T, axis=1, mode='\\udfff')", "ValueError",
     "ProbeCopyCustom: attr 'mode' expects string of UTF-8-encodable text"),
    ("lone surrogate in a list torch", "probe.probe_copy_custom(T, axis=1, labels=['ok', '\\ud800'])", "ValueError",
     "ProbeCopyCustom: attr 'labels' expects list_string of UTF-8-encodable text"),
    ("lone surrogate torch.ops", "ops.probe_copy_custom(T, axis=1, mode='\\ud800')", "RuntimeError",
     "argument 'mode'"),
    # list attrs that travel as JSON text through torch.ops
    ("malformed JSON torch.ops", "ops.probe_copy_custom(T, axis=1, labels='[\"a\",')", "ValueError",
     "ProbeCopyCustom: attr 'labels' (list_string) travels through torch.ops as JSON text"),
    ("JSON of the wrong type torch.ops", "ops.probe_copy_custom(T, axis=1, labels='[1, 2]')", "TypeError",
     "ProbeCopyCustom: attr 'labels' expects list_string, got [1, 2]"),
    ("JSON list attr torch.ops", "same(ops.probe_copy_custom(T, axis=1, labels='[\"b\", \"c\"]'), T)", "ok", ""),
    ("list attr torch", "same(probe.probe_copy_custom(T, axis=1, labels=('b',), sizes=[]), T)", "ok", ""),
    # wrong attr types and values
    ("str for int numpy", "probe.probe_copy_custom(A, axis='1')", "TypeError",
     "ProbeCopyCustom: attr 'axis' expects int, got '1'"),
    ("bool for int torch", "probe.probe_copy_custom(T, axis=True)", "TypeError",
     "ProbeCopyCustom: attr 'axis' expects int, got True"),
    ("str for float torch", "probe.probe_copy_custom(T, axis=1, alpha='x')", "TypeError",
     "ProbeCopyCustom: attr 'alpha' expects float, got 'x'"),
    ("str for int torch.ops", "ops.probe_copy_custom(T, axis='1')", "RuntimeError", "argument 'axis'"),
    ("unknown dtype name numpy", "probe.probe_copy_custom(A, axis=1, acc='float99')", "ValueError",
     "ProbeCopyCustom: attr 'acc' expects a dtype name"),
    ("unknown dtype name torch.ops", "ops.probe_copy_custom(T, axis=1, acc='float99')", "ValueError",
     "ProbeCopyCustom: attr 'acc' expects a dtype name"),
    ("dtype object for a type attr", "same(probe.probe_copy_custom(T, axis=1, acc=torch.float16), T)", "ok", ""),
    ("missing required attr", "probe.probe_copy_custom(A)", "TypeError", "'axis'"),
    ("unknown attr", "probe.probe_copy_custom(A, axis=1, speed=2)", "TypeError", "'speed'"),
]

RUN_TABLE = PRELUDE + """
rows = []
for case, call, _, _ in json.loads(sys.argv[1]):
    try:
        rows.append([case, "ok" if eval(call) is True else f"wrong result: {eval(call)!r}"[:500], ""])
    except Exception as exc:
        rows.append([case, type(exc).__name__, str(exc)])
print(json.dumps(rows))
"""

THREADS = PRELUDE + """
import random, time
rng_seed = iter(range(1000))
stop = time.monotonic() + float(sys.argv[1])
counts = {"calls": 0, "wrong": [], "unexpected": []}
lock = threading.Lock()

def one(r):
    shape = r.choice([(), (1,), (7,), (33,), (3, 37), (2, 3, 5), (4097,)])
    kind = r.randrange(5)
    a = np.asarray(np.random.default_rng(r.randrange(1 << 30)).standard_normal(shape) * 100)
    if kind == 0:
        a = a.astype(r.choice([np.float16, np.float32]))
        return same(probe.probe_copy_custom(a, axis=1), a)
    t = torch.from_numpy(a.astype(np.float32))
    if kind == 1:
        return same(probe.probe_copy_custom(t, axis=r.randrange(3)), t)
    if kind == 2:
        return same(ops.probe_opt_first_custom(t, t if r.random() < 0.5 else None, [t, t]), t)
    if kind == 3:
        return same(probe.probe_opt_first_custom(a.astype(np.float32), None, [a.astype(np.float32)]),
                    a.astype(np.float32))
    try:   # a failing call: the error, and nothing else
        r.choice([lambda: probe.probe_copy_custom(None, axis=1), lambda: ops.probe_copy_custom(t, axis=1, acc="x"),
                  lambda: probe.probe_opt_first_custom(t, 1.0, [t]), lambda: ops.probe_copy_custom(t.to_sparse(), axis=1),
                  lambda: probe.probe_copy_custom(t.numpy(), axis=2**70)])()
    except (TypeError, ValueError):
        return True
    return False

def worker(seed):
    r = random.Random(seed)
    while time.monotonic() < stop:
        try:
            ok = one(r)
        except Exception as exc:
            with lock:
                counts["unexpected"].append(f"{type(exc).__name__}: {exc}"[:300])
            continue
        with lock:
            counts["calls"] += 1
            if not ok:
                counts["wrong"].append(seed)

threads = [threading.Thread(target=worker, args=(s,)) for s in range(6)]
for t in threads: t.start()
for t in threads: t.join()
print(json.dumps(counts))
"""

RSS = PRELUDE + """
import random
def rss_mb():
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:")) / 1024

def calls(n, r):
    for i in range(n):
        shape = r.choice([(5,), (3, 7), (64,)])
        a = np.ones(shape, np.float32)
        t = torch.ones(shape)
        probe.probe_copy_custom(a, axis=i % 3)
        probe.probe_copy_custom(t, axis=1, labels=["x"])
        ops.probe_opt_first_custom(t, None, [t])
        if i % 4 == 0:
            for bad in (lambda: probe.probe_copy_custom(None, axis=1), lambda: ops.probe_copy_custom(t, axis=1, labels="[1,"),
                        lambda: probe.probe_copy_custom(t.to_sparse(), axis=1), lambda: probe.probe_opt_first_custom(t, M, [t])):
                try:
                    bad()
                except (TypeError, ValueError):
                    pass

r = random.Random(0)
calls(300, r)   # warm-up: plans, thread pool, allocator pools
before = rss_mb()
calls(int(sys.argv[1]), r)
print(json.dumps({"before_mb": before, "after_mb": rss_mb()}))
"""


@pytest.fixture(scope="module")
def probe(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(project, venv python): the probe ops and the fuzz sample in one prototype, generated and built once while the
    session's venv with torch is made (tests/session_cache.py); the wheel installed there."""
    root = tmp_path_factory.mktemp("probe")
    venv = torch_venv(tmp_path_factory)
    (root / "probe.json").write_text(json.dumps(PROBE_OPS + FUZZ_OPS, indent=1))
    project = root / "probe"
    _must([sys.executable, "-m", "opkit", "gen", "-i", str(root / "probe.json"), "-o", str(project), "--name", "probe"])
    _must([sys.executable, "-m", "opkit", "build", str(project), "-j", "2"])
    python = venv.result()
    _must([str(python), "-m", "pip", "install", "-q", "--no-deps", "--disable-pip-version-check",
           *(str(w) for w in (project / "dist").glob("*.whl"))])
    return project, python


def _results(python: Path, script: str, *args: str) -> object:
    proc = _must([str(python), "-c", textwrap.dedent(script), *args], cwd="/")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_bad_inputs_give_clear_errors_or_correct_results(probe: tuple[Path, Path]) -> None:
    _, python = probe
    rows = _results(python, RUN_TABLE, json.dumps(BAD_INPUTS))
    got = {case: (kind, message) for case, kind, message in rows}   # type: ignore[union-attr]
    wrong = {}
    for case, _, kind, fragment in BAD_INPUTS:
        if got[case][0] != kind or fragment not in got[case][1]:
            wrong[case] = (f"expected {kind}: {fragment}", got[case])
    assert not wrong, "\n".join(f"{case}: {want}\n   got {have}" for case, (want, have) in wrong.items())


def test_threads_calling_numpy_and_torch_ops_get_right_results(probe: tuple[Path, Path]) -> None:
    _, python = probe
    counts = _results(python, THREADS, "4")
    assert counts["calls"] > 200, counts   # type: ignore[index]
    assert counts["wrong"] == [] and counts["unexpected"] == [], counts   # type: ignore[index]


def test_memory_stays_flat_over_many_calls_and_failures(probe: tuple[Path, Path]) -> None:
    _, python = probe
    rss = _results(python, RSS, "2000")
    assert rss["after_mb"] - rss["before_mb"] < 25, rss   # type: ignore[index]


def test_fuzz_sample_of_random_prototypes_imports_and_runs(probe: tuple[Path, Path]) -> None:
    _, python = probe
    from opkit.spec.naming import snake_case

    rows = _results(python, CALL_SCRIPT, "probe", *(snake_case(op["op"]) for op in FUZZ_OPS))
    assert [result for _, result in rows] == ["ok"] * FUZZ_COUNT, rows   # type: ignore[union-attr]


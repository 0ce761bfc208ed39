"""CANN operator projects built as they are (tests/layouts/README.md): `opkit build DIR` writes its glue project in
DIR/build/opkit/, compiles the user's op_host/ and op_kernel/ files in place (changing none), and the wheel's ops agree
with numpy. Each project is built once per module and its wheel installed into a folder of its own."""
from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from opkit import testing
from opkit.build.project import BuildEvent, build_project
from opkit.check.input_roles import input_roles
from opkit.check.run import install_command

pytestmark = [pytest.mark.e2e, pytest.mark.compile]

LAYOUTS = Path(__file__).resolve().parent / "layouts"


def _digests(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in root.rglob("*") if p.is_file() and "build" not in p.relative_to(root).parts}


def _build_and_import(tmp: Path, source: Path, project: str, module: str) -> tuple[ModuleType, list[BuildEvent], bool]:
    shutil.copytree(source, tmp / "src")
    root = tmp / "src" / project
    before = _digests(root)
    events: list[BuildEvent] = []
    wheel = build_project(root, jobs=2, on_event=events.append)
    assert wheel.parent == root / "build" / "opkit" / "dist"
    site = tmp / "site"
    subprocess.run(install_command(wheel, site), check=True, capture_output=True)
    sys.path.insert(0, str(site))
    try:
        return importlib.import_module(module), events, _digests(root) == before
    finally:
        sys.path.remove(str(site))


@pytest.fixture(scope="module")
def older(tmp_path_factory: pytest.TempPathFactory) -> tuple[ModuleType, list[BuildEvent], bool]:
    return _build_and_import(tmp_path_factory.mktemp("older"), LAYOUTS / "older_project", ".", "axpy_custom")


@pytest.fixture(scope="module")
def libm(tmp_path_factory: pytest.TempPathFactory) -> tuple[ModuleType, list[BuildEvent], bool]:
    return _build_and_import(tmp_path_factory.mktemp("libm"), LAYOUTS / "libm_names_project", ".", "exp")


@pytest.fixture(scope="module")
def msopgen(tmp_path_factory: pytest.TempPathFactory) -> tuple[ModuleType, list[BuildEvent], bool]:
    return _build_and_import(tmp_path_factory.mktemp("msopgen"), LAYOUTS / "msopgen_project", "AddTplCustom",
                             "add_tpl_custom")


def _texts(events: list[BuildEvent], kind: str) -> list[str]:
    return [e.text for e in events if e.kind == kind]


def test_older_layout_builds_unchanged_and_says_what_it_saw(older: Any) -> None:
    _, events, unchanged = older
    assert unchanged
    assert _texts(events, "configure")[0].startswith("CANN operator project (op_host/ + op_kernel/), newer and older "
                                                     "layout: 2 ops (AxpyCustom, tiling struct op_host/")
    assert [w for w in _texts(events, "warning") if "SetInferShape" in w] == [
        "HeadDoubleCustom: the host's OpDef has no SetInferShape; its outputs' shapes are the caller's to give "
        "(out=...)"]


@pytest.mark.parametrize("dtype, tol", [(np.float32, 1e-6), (np.float16, 2e-3)])
def test_older_layout_kernel_reads_the_host_tiling_struct(older: Any, dtype: Any, tol: float) -> None:
    module = older[0]
    rng = np.random.default_rng(0)
    x, y = rng.random(16384).astype(dtype), rng.random(16384).astype(dtype)
    z = module.axpy_custom(x, y, alpha=2.5)
    np.testing.assert_allclose(z.astype(np.float64), 2.5 * x.astype(np.float64) + y, rtol=tol, atol=tol)


def test_out_of_another_shape_than_infer_shape_is_the_callers(older: Any) -> None:
    """As CANN's aclnn (no InferShape run): an InferShape that copies an input's shape where the caller knows better
    (ReplicationPad2d- and NMS-style ops) is warned about, and the given output is written."""
    module = older[0]
    x, y = np.ones(4096, np.float32), np.full(4096, 2, np.float32)
    out = np.full((2, 4096), -1, np.float32)
    with pytest.warns(RuntimeWarning, match=r"AxpyCustom: out 'z' has shape \(2, 4096\), but the op's InferShape "
                                            r"gives \(4096,\); the given shape is used, as CANN's aclnn does"):
        assert module.axpy_custom(x, y, alpha=0.5, out=out) is out
    np.testing.assert_array_equal(out[0], np.full(4096, 2.5, np.float32))


def test_op_without_infer_shape_takes_out_numpy(older: Any) -> None:
    module = older[0]
    x = np.arange(64, dtype=np.float32)
    out = np.full(32, -1, np.float32)
    assert module.head_double_custom(x, out=out) is out
    np.testing.assert_array_equal(out, 2 * x[:32])
    with pytest.raises(ValueError, match=r"^HeadDoubleCustom: output 'y' has no shape: the op has no InferShape, or "
                                         r"its InferShape leaves 'y' unset; pass the outputs with out="):
        module.head_double_custom(x)
    with pytest.raises(TypeError, match="out 'y' is float16; the op makes float32"):
        module.head_double_custom(x, out=np.empty(32, np.float16))


def test_op_without_infer_shape_takes_out_torch(older: Any) -> None:
    torch = pytest.importorskip("torch")
    module = older[0]
    x = torch.arange(64, dtype=torch.float32)
    out = torch.empty(16)
    assert module.head_double_custom(x, out=out) is out
    assert torch.equal(out, 2 * x[:16])
    with pytest.raises(ValueError, match="HeadDoubleCustom: output 'y' has no shape"):
        module.head_double_custom(x)


def test_msopgen_project_builds_as_it_is(msopgen: Any) -> None:
    _, events, unchanged = msopgen
    assert unchanged
    assert _texts(events, "configure")[0] == ("msopgen project, newer layout: 1 op (AddTplCustom, tiling struct "
                                              "op_kernel/add_tpl_custom_tiling.h, template tiling keys)")


@pytest.mark.parametrize("n", [16384, 256])
@pytest.mark.parametrize("dtype", [np.float16, np.float32])
@pytest.mark.parametrize("twice", [False, True])
def test_template_tiling_key_selects_the_kernel_instance(msopgen: Any, n: int, dtype: Any, twice: bool) -> None:
    module = msopgen[0]
    rng = np.random.default_rng(1)
    x, y = rng.random(n).astype(dtype), rng.random(n).astype(dtype)
    z = module.add_tpl_custom(x, y, twice=twice)
    tol = 2e-3 if dtype == np.float16 else 1e-6
    np.testing.assert_allclose(z.astype(np.float64), (x.astype(np.float64) + y) * (2 if twice else 1),
                               rtol=tol, atol=tol)


def test_template_tiling_keys_pack_each_parameter(msopgen: Any) -> None:
    ops = msopgen[0]._ops
    # (D_T: 8 bits, TILE_NUM: 8 bits, TWICE: 1 bit, D_T_Z: 8 bits, the C_DT_* value of z's data type), the first in
    # the lowest bits; float16 is combination 0.
    assert ops.tiling("add_tpl_custom", (16384,), 0, {"twice": True})["tiling_key"] == 1 | 4 << 8 | 1 << 16 | 1 << 17
    assert ops.tiling("add_tpl_custom", (256,), 0, {"twice": False})["tiling_key"] == 1 | 1 << 8 | 1 << 17  # one tile
    assert ops.tiling("add_tpl_custom", (256,), 1, {"twice": False})["tiling_key"] == 0 | 4 << 8 | 0 << 17


@pytest.fixture(scope="module")
def opdef_only(tmp_path_factory: pytest.TempPathFactory) -> tuple[ModuleType, list[BuildEvent], bool]:
    return _build_and_import(tmp_path_factory.mktemp("opdef"), LAYOUTS / "opdef_project", ".", "scale_axpy_custom")


def test_project_without_json_builds_from_its_opdef(opdef_only: Any) -> None:
    _, events, unchanged = opdef_only
    assert unchanged
    assert "ops read from the OpDef in op_host/ (compiled with opkit's host headers), no prototype JSON" in \
        _texts(events, "configure")
    assert _texts(events, "warning") == []   # InferShape registered by IMPL_OP_INFERSHAPE in its own file: no warning


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.int32])
def test_opdef_attrs_and_dtypes_reach_the_kernel(opdef_only: Any, dtype: Any) -> None:
    module = opdef_only[0]
    rng = np.random.default_rng(2)
    x, y = (rng.uniform(-8, 8, 20001).astype(dtype) for _ in range(2))
    for kwargs, (alpha, beta) in (({}, (1.5, 2)), ({"alpha": -0.75, "beta": 3}, (-0.75, 3))):
        z = module.scale_axpy_custom(x, y, **kwargs)
        a, b = x.dtype.type(alpha), x.dtype.type(beta)
        np.testing.assert_array_equal(z, (x * a).astype(dtype) + (y * b).astype(dtype))


def test_opdef_project_signature_comes_from_the_opdef(opdef_only: Any) -> None:
    import inspect

    params = inspect.signature(opdef_only[0].scale_axpy_custom).parameters
    assert [(p.name, p.default) for p in params.values() if p.kind == p.KEYWORD_ONLY][:2] == [("alpha", 1.5),
                                                                                             ("beta", 2)]


@pytest.fixture(scope="module")
def edge(tmp_path_factory: pytest.TempPathFactory) -> tuple[ModuleType, list[BuildEvent], bool]:
    return _build_and_import(tmp_path_factory.mktemp("edge"), LAYOUTS / "edge_project", ".", "scale_edge_custom")


def test_project_for_another_soc_family_builds_for_it_and_says_so(edge: Any) -> None:
    module, events, unchanged = edge
    assert unchanged
    assert ('AddConfig lists only ascend310b: building for Ascend310B1 (AddConfig "ascend310b", 1 vector core, '
            '248 KB UB)') in _texts(events, "configure")
    # the kernel #errors unless __NPU_ARCH__ is 3002; the TilingFunc fails unless the platform is a one-core 310B
    assert module._C.default_soc == "Ascend310B1"


@pytest.mark.parametrize("dtype, tol", [(np.float32, 1e-6), (np.float16, 2e-3)])
def test_project_for_another_soc_family_runs_on_its_profile(edge: Any, dtype: Any, tol: float) -> None:
    module = edge[0]
    x = np.random.default_rng(2).random(100_000 - 100_000 % 16).astype(dtype)
    np.testing.assert_allclose(module.scale_edge_custom(x, scale=3.0).astype(np.float64), 3.0 * x.astype(np.float64),
                               rtol=tol, atol=tol)
    plan = module._ops.tiling("scale_edge_custom", x.shape, 0 if dtype == np.float16 else 1, {"scale": 3.0})
    assert plan["block_dim"] == 1 and plan["soc"] == "Ascend310B1"


def _edge_reference() -> ModuleType:
    spec = importlib.util.spec_from_file_location("edge_reference", LAYOUTS / "edge_project" / "reference.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("shape", [(37,), (2, 300), (3, 9), (0,)])
def test_non_max_suppression_takes_the_inputs_opkit_makes_for_its_onnx_layout(edge: Any, shape: tuple) -> None:
    """The 310B NonMaxSuppression (ONNX layout) on the inputs opkit's generated tests give it (detection_roles.py):
    it runs, keeps some boxes and suppresses others, as numpy's NMS does."""
    names = ["boxes", "scores", "max_output_boxes_per_class", "iou_threshold", "score_threshold"]
    roles = input_roles("NonMaxSuppression", names, ["max_output_boxes_per_class"])
    case = testing.Case(("float32", "float32", "int32", "float32", "float32"), ("int32",), shape)
    inputs = testing.op_inputs(case, [f"required:{roles[n]}" for n in names], seed=4)
    got = edge[0].non_max_suppression(*inputs)
    np.testing.assert_array_equal(got, _edge_reference().non_max_suppression(*inputs))
    kept = int((got[:, 0] >= 0).sum())
    above = int((inputs[1] > inputs[4][0]).sum())
    assert kept == above == 0 if shape == (0,) else 0 < kept < above


def test_ops_named_like_c_library_functions_build_unchanged(libm: Any) -> None:
    _, events, unchanged = libm
    assert unchanged
    assert _texts(events, "configure")[0].startswith("CANN operator project (op_host/ + op_kernel/), newer and older "
                                                     "layout: 4 ops (Exp, ")


@pytest.mark.parametrize("dtype, tol", [(np.float32, 1e-6), (np.float16, 2e-3)])
def test_exp_kernel_called_exp_computes_exp(libm: Any, dtype: Any, tol: float) -> None:
    x = np.linspace(-4, 4, 256).astype(dtype)
    np.testing.assert_allclose(libm[0].exp(x).astype(np.float64), np.exp(x.astype(np.float64)), rtol=tol, atol=tol)


def test_asinh_kernel_called_asinh_computes_asinh(libm: Any) -> None:
    x = np.linspace(-3, 3, 512).astype(np.float32)
    np.testing.assert_allclose(libm[0].asinh(x), np.arcsinh(x.astype(np.float64)), rtol=1e-5, atol=1e-5)


def test_div_kernel_reads_its_own_header_beside_the_forced_host_tiling_header(libm: Any) -> None:
    """Div's op_kernel/div_tiling.h and the older layout's op_host/div_tiling.h share the guard DIV_TILING_H: the
    kernel compiles only if the forced include of the host one leaves its own header readable."""
    rng = np.random.default_rng(2)
    x1, x2 = rng.standard_normal(1024).astype(np.float32), rng.uniform(0.5, 2, 1024).astype(np.float32)
    np.testing.assert_allclose(libm[0].div(x1, x2), x1 / x2, rtol=1e-6)


def test_the_generated_tests_of_div_ask_its_tiling_with_the_divisor_as_data(libm: Any) -> None:
    """Div's x2 is a divisor (input_roles.py: never an integer 0); the generated tests' TilingFunc probe, run when
    they are collected, gives it its shape only, as any data input, so they collect, and the fault cases of the
    shapes this Div's TilingFunc takes (a multiple of 8, at most 8192 elements) pass."""
    site = Path(libm[0].__file__).parents[1]
    glue = site.parent / "src" / "build" / "opkit"
    env = {**os.environ, "PYTHONPATH": str(site)}
    pytest_ = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    listed = subprocess.run([*pytest_, "tests/test_div.py", "--collect-only", "-k", "without_kernel_faults"],
                            cwd=glue, capture_output=True, text=True, env=env)
    assert listed.returncode == 0, listed.stdout[-3000:] + listed.stderr[-2000:]
    ids = [line for line in listed.stdout.splitlines() if line.startswith("tests/test_div.py::")]
    sizes = {i: int(m[1]) for i in ids if (m := re.search(r"(\d+)\]$", i))}   # ...-tail32775]: 32775 elements
    taken = [i for i, n in sizes.items() if 0 < n <= 8192 and n % 8 == 0]
    assert taken, ids
    done = subprocess.run([*pytest_, *taken], cwd=glue, capture_output=True, text=True, env=env)
    assert done.returncode == 0 and f"{len(taken)} passed" in done.stdout, done.stdout[-3000:]


def test_fill_kernel_called_fill_fills(libm: Any) -> None:
    x = np.zeros((4, 16), np.float32)
    np.testing.assert_array_equal(libm[0].fill(x, value=-1.5), np.full((4, 16), -1.5, np.float32))


@pytest.fixture(scope="module")
def matmul(tmp_path_factory: pytest.TempPathFactory) -> tuple[ModuleType, list[BuildEvent], bool]:
    return _build_and_import(tmp_path_factory.mktemp("matmul"), LAYOUTS / "matmul_project", ".", "matmul_bias_custom")


@pytest.mark.parametrize("m, k, n", [(96, 80, 160), (33, 17, 250)])
def test_matmul_api_op_without_kernel_type_runs_mixed_on_both_vector_cores(matmul: Any, m: int, k: int,
                                                                          n: int) -> None:
    """CANN's matmul samples in an op project: the Matmul sits in a class, the entry names no kernel type (CANN's
    compiler types it by its Matmul), two vector cores each drive the AI Core's cube core for half of C."""
    module, _, unchanged = matmul
    assert unchanged
    rng = np.random.default_rng(7)
    a = rng.uniform(-2, 2, (m, k)).astype(np.float16)
    b = rng.uniform(-2, 2, (k, n)).astype(np.float16)
    bias = rng.uniform(-1, 1, n).astype(np.float32)
    c = module.matmul_bias_custom(a, b, bias)
    assert c.shape == (m, n) and c.dtype == np.float32
    np.testing.assert_allclose(c, a.astype(np.float64) @ b.astype(np.float64) + bias, rtol=1e-5, atol=1e-4)

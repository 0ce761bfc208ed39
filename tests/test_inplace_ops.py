"""In-place operators, as CANN has them: an output named like an input is that input (a ref tensor: the aclnn API
takes it once, as `aclTensor *<name>Ref`; the kernel gets its address twice), and an op without outputs works on its
inputs (sscal's form). The prototypes load without a warning and `opkit gen` renders them; built, they compute in
place through aclnn (a program of CANN's AclNNInvocation form, tests/aclnn/inplace_invocation) and through Python
(numpy arrays and torch tensors are written and returned; torch's schema says `Tensor(a!)`). Two projects: one
generated from a JSON, one in CANN's layout with only an OpDef (tests/layouts/inplace_project)."""
from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from opkit.build.cann_root import ensure_cann_root
from opkit.build.project import build_project
from opkit.generate import generate_project
from opkit.generate.project import render_project
from opkit.spec import load_spec
from tests.session_cache import own_cann_root
from tests.specs.corpus import VALID_DIR

REPO = Path(__file__).resolve().parents[1]


def _rendered(case: str) -> dict[str, str]:
    project = render_project(load_spec(VALID_DIR / case), output_dir=Path("unused"))
    return {f.path: f.content for f in project.files}


def test_output_named_like_an_input_is_that_input_in_place() -> None:
    spec = load_spec(VALID_DIR / "inplace_ref_output.json")
    op = spec.ops[0]
    assert not spec.warnings
    assert [(t.name, t.ref_input) for t in op.tensors] == [
        ("var", None), ("indices", None), ("updates", None), ("var", "var")]
    assert [d.name for d in op.outputs[0].dtypes] == ["float16", "float32"]


@pytest.mark.parametrize("case", ["missing_output_desc.json", "empty_output_list.json"])
def test_op_without_outputs_loads_with_none_and_no_warning(case: str) -> None:
    spec = load_spec(VALID_DIR / case)
    op = spec.ops[0]
    assert op.outputs == () and op.inputs and not spec.warnings
    assert op.dtype_combinations == tuple(zip(*(t.dtypes for t in op.inputs)))


def test_ref_output_renders_as_cann_generates_it() -> None:
    files = _rendered("inplace_ref_output.json")
    header = files["csrc/aclnn/aclnn_scatter_add_custom.h"]
    assert ("aclnnScatterAddCustomGetWorkspaceSize(\n    aclTensor *varRef,\n    const aclTensor *indices,\n"
            "    const aclTensor *updates,\n    uint64_t *workspaceSize,") in header
    # one parameter, given to the launch as the input and as the output
    assert 'call.Input("var", varRef, false);' in files["csrc/aclnn.cpp"]
    assert 'call.Output("var", varRef);' in files["csrc/aclnn.cpp"]
    kernel = files["op_kernel/scatter_add_custom.cpp"]
    assert ("void scatter_add_custom(GM_ADDR var, GM_ADDR indices, GM_ADDR updates, GM_ADDR var_ref, "
            "GM_ADDR workspace, GM_ADDR tiling)") in kernel
    torch_glue = files["python/scatter_add_custom/_torch.py"]
    assert 'mutates_args=("var", ))' in torch_glue
    assert "updates: torch.Tensor) -> None:" in torch_glue


def test_op_without_outputs_renders_its_inputs_only() -> None:
    files = _rendered("missing_output_desc.json")
    header = files["csrc/aclnn/aclnn_add_custom.h"]
    assert "aclnnAddCustomGetWorkspaceSize(\n    const aclTensor *x,\n    uint64_t *workspaceSize," in header
    assert 'mutates_args=("x", ))' in files["python/add_custom/_torch.py"]
    assert "def add_custom(x: torch.Tensor) -> None:" in files["python/add_custom/_torch.py"]


@pytest.mark.compile
@pytest.mark.parametrize("case", ["inplace_ref_output.json", "missing_output_desc.json"])
def test_in_place_skeletons_compile_without_warnings(case: str, tmp_path: Path) -> None:
    """opkit gen's kernel and host skeletons of a ref output and of an op without outputs (-Wall -Wextra -Werror)."""
    import opkit
    from opkit.generate.context import op_context
    from opkit.spec.soc import resolve_socs
    from tests.test_generated_compiles import _syntax_check

    spec = load_spec(VALID_DIR / case)
    for f in render_project(spec, output_dir=tmp_path).files:
        if f.path.startswith(("op_kernel/", "op_host/")):
            (tmp_path / f.path).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / f.path).write_text(f.content)
    socs = resolve_socs(None)
    op = spec.ops[0]
    combo = op_context(op, socs)["combinations"][0]
    _syntax_check(tmp_path / "op_kernel" / f"{op.name}.cpp", [opkit.include_dir()],
                  [f"{op.name}={combo['symbol']}", f"OPKIT_SOC_ARCH={socs[0].profile.npu_arch}", *combo["defines"]])
    _syntax_check(tmp_path / "op_host" / f"{op.name}.cpp", [opkit.include_dir()], [])


# --- built: one generated project, one CANN-layout project (compile) --------------------------------------------

@pytest.fixture(scope="module")
def cann_root(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("OPKIT_ACLNN", "1")   # conftest turns the aclnn package off for every other build
        # a tree of its own: its aclnn packages stay installed while its tests run
        mp.setenv("OPKIT_CANN_ROOT", str(own_cann_root(tmp_path_factory, "inplace_ops")))
        yield ensure_cann_root()


def _run_program(name: str, root: Path, tmp: Path) -> subprocess.CompletedProcess[str]:
    """tests/aclnn/<name>, built and run by its run.sh against `root`, as CANN's samples run."""
    program = tmp / name
    shutil.copytree(REPO / "tests" / "aclnn" / name, program)
    env = {k: v for k, v in os.environ.items() if not k.startswith("ASCEND_")} | {"ASCEND_INSTALL_PATH": str(root)}
    return subprocess.run(["bash", "run.sh"], cwd=program, env=env, capture_output=True, text=True, timeout=600)


def _import_wheel(wheel: Path, site: Path, module: str) -> ModuleType:
    shutil.unpack_archive(str(wheel), str(site), "zip")
    sys.path.insert(0, str(site))
    try:
        return importlib.import_module(module)
    finally:
        sys.path.remove(str(site))


# var += x in place: the skeleton's copy of var into var_ref becomes an Add (the one line a developer writes).
AXPY_JSON = [{"op": "AccumulateCustom",
              "input_desc": [{"name": "var", "param_type": "required", "format": ["ND"], "type": ["float32"]},
                             {"name": "x", "param_type": "required", "format": ["ND"], "type": ["float32"]}],
              "output_desc": [{"name": "var", "param_type": "required", "format": ["ND"], "type": ["float32"]}]}]
SKELETON_COPY = "DataCopy(var_refLocal, varLocal, PaddedCount<DTYPE_VAR>(count));"


@pytest.fixture(scope="module")
def generated(cann_root: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    tmp = tmp_path_factory.mktemp("inplace_gen")
    (tmp / "accumulate_custom.json").write_text(json.dumps(AXPY_JSON))
    project = tmp / "accumulate_custom"
    generate_project(load_spec(tmp / "accumulate_custom.json"), project)
    kernel = project / "op_kernel" / "accumulate_custom.cpp"
    text = kernel.read_text()
    assert SKELETON_COPY in text
    kernel.write_text(text.replace(SKELETON_COPY, "Add(var_refLocal, varLocal, xLocal, count);"))
    wheel = build_project(project, jobs=2)
    # its aclnn program runs now, while its package is the one installed (the other fixture installs another)
    run = _run_program("accumulate_invocation", cann_root, tmp)
    header = (cann_root / "opp" / "vendors" / "customize" / "op_api" / "include" / "aclnn_accumulate_custom.h")
    return {"module": _import_wheel(wheel, tmp / "site", "accumulate_custom"), "run": run,
            "header": header.read_text()}


@pytest.fixture(scope="module")
def cann_project(cann_root: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    tmp = tmp_path_factory.mktemp("inplace_cann")
    project = tmp / "inplace_project"
    shutil.copytree(REPO / "tests" / "layouts" / "inplace_project", project)
    wheel = build_project(project, jobs=2)
    run = _run_program("inplace_invocation", cann_root, tmp)
    return {"module": _import_wheel(wheel, tmp / "site", "apply_axpy_custom"), "run": run}


@pytest.mark.compile
def test_generated_ref_output_is_written_in_place_numpy_and_torch(generated: dict[str, Any]) -> None:
    m = generated["module"]
    rng = np.random.default_rng(3)
    var, x = rng.uniform(-4, 4, (5, 300)).astype(np.float32), rng.uniform(-4, 4, (5, 300)).astype(np.float32)
    want = var + x
    got = m.accumulate_custom(var, x)
    assert got is var   # the caller's array, written in place
    np.testing.assert_allclose(var, want, rtol=1e-6)
    column = np.ascontiguousarray(want.T)[:, :1].copy()   # a non-contiguous var is written back too
    strided = np.ascontiguousarray(want.T)[:, :2][:, ::2]
    m.accumulate_custom(strided, np.ones_like(column))
    np.testing.assert_allclose(strided, column + 1, rtol=1e-6)
    torch = pytest.importorskip("torch")
    tv, tx = torch.from_numpy(rng.uniform(-4, 4, 1000).astype(np.float32)), torch.ones(1000)
    expected = tv + 1
    assert m.accumulate_custom(tv, tx) is tv
    assert torch.equal(tv, expected)
    schema = str(torch.ops.accumulate_custom.accumulate_custom.default._schema)
    assert schema == "accumulate_custom::accumulate_custom(Tensor(a0!) var, Tensor x) -> ()"


@pytest.mark.compile
def test_generated_ref_output_through_aclnn(generated: dict[str, Any]) -> None:
    run = generated["run"]
    assert run.returncode == 0, run.stdout + run.stderr
    assert "test pass" in run.stdout
    assert "aclnnAccumulateCustomGetWorkspaceSize(\n    aclTensor *varRef,\n    const aclTensor *x,\n" in \
        generated["header"]


@pytest.mark.compile
def test_cann_project_in_place_ops_run_through_aclnn(cann_project: dict[str, Any]) -> None:
    run = cann_project["run"]
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.count("test pass") == 2, run.stdout   # var from aclnnApplyAxpyCustom, x from aclnnScalInplaceCustom
    assert "null varRef: 161001 aclnnApplyAxpyCustomGetWorkspaceSize: var is null (a required input)" in run.stdout


@pytest.mark.compile
def test_cann_project_in_place_ops_through_python(cann_project: dict[str, Any]) -> None:
    m = cann_project["module"]
    reference = {"var": np.linspace(-3, 3, 2049, dtype=np.float32), "x": np.linspace(1, 2, 2049, dtype=np.float32)}
    var, x = reference["var"].copy(), reference["x"].copy()
    assert m.apply_axpy_custom(var, x, alpha=-1.5) is var
    np.testing.assert_allclose(var, reference["var"] + np.float32(-1.5) * reference["x"], rtol=1e-6)
    half = reference["var"].astype(np.float16)
    got = m.apply_axpy_custom(half, reference["x"].astype(np.float16))   # the default alpha, 2, in float16
    np.testing.assert_allclose(got, (reference["var"].astype(np.float16) + np.float16(2) *
                                     reference["x"].astype(np.float16)), rtol=1e-3)
    # no outputs: the op returns its input, scaled in place
    assert m.scal_inplace_custom(x, alpha=4.0) is x
    np.testing.assert_allclose(x, reference["x"] * 4, rtol=1e-6)
    torch = pytest.importorskip("torch")
    t = torch.arange(10, dtype=torch.float32)[::2]   # not contiguous: written back
    assert m.scal_inplace_custom(t, alpha=-1.0) is t
    assert t.tolist() == [0.0, -2.0, -4.0, -6.0, -8.0]
    assert str(torch.ops.apply_axpy_custom.scal_inplace_custom.default._schema) == \
        "apply_axpy_custom::scal_inplace_custom(Tensor(a0!) x, *, float alpha) -> ()"

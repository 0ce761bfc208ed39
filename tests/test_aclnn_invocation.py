"""The aclnn layer, called as CANN's AclNNInvocation samples call an op: `opkit build` installs the op's aclnn package
(aclnn_<op>.h, libcust_opapi.so) in the tree of `opkit cann-root`; a program of the samples' form (tests/aclnn/*:
main.cpp, its own CMakeLists.txt against DDK_PATH and the custom package, gen_data.py, verify_result.py, run.sh) builds
against it with -std=c++11, runs and verifies its numbers. One generated op (examples/add_custom), one CANN-layout
project without JSON (tests/layouts/opdef_project) and one op in CANN's operator repository layout with shared code
in src/common and an aclScalar input (tests/layouts/cann_repo); the wrong calls give CANN's status codes and messages.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from opkit.build.cann_root import ensure_cann_root
from opkit.build.project import build_project
from tests.session_cache import example_with_aclnn, own_cann_root

pytestmark = pytest.mark.compile

REPO = Path(__file__).resolve().parents[1]
PROGRAMS = REPO / "tests" / "aclnn"


@pytest.fixture(scope="module")
def cann_root(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("OPKIT_ACLNN", "1")   # conftest turns the aclnn package off for every other build
        # a tree of its own: its aclnn packages stay installed while its tests run
        mp.setenv("OPKIT_CANN_ROOT", str(own_cann_root(tmp_path_factory, "aclnn_invocation")))
        yield ensure_cann_root()


def _run_program(name: str, root: Path, tmp: Path) -> tuple[subprocess.CompletedProcess[str], Path]:
    """Build and run tests/aclnn/<name> as its run.sh does, against `root` (the op's package installed there)."""
    program = tmp / name
    shutil.copytree(PROGRAMS / name, program)
    env = {k: v for k, v in os.environ.items() if not k.startswith("ASCEND_")} | {"ASCEND_INSTALL_PATH": str(root)}
    result = subprocess.run(["bash", "run.sh"], cwd=program, env=env, capture_output=True, text=True, timeout=600)
    return result, program


def _build(project: Path) -> None:
    build_project(project, jobs=2)


def _installed_header(root: Path, name: str) -> str:
    return (root / "opp" / "vendors" / "customize" / "op_api" / "include" / name).read_text()


def _check_errors(program: Path, root: Path, *args: str, **extra_env: str) -> dict[str, str]:
    """Run the add program's check_errors: case name -> "<status> <message>"; "log" holds the errors acl_fail wrote to
    OPKIT_ACL_ERROR_LOG (what `opkit test` shows of a failing program)."""
    log = program / f"acl_errors{'_'.join(args)}.txt"
    env = dict(os.environ) | {"OPKIT_ACL_ERROR_LOG": str(log)} | extra_env
    env["LD_LIBRARY_PATH"] = f"{root}/lib64:{root}/opp/vendors/customize/op_api/lib"
    result = subprocess.run(["./check_errors", *args], cwd=program / "output", env=env, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    cases = {line.split(" ", 2)[1]: line.split(" ", 2)[2] for line in result.stdout.splitlines()
             if line.startswith("CASE ")}
    return cases | {"stderr": result.stderr, "log": log.read_text() if log.is_file() else ""}


@pytest.fixture(scope="module")
def add_custom(cann_root: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The add program's run, the installed header and the wrong calls, all while add_custom is the installed package
    (the other fixture installs another op in the same vendor). The op is the session's build of examples/add_custom
    with its aclnn package (tests/session_cache.py), built again here: a no-op build that installs it again."""
    tmp = tmp_path_factory.mktemp("aclnn_add")
    example_with_aclnn(tmp_path_factory, "add_custom", _build)
    result, program = _run_program("add_custom_invocation", cann_root, tmp)
    ran = result.returncode == 0
    return {"run": result, "header": _installed_header(cann_root, "aclnn_add_custom.h"),
            "errors": _check_errors(program, cann_root, ASCEND_PROCESS_LOG_PATH=str(program / "ascend-log"))
            if ran else {},
            "plog": sorted((program / "ascend-log" / "debug" / "plog").glob("plog-*.log")),
            # A kernel that fails (here: cancelled by the simulator's watchdog) is a status, not a crash.
            "fault": _check_errors(program, cann_root, "long", OPKIT_KERNEL_TIMEOUT="1e-6") if ran else {},
            # The simulated machine's chip: $OPKIT_SOC, one of the built family (recorded per launch), or another.
            "soc_b4": _check_errors(program, cann_root, OPKIT_SOC="Ascend910B4",
                                    OPKIT_PROFILE=str(program / "soc_b4.prof")) if ran else {},
            "soc_b4_profile": (program / "soc_b4.prof").read_bytes() if ran else b"",
            "soc_310p": _check_errors(program, cann_root, OPKIT_SOC="Ascend310P3") if ran else {}}


@pytest.fixture(scope="module")
def scale_axpy(cann_root: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    tmp = tmp_path_factory.mktemp("aclnn_opdef")
    project = tmp / "ScaleAxpyCustom"
    shutil.copytree(REPO / "tests" / "layouts" / "opdef_project", project)
    _build(project)
    result, _ = _run_program("scale_axpy_invocation", cann_root, tmp)
    return {"run": result, "header": _installed_header(cann_root, "aclnn_scale_axpy_custom.h"),
            "build_out": (project / "build_out" / "op_api" / "lib" / "libcust_opapi.so").is_file(), "project": project}


@pytest.fixture(scope="module")
def scale_by_scalar(cann_root: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """An op in CANN's operator repository layout (tests/layouts/cann_repo: src/math/scale_by_scalar, its tiling
    struct, TilingFunc and kernel class shared in src/common and named by its CMakeLists.txt), with a .Scalar()
    input and a hand-written aclnn layer (op_host/aclnn_scale_twice.cpp over scale_by_scalar_l0.cpp, CANN's op_api
    form); built unchanged, called through aclnn with an aclScalar."""
    tmp = tmp_path_factory.mktemp("aclnn_cann_repo")
    shutil.copytree(REPO / "tests" / "layouts" / "cann_repo", tmp / "repo")
    _build(tmp / "repo" / "src" / "math" / "scale_by_scalar")
    result, _ = _run_program("scale_by_scalar_invocation", cann_root, tmp)
    return {"run": result, "header": _installed_header(cann_root, "aclnn_scale_by_scalar.h"),
            "aclnnop": _installed_header(cann_root, "aclnnop/aclnn_scale_by_scalar.h").splitlines()[-1]}


def test_cann_repository_op_with_shared_code_and_a_scalar_runs_through_aclnn(scale_by_scalar: dict[str, Any]) -> None:
    result = scale_by_scalar["run"]
    assert result.returncode == 0, result.stdout + result.stderr
    # float32 by a double, float16 by a float; aclnnScaleTwice on strided views, and a row broadcast to out's shape
    # (BroadcastInferShape, l0op::BroadcastTo, a SocVersion range up to ASCEND910E: kl_div_target_backward's l2)
    assert result.stdout.count("test pass") == 4, result.stdout
    assert ("twice short row: 161002 aclnnScaleTwice: self's shape [7] does not broadcast to out's shape [3, 100]"
            in result.stdout)
    assert ("    const aclTensor *x,\n    const aclScalar *value,\n    const aclTensor *y,\n"
            in scale_by_scalar["header"])
    assert "null scalar: 161001 aclnnScaleByScalarGetWorkspaceSize: value is null (an aclScalar)" in result.stdout
    # The hand-written l2's own checks (OP_CHECK_NULL, OP_CHECK_SHAPE_NOT_EQUAL) give its status and message.
    assert "twice null self: 161001 aclnnScaleTwice: expected a value for self, got null" in result.stdout
    assert ("twice out shape: 161002 aclnnScaleTwice: self's shape [3, 100] and out's shape [100, 3] should be "
            "equal") in result.stdout
    # By the name CANN's built-in ops' headers have too (the operator repository's examples include that one).
    assert scale_by_scalar["aclnnop"] == '#include "../aclnn_scale_by_scalar.h"'


def test_cann_root_holds_what_samples_link(cann_root: Path) -> None:
    for lib in ("libascendcl.so", "libnnopbase.so", "libopapi.so", "libacl_op_compiler.so"):
        assert (cann_root / "lib64" / lib).is_file()
        assert (cann_root / f"{os.uname().machine}-linux" / "lib64" / lib).is_file()
    assert (cann_root / "include" / "aclnn" / "acl_meta.h").is_file()
    assert (cann_root / "bin" / "setenv.bash").is_file()
    assert "made by opkit" in (cann_root / "version.info").read_text()


def test_generated_op_runs_through_aclnn(add_custom: dict[str, Any]) -> None:
    result = add_custom["run"]
    assert result.returncode == 0, result.stdout + result.stderr
    assert "test pass" in result.stdout
    declared = ("aclnnStatus aclnnAddCustomGetWorkspaceSize(\n    const aclTensor *x,\n    const aclTensor *y,\n"
                "    const aclTensor *z,\n    uint64_t *workspaceSize,\n    aclOpExecutor **executor);")
    assert declared in add_custom["header"]


def test_cann_project_without_json_runs_through_aclnn(scale_axpy: dict[str, Any]) -> None:
    result = scale_axpy["run"]
    assert result.returncode == 0, result.stdout + result.stderr
    assert "test pass" in result.stdout
    assert ("    const aclTensor *y,\n    double alphaOptional,\n    int64_t betaOptional,\n    const aclTensor *z,"
            in scale_axpy["header"])
    assert scale_axpy["build_out"], "a CANN project gets build_out/op_api as CANN's build leaves it"


# name -> (status, text the message holds): CANN's codes, and the API and the argument named.
WRONG_CALLS = {
    "null_input": (161001, "aclnnAddCustomGetWorkspaceSize: x is null (a required input)"),
    "null_output": (161001, "aclnnAddCustomGetWorkspaceSize: z is null (a required output)"),
    "null_workspace_size": (161001, "aclnnAddCustomGetWorkspaceSize: workspaceSize is null"),
    "wrong_dtype": (161002, "aclnnAddCustomGetWorkspaceSize: AddCustom: no dtype combination matches "
                            "(x:float32, y:float16, z:float32)"),
    # CANN's aclnn takes the caller's output shapes (sasum's example passes y as [1] where InferShape says [n]):
    # a warning, and the kernel's global-memory bounds check still stops a write past a too-small output.
    "wrong_output_shape": (0, "-"),
    "destroyed_tensor": (161002, "x is not a live aclTensor"),
    "block_too_small": (161002, "x's data needs 1024 bytes, but its aclrtMalloc block has 64 left"),
    "host_memory": (161002, "x's data is host memory (aclrtMallocHost)"),
    "null_executor": (161001, "aclnnAddCustom: executor is null"),
    "first_run": (0, "-"),
    "executor_reused": (161002, "an executor runs once"),
    "infer_shape_refuses": (561002, "AddCustom: InferShape: returned GRAPH_FAILED (inputs x: float32[4, 64], "
                                    "y: float32[2, 64])"),
    "strided_views": (0, "ok"),
    # All outputs empty: no kernel runs, as on CANN (its OpDef API LaunchWithZeroEleOutputTensors: "Otherwise, the
    # operator will not be executed"); the add kernel would otherwise write 4x64 floats into z's 0 bytes.
    "empty_output": (0, "-"),
}


def test_an_output_shape_inferred_otherwise_is_a_warning(add_custom: dict[str, Any]) -> None:
    assert ("aclnnAddCustomGetWorkspaceSize: z has shape [2, 64], but the op's InferShape gives [4, 64]"
            in add_custom["errors"]["stderr"])


@pytest.mark.parametrize("case", sorted(WRONG_CALLS))
def test_wrong_calls_get_canns_status_and_a_message(add_custom: dict[str, Any], case: str) -> None:
    wrong_calls = add_custom["errors"]
    assert wrong_calls, "the add program did not run"
    status, text = WRONG_CALLS[case]
    got_status, _, message = wrong_calls[case].partition(" ")
    assert int(got_status) == status, wrong_calls[case]
    assert text in message


def test_a_failing_kernel_is_a_runtime_error_status_not_a_crash(add_custom: dict[str, Any]) -> None:
    status, _, message = add_custom["fault"]["long_run"].partition(" ")
    assert int(status) == 361001   # ACLNN_ERR_RUNTIME_ERROR
    assert message.startswith("aclnnAddCustom: [AddCustom][watchdog] the launch ran longer than its limit")
    assert "after_long_run" in add_custom["fault"]
    assert "aclnnAddCustom: [AddCustom][watchdog] the launch ran longer than its limit" in add_custom["fault"]["log"]
    assert "aclnnAddCustomGetWorkspaceSize: x is null (a required input) (status 161001)" in add_custom["errors"]["log"]


def test_errors_are_in_canns_process_log(add_custom: dict[str, Any]) -> None:
    """A program that prints only the status finds the reason where CANN's log keeps it:
    $ASCEND_PROCESS_LOG_PATH/debug/plog/plog-<pid>_<start>.log, one line per failed call."""
    (plog,) = add_custom["plog"]
    assert re.fullmatch(r"plog-\d+_\d{14}\.log", plog.name), plog.name
    lines = plog.read_text().splitlines()
    assert re.match(r"\[ERROR\] ASCENDCL\(\d+,check_errors\):\d{4}-\d\d-\d\d-\d\d:\d\d:\d\d\.\d{3} "
                    r"aclnnAddCustomGetWorkspaceSize: x is null \(a required input\) \(status 161001\)$", lines[0]), lines[0]
    failed = [case for case, (status, _) in WRONG_CALLS.items() if status != 0]
    assert len(lines) >= len(failed), lines


def test_the_simulated_device_is_opkit_soc_where_set(add_custom: dict[str, Any]) -> None:
    """A program runs on the chip of its machine: $OPKIT_SOC picks another SoC of the family the library was built for
    (910B2 by default: 48 vector cores; 910B4: 40), as aclrtGetSocName answers; one of another arch is a status naming
    both and the rebuild."""
    assert add_custom["soc_b4"]["first_run"] == "0 -", add_custom["soc_b4"]
    launches = re.findall(rb'"soc": "([A-Za-z0-9_]+)"', add_custom["soc_b4_profile"])
    assert launches and set(launches) == {b"Ascend910B4"}, launches
    status, _, message = add_custom["soc_310p"]["first_run"].partition(" ")
    assert int(status) == 361001, add_custom["soc_310p"]["first_run"]
    assert message == ("aclnnAddCustomGetWorkspaceSize: $OPKIT_SOC=Ascend310P3 (family ascend310p, arch 2002) is not "
                       "what this library was built for: Ascend910B2 (arch 2201); rebuild it with `opkit build --soc "
                       "Ascend310P3`")


def test_opkit_test_runs_the_projects_program_and_catches_a_wrong_kernel(scale_axpy: dict[str, Any],
                                                                           tmp_path: Path) -> None:
    """`opkit test` on the CANN project beside its program (named as the samples name it: AclNNInvocation/) runs the
    program and judges it by its verify script; the generated tests run at the program's shape and dtypes against the
    project's tests/reference.py. The kernel reads past an input's end: harmlessly (it passes, with a warning under
    the PASSED line), then into its output (the NaN opkit reads there fails the program's verify). Shares the built
    project with the test above (it only reads its fixture's results)."""
    from opkit.check import run as testrun

    project = scale_axpy["project"]
    shutil.copytree(PROGRAMS / "scale_axpy_invocation", project.parent / "AclNNInvocation")
    # The kernel reads each tail tile of x 16 elements long (64 bytes past x's end in the last block, past the 48
    # bytes of allocator padding): the device survives it and those values reach no output, so the program passes
    # and the report shows the warning under its PASSED line. Then y is read 16 elements further on: in the last
    # block past its end, so the output holds the 0xFF (NaN) opkit reads there and the program's verify fails.
    kernel = project / "op_kernel" / "scale_axpy_custom.cpp"
    right = kernel.read_text()
    tail = ("DataCopyPad(x, xGm_[done], {1, static_cast<uint32_t>((count + 16 <= TILE_LENGTH ? count + 16 : count) "
            "* sizeof(T)), 0, 0, 0}, pad);")
    lines: list[str] = []
    runs = []
    try:
        for good, bad in [("DataCopyPad(x, xGm_[done], copy, pad);", tail),
                          ("DataCopyPad(y, yGm_[done], copy, pad);", "DataCopyPad(y, yGm_[done + 16], copy, pad);")]:
            kernel.write_text(right.replace(good, bad))
            runs.append(testrun.run_project_tests(project, target=tmp_path / "site", on_line=lines.append))
    finally:
        kernel.write_text(right)
    summary, wrong = runs
    # The op registers its InferShape by IMPL_OP in its own file: no warning says otherwise (the glue project, built
    # on its own, used to).
    assert not [line for line in lines if "SetInferShape" in line]
    program = {o.test: o for o in summary.outcomes}["AclNNInvocation/run.sh"]
    assert program.outcome == "passed" and "verified by its own scripts" in program.message, program.detail
    compared = [o for o in summary.outcomes if "matches_reference_numpy" in o.test]
    assert compared and all(o.test.endswith("-example3x100]") and o.outcome == "passed" for o in compared), \
        [(o.test, o.outcome) for o in compared]   # the program's float32, at its shape (3, 100), not opkit's edges
    text = summary.render()
    assert summary.ok and "PASSED AclNNInvocation/run.sh: its data generated" in text, text
    passed = text[text.index("PASSED AclNNInvocation/run.sh"):].splitlines()
    assert re.match(r"    warning: \[ScaleAxpyCustom\]\[Block_\d+\]\[scale_axpy_custom\.cpp:34\]\[DataCopyPad\] GM "
                    r"read of \d+ bytes at bytes \[\d+, 1264\) of 'x' \(1200 bytes \+ 48 bytes of allocator padding\) "
                    r"runs 16 bytes past the end of its padding: on the NPU it reads", passed[1]), passed
    program = {o.test: o for o in wrong.outcomes}["AclNNInvocation/run.sh"]
    assert program.outcome == "failed" and "[ERROR] result error" in program.message, program.detail
    assert not wrong.ok and "FAILED AclNNInvocation/run.sh" in wrong.render()
    assert "runs 16 bytes past the end of its padding" in program.detail and "of 'y'" in program.detail

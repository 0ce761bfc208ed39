"""`opkit test DIR` on a CANN operator project runs what the project ships to check itself: its AclNNInvocation
programs (run.sh: gen_data.py, main.cpp against the aclnn package, verify_result.py), judged as their scripts judge,
and the generated tests at the shapes those programs call the op with. A generated case whose shape the op's TilingFunc
refuses is a skip; a kernel that computes wrong numbers fails through the project's own verify script.

The finding and judging is tested here on fake programs (a run.sh that prints and exits as told, no compiler); the
whole path, on a CANN-layout project of ours beside its program, first right and then with its kernel made wrong, is
in test_aclnn_invocation.py (it shares that module's built project)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from opkit import testing
from opkit.check import run as testrun
from opkit.check import example_shapes
from opkit.check.cases import Case
from opkit.check.example_shapes import SHAPES_VARIABLE, call_op, case_shapes, model_calls, outputs_inferred, \
    index_inputs, shapes_for, write_shapes
from opkit.check.examples import declared_apis, example_environment, find_examples, link_msopgen_copy, run_example
from opkit.check.example_sources import source_shapes
from opkit.check.input_roles import input_roles, role_array

_MAIN = 'int main() { return aclnn{op}GetWorkspaceSize(nullptr); }\n'


def _program(folder: Path, op: str, script: str, verify: bool = True) -> Path:
    (folder / "src").mkdir(parents=True)
    (folder / "src" / "main.cpp").write_text(_MAIN.replace("{op}", op))
    (folder / "run.sh").write_text(script)
    if verify:
        (folder / "scripts").mkdir()
        (folder / "scripts" / "verify_result.py").write_text("print('test pass')\n")
    return folder


@pytest.fixture
def samples(tmp_path: Path) -> Path:
    """1_add_frameworklaunch/{AddCustom, AclNNInvocation, AclNNInvocationNaive, AclNNOther, AclOfflineModel}."""
    (tmp_path / "AddCustom" / "op_host").mkdir(parents=True)
    _program(tmp_path / "AclNNInvocation", "AddCustom", "echo '[INFO] ok'; echo 'test pass'\n")
    _program(tmp_path / "AclNNInvocationNaive", "AddCustom", "echo 'error ratio: 0.5'; echo '[ERROR] result error'\n")
    _program(tmp_path / "AclNNOther", "SubCustom", "exit 0\n")                 # another op's program
    _program(tmp_path / "AclOfflineModel", "AddCustom", "exit 0\n")            # not an aclnn program
    return tmp_path


def test_programs_beside_the_project_that_call_its_op_are_found(samples: Path) -> None:
    found = find_examples(samples / "AddCustom", ["AddCustom"])
    assert [e.name(samples / "AddCustom") for e in found] == ["AclNNInvocation", "AclNNInvocationNaive"]
    assert all(e.ops == ("AddCustom",) and e.verifies for e in found)


def test_programs_under_examples_are_found(tmp_path: Path) -> None:
    project = tmp_path / "src" / "math" / "add_custom"
    _program(project / "examples" / "AclNNInvocationNaive", "AddCustom", "exit 0\n", verify=False)
    found = find_examples(project, ["AddCustom", "SubCustom"])
    assert [(e.name(project), e.ops, e.verifies) for e in found] == [("examples/AclNNInvocationNaive",
                                                                      ("AddCustom",), False)]


def test_test_cases_under_tests_beside_or_in_the_project_are_found(tmp_path: Path) -> None:
    """An msopgen project kept with its test cases (`div/{div, tests/DivCase2, tests/DivCase3}`): every folder with a
    run.sh under tests/ whose sources call the op is one of its programs, found in the project's own tests/ too; a
    case of another op, a folder without run.sh and opkit's reference.py are not. Their run.sh find the stand-in
    tree through ASCEND_HOME_DIR, and their main.cpp's fixed shape is a source shape."""
    project = tmp_path / "div" / "div"
    (project / "op_host").mkdir(parents=True)
    _program(tmp_path / "div" / "tests" / "DivCase2", "Div", 'echo "$ASCEND_HOME_DIR"; echo "test pass"\n')
    _program(tmp_path / "div" / "tests" / "DivCase1", "Div", "exit 0\n", verify=False)
    (tmp_path / "div" / "tests" / "DivCase1" / "src" / "main.cpp").write_text(
        "std::vector<int64_t> inputX1Shape = {32, 64};\nint main() { return aclnnDiv(nullptr); }\n")
    _program(tmp_path / "div" / "tests" / "SubCase1", "Sub", "exit 0\n")
    (tmp_path / "div" / "tests" / "NoScript" / "src").mkdir(parents=True)
    (tmp_path / "div" / "tests" / "NoScript" / "src" / "main.cpp").write_text(_MAIN.replace("{op}", "Div"))
    _program(project / "tests" / "DivOwn", "Div", "exit 0\n")
    (project / "tests" / "reference.py").write_text("def div(x1, x2):\n    return x1 / x2\n")
    found = find_examples(project, ["Div"])
    assert [(e.name(project), e.ops, e.verifies) for e in found] == [
        ("tests/DivOwn", ("Div",), True), ("tests/DivCase1", ("Div",), False), ("tests/DivCase2", ("Div",), True)]
    run = run_example(found[2], tmp_path / "cann")
    assert run.ok and run.output.splitlines()[0] == str(tmp_path / "cann")
    assert source_shapes(project, ["Div"]) == [{"op": "Div", "inputs": [[32, 64]]}]


def test_a_program_calling_the_projects_own_aclnn_api_is_found(tmp_path: Path) -> None:
    """CANN's operator repository: pad_v3_grad_replicate's program calls aclnnReplicationPad2dBackward, which the op's
    own aclnn layer declares (op_host/aclnn_pad2d_backward.h) over PadV3GradReplicate; an API it does not declare
    (another op's program) is not."""
    project = tmp_path / "src" / "conversion" / "pad_grad"
    (project / "op_host").mkdir(parents=True)
    header = project / "op_host" / "aclnn_pad2d_backward.h"
    header.write_text("aclnnStatus aclnnReplicationPad2dBackwardGetWorkspaceSize(const aclTensor* gradOutput,\n"
                      "    const aclTensor* self, const aclIntArray* padding, aclTensor* gradInput,\n"
                      "    uint64_t* workspaceSize, aclOpExecutor** executor);\n"
                      "aclnnStatus aclnnReplicationPad2dBackward(void* workspace, uint64_t workspaceSize,\n"
                      "    aclOpExecutor* executor, aclrtStream stream);\n")
    _program(project / "examples" / "AclNNInvocationNaive", "ReplicationPad2dBackward", "exit 0\n")
    _program(project / "examples" / "AclNNInvocationOther", "ReflectionPad2dBackward", "exit 0\n")
    apis = declared_apis([header, project / "op_host" / "missing.h"])
    assert apis == ("ReplicationPad2dBackward",)
    found = find_examples(project, ["PadV3GradReplicate"], apis)
    assert [(e.name(project), e.ops) for e in found] == [("examples/AclNNInvocationNaive",
                                                          ("ReplicationPad2dBackward",))]
    assert find_examples(project, ["PadV3GradReplicate"]) == []


def test_a_program_is_judged_as_its_scripts_judge(samples: Path, tmp_path: Path) -> None:
    good, bad = find_examples(samples / "AddCustom", ["AddCustom"])
    passed = run_example(good, tmp_path)
    assert passed.ok and "verified by its own scripts" in passed.message
    failed = run_example(bad, tmp_path)
    assert not failed.ok and failed.message.splitlines() == ["run.sh printed an error:", "[ERROR] result error"]
    (good.folder / "run.sh").write_text("echo building; exit 3\n")
    assert run_example(good, tmp_path).message == "run.sh exited 3:\nbuilding"


def test_a_passing_programs_opkit_warnings_are_shown_under_its_passed_line(samples: Path, tmp_path: Path) -> None:
    """What the device survives (aclnn_call.h prints each launch's warnings as `[WARNING] opkit: ...`): a program
    that passes says so, each warning once however many launches gave it, and the summary shows them under it."""
    good, _ = find_examples(samples / "AddCustom", ["AddCustom"])
    said = "[AddCustom][Block_3][add.cpp:9][DataCopy] GM read of 64 bytes at bytes [992, 1056) of 'x' ..."
    (good.folder / "run.sh").write_text(f"for i in 1 2; do echo \"[WARNING] opkit: {said}\" >&2; done\n"
                                        "echo '[WARNING] other: not ours'; echo 'test pass'\n")
    passed = run_example(good, tmp_path)
    assert passed.ok and passed.message.splitlines()[1:] == [f"warning: {said}"], passed.message
    summary = testrun.TestSummary((testrun.TestOutcome("AclNNInvocation/run.sh", "passed", passed.message),))
    assert summary.render().splitlines()[:2] == [
        "PASSED AclNNInvocation/run.sh: its data generated, the op run and its results verified by its own scripts",
        f"    warning: {said}"]


def test_a_program_that_prints_only_a_status_fails_with_the_acl_error(samples: Path, tmp_path: Path) -> None:
    """A sample prints "error code is 361001" and nothing else: the errors opkit's ACL recorded for the run (its
    OPKIT_ACL_ERROR_LOG, written here as acl_fail writes it) say why; a passing run does not show them."""
    good = find_examples(samples / "AddCustom", ["AddCustom"])[0]
    (good.folder / "run.sh").write_text(
        'echo "aclnnAddCustom: [AddCustom][Block_0][add.cpp:9][DataCopy] GM read out of bounds (status 361001)" '
        '>> "$OPKIT_ACL_ERROR_LOG"\n'
        'echo "[ERROR]  Execute Operator failed. error code is 361001"; exit 1\n')
    failed = run_example(good, tmp_path)
    assert not failed.ok and failed.message.splitlines() == [
        "run.sh exited 1:", "[ERROR]  Execute Operator failed. error code is 361001",
        "opkit: aclnnAddCustom: [AddCustom][Block_0][add.cpp:9][DataCopy] GM read out of bounds (status 361001)"]
    (good.folder / "run.sh").write_text('echo "x: refused (status 161001)" >> "$OPKIT_ACL_ERROR_LOG"; echo "test pass"\n')
    assert run_example(good, tmp_path).ok


def test_a_failing_data_script_shows_the_exception_it_raised(tmp_path: Path) -> None:
    """A case's gen_data.py raises (linnlh's nll_loss Case3: a torch that refuses a 1D target of 128 for a 1D
    input); run.sh then prints only its generic message: the failure shows the exception too, in output order."""
    folder = _program(tmp_path / "tests" / "NLLLossCase3", "NLLLoss",
                      'python3 scripts/gen_data.py\n'
                      'if [ $? -ne 0 ]; then echo "ERROR: generate input data failed!"; exit 1; fi\n')
    (folder / "scripts" / "gen_data.py").write_text(
        "def golden():\n    raise ValueError('For 1D input, 1D target must have size 1, but got target size: 128')\n"
        "golden()\n")
    (tmp_path / "NLLLoss").mkdir()
    example = find_examples(tmp_path / "NLLLoss", ["NLLLoss"])[0]
    run = run_example(example, tmp_path)
    assert not run.ok and run.message.splitlines() == [
        "run.sh exited 1:", "ValueError: For 1D input, 1D target must have size 1, but got target size: 128",
        "ERROR: generate input data failed!"]
    assert "  File " in run.output     # the frames stay in the full output, not in the message


def test_a_program_that_a_scripts_timeout_stops_fails_with_opkits_line(tmp_path: Path) -> None:
    """A large case outlasts run.sh's `timeout 30 ./execute_op` (PotatoNU's softmax at 1024x1024x128): the line the
    stopped program wrote (tests/runtime/test_acl_host.py) comes before run.sh's generic message."""
    said = ("opkit: this program was stopped by SIGTERM 30.0 s after aclInit (a `timeout` in the test script or the "
            "harness stopping it). opkit runs the kernel on the CPU, far slower than the NPU: give the case more "
            "time, or a smaller shape")
    _program(tmp_path / "tests" / "SoftmaxCase2", "Softmax",
             f"echo '{said}' >&2\necho 'ERROR: acl executable run failed! please check your project!'; exit 1\n")
    (tmp_path / "Softmax").mkdir()
    run = run_example(find_examples(tmp_path / "Softmax", ["Softmax"])[0], tmp_path)
    assert not run.ok and run.message.splitlines() == [
        "run.sh exited 1:", said, "ERROR: acl executable run failed! please check your project!"]


def test_a_program_that_verifies_nothing_says_so(tmp_path: Path) -> None:
    folder = _program(tmp_path / "AclNNInvocation", "AddCustom", "echo ran\n", verify=False)
    (tmp_path / "AddCustom").mkdir()
    example = find_examples(tmp_path / "AddCustom", ["AddCustom"])[0]
    run = run_example(example, tmp_path)
    assert run.ok and run.message == "the op ran without a fault; its scripts verify no numbers"
    assert folder == example.folder
    (folder / "run.sh").write_text("echo 'result is: 2.0'; echo 'test pass'\n")   # main.cpp compared it itself
    assert "verified by its own scripts" in run_example(example, tmp_path).message
    (folder / "run.sh").write_text("echo 'test failed'\n")
    assert not run_example(example, tmp_path).ok


def test_the_programs_shapes_replace_the_edge_shapes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = tmp_path / "calls.jsonl"
    calls.write_text('{"op": "AddCustom", "inputs": [[8, 2048], [8, 2048]], "outputs": [[8, 2048]], '
                     '"dtypes": ["float", "float", "float"]}\n'
                     '{"op": "AddCustom", "inputs": [[8, 2048], [8, 2048]], "outputs": [[8, 2048]]}\n'
                     '{"op": "AddCustom", "inputs": [[5], [5]], "outputs": [[5]]}\n'
                     '{"op": "ReduceCustom", "inputs": [[4, 16], [1]], "outputs": [[4]]}\n'
                     '{"op": "Unrelated", "inputs": [[3]], "outputs": [[3]]}\n{"op": "Add')   # a cut line
    table = tmp_path / "shapes.json"
    write_shapes(calls, table, {"AddCustom": "add_custom", "ReduceCustom": "reduce_custom"})
    assert json.loads(table.read_text()) == {
        "add_custom": {"shapes": [[8, 2048], [5]], "other": 0, "outputs": [[[8, 2048]], [[5]]],
                       "dtypes": [["float32", "float32"]]},
        "reduce_custom": {"shapes": [], "other": 1, "outputs": [], "dtypes": []}}
    monkeypatch.setenv(SHAPES_VARIABLE, str(table))
    asked: list[str] = []
    add = case_shapes("add_custom", lambda: asked.append("tiling") or (1024, 8, ""))
    assert [s.shape for s in add.shapes] == [(8, 2048), (5,)] and add.small[0].shape == (8, 2048)
    assert not asked and not add.skip and not add.tiling_problem      # the TilingFunc is not probed
    both = [(("float16", "float16"), ("float16",)), (("float32", "float32"), ("float32",))]
    assert add.combinations(both) == both[1:]   # the program used float32 only: float16 is not run at its shapes
    assert "only with inputs of differing shapes (1 calls)" in case_shapes("reduce_custom", lambda: (1, 1, "")).skip
    assert shapes_for("other_op") is None
    monkeypatch.delenv(SHAPES_VARIABLE)
    assert case_shapes("add_custom", lambda: (1024, 8, "")).shapes[0].name == "one-element"


def test_integer_inputs_beside_float_data_get_no_invented_values(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Indices, paddings and counts beside float data (ScatterElements-, ReplicationPad2d- and NMS-style ops): opkit's
    random values of the data's shape are not inputs the op takes, so the shape-based cases skip saying why, unless
    the project's programs called the op (their shapes win). Ops whose every input may be an integer are not it."""
    scatter = [("float32", "int32", "float32"), ("int32", "int32", "int32")]
    assert index_inputs(scatter, ["var", "indices", "updates"]) == ["indices"]
    assert index_inputs([("float32", "int32")], ["x", "paddings"]) == ["paddings"]
    assert index_inputs([("float16", "float16"), ("int8", "int8")], ["x1", "x2"]) == []      # NotEqual, Div
    assert index_inputs([("int32", "int32")], ["a", "b"]) == [] and index_inputs([], ["a"]) == []
    calls = tmp_path / "calls.jsonl"
    calls.write_text('{"op": "GatherRows", "inputs": [[6], [6]], "outputs": [[6]]}\n')
    table = tmp_path / "shapes.json"
    write_shapes(calls, table, {"PadRows": "pad_rows", "GatherRows": "gather_rows"}, [],
                 {"pad_rows": "paddings is an integer", "gather_rows": "index is an integer"})
    monkeypatch.setenv(SHAPES_VARIABLE, str(table))
    pad = case_shapes("pad_rows", lambda: (1024, 8, ""))
    assert pad.shapes == [] and pad.skip == "paddings is an integer"
    gather = case_shapes("gather_rows", lambda: (1024, 8, ""))
    assert [s.shape for s in gather.shapes] == [(6,)] and not gather.skip


def test_index_and_paddings_inputs_get_valid_values_and_counts_get_none() -> None:
    """ScatterElements' indices (any axis: values below the smallest dim), ReplicationPad2d's paddings (2 per padded
    dim, begin + end below the dim; a case of fewer dims skips); a count of an op whose layout opkit does not know:
    no role, its cases skip."""
    assert input_roles("ScatterElements", ["var", "indices", "updates"], ["indices"]) == {"indices": "index"}
    assert input_roles("ReplicationPad2d", ["x", "paddings"], ["paddings"]) == {"paddings": "padding2"}
    assert input_roles("PadV3", ["x", "pads"], ["pads"]) == {"pads": "padding"}
    assert input_roles("TopKRows", ["x", "max_count"], ["max_count"]) == {}
    assert input_roles("BoxIou", ["boxes", "scores", "max_count"], ["max_count"]) == {}   # not an NMS op
    scatter = Case(("float32", "int32", "float32"), ("float32",), (4, 9), "2d")
    var, indices, updates = testing.op_inputs(scatter, ["required", "required:index", "required"], seed=3)
    assert indices.shape == var.shape == updates.shape == (4, 9) and indices.dtype == np.int32
    assert indices.min() >= 0 and indices.max() < 4 and len(np.unique(indices)) > 1
    assert var.dtype == np.float32 and not np.array_equal(var, np.trunc(var))   # the data stays random floats
    pad = Case(("float16", "int32"), ("float16",), (2, 3, 5), "3d")
    x, paddings = testing.op_inputs(pad, ["required", "required:padding2"])
    assert x.shape == (2, 3, 5) and paddings.tolist() == [1, 1, 1, 1] and paddings.dtype == np.int32
    _, narrow = testing.op_inputs(Case(("float16", "int32"), ("float16",), (3, 2), "narrow"),
                                  ["required", "required:padding2"])
    assert narrow.tolist() == [0, 0, 0, 0]   # 1 + 1 is not below a dim of 2
    with pytest.raises(pytest.skip.Exception, match="pads the last 2 dims; data of shape \\(37,\\) has 1"):
        testing.op_inputs(Case(("float16", "int32"), ("float16",), (37,), "1d"), ["required", "required:padding2"])
    assert role_array("padding", "int64", (4, 4, 4), np.random.default_rng(0)).tolist() == [1] * 6


def test_a_non_max_suppression_in_onnx_layout_gets_boxes_scores_a_count_and_thresholds() -> None:
    """NonMaxSuppression (ONNX): boxes [batches, spatial, 4] and scores [batches, 1, spatial] from the case's shape
    (spatial at most 128, an empty case empty), a count of half the boxes, IoU threshold 0.5, score threshold 0.25;
    the selection (<= batches x count rows of 3) fits the boxes' size."""
    names = ["boxes", "scores", "max_output_boxes_per_class", "iou_threshold", "score_threshold"]
    roles = input_roles("NonMaxSuppression", names, ["max_output_boxes_per_class"])
    assert roles == {"boxes": "boxes", "scores": "scores", "max_output_boxes_per_class": "count",
                     "iou_threshold": "iou_threshold", "score_threshold": "score_threshold"}
    kinds = [f"required:{roles[n]}" for n in names]
    dtypes = ("float32", "float32", "int32", "float32", "float32")
    for shape, batches, spatial in (((37,), 1, 37), ((2, 2048), 2, 128), ((5, 9), 3, 9), ((0,), 1, 0)):
        boxes, scores, count, iou, score = testing.op_inputs(Case(dtypes, ("int32",), shape), kinds, seed=1)
        assert boxes.shape == (batches, spatial, 4) and scores.shape == (batches, 1, spatial)
        assert boxes.dtype == scores.dtype == np.float32 and count.dtype == np.int32
        assert count.tolist() == [max(spatial // 2, 1)] and iou.tolist() == [0.5] and score.tolist() == [0.25]
        assert boxes.size == 0 or (0 <= boxes.min() and boxes.max() < 1 and 0 <= scores.min() and scores.max() < 1)
        assert batches * count[0] * 3 <= max(boxes.size, 3)
    assert input_roles("nms_rotated", ["Boxes", "Scores", "num_keep"], ["num_keep"]) == {
        "Boxes": "boxes", "Scores": "scores", "num_keep": "count"}


def test_example_sources_fix_the_shape_when_no_call_was_recorded(tmp_path: Path) -> None:
    """A fixed-shape sample's shape where its program does not run here: main.cpp's input vectors (the lite layout's
    AclNNInvocationNaive), or the gen_data.py of scripts_<word> for the op named so (the library sample's
    scripts_add beside scripts_matmul); sources naming inputs of differing shapes give none."""
    (tmp_path / "AddCustom" / "op_host").mkdir(parents=True)
    lite = tmp_path / "AclNNInvocationNaive"
    lite.mkdir()
    (lite / "main.cpp").write_text("std::vector<int64_t> inputXShape = {8, 2048};\n"
                                   "std::vector<int64_t> inputYShape = {8, 2048};\n"
                                   "std::vector<int64_t> outputZShape = {8, 2048};\n"
                                   "ret = aclnnAddCustomGetWorkspaceSize(x, y, z, &ws, &executor);\n"
                                   "ret = aclnnAddCustom(w, ws, executor, stream);\n")
    assert source_shapes(tmp_path / "AddCustom", ["AddCustom"]) == [{"op": "AddCustom", "inputs": [[8, 2048]]}]
    (lite / "main.cpp").write_text("std::vector<int64_t> inputXShape = {8, 2048};\n"
                                   "std::vector<int64_t> inputYShape = {1, 2048};\naclnnAddCustom(w, ws, e, s);\n")
    assert source_shapes(tmp_path / "AddCustom", ["AddCustom"]) == []
    library = tmp_path / "AclNNInvocation"
    for word, shape in (("add", "[8, 2048]"), ("matmul", "[512, 256]")):
        (library / f"scripts_{word}").mkdir(parents=True)
        (library / f"scripts_{word}" / "gen_data.py").write_text(
            f"x = np.random.uniform(1, 100, {shape}).astype(np.float16)\n"
            f"y = np.random.uniform(1, 100, size={shape.replace('[', '(').replace(']', ')')})\n")
    assert source_shapes(tmp_path / "AddCustom", ["AddCustom", "MatmulCustom"]) == [
        {"op": "AddCustom", "inputs": [[8, 2048]]}, {"op": "MatmulCustom", "inputs": [[512, 256]]}]
    (tmp_path / "PytorchInvocation").mkdir()
    (tmp_path / "PytorchInvocation" / "test_sub.py").write_text(
        "z = torch.ops.air.sub_custom.default(x, y)\nx = torch.randn(6, 64, dtype=torch.float32).npu()\n"
        "y = torch.randn([6, 64], dtype=torch.float32).npu()\n")
    assert source_shapes(tmp_path / "AddCustom", ["SubCustom"]) == [{"op": "SubCustom", "inputs": [[6, 64]]}]


def test_a_lite_samples_msopgen_folder_links_to_the_projects_build(tmp_path: Path) -> None:
    """install.sh builds the sources in CustomOp/ (msopgen gen -out CustomOp; cp -rf AddCustom/* CustomOp), so the
    program builds against ../CustomOp/build_out: that is AddCustom/build_out; an existing folder is left alone."""
    (tmp_path / "AddCustom" / "build_out" / "op_api").mkdir(parents=True)
    (tmp_path / "install.sh").write_text("rm -rf CustomOp\n"
                                         "msopgen gen -i AddCustom.json -f aclnn -c ai_core-${SOC_VERSION} -lan cpp "
                                         "-out CustomOp\n"
                                         "cp -rf AddCustom/* CustomOp\n(cd CustomOp && bash build.sh)\n")
    said = link_msopgen_copy(tmp_path / "AddCustom")
    assert said == ("install.sh builds AddCustom in CustomOp/ (msopgen gen -out CustomOp): its programs' "
                    "CustomOp/build_out is AddCustom/build_out")
    assert (tmp_path / "CustomOp" / "build_out" / "op_api").is_dir()
    assert link_msopgen_copy(tmp_path / "AddCustom") == ""   # there already
    (tmp_path / "install.sh").write_text("msopgen gen -i Other.json -out Elsewhere\n")   # not this project's copy
    assert link_msopgen_copy(tmp_path / "AddCustom") == "" and not (tmp_path / "Elsewhere").exists()


def test_an_offline_model_programs_op_description_gives_shapes(tmp_path: Path) -> None:
    """AclOfflineModel programs (aclop graphs, which do not run here) describe their op's call in scripts/*.json."""
    scripts = tmp_path / "AclOfflineModel" / "scripts"
    scripts.mkdir(parents=True)
    desc = {"op": "SubCustom", "input_desc": [{"name": "x", "shape": [1, 999]}, {"name": "y", "shape": [1, 999]}]}
    (scripts / "sub_custom_static_shape.json").write_text(json.dumps([desc]))
    dynamic = {**desc, "input_desc": [{"name": "x", "shape": [-1, 999]}, {"name": "y", "shape": [-1, 999]}]}
    (scripts / "sub_custom_dynamic_shape.json").write_text(json.dumps([dynamic]))
    (scripts / "other.json").write_text(json.dumps({**desc, "op": "AddCustom"}))
    (scripts / "broken.json").write_text("[{")
    rows = model_calls(tmp_path / "SubCustom", {"SubCustom"})
    assert rows == [{"op": "SubCustom", "inputs": [[1, 999], [1, 999]]}]
    write_shapes(tmp_path / "no-calls.jsonl", tmp_path / "shapes.json", {"SubCustom": "sub_custom"}, rows)
    assert json.loads((tmp_path / "shapes.json").read_text()) == {"sub_custom": {"shapes": [[1, 999]], "other": 0,
                                                                                 "outputs": [[]], "dtypes": []}}


def test_a_tiling_refusal_is_a_skip_and_a_fault_is_not() -> None:
    refused = testrun.TestOutcome("t[x]", "failed", "AddCustom: TilingFunc: returned GRAPH_FAILED (inputs [1])")
    skipped = testrun._tiling_refusals_skipped(refused)
    assert skipped.outcome == "skipped" and "TilingFunc refuses this shape" in skipped.message
    threw = testrun.TestOutcome("t[x]", "failed", "AddCustom: TilingFunc: threw: vector::at")
    fault = testrun.TestOutcome("t[x]", "failed", "[AddCustom][Block_0][add.cpp:3][DataCopy] out of bounds")
    assert testrun._tiling_refusals_skipped(threw) == threw and testrun._tiling_refusals_skipped(fault) == fault
    only_refusals = testrun.TestSummary((skipped,))
    assert not only_refusals.ok   # a TilingFunc refusing every case leaves nothing passed


def test_outputs_the_infershape_leaves_unset_come_from_the_programs_call(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """An op whose InferShape leaves its output to the caller (aclnn style) runs with the output shape the project's
    program gave it; torch checks that need an inferred shape skip, saying why; other errors stay errors."""
    calls = tmp_path / "calls.jsonl"
    calls.write_text('{"op": "ReduceSum", "inputs": [[13, 123]], "outputs": [[13, 1]]}\n')
    write_shapes(calls, tmp_path / "shapes.json", {"ReduceSum": "reduce_sum"})
    monkeypatch.setenv(SHAPES_VARIABLE, str(tmp_path / "shapes.json"))

    def op(x, out=None):
        if out is None:
            raise ValueError("ReduceSum: output 'y' has no shape: the op has no InferShape, or ...")
        out[...] = x.sum(axis=1, keepdims=True)
        return out

    x = np.ones((13, 123), dtype=np.float32)
    got = call_op(op, "reduce_sum", Case(("float32",), ("float32",), (13, 123)), "out", x)
    assert got.shape == (13, 1) and got.dtype == np.float32 and (got == 123).all()
    with pytest.raises(ValueError, match="has no shape"):   # no recorded call at this shape
        call_op(op, "reduce_sum", Case(("float32",), ("float32",), (2, 2)), "out", np.ones((2, 2)))
    with pytest.raises(pytest.skip.Exception, match="InferShape leaves an output's shape to the caller"):
        with outputs_inferred("reduce_sum"):
            raise RuntimeError("opcheck failed with ReduceSum: output 'y' has no shape: the op has no InferShape")
    with pytest.raises(RuntimeError, match="mutated"):
        with outputs_inferred("reduce_sum"):
            raise RuntimeError("Argument x is not defined as mutable but was mutated")


def _segfault() -> None:
    import ctypes

    ctypes.string_at(0)   # reads address 0: SIGSEGV, as a TilingFunc indexing past a 1-D input's dims does


def test_a_tiling_probe_that_crashes_is_reported_not_fatal() -> None:
    """The generated tests probe the TilingFunc at collection: a crash there is the tiling problem (naming the op, the
    TilingFunc and the input), the case shapes it crashes on too are left out, and pytest itself lives on."""
    def probe(shape: tuple[int, ...]) -> None:
        if len(shape) == 1:   # crashes on every 1-D shape, tiles the 2-D ones
            _segfault()

    shapes = case_shapes("pad_op", _segfault, probe, "a (1048576,) input with attrs {'paddings': [1, 2]}")
    assert "pad_op: its TilingFunc crashed (SIGSEGV) on opkit's probe, a (1048576,) input with attrs {'paddings': " \
           "[1, 2]}" in shapes.tiling_problem
    assert "(37,) (SIGSEGV)" in shapes.tiling_problem and not shapes.skip
    assert shapes.shapes and all(len(s.shape) == 2 for s in shapes.shapes + shapes.small)
    # crashing on every shape: the cases skip with the report (the tiling test fails with it)
    none = case_shapes("pad_op", _segfault, lambda shape: _segfault())
    assert none.skip == none.tiling_problem and "crashed (SIGSEGV)" in none.skip and not none.shapes
    # a refusal (an exception) is not a crash: it comes back as the probe's own answer
    assert case_shapes("add_op", lambda: (1024, 8, "refused")).tiling_problem == "refused"


class _FakeKernelError(RuntimeError):
    pass


def _pad_kernel(written: tuple[int, ...]):
    """A pad op's entry as the built package has it: InferShape copies x's shape, the kernel writes `written`."""
    def op(x: np.ndarray, paddings: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
        y = np.zeros(x.shape, x.dtype) if out is None else out
        if y.size < int(np.prod(written)):
            raise _FakeKernelError(f"[PadRows][Block_0][pad_rows.cpp:106][GlobalTensor::operator()] GM access of 4 "
                                   f"bytes at bytes [{y.nbytes + 32}, {y.nbytes + 36}) of 'y' ({y.nbytes} bytes + 32 "
                                   "bytes of allocator padding) is out of bounds")
        y.reshape(-1)[:] = 1
        return y
    return op


def test_a_pad_op_whose_infer_shape_copies_the_input_runs_padded_with_a_warning() -> None:
    """ReplicationPad2d-style: InferShape `*y = *x` while the kernel writes the padded shape. CANN's aclnn callers
    size y padded, so the case runs again so, and the InferShape is the finding (a ProjectWarning), not the kernel."""
    case = Case(("float32", "int32"), ("float32",), (2, 3, 5), "3d")
    x, paddings = testing.op_inputs(case, ["required", "required:padding2"])
    with pytest.warns(example_shapes.ProjectWarning, match=r"pad_rows: its InferShape gives output 'y' the input's "
                                                           r"shape, but its kernel writes the padded shape") as seen:
        y = call_op(_pad_kernel((2, 5, 7)), "pad_rows", case, "out", x, paddings)
    assert y.shape == (2, 5, 7) and y.min() == 1
    assert "e.g. input (2, 3, 5) -> 'y' (2, 5, 7)" in str(seen[0].message)
    with pytest.raises(_FakeKernelError, match="out of bounds"):     # past even the padded shape: the kernel's
        call_op(_pad_kernel((2, 9, 9)), "pad_rows", case, "out", x, paddings)
    with pytest.raises(_FakeKernelError):                               # no paddings opkit made: nothing to retry
        call_op(_pad_kernel((2, 5, 7)), "pad_rows", case, "out", x, np.ones(4, np.int32))


def test_project_warnings_are_listed_once_per_finding(tmp_path: Path) -> None:
    """A ProjectWarning a generated test raises reaches opkit test's report (pytest_plugin.py) and its summary, once per
    finding with its first detail line; other warnings do not, and a warning fails nothing."""
    (tmp_path / "test_pad.py").write_text(
        "import warnings\nimport pytest\nfrom opkit.check.example_shapes import ProjectWarning\n\n\n"
        "@pytest.mark.parametrize('n', [3, 4])\ndef test_pad(n):\n"
        "    warnings.warn(ProjectWarning(f'pad: its InferShape is wrong\\ne.g. input ({n}, 5)'))\n"
        "    warnings.warn(RuntimeWarning('overflow in a reference'))\n")
    report = tmp_path / "report.jsonl"
    subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "opkit.check.pytest_plugin", f"--opkit-report={report}",
                    str(tmp_path / "test_pad.py")], cwd=tmp_path, check=True, capture_output=True)
    summary = testrun.read_report(report)
    assert summary.ok and summary.headline() == "2 passed"
    assert "WARNING 2 cases: pad: its InferShape is wrong\n    e.g. input (3, 5)\n2 passed" in summary.render()
    assert "overflow" not in summary.render()


def test_the_divisor_of_an_integer_division_is_never_zero() -> None:
    """Div's x2 (any op type naming div, mod or remainder): random values as any input, but an integer 0 is 1, since
    an integer division by zero is undefined (and SIGFPE on the simulator's host); float and other ops unchanged."""
    assert input_roles("Div", ["x1", "x2"], []) == {"x2": "divisor"}
    assert input_roles("FloorMod", ["x", "y"], []) == {"y": "divisor"}
    assert input_roles("ScatterDiv", ["var", "indices", "updates"], ["indices"]) == {"indices": "index"}
    assert input_roles("AddCustom", ["x", "y"], []) == {} and input_roles("ModelCustom", ["x", "y"], []) == {}
    kinds = ["required", "required:divisor"]
    for dtype in ("int8", "int32"):
        case = Case((dtype, dtype), (dtype,), (4103,), "tail")
        x1, x2 = testing.op_inputs(case, kinds, seed=5)
        plain = testing.op_inputs(case, ["required", "required"], seed=5)
        assert (x2 != 0).all() and (plain[1] == 0).any() and np.array_equal(x1, plain[0])
        assert np.array_equal(x2[plain[1] != 0], plain[1][plain[1] != 0])
        wide = testing.op_inputs(case, kinds, value_range="wide")[1]
        assert (wide != 0).all() and np.abs(wide).max() > 8
        assert (testing.op_inputs(case, kinds, torch=True)[1] != 0).all()
    floats = Case(("float16", "float16"), ("float16",), (37,), "unaligned")
    assert np.array_equal(testing.op_inputs(floats, kinds)[1], testing.op_inputs(floats, ["required"] * 2)[1])


def test_the_tiling_probe_gives_role_inputs_their_values() -> None:
    """The generated tests' TilingFunc probe: an input with a role gets the cases' values (a TilingFunc reads a pad
    op's paddings), the others only a shape; the large probe spreads over the dims an op pads (a 3d pad cannot take
    1-D data)."""
    kinds = ["required", "required:padding3"]
    assert testing.probe_shape(["required", "optional"]) == (1 << 20,)
    assert testing.probe_shape(kinds) == (102, 102, 102) and testing.probe_shape(["required:padding"]) == (1 << 20,)
    values = testing.probe_values(kinds, ("float16", "int64"), (4, 5, 6))
    assert list(values) == [1] and values[1].tolist() == [1] * 6 and values[1].dtype == np.int64
    index = testing.probe_values(["required", "required:index"], ("float32", "int32"), (3, 7))[1]
    assert index.shape == (3, 7) and index.min() >= 0 and index.max() < 3
    assert testing.probe_values(["required", "required:divisor"], ("int8", "int8"), (1 << 20,)) == {}  # data: shape only
    with pytest.raises(ValueError, match="pads the last 3 dims"):
        testing.probe_values(kinds, ("float16", "int64"), (37,))


def test_a_programs_python3_is_opkits_interpreter(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A sample's scripts call `python3` (gen_data.py with torch): it is the interpreter opkit runs in, first on PATH,
    even when opkit was started by its path from a virtual environment that is not activated."""
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    monkeypatch.setenv("ASCEND_OPP_PATH", "/elsewhere")
    env = example_environment(tmp_path)
    here = str(Path(sys.executable).parent)
    if (Path(here) / "python3").is_file():
        assert env["PATH"].split(os.pathsep)[0] == here and "/usr/bin" in env["PATH"]
    found = subprocess.run(["python3", "-c", "import sys; print(sys.prefix)"], env=env, capture_output=True,
                           text=True, check=True).stdout.strip()
    assert found == sys.prefix
    assert env["ASCEND_INSTALL_PATH"] == str(tmp_path) and "ASCEND_OPP_PATH" not in env

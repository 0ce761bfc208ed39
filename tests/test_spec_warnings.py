"""What msopgen tolerates, opkit tolerates with a located warning: unknown keys (e.g. an attr's "value"), a missing
param_type (required). The file loads, validate exits 0 and prints the warnings, gen generates. In-place ops (no
outputs, or an output named like an input) load with a warning that gen cannot generate them yet; gen refuses them."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from opkit.spec import load_spec
from tests.specs.corpus import WARNINGS_DIR, expected_warnings, warning_cases

CASES = warning_cases()


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_tolerated_prototype_loads_with_exact_warnings(case: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(WARNINGS_DIR)
    spec_file = load_spec(case.name)
    assert spec_file.ops
    assert "\n".join(str(w) for w in spec_file.warnings) == expected_warnings(case)


def test_missing_param_type_means_required(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(WARNINGS_DIR)
    op = load_spec("attr_value_key.json").ops[0]
    assert [(t.name, t.param_type) for t in op.inputs + op.outputs] == [("x", "required"), ("y", "required")]


def _opkit(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "opkit", *args], cwd=cwd, capture_output=True, text=True)


def test_validate_and_gen_print_the_warnings_and_succeed(tmp_path: Path) -> None:
    case = WARNINGS_DIR / "attr_value_key.json"
    validated = _opkit("validate", "-i", case.name, cwd=WARNINGS_DIR)
    assert validated.returncode == 0, validated.stderr
    assert validated.stderr.strip() == expected_warnings(case)
    assert validated.stdout.startswith("LeakyScaleCustom (leaky_scale_custom)")
    generated = _opkit("gen", "-i", case.name, "-o", str(tmp_path / "proj"), cwd=WARNINGS_DIR)
    assert generated.returncode == 0, generated.stderr
    assert expected_warnings(case) in generated.stderr
    assert (tmp_path / "proj" / "op_kernel" / "leaky_scale_custom.cpp").is_file()


# Prototypes msopgen accepts that opkit loads but cannot generate yet: validate warns, gen and build refuse.
IN_PLACE = ["inplace_ref_output.json", "missing_output_desc.json", "empty_output_list.json"]


def test_output_named_like_an_input_is_that_input_in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(WARNINGS_DIR)
    op = load_spec("inplace_ref_output.json").ops[0]
    assert [(t.name, t.ref_input) for t in op.tensors] == [
        ("var", None), ("indices", None), ("updates", None), ("var", "var")]
    assert [d.name for d in op.outputs[0].dtypes] == ["float16", "float32"]


@pytest.mark.parametrize("case", ["missing_output_desc.json", "empty_output_list.json"])
def test_op_without_outputs_loads_with_none(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(WARNINGS_DIR)
    op = load_spec(case).ops[0]
    assert op.outputs == () and op.inputs
    assert op.dtype_combinations == tuple(zip(*(t.dtypes for t in op.inputs)))


@pytest.mark.parametrize("case", IN_PLACE)
def test_gen_refuses_what_it_cannot_generate_yet_located_and_writes_nothing(
        case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from opkit.cli import main

    monkeypatch.chdir(WARNINGS_DIR)
    with pytest.raises(SystemExit) as exited:
        main(["gen", "-i", case, "-o", str(tmp_path / "p")])
    err = capsys.readouterr().err
    warnings = expected_warnings(WARNINGS_DIR / case)
    assert exited.value.code == 2
    assert err == warnings + "\n" + "error: " + warnings.replace(": warning: ", ": ") + "\n"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("case", IN_PLACE)
def test_generation_problems_are_the_warnings_as_errors(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same check guards `opkit build` of a CANN project (opkit.generate.glue), whose prototype now loads."""
    import dataclasses

    from opkit.spec.limits import generation_problems

    monkeypatch.chdir(WARNINGS_DIR)
    spec_file = load_spec(case)
    assert generation_problems(spec_file, spec_file.ops) == [
        dataclasses.replace(w, warning=False) for w in spec_file.warnings]

"""What msopgen tolerates, opkit tolerates with a located warning: unknown keys (e.g. an attr's "value"), a missing
param_type (required). The file loads, validate exits 0 and prints the warnings, gen generates. (In-place ops, which
load without a warning, are in tests/test_inplace_ops.py.)"""
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

"""`opkit gen` on the command line: exit codes, notes printed, errors as one line."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from opkit.cli import main

REPO = Path(__file__).resolve().parents[1]
ADD = REPO / "tests" / "specs" / "valid" / "add_custom.json"
MULTI = REPO / "tests" / "specs" / "golden" / "multi_ops.json"


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    out, err = capsys.readouterr()
    return int(exit_info.value.code or 0), out, err


def test_gen_succeeds_and_prints_soc_notes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(["gen", "-i", str(ADD), "-o", str(tmp_path / "p"), "-c", "ai_core-Ascend910B"], capsys)
    assert code == 0, err
    assert "taken as the Ascend910B family" in out
    assert "files written" in out
    assert (tmp_path / "p" / "op_host" / "add_custom.cpp").is_file()


def test_gen_all_ops_without_prompting(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(["gen", "-i", str(MULTI), "-o", str(tmp_path / "m")], capsys)
    assert code == 0, err
    kernels = sorted(p.name for p in (tmp_path / "m" / "op_kernel").glob("*.cpp"))
    assert kernels == ["cast_like_custom.cpp", "gather_sum_custom.cpp", "scale_shift_custom.cpp"]
    assert (tmp_path / "m" / "python" / "scale_shift_custom" / "_ops.py").is_file()


def test_gen_op_and_name_select(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(["gen", "-i", str(MULTI), "-o", str(tmp_path / "m"), "--op", "CastLikeCustom",
                         "--name", "mypkg"], capsys)
    assert code == 0, err
    assert [p.name for p in (tmp_path / "m" / "op_kernel").glob("*.cpp")] == ["cast_like_custom.cpp"]
    assert (tmp_path / "m" / "python" / "mypkg" / "__init__.py").is_file()


@pytest.mark.parametrize("extra, message", [
    (["-c", "ai_core-Ascend910B9"], "did you mean"),
    (["--op", "AddCustm"], "did you mean 'AddCustom'"),
    (["--name", "my-pkg"], "is not a Python package name"),
])
def test_gen_bad_options_exit_2_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             extra: list[str], message: str) -> None:
    code, _, err = _run(["gen", "-i", str(ADD), "-o", str(tmp_path / "p"), *extra], capsys)
    assert code == 2
    assert message in err and err.startswith("error: ") and err.count("\n") == 1
    assert not (tmp_path / "p").exists()


def test_gen_refuses_non_empty_then_force_keeps_edits(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_dir = tmp_path / "p"
    assert _run(["gen", "-i", str(ADD), "-o", str(out_dir)], capsys)[0] == 0
    code, _, err = _run(["gen", "-i", str(ADD), "-o", str(out_dir)], capsys)
    assert code == 2 and "--force" in err
    (out_dir / "README.md").write_text("mine\n")
    code, out, err = _run(["gen", "-i", str(ADD), "-o", str(out_dir), "--force"], capsys)
    assert code == 0, err
    assert "kept README.md: edited" in out
    assert (out_dir / "README.md").read_text() == "mine\n"


def test_gen_default_output_is_the_package_name(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert _run(["gen", "-i", str(ADD)], capsys)[0] == 0
    assert (tmp_path / "add_custom" / "opkit.lock").is_file()


def test_gen_as_a_subprocess(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "opkit", "gen", "-i", str(ADD), "-o", str(tmp_path / "p")],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert "SoC: none given, using Ascend910B2" in proc.stdout

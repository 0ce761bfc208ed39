"""`validate` refuses exactly what `gen` refuses: every invalid prototype gives gen the same located lines and exit 2,
and gen writes nothing. Name rules match whole strings (a trailing newline is no part of a name)."""
from __future__ import annotations

from pathlib import Path

import pytest

from opkit.cli import main
from opkit.spec.naming import IDENTIFIER, OP_TYPE, name_problem, op_type_problem, package_problem
from tests.specs.corpus import INVALID_DIR, expected_errors, invalid_cases


@pytest.mark.parametrize("case", invalid_cases(), ids=lambda c: c.name)
def test_gen_refuses_every_invalid_prototype_like_validate_and_writes_nothing(
        case: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(INVALID_DIR)
    with pytest.raises(SystemExit) as exited:
        main(["gen", "-i", case.name, "-o", str(tmp_path / "p")])
    out, err = capsys.readouterr()
    assert (exited.value.code, out) == (2, "")
    assert err == "error: " + expected_errors(case) + "\n"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("text", ["x\n", "x\r\n", "x\n\n", "\nx", "x\x00", "x\t"])
def test_names_never_match_with_a_trailing_or_leading_line_break(text: str) -> None:
    assert IDENTIFIER.fullmatch(text) is None and OP_TYPE.fullmatch(text.upper()) is None
    assert name_problem(text).endswith("is not a C++ identifier (letters, digits and _, not starting with a digit)")
    assert op_type_problem("Add" + text)[0].endswith("is not UpperCamelCase ([A-Z][A-Za-z0-9]*)")
    assert "is not a Python package name" in package_problem(text)


def test_messages_show_control_characters_escaped_on_one_line() -> None:
    assert name_problem("x\n").splitlines() == ['"x\\n" is not a C++ identifier (letters, digits and _, not starting '
                                                'with a digit)']


@pytest.mark.parametrize("length, ok", [(100, True), (101, False)])
def test_names_are_at_most_100_characters(length: int, ok: bool) -> None:
    assert (name_problem("a" * length) == "") is ok
    assert (op_type_problem("A" + "b" * (length - 1)) == ("", "")) is ok
    assert (package_problem("a" * length) == "") is ok


def test_gen_name_goes_through_the_package_rule(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    add = Path(__file__).resolve().parents[1] / "examples" / "add_custom" / "add_custom.json"
    with pytest.raises(SystemExit) as exited:
        main(["gen", "-i", str(add), "-o", str(tmp_path / "p"), "--name", "add_custom\n"])
    assert exited.value.code == 2
    assert capsys.readouterr().err == ('error: --name: "add_custom\\n" is not a Python package name (ASCII letters, '
                                       'digits and _, starting with a letter), e.g. add_custom\n')
    assert list(tmp_path.iterdir()) == []

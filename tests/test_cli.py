"""The command line as a user meets it: --help with an example and the exit codes on every command, --version,
-v/-q before or after the command name, exit codes 0/1/2, and the CLI reference in README.md kept current."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

import opkit
from opkit.cli import EXIT_CODES, cli, main
from opkit.cli.docs import BEGIN, END, reference_markdown
from opkit.check.run import TestOutcome, TestSummary

REPO = Path(__file__).resolve().parents[1]
ADD = REPO / "examples" / "add_custom" / "add_custom.json"
BAD = REPO / "tests" / "specs" / "invalid" / "two_errors_sorted.json"
COMMANDS = sorted(cli.commands)


def invoke(argv: list[str], env: dict[str, str] | None = None) -> tuple[int, str, str]:
    """Run `opkit ARGV` through `main` (where errors become exit codes) inside CliRunner's isolated streams."""
    with CliRunner().isolation(env=env) as (out, err, _):
        try:
            main(argv)
            code = 0
        except SystemExit as exc:
            code = int(exc.code or 0)
    return code, out.getvalue().decode(), err.getvalue().decode()


@pytest.mark.parametrize("command", [[], *([c] for c in COMMANDS)], ids=lambda c: " ".join(["opkit", *c]))
@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_every_command_has_help_with_an_example_and_the_exit_codes(command: list[str], flag: str) -> None:
    result = CliRunner().invoke(cli, [*command, flag], prog_name="opkit", terminal_width=200)
    assert result.exit_code == 0, result.output
    assert result.output.startswith(" ".join(["Usage: opkit", *command]))
    assert re.search(r"Example:\n +opkit \S", result.output)
    assert " ".join(EXIT_CODES.split()) in " ".join(result.output.split())


def test_commands_are_the_users_path() -> None:
    assert list(cli.commands) == ["validate", "gen", "build", "test", "cc", "cmake-args", "profile", "bench",
                                  "cann-root", "run"]


def test_version_names_opkit_python_and_the_headers() -> None:
    code, out, err = invoke(["--version"])
    first, second = out.splitlines()
    assert (code, err, first) == (0, "", f"opkit {opkit.__version__}")
    assert sys.executable in second and str(opkit.include_dir()) in second
    assert (opkit.include_dir() / "kernel_operator.h").is_file()


@pytest.mark.parametrize("argv", [
    ["-q", "gen", "-i", str(ADD), "-o", "{out}"],
    ["gen", "-q", "-i", str(ADD), "-o", "{out}"],
    ["gen", "-i", str(ADD), "-o", "{out}", "--quiet"],
])
def test_quiet_gen_prints_only_the_project_path_wherever_q_is(argv: list[str], tmp_path: Path) -> None:
    out_dir = tmp_path / "p"
    code, out, err = invoke([a.format(out=out_dir) for a in argv])
    assert (code, err) == (0, "")
    assert out == f"{out_dir}\n"


def test_default_gen_prints_notes_and_a_summary_verbose_adds_each_file(tmp_path: Path) -> None:
    code, normal, _ = invoke(["gen", "-i", str(ADD), "-o", str(tmp_path / "a")])
    assert code == 0
    assert normal.startswith("SoC: ") and normal.rstrip().endswith("kept)") and "wrote" not in normal
    code, verbose, _ = invoke(["-v", "gen", "-i", str(ADD), "-o", str(tmp_path / "b")])
    assert code == 0
    assert "  wrote op_kernel/add_custom.cpp\n" in verbose and "  wrote opkit.lock" not in verbose
    assert len(verbose.splitlines()) > len(normal.splitlines())


def test_quiet_and_verbose_together_are_bad_input() -> None:
    code, out, err = invoke(["-q", "validate", "-v", "-i", str(ADD)])
    assert (code, out) == (2, "")
    assert "-q and -v contradict" in err


@pytest.mark.parametrize("argv, code, where, text", [
    (["validate", "-i", str(ADD)], 0, "out", "AddCustom (add_custom)"),
    (["validate", "-i", str(BAD)], 2, "err", "two_errors_sorted.json:"),
    (["validate", "-i", "/no/such/op.json"], 2, "err", "/no/such/op.json:1:1: cannot read file"),
    (["validate"], 2, "err", "Missing option '-i' / '--input'"),
    (["gen", "-i", str(ADD), "--frobnicate"], 2, "err", "No such option '--frobnicate'"),
    (["buidl"], 2, "err", "No such command 'buidl'"),
    (["build", "-j", "0", "."], 2, "err", "0 is not in the range x>=1"),
    (["build", "{tmp}"], 2, "err", "is not an opkit project"),
    (["test", "{tmp}"], 2, "err", "has no tests/ folder"),
])
def test_exit_codes(argv: list[str], code: int, where: str, text: str, tmp_path: Path) -> None:
    got, out, err = invoke([a.format(tmp=tmp_path) for a in argv])
    assert got == code, out + err
    assert text in (out if where == "out" else err)
    if code == 1:
        assert err.startswith("error: ") and err.count("\n") == 1


def _fake_summary(*outcomes: TestOutcome) -> TestSummary:
    return TestSummary(tuple(outcomes))


@pytest.mark.parametrize("flag, shows_skips", [([], True), (["-q"], False)])
def test_test_summary_failures_always_skips_unless_quiet(flag: list[str], shows_skips: bool, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    summary = _fake_summary(
        TestOutcome("tests/test_x.py::test_x[float16-(8,)]", "failed", "max abs error 0.5 at index 3"),
        TestOutcome("tests/test_x.py::test_x[float32-(8,)]", "skipped", "write the reference in tests/reference.py"),
        TestOutcome("tests/test_x.py::test_x[int32-(8,)]", "passed"))
    monkeypatch.setattr("opkit.check.run.run_project_tests", lambda project, keyword, on_line: summary)
    code, out, err = invoke([*flag, "test", str(tmp_path)])
    assert code == 1
    assert "FAILED tests/test_x.py::test_x[float16-(8,)]\n    max abs error 0.5 at index 3\n" in out
    assert ("SKIPPED 1 test: write the reference" in out) == shows_skips
    assert out.rstrip().endswith("1 passed, 1 failed, 1 skipped")
    assert err == "error: tests failed: 1 passed, 1 failed, 1 skipped\n"


def test_test_shows_build_and_pytest_progress_and_pytest_detail_only_when_verbose(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stream = ["[1/2] compile op_kernel/x.cpp (x_kernel_c0)", "installing dist/x-0.1.0-cp311-cp311-linux_x86_64.whl",
              "..                                                  [100%]", "PASSED tests/test_x.py::test_x"]

    def fake(project: Path, keyword: str | None, on_line: Callable[[str], None]) -> TestSummary:
        for line in stream:
            on_line(line)
        return _fake_summary(TestOutcome("tests/test_x.py::test_x", "passed"))

    monkeypatch.setattr("opkit.check.run.run_project_tests", fake)
    assert invoke(["test", str(tmp_path)]) == (0, "\n".join(stream[:3] + ["1 passed\n"]), "")
    assert invoke(["test", "-v", str(tmp_path)]) == (0, "\n".join(stream + ["1 passed\n"]), "")
    assert invoke(["test", "-q", str(tmp_path)]) == (0, "1 passed\n", "")


def test_readme_cli_reference_is_current() -> None:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    assert BEGIN in text and END in text, "README.md lost its CLI reference markers"
    block = text[text.index(BEGIN) + len(BEGIN):text.index(END)].strip()
    assert block == reference_markdown().strip(), "run `python -m opkit.cli.docs README.md` and review the diff"


def _option_spellings(command: click.Command) -> set[str]:
    return {s for p in command.params if isinstance(p, click.Option) for s in p.opts + p.secondary_opts}


def test_readme_names_every_command_and_option_and_nothing_else() -> None:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    block = text[text.index(BEGIN):text.index(END)]
    documented = {line.split("`")[1] for line in block.splitlines() if line.startswith("### `")}
    assert documented == {"opkit", *(f"opkit {c}" for c in COMMANDS)}
    for name in COMMANDS:
        section = block.split(f"### `opkit {name}`")[1].split("### ")[0]
        for spelling in _option_spellings(cli.commands[name]) - {"-v", "--verbose", "-q", "--quiet"}:
            assert f"`{spelling}" in section or f" {spelling}" in section, f"{spelling} of {name}"


def test_console_script_subprocess_exit_codes_and_plain_output(tmp_path: Path) -> None:
    opkit_bin = Path(sys.executable).with_name("opkit")
    env = {**os.environ, "NO_COLOR": "1"}
    ok = subprocess.run([str(opkit_bin), "-q", "gen", "-i", str(ADD), "-o", str(tmp_path / "p")],
                        capture_output=True, text=True, env=env, timeout=120)
    assert (ok.returncode, ok.stdout, ok.stderr) == (0, f"{tmp_path / 'p'}\n", "")
    bad = subprocess.run([str(opkit_bin), "validate", "-i", str(BAD)], capture_output=True, text=True, env=env,
                         timeout=120)
    assert bad.returncode == 2 and bad.stderr.startswith("error: ") and "\x1b[" not in bad.stderr
    version = subprocess.run([sys.executable, "-m", "opkit", "--version"], capture_output=True, text=True,
                             timeout=120)
    assert version.returncode == 0 and version.stdout.startswith(f"opkit {opkit.__version__}\nPython ")


@pytest.mark.compile
def test_build_quiet_prints_only_the_wheel_and_verbose_shows_compiler_commands(tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert invoke(["-q", "gen", "-i", str(ADD), "-o", "p"])[0] == 0
    code, out, err = invoke(["build", "-q", "-j", "2", "p"])
    assert (code, err) == (0, "")
    wheel = Path(out.strip())
    assert out.count("\n") == 1 and wheel.parent == Path("p/dist") and wheel.suffix == ".whl" and wheel.is_file()
    # The glue (bindings) compiles at -Og, the kernels at -O2: the last -O of each object's flags in the build.
    ninja = next((tmp_path / "p" / "build").glob("*/build.ninja")).read_text()
    last_opt = {m["object"]: re.findall(r"(?<!\S)-O\w*", m["flags"])[-1] for m in re.finditer(
        r"^build CMakeFiles/(?P<object>\S+)\.o: .*\n(?:  .*\n)*?  FLAGS = (?P<flags>.*)$", ninja, re.M)}
    assert (last_opt["_C.dir/csrc/bindings.cpp"],
            last_opt["add_custom_kernel_c0.dir/opkit_entries/add_custom/add_custom.cpp"]) == ("-Og", "-O2"), last_opt
    (tmp_path / "p" / "op_kernel" / "add_custom.cpp").touch()
    code, out, err = invoke(["build", "-v", "-j", "2", "p"])
    assert (code, err) == (0, "")
    # the kernel compiles from opkit's copy with its entry renamed (opkit/build/entry.py), #line pointing at op_kernel/
    compile_lines = [line for line in out.splitlines() if " -c " in line and "add_custom/add_custom.cpp" in line]
    assert compile_lines and "-DDTYPE_X=" in compile_lines[0]   # the compiler command itself, one per dtype combination
    assert out.rstrip().endswith(f"built {wheel}") and "OPKIT_WHEEL=" not in out
    assert "SKBUILD_BUILD_VERBOSE" not in os.environ   # the verbose setting does not leak out of the command

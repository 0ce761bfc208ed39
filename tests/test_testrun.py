"""`opkit test` on a tiny hand-made project: install its wheel (into a temporary --target), run its tests, and
summarise a pass, a mismatch found by opkit.testing and a skip for an unwritten reference."""
from __future__ import annotations

import functools
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from opkit import testrun
from opkit.cli import main
from opkit.errors import BuildError, ProjectTestError

_PACKAGE = '''\
import numpy as np


def double(x):
    return np.asarray(x) * 2


def shifted(x):
    x = np.asarray(x)
    return x + (np.arange(x.size).reshape(x.shape) == 3)   # element 3 is off by one: a kernel bug
'''
_REFERENCE = '''\
import numpy as np


def double(x):
    return np.asarray(x) * 2


def shifted(x):
    return np.asarray(x)


def scaled(x):
    raise NotImplementedError
'''
_TESTS = '''\
import numpy as np
import pytest

import reference
import tinyop
from opkit import testing

CASES = testing.case_matrix([(("float32",), ("float32",))], [(2, 3)])


@pytest.mark.parametrize("case", testing.pytest_params(CASES))
def test_double(case):
    (x,) = testing.random_inputs(case.inputs, case.shape, seed=0)
    testing.assert_close(tinyop.double(x), reference.double(x), op="double", case=case)


@pytest.mark.parametrize("case", testing.pytest_params(CASES))
def test_shifted(case):
    (x,) = testing.random_inputs(case.inputs, case.shape, seed=0)
    testing.assert_close(tinyop.shifted(x), reference.shifted(x), op="shifted", case=case)


@pytest.mark.parametrize("case", testing.pytest_params(CASES))
def test_scaled(case):
    (x,) = testing.random_inputs(case.inputs, case.shape, seed=0)
    testing.call_reference(reference.scaled, x)
'''


def _make_project(root: Path) -> Path:
    project = root / "tinyop"
    (project / "python" / "tinyop").mkdir(parents=True)
    (project / "tests").mkdir()
    (project / "pyproject.toml").write_text(textwrap.dedent("""\
        [build-system]
        requires = ["setuptools"]
        build-backend = "setuptools.build_meta"

        [project]
        name = "tinyop"
        version = "0.1.0"

        [tool.setuptools]
        package-dir = {"" = "python"}
        packages = ["tinyop"]
        """))
    (project / "python" / "tinyop" / "__init__.py").write_text(_PACKAGE)
    (project / "tests" / "reference.py").write_text(_REFERENCE)
    (project / "tests" / "test_tinyop.py").write_text(_TESTS)
    _build_wheel(project)
    return project


def _build_wheel(project: Path) -> None:
    """project/dist/tinyop-0.1.0-*.whl, in place of any wheel there."""
    for wheel in (project / "dist").glob("*.whl"):
        wheel.unlink()
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps", "--no-index", "-q",
                    "-w", str(project / "dist"), str(project)], check=True, capture_output=True, timeout=300)
    later = time.time() + 5   # the wheel must be newer than every source, or opkit test would rebuild
    wheel = next((project / "dist").glob("*.whl"))
    os.utime(wheel, (later, later))


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _make_project(tmp_path_factory.mktemp("proj"))


@pytest.mark.e2e
def test_summary_names_failure_and_groups_skips(project: Path, tmp_path: Path) -> None:
    lines: list[str] = []
    summary = testrun.run_project_tests(project, target=tmp_path / "site", on_line=lines.append)
    assert (summary.count("passed"), summary.count("failed"), summary.count("skipped")) == (1, 1, 1)
    assert not summary.ok
    text = summary.render()
    assert "FAILED tests/test_tinyop.py::test_shifted[float32->float32-shape2x3]" in text
    assert "shifted [float32 -> float32] shape (2, 3): 1 of 6 elements differ" in text
    assert "max abs error 1, max rel error" in text and "worst at index (1, 0)" in text
    assert "SKIPPED 1 test: reference not written: implement scaled() in tests/reference.py" in text
    assert text.endswith("1 passed, 1 failed, 1 skipped")
    assert any(line.startswith("installing dist/tinyop-0.1.0") for line in lines)
    assert (tmp_path / "site" / "tinyop" / "__init__.py").is_file()


@pytest.mark.e2e
def test_keyword_selects_tests(project: Path, tmp_path: Path) -> None:
    summary = testrun.run_project_tests(project, keyword="double", target=tmp_path / "site")
    assert summary.ok and summary.render() == "1 passed"
    with pytest.raises(ProjectTestError, match="no test matched -k 'nothing_like_this'"):
        testrun.run_project_tests(project, keyword="nothing_like_this", target=tmp_path / "site")


@pytest.mark.e2e
def test_cli_prints_summary_and_exits_1_on_failure(project: Path, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(testrun, "run_project_tests",
                        functools.partial(testrun.run_project_tests, target=tmp_path / "site"))
    with pytest.raises(SystemExit) as exited:
        main(["test", str(project)])
    assert exited.value.code == 1
    out, err = capsys.readouterr()
    assert "FAILED tests/test_tinyop.py::test_shifted" in out and "SKIPPED 1 test" in out
    assert err.strip() == "error: tests failed: 1 passed, 1 failed, 1 skipped"
    with pytest.raises(SystemExit) as exited:
        main(["test", str(project), "-k", "double"])
    assert exited.value.code == 0


@pytest.mark.e2e
def test_a_rebuilt_wheel_replaces_the_one_in_the_target(tmp_path: Path) -> None:
    """Same version, new code: pip --target keeps an existing package folder unless told to upgrade."""
    project = _make_project(tmp_path / "a")
    site = tmp_path / "site"
    assert testrun.run_project_tests(project, target=site).count("failed") == 1
    package = project / "python" / "tinyop" / "__init__.py"
    package.write_text(_PACKAGE.replace(" + (np.arange(x.size).reshape(x.shape) == 3)", ""))
    _build_wheel(project)
    summary = testrun.run_project_tests(project, target=site)
    assert summary.count("failed") == 0, summary.render()


def test_stale_wheel_triggers_a_build(tmp_path: Path) -> None:
    project = tmp_path / "p"
    (project / "tests").mkdir(parents=True)
    (project / "tests" / "test_x.py").write_text("def test_x():\n    pass\n")
    with pytest.raises(BuildError, match="is not an opkit project"):
        testrun.run_project_tests(project, target=tmp_path / "site")


def test_folder_without_tests_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ProjectTestError, match="has no tests/ folder"):
        testrun.run_project_tests(tmp_path)


def test_commands_are_data() -> None:
    wheel = Path("dist/a-0.1.0-py3-none-any.whl")
    assert testrun.install_command(wheel)[1:6] == ["-m", "pip", "install", "--no-deps", "--force-reinstall"]
    assert testrun.install_command(wheel, Path("t"))[-3:] == ["--upgrade", "--target", "t"]
    assert testrun.pytest_command(Path("j.xml"), "float16")[-2:] == ["-k", "float16"]

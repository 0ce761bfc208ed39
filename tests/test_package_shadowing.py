"""A generated package may not take a name that shadows the standard library, opkit's dependencies or an installed
package opkit did not build (unless --allow-shadowing), and `opkit test` never installs over such a distribution."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from opkit.cli import main
from opkit.errors import ShadowingError
from opkit.generate import render_project
from opkit.generate.shadowing import DEPENDENCIES, OPKIT_STAMP, built_by_opkit, check_replaceable, find_distribution, shadowed
from opkit.spec import load_spec

REPO = Path(__file__).resolve().parents[1]
ADD = REPO / "examples" / "add_custom" / "add_custom.json"


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    out, err = capsys.readouterr()
    return int(exited.value.code or 0), out, err


def _fake_distribution(site: Path, name: str, stamped: bool) -> None:
    """An installed distribution `name` 1.0 with one package, as pip lays it out."""
    (site / name).mkdir(parents=True)
    (site / name / "__init__.py").write_text(f"# {OPKIT_STAMP} 0.1.0\n" if stamped else "VALUE = 1\n")
    info = site / f"{name}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (info / "RECORD").write_text(f"{name}/__init__.py,,\n{info.name}/METADATA,,\n{info.name}/RECORD,,\n")


@pytest.mark.parametrize("name, what", [
    ("numpy", '"numpy", which opkit depends on'),
    ("torch", '"torch", which opkit depends on'),
    ("yaml", '"yaml", which opkit depends on'),
    ("PyYAML", '"PyYAML", which opkit depends on'),
    ("Numpy", '"Numpy", which opkit depends on'),     # pip compares distribution names case-insensitively
    ("os", 'the standard-library module "os"'),
    ("json", 'the standard-library module "json"'),
    ("opkit", "opkit itself"),
])
def test_shadowing_names_are_refused_with_a_suggestion_and_nothing_written(
        name: str, what: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(["gen", "-i", str(ADD), "-o", str(tmp_path / "p"), "--name", name], capsys)
    assert (code, out) == (2, "")
    assert err == (f"error: --name {name}: would shadow {what}; choose another name, e.g. --name my_{name.lower()}_ops "
                   "(or pass --allow-shadowing if that is what you want)\n")
    assert list(tmp_path.iterdir()) == []


def test_allow_shadowing_is_the_explicit_way_through(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(["gen", "-q", "-i", str(ADD), "-o", str(tmp_path / "p"), "--name", "json",
                         "--allow-shadowing"], capsys)
    assert (code, err) == (0, "")
    assert (tmp_path / "p" / "python" / "json" / "__init__.py").is_file()


def test_a_default_name_that_shadows_is_refused_by_gen_and_a_warning_of_validate(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    spec = tmp_path / "copy.json"
    spec.write_text('[{"op": "Copy", "input_desc": [{"name": "x", "type": ["float16"]}], '
                    '"output_desc": [{"name": "y", "type": ["float16"]}]}]')
    code, out, err = _run(["validate", "-i", str(spec)], capsys)
    assert code == 0 and out.startswith("Copy (copy):")
    assert err == ('gen\'s default package name "copy" (from operator Copy) would shadow the standard-library module '
                   '"copy"; give gen a --name, e.g. --name my_copy_ops\n')
    monkeypatch.chdir(tmp_path)
    code, _, err = _run(["gen", "-i", str(spec)], capsys)
    assert code == 2 and err.startswith('error: package name "copy" (from operator Copy): would shadow the standard')
    assert not (tmp_path / "copy").exists()
    assert _run(["gen", "-q", "-i", str(spec), "--name", "my_copy_ops"], capsys)[0] == 0


def test_every_requirement_of_opkit_is_a_refused_name() -> None:
    text = (REPO / "pyproject.toml").read_text()
    for requirement in ("click", "jinja2", "pyyaml", "jsonschema", "numpy", "scikit-build-core", "pybind11", "cmake",
                        "ninja", "pytest", "hypothesis", "torch"):
        assert f'"{requirement}' in text and requirement in DEPENDENCIES


def test_an_installed_package_not_built_by_opkit_is_refused_and_one_it_built_is_not(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_distribution(tmp_path, "someonesops", stamped=False)
    _fake_distribution(tmp_path, "ourops", stamped=True)
    monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])
    assert shadowed("someonesops") == 'the package "someonesops" of the installed distribution someonesops 1.0'
    assert shadowed("ourops") == ""       # regenerating a project whose wheel opkit test installed
    spec = load_spec(ADD)
    with pytest.raises(ShadowingError, match="--name someonesops: would shadow"):
        render_project(spec, package="someonesops")
    assert render_project(spec, package="someonesops", allow_shadowing=True).package == "someonesops"


def test_opkit_test_installs_over_nothing_it_did_not_build(tmp_path: Path) -> None:
    site = tmp_path / "site"
    _fake_distribution(site, "someonesops", stamped=False)
    _fake_distribution(site, "ourops", stamped=True)
    with pytest.raises(ShadowingError) as caught:
        check_replaceable("someonesops-0.1.0-cp311-cp311-linux_x86_64.whl", [str(site)])
    assert str(caught.value) == (f"someonesops-0.1.0-cp311-cp311-linux_x86_64.whl: installing it would replace "
                                 f"someonesops 1.0 in {site}, which opkit did not build; rename the project's package "
                                 f"(opkit gen --name) or uninstall someonesops first")
    check_replaceable("ourops-0.1.0-cp311-cp311-linux_x86_64.whl", [str(site)])
    check_replaceable("newops-0.1.0-cp311-cp311-linux_x86_64.whl", [str(site)])


def test_opkit_test_refuses_before_pip_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from opkit.check import run as testrun

    project = tmp_path / "numpy"
    (project / "tests").mkdir(parents=True)
    (project / "dist").mkdir()
    (project / "dist" / "numpy-0.1.0-py3-none-any.whl").write_bytes(b"")
    monkeypatch.setattr(testrun, "wheel_is_stale", lambda project: False)
    monkeypatch.setattr(testrun.subprocess, "run", lambda *a, **k: pytest.fail("pip must not run"))
    with pytest.raises(ShadowingError, match="would replace numpy .*, which opkit did not build"):
        testrun.run_project_tests(project)


def test_the_generated_package_carries_the_stamp_opkit_recognises(tmp_path: Path) -> None:
    project = render_project(load_spec(ADD))
    init = next(f for f in project.files if f.path == "python/add_custom/__init__.py")
    assert OPKIT_STAMP in init.content.splitlines()[0]
    _fake_distribution(tmp_path, "add_custom", stamped=False)
    (tmp_path / "add_custom" / "__init__.py").write_text(init.content)
    dist = find_distribution("add_custom", [str(tmp_path)])
    assert dist is not None and built_by_opkit(dist)

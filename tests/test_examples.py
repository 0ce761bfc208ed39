"""The example operators (examples/add_custom, examples/gelu_custom), as their README says to use them:
`opkit gen -i examples/<op>/<op>.json -o <build dir>` then `opkit test <build dir>`.

Each example directory holds only what a user writes; generation copies those files into the project, writes
nothing back into the example, and the generated tests pass against the real reference (none skipped for want of
one), with opcheck, torch.compile and, for gelu, gradcheck of the backward wired from derivatives.yaml.

Regenerating with --force around the user files must reproduce a working project: every generated file is deleted
after the first `opkit gen` and regenerated with `--force`, and it is that regenerated project which is built and
tested. So one build per example (module-scoped, cached); wheels install into a temporary --target, so the running
environment is not touched.
"""
from __future__ import annotations

import hashlib
import importlib.util
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import opkit
from opkit.spec import load_spec
from opkit.check.run import TestSummary, run_project_tests


REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"
# What a user writes for each example; everything else is generated.
USER_FILES = {
    "add_custom": {"add_custom.json", "op_kernel/add_custom.cpp", "op_kernel/add_custom_tiling.h",
                   "op_host/add_custom.cpp", "tests/reference.py"},
    "gelu_custom": {"gelu_custom.json", "derivatives.yaml", "tests/reference.py",
                    "op_kernel/gelu_custom.cpp", "op_kernel/gelu_custom_tiling.h", "op_host/gelu_custom.cpp",
                    "op_kernel/gelu_custom_grad.cpp", "op_kernel/gelu_custom_grad_tiling.h",
                    "op_host/gelu_custom_grad.cpp"},
}
# Tests each example's generated suite must have run and passed (name fragments).
REQUIRED_TESTS = {
    "add_custom": ["test_add_custom_matches_reference_numpy", "test_add_custom_matches_reference_torch",
                   "test_add_custom_passes_opcheck", "test_add_custom_compiles_with_fullgraph"],
    "gelu_custom": ["test_gelu_custom_matches_reference_numpy", "test_gelu_custom_grad_matches_reference_numpy",
                    "test_gelu_custom_matches_reference_torch",
                    "test_gelu_custom_grad_matches_reference_torch", "test_gelu_custom_passes_opcheck",
                    "test_gelu_custom_grad_passes_opcheck", "test_gelu_custom_compiles_with_fullgraph",
                    "test_gelu_custom_gradcheck"],
}
# torch is optional for opkit's users: without it the generated torch tests skip (with this reason), nothing else.
TORCH_MISSING = "torch is not installed"


def _torch_importable() -> bool:
    return importlib.util.find_spec("torch") is not None


def _opkit(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run([sys.executable, "-m", "opkit", *args], cwd=cwd, capture_output=True, text=True)
    assert proc.returncode == 0, (f"opkit {' '.join(args)}\nstdout:\n{proc.stdout[-4000:]}\n"
                                  f"stderr:\n{proc.stderr[-4000:]}")
    return proc


def _snapshot(root: Path) -> dict[str, tuple[str, int]]:
    """Every file under root (caches included) with its content hash and modification time."""
    return {str(p.relative_to(root)): (hashlib.sha256(p.read_bytes()).hexdigest(), p.stat().st_mtime_ns)
            for p in sorted(root.rglob("*")) if p.is_file()}


def _failures(summary: TestSummary) -> str:
    return summary.render() if not summary.ok else ""


@dataclass
class Built:
    name: str
    example: Path
    project: Path
    before: dict[str, tuple[str, int]]           # the example directory before anything ran
    after_gen: dict[str, tuple[str, int]]        # ... after both generations
    first: dict[str, str]                        # generated file -> content hash, from the first generation
    regenerated: dict[str, str]                  # the same after deleting them and `opkit gen --force`
    summary: TestSummary


_BUILT: dict[str, Built] = {}


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("examples")


def _generated_files(name: str, project: Path) -> dict[str, str]:
    """Hashes of the project's files that opkit owns (not the user's, not the lock, not build output)."""
    files = _snapshot(project)
    return {rel: h for rel, (h, _) in files.items()
            if rel not in USER_FILES[name] and rel != "opkit.lock" and Path(rel).parts[0] not in ("build", "dist")}


def _built(name: str, workdir: Path) -> Built:
    """Generate (the README's command, run from the repository root), delete every generated file, regenerate with
    --force, then build and test: once per example."""
    if name not in _BUILT:
        example = EXAMPLES / name
        project = workdir / name
        before = _snapshot(example)
        gen = ["gen", "-i", str(example / f"{name}.json"), "-o", str(project)]
        _opkit(*gen, cwd=REPO)
        first = _generated_files(name, project)
        for rel in first:
            (project / rel).unlink()
        _opkit(*gen, "--force", cwd=REPO)
        regenerated = _generated_files(name, project)
        after_gen = _snapshot(example)
        summary = run_project_tests(project, target=workdir / f"{name}-site")
        _BUILT[name] = Built(name, example, project, before, after_gen, first, regenerated, summary)
    return _BUILT[name]


@pytest.fixture(scope="module", params=sorted(USER_FILES))
def built(request: pytest.FixtureRequest, workdir: Path) -> Built:
    return _built(request.param, workdir)


@pytest.mark.parametrize("name", sorted(USER_FILES))
def test_example_directory_holds_only_user_files(name: str) -> None:
    files = {str(p.relative_to(EXAMPLES / name)) for p in (EXAMPLES / name).rglob("*")
             if p.is_file() and "__pycache__" not in p.parts}
    assert files == USER_FILES[name]


def test_examples_readme_gives_each_example_its_command() -> None:
    text = (EXAMPLES / "README.md").read_text(encoding="utf-8")
    for name in USER_FILES:
        command = (f"opkit gen -i examples/{name}/{name}.json -o build/examples/{name} "
                   f"&& opkit test build/examples/{name}")
        assert command in text, f"examples/README.md lacks the command of {name}: {command}"


def _kernel_units() -> list[tuple[str, list[str]]]:
    """(source, -D flags) for every kernel of every example in every dtype combination, and every host file."""
    units: list[tuple[str, list[str]]] = []
    for name in sorted(USER_FILES):
        for op in load_spec(EXAMPLES / name / f"{name}.json").ops:
            for combo in op.dtype_combinations:
                defines = [f"-DDTYPE_{t.upper}={d.cpp}" for t, d in zip(op.tensors, combo)]
                units.append((f"{name}/op_kernel/{op.name}.cpp", defines))
            units.append((f"{name}/op_host/{op.name}.cpp", []))
    return units


@pytest.mark.compile
@pytest.mark.parametrize("source,defines", _kernel_units(), ids=lambda v: " ".join(v) if isinstance(v, list) else v)
def test_example_sources_compile_without_warnings(source: str, defines: list[str]) -> None:
    # Generated projects build user code without warning flags; the examples hold themselves to the runtime's.
    command = [os.environ.get("CXX", "g++"), "-std=c++17", "-fsyntax-only", "-Wall", "-Wextra", "-Werror",
               f"-I{opkit.include_dir()}", *defines, str(EXAMPLES / source)]
    proc = subprocess.run(command, capture_output=True, text=True)
    assert proc.returncode == 0, f"{' '.join(command)}\n{proc.stderr[-4000:]}"


@pytest.mark.e2e
@pytest.mark.compile
def test_generation_writes_nothing_into_the_example(built: Built) -> None:
    assert built.after_gen == built.before
    assert _snapshot(built.example) == built.before, "building or testing the project wrote into the example"


@pytest.mark.e2e
@pytest.mark.compile
def test_project_uses_the_example_files(built: Built) -> None:
    for rel in USER_FILES[built.name]:
        assert (built.project / rel).read_bytes() == (built.example / rel).read_bytes(), rel


@pytest.mark.e2e
@pytest.mark.compile
def test_generated_tests_pass_against_the_real_reference(built: Built) -> None:
    summary = built.summary
    assert summary.ok, _failures(summary)
    assert summary.count("passed") > 0
    allowed = "" if _torch_importable() else TORCH_MISSING
    skipped = [o for o in summary.outcomes if o.outcome == "skipped" and not (allowed and allowed in o.message)]
    assert skipped == [], "\n".join(f"{o.test}: {o.message}" for o in skipped)


@pytest.mark.e2e
@pytest.mark.compile
def test_generated_suite_covers_reference_torch_and_autograd(built: Built) -> None:
    if not _torch_importable():
        pytest.skip(f"{TORCH_MISSING}: opcheck, torch.compile and gradcheck of the examples need it")
    passed = [o.test for o in built.summary.outcomes if o.outcome == "passed"]
    missing = [t for t in REQUIRED_TESTS[built.name] if not any(t in p for p in passed)]
    assert missing == [], f"not run or not passed in {built.project}: {missing}"


@pytest.mark.e2e
@pytest.mark.compile
def test_regenerating_with_force_around_user_files_reproduces_the_project(built: Built) -> None:
    # The built and tested project (see the test above) is this regenerated one.
    assert built.first, "the first generation wrote no generated files"
    assert built.regenerated == built.first
    for rel in USER_FILES[built.name]:
        assert (built.project / rel).read_bytes() == (built.example / rel).read_bytes(), rel

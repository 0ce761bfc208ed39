"""README.md's walk-through, followed literally: every block marked `<!-- walkthrough: ... -->` is written or run
in order in an empty folder with this environment's `opkit`, `pip` and `python`; then the new op is checked against
numpy on shapes the walk-through does not try.

Marks: `file PATH` writes the block to PATH; `maths PATH` replaces the kernel's YOUR MATHS block with it; `run` runs
it with bash -eu; `python` runs it with this interpreter and compares each commented `print(...)  # expected`
with what it printed.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
_MARKED = re.compile(
    r"<!-- walkthrough: (?P<kind>file|maths|run|python)(?: (?P<path>\S+))? -->\n```\w*\n(?P<body>.*?)```", re.S)
_MATHS = re.compile(r"^[ \t]*// =+ YOUR MATHS.*?^[ \t]*// =+ end of your maths =+\n", re.S | re.M)
_PACKAGE = "scale_custom"


@dataclass(frozen=True)
class Step:
    kind: str
    path: str | None
    body: str


def walkthrough_steps(readme: Path = REPO / "README.md") -> list[Step]:
    return [Step(m["kind"], m["path"], m["body"]) for m in _MARKED.finditer(readme.read_text(encoding="utf-8"))]


def _env() -> dict[str, str]:
    """This interpreter's environment first on PATH, so the README's `opkit`, `pip` and `python` are ours."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    return {**env, "NO_COLOR": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}


def _replace_maths(kernel: Path, block: str) -> None:
    text = kernel.read_text(encoding="utf-8")
    assert len(_MATHS.findall(text)) == 1, f"{kernel}: no single YOUR MATHS block; the README no longer matches gen"
    kernel.write_text(_MATHS.sub(lambda _: block, text), encoding="utf-8")


def _check_printed(code: str, printed: str) -> None:
    """Lines of `code` that print and carry a comment: the comment is the output the README promises."""
    prints = [line for line in code.splitlines() if line.startswith("print(")]
    lines = printed.splitlines()
    assert len(lines) == len(prints), f"expected one output line per print():\n{printed}"
    for statement, got in zip(prints, lines):
        if "  # " in statement:
            want = statement.split("  # ", 1)[1]
            assert got.split() == want.split(), f"{statement}\n  printed {got!r}"


def _run_step(step: Step, work: Path) -> str:
    if step.kind == "file":
        assert step.path
        (work / step.path).parent.mkdir(parents=True, exist_ok=True)
        (work / step.path).write_text(step.body, encoding="utf-8")
        return ""
    if step.kind == "maths":
        assert step.path
        _replace_maths(work / step.path, step.body)
        return ""
    command = (["bash", "-euo", "pipefail", "-c", step.body] if step.kind == "run"
               else [sys.executable, "-c", step.body])
    done = subprocess.run(command, cwd=work, env=_env(), capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, \
        f"README step failed (exit {done.returncode}):\n{step.body}\n{done.stdout}\n{done.stderr}"
    if step.kind == "python":
        _check_printed(step.body, done.stdout)
    return done.stdout


@pytest.fixture
def clean_install() -> Iterator[None]:
    """The walk-through pip-installs scale_custom into this environment; take it out again afterwards."""
    yield
    subprocess.run([sys.executable, "-m", "pip", "uninstall", "-y", "-q", _PACKAGE], capture_output=True, timeout=300)


def test_readme_has_a_complete_walkthrough() -> None:
    kinds = [s.kind for s in walkthrough_steps()]
    assert kinds[:2] == ["file", "run"] and {"maths", "python"} <= set(kinds)
    run_text = "\n".join(s.body for s in walkthrough_steps() if s.kind == "run")
    for command in ("opkit validate", "opkit gen", "opkit build", "opkit test", "pip install"):
        assert command in run_text


_CHECK = """
import numpy as np, scale_custom
rng = np.random.default_rng(1)
for dtype, tol in (("float32", 1e-6), ("float16", 1e-3)):
    for n in (1, 37, 4096, 100003):
        x = rng.standard_normal(n).astype(dtype)
        for kwargs, s in (({}, 2.0), ({"scale": -0.75}, -0.75)):
            y = scale_custom.scale_custom(x, **kwargs)
            assert y.dtype == x.dtype and y.shape == x.shape
            np.testing.assert_allclose(y.astype(np.float64), x.astype(np.float64) * s, rtol=tol, atol=tol)
print("ok")
"""


# Edits a user makes to host and tiling header before changing the prototype (step 8): each must survive `gen --force`.
_USER_EDITS = {
    "scale_custom/op_host/scale_custom.cpp": ("    tiling->tileLength = static_cast<uint32_t>(tileLength);\n",
                                              "    tiling->tileLength = static_cast<uint32_t>(tileLength);\n"
                                              "    // tile length checked against the UB by hand\n"),
    "scale_custom/op_kernel/scale_custom_tiling.h": ("#include <cstdint>\n",
                                                     "#include <cstdint>\n\n// scale travels as float for every dtype\n"),
}
# What the prototype change must bring into those files, the kernel and the reference (merged, not lost).
_MERGED_IN = {
    "scale_custom/op_host/scale_custom.cpp": ['this->Attr("mode")', "ge::DT_INT32", "tiling->mode = *modeAttr;"],
    "scale_custom/op_kernel/scale_custom_tiling.h": ["int64_t mode;"],
    "scale_custom/tests/reference.py": ["    mode=0,\n):", "(x.astype(np.float64) * x.dtype.type(scale))"],
    "scale_custom/op_kernel/scale_custom.cpp": ["Muls(yLocal, xLocal, static_cast<DTYPE_X>(tiling_.scale), count);"],
}


def _is_prototype_change(step: Step, seen: list[Step]) -> bool:
    return step.kind == "file" and step.path == "scale_custom.json" and any(s.path == step.path for s in seen)


def _apply_user_edits(work: Path) -> None:
    for path, (old, new) in _USER_EDITS.items():
        text = (work / path).read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{path}: the generated file no longer has {old!r}"
        (work / path).write_text(text.replace(old, new), encoding="utf-8")


def _assert_clean_count(tested: str) -> None:
    headlines = [line for line in tested.splitlines() if re.fullmatch(r"\d+ passed(, \d+ skipped)?", line)]
    assert headlines, f"`opkit test` did not end with a clean count:\n{tested}"
    skipped_for_reference = [line for line in tested.splitlines() if line.startswith("SKIPPED") and "reference" in line]
    assert not skipped_for_reference, f"correctness tests were skipped for want of a reference:\n{tested}"


@pytest.mark.e2e
@pytest.mark.compile
def test_following_the_readme_makes_a_working_op(tmp_path: Path, clean_install: None) -> None:
    """The whole walk-through, with the user's own edits to host and tiling header made before step 8 changes the
    prototype: after `gen --force` every edit is still there, the new attr and dtype reached each file, and the
    project builds and tests green."""
    steps, outputs = walkthrough_steps(), []
    for i, step in enumerate(steps):
        if _is_prototype_change(step, steps[:i]):
            _apply_user_edits(tmp_path)
        outputs.append(_run_step(step, tmp_path))
    tested = [out for step, out in zip(steps, outputs) if "opkit test" in step.body]
    assert len(tested) == 2, "the walk-through tests once before and once after changing the prototype"
    for out in tested:
        _assert_clean_count(out)
    regenerated = next(out for step, out in zip(steps, outputs) if "opkit gen" in step.body and "--force" in step.body)
    assert "merged op_host/scale_custom.cpp" in regenerated and "conflict" not in regenerated, regenerated
    for path, (_, edit) in _USER_EDITS.items():
        assert edit in (tmp_path / path).read_text(encoding="utf-8"), f"{path}: the user's edit was lost"
    for path, wanted in _MERGED_IN.items():
        text = (tmp_path / path).read_text(encoding="utf-8")
        assert all(w in text for w in wanted), f"{path} lacks one of {wanted}:\n{text}"
    assert not list(tmp_path.rglob("*.orig"))
    check = subprocess.run([sys.executable, "-c", _CHECK], cwd=tmp_path, env=_env(), capture_output=True, text=True,
                           timeout=300)
    assert (check.returncode, check.stdout) == (0, "ok\n"), check.stderr

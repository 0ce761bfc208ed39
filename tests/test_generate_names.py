"""Tensor names that read like the generated code's own locals (offset, count, tile, i, left, torch, ...) generate
a project that compiles: the templates' locals are scoped so they cannot collide with these names."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

import opkit
from opkit.generate import render_project
from opkit.spec import load_spec

PROTOTYPE = [{
    "op": "NamesCustom",
    "input_desc": [{"name": n, "param_type": k, "format": ["ND"], "type": ["float"]}
                   for n, k in (("offset", "required"), ("tile", "required"), ("torch", "optional"))],
    "output_desc": [{"name": n, "param_type": "required", "format": ["ND"], "type": ["float"]}
                    for n in ("count", "i", "left")],
    "attr": [{"name": "tiles", "param_type": "optional", "type": "int", "default_value": 1}],
}]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("names")
    (root / "names.json").write_text(json.dumps(PROTOTYPE))
    for f in render_project(load_spec(root / "names.json")).files:
        (root / f.path).parent.mkdir(parents=True, exist_ok=True)
        (root / f.path).write_text(f.content)
    return root


def test_python_files_of_local_like_names_parse(project: Path) -> None:
    import ast

    for rel in ("python/names_custom/_ops.py", "tests/reference.py", "tests/test_names_custom.py"):
        tree = ast.parse((project / rel).read_text(), filename=rel)
        assert any(isinstance(n, ast.FunctionDef) and n.name == "names_custom" for n in tree.body) or "test_" in rel


@pytest.mark.compile
def test_kernel_and_host_of_local_like_names_compile(project: Path) -> None:
    defines = [f"-DDTYPE_{n.upper()}=float" for n in ("offset", "tile", "torch", "count", "i", "left")]
    for source, extra in (("op_kernel/names_custom.cpp", defines), ("op_host/names_custom.cpp", [])):
        cmd = ["g++", "-std=c++17", "-fsyntax-only", "-Wall", "-Wextra", "-Werror", f"-I{opkit.include_dir()}",
               *extra, str(project / source)]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr[-4000:]

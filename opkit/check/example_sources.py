"""The shape a CANN project's example programs use for an op, read from their sources, for an op whose programs
`opkit test` did not record a call of (example_shapes.py records the calls of the programs it runs): a program that
does not run here, or one built against another folder.

Where (the example folders examples.py looks in, `<project>/examples/AclNN*/`, `../AclNN*/` and the folders with a
run.sh under `<project>/tests/` or `../tests/`, and the `Pytorch*` ones beside them):

- a main.cpp (or src/main.cpp) calling `aclnn<OpType>`: its fixed input shapes,
  `std::vector<int64_t> inputXShape = {8, 2048};` (the variables named `input...`, or every one when none is);
- a data generator `scripts/gen_data.py` of a folder whose sources or README name `aclnn<OpType>`, or
  `scripts_<word>/gen_data.py` for the op whose snake_case name starts with `<word>` (the library sample's
  `scripts_add` beside `scripts_matmul`): the shapes of its `np.random` calls, `np.random.uniform(1, 100, [8, 2048])`;
- a PyTorch program (`PytorchInvocation/*.py`, `.../src/*.py`) naming the op (`torch.ops.air.add_custom_tiling_sink`):
  the shapes of its `torch.randn(6, 64, ...)` (rand, ones, zeros, empty) calls.

A source gives a shape only when all the input shapes it names are one (the generated cases give every input one
shape); otherwise it gives none.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from opkit.spec.naming import snake_case

__all__ = ["source_shapes"]

_FOLDER = re.compile(r"^(aclnn|pytorch)", re.I)
_TORCH = re.compile(r"torch\.(?:randn|rand|ones|zeros|empty)\(\s*([\[(]?\s*\d+(?:\s*,\s*\d+)*)")
_VECTOR = re.compile(r"std::vector<\s*int64_t\s*>\s+(\w+)\s*=\s*\{([\d\s,]*)\}")
_RANDOM = re.compile(r"np\.random\.\w+\(([^)]*)\)")
_DIMS = re.compile(r"[\[(]\s*(\d+(?:\s*,\s*\d+)*)\s*,?\s*[\])]")


def _one(shapes: list[tuple[int, ...]]) -> tuple[int, ...] | None:
    distinct = list(dict.fromkeys(shapes))
    return distinct[0] if len(distinct) == 1 else None


def _main_shape(text: str) -> tuple[int, ...] | None:
    found = [(name, tuple(int(d) for d in dims.replace(" ", "").split(",") if d))
             for name, dims in _VECTOR.findall(text)]
    inputs = [shape for name, shape in found if name.lower().startswith("input")]
    return _one(inputs or [shape for _, shape in found])


def _gen_data_shape(text: str) -> tuple[int, ...] | None:
    shapes = [tuple(int(d) for d in m.split(",")) for call in _RANDOM.findall(text) for m in _DIMS.findall(call)]
    return _one(shapes)


def _text(folder: Path) -> str:
    return "".join(p.read_text(encoding="utf-8", errors="replace") for pattern in ("*.cpp", "*.h", "*.md")
                   for p in sorted(folder.rglob(pattern)) if "build" not in p.relative_to(folder).parts)


def source_shapes(project: Path, op_types: list[str]) -> list[dict[str, Any]]:
    """Rows {"op": OpType, "inputs": [shape]} for `op_types` (see the module's doc), as example_shapes.write_shapes
    takes recorded calls; at most one per op, the first source that gives one."""
    project = Path(project).absolute()
    folders = [d for base in (project / "examples", project.parent) if base.is_dir()
               for d in sorted(base.iterdir()) if d.is_dir() and _FOLDER.match(d.name)]
    folders += [d for base in (project / "tests", project.parent / "tests") if base.is_dir()
                for d in sorted(base.iterdir()) if d.is_dir() and (d / "run.sh").is_file()]
    rows: dict[str, dict[str, Any]] = {}
    for folder in folders:
        for main in (folder / "main.cpp", folder / "src" / "main.cpp"):
            text = main.read_text(encoding="utf-8", errors="replace") if main.is_file() else ""
            shape = _main_shape(text)
            for op in op_types:
                if shape is not None and op not in rows and re.search(rf"\baclnn{re.escape(op)}\s*\(", text):
                    rows[op] = {"op": op, "inputs": [list(shape)]}
        for script in sorted(folder.glob("scripts*/gen_data.py")):
            word = script.parent.name.removeprefix("scripts").removeprefix("_")
            shape = _gen_data_shape(script.read_text(encoding="utf-8", errors="replace"))
            for op in op_types:
                named = snake_case(op).startswith(word) if word else f"aclnn{op}" in _text(folder)
                if shape is not None and op not in rows and named:
                    rows[op] = {"op": op, "inputs": [list(shape)]}
        for script in sorted(folder.rglob("*.py")):
            text = script.read_text(encoding="utf-8", errors="replace")
            shape = _one([tuple(int(d) for d in m.strip("[( ").split(",")) for m in _TORCH.findall(text)])
            for op in op_types:
                if shape is not None and op not in rows and re.search(rf"\b{snake_case(op)}\b", text):
                    rows[op] = {"op": op, "inputs": [list(shape)]}
    return list(rows.values())

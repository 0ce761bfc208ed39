"""The OpDef beside an installed aclnn package: `op_api/opdef.json` (the prototype in msopgen's form, as `opkit build`
read it), so graph-mode code (torchair's converters) can be checked against the op's input and output names."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from opkit.build.layout import OPDEF_DIR
from opkit.spec.opdef import OPDEF_FILE

__all__ = ["install_opdef", "project_prototype"]


def project_prototype(project: Path, given: Path) -> Path | None:
    """The OpDef read back from a CANN project's host code, else the project's prototype JSON."""
    for root in (given, project):
        read_back = root.joinpath(*OPDEF_DIR, OPDEF_FILE)
        if read_back.is_file():
            return read_back
    for candidate in sorted(project.glob("*.json")):
        try:
            data = json.loads(candidate.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        ops = data if isinstance(data, list) else [data]
        if ops and all(isinstance(op, dict) and "op" in op for op in ops):
            return candidate
    return None


def install_opdef(project: Path, given: Path, vendor_dir: Path) -> Path | None:
    prototype = project_prototype(project, given)
    if prototype is None:
        return None
    target = vendor_dir / "op_api" / OPDEF_FILE
    shutil.copy2(prototype, target)
    return target

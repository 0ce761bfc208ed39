"""The custom operator package `opkit build` installs: a project's aclnn headers and libcust_opapi.so, laid out as
CANN's build installs them (`opp/vendors/<vendor>/op_api/{include,lib}`, `bin/set_env.bash`, `vendors/config.ini`)
in the tree of `opkit cann-root`. The vendor is the project's CMakePresets.json `vendor_name` (msopgen's), else
CANN's default, `customize`; a second project of the same vendor replaces the first, as CANN's installer does.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from opkit.build.cann_root import DEFAULT_VENDOR
from opkit.errors import BuildError

__all__ = ["install_aclnn_package", "project_vendor"]

_SET_ENV = """# The environment of custom operator package {vendor} (written by opkit build, as CANN's installer writes it).
_vendor_dir="$(cd "$(dirname "${{BASH_SOURCE[0]}}")/.." && pwd)"
export ASCEND_CUSTOM_OPP_PATH="${{_vendor_dir}}${{ASCEND_CUSTOM_OPP_PATH:+:${{ASCEND_CUSTOM_OPP_PATH}}}}"
export LD_LIBRARY_PATH="${{_vendor_dir}}/op_api/lib${{LD_LIBRARY_PATH:+:${{LD_LIBRARY_PATH}}}}"
unset _vendor_dir
"""


def project_vendor(project: Path) -> str:
    """The vendor name of `project`'s CMakePresets.json (msopgen's `vendor_name` cache variable), else `customize`."""
    presets = project / "CMakePresets.json"
    try:
        data = json.loads(presets.read_text(encoding="utf-8"))
        for preset in data.get("configurePresets", []):
            value = preset.get("cacheVariables", {}).get("vendor_name", {})
            name = value.get("value") if isinstance(value, dict) else value
            if isinstance(name, str) and name.strip():
                return name.strip()
    except (OSError, ValueError, AttributeError):
        pass
    return DEFAULT_VENDOR


def _built_library(glue: Path) -> Path:
    found = sorted((glue / "build").glob("*/libcust_opapi.so"), key=lambda p: p.stat().st_mtime)
    if not found:
        raise BuildError(f"the build made no libcust_opapi.so under {glue / 'build'}")
    return found[-1]


def _copy_op_api(glue: Path, api: Path) -> None:
    if api.exists():
        shutil.rmtree(api)
    (api / "include").mkdir(parents=True)
    (api / "lib").mkdir()
    for header in sorted((glue / "csrc" / "aclnn").glob("aclnn_*.h")):
        shutil.copy2(header, api / "include" / header.name)
    shutil.copy2(_built_library(glue), api / "lib" / "libcust_opapi.so")


def install_aclnn_package(glue: Path, root: Path, vendor: str, build_out: Path | None = None) -> Path:
    """Copy the glue project's aclnn headers and library into root/opp/vendors/<vendor>/op_api (and, for a CANN
    project, into its build_out/op_api, where CANN's build leaves them too: the "lite" samples link them there);
    returns the vendor folder."""
    vendor_dir = root / "opp" / "vendors" / vendor
    _copy_op_api(glue, vendor_dir / "op_api")
    if build_out is not None:
        _copy_op_api(glue, build_out / "op_api")
    (vendor_dir / "bin").mkdir(exist_ok=True)
    (vendor_dir / "bin" / "set_env.bash").write_text(_SET_ENV.format(vendor=vendor))
    config = root / "opp" / "vendors" / "config.ini"
    config.write_text(f"load_priority={vendor}\n")
    return vendor_dir

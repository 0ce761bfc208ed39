"""What CANN's build leaves in an op project's build_out/ besides op_api/: the package installer, or the libraries.

- `write_installer`: `custom_opp_<os>_<arch>.run`, a self-extracting script (makeself's kind) holding op_api/ and
  bin/set_env.bash. `./custom_opp_*.run` installs them into `$ASCEND_OPP_PATH/vendors/<vendor>` (with
  `--install-path=DIR`, into DIR/vendors/<vendor>) and puts the vendor first in vendors/config.ini, as CANN's does.
- `make_static_package`: with ASCEND_PACK_SHARED_LIBRARY, CANN's build installs `op_api/lib/lib<vendor>.a` and the
  CMake package `op_api/lib/cmake/<vendor>/<vendor>-{config,targets}.cmake` with the targets `<vendor>::static` (the
  archive linked whole, and its dependencies) and `<vendor>::shared` (libcust_opapi.so). A program may link two
  vendors' archives into one library (CANN's static_library sample links add_custom and matmul_custom into
  libop_runner.so), so the archive is one relocatable object, made as libcust_opapi.so is (opkitConfig.cmake's
  opkit_add_aclnn_library): the library's objects linked with `ld -r`, their COMDAT groups made plain sections
  (the linker would otherwise keep one vendor's copy of a shared inline function for both), then every symbol
  made local but the aclnn API. Each vendor thus keeps its own simulator and kernels, as two .so files would.
"""
from __future__ import annotations

import io
import platform
import subprocess
import tarfile
import tempfile
from collections.abc import Sequence
from pathlib import Path

from opkit import __version__
from opkit.build.isolation import read_symbols
from opkit.errors import BuildError

__all__ = ["make_static_package", "package_file_name", "write_installer"]

_INSTALLER = """#!/bin/bash
# {name}: the custom operator package {vendor} (made by opkit {version} for its CPU simulator), installed as CANN's
# installer does: `./{name} [--install-path=DIR]` puts it in $ASCEND_OPP_PATH/vendors/{vendor} (DIR/vendors/{vendor}).
vendor={vendor}
install_path=""
for arg in "$@"; do
  case "$arg" in
    --install-path=*) install_path=${{arg#--install-path=}} ;;
    --help|-h) sed -n 2,3p "$0"; exit 0 ;;
    --quiet|--noexec|--keep|--nox11) ;;
    *) echo "[ERROR] {name}: unknown option $arg (opkit's package takes --install-path=DIR)" >&2; exit 1 ;;
  esac
done
if [ -n "$install_path" ]; then
  mkdir -p "$install_path" && vendors="$(cd "$install_path" && pwd)/vendors" || exit 1
elif [ -n "$ASCEND_OPP_PATH" ]; then
  vendors="$ASCEND_OPP_PATH/vendors"
else
  echo "[ERROR] {name}: ASCEND_OPP_PATH is not set: source the CANN environment (\\$(opkit cann-root)/bin/setenv.bash)" \\
       "or give --install-path=DIR" >&2
  exit 1
fi
target="$vendors/$vendor"
mkdir -p "$target" && rm -rf "$target/op_api" || exit 1
line=$(awk '/^__OPKIT_PAYLOAD__$/ {{ print NR + 1; exit 0 }}' "$0")
tail -n +"$line" "$0" | tar -xz -C "$target" || {{ echo "[ERROR] {name}: cannot unpack into $target" >&2; exit 1; }}
# the vendor first in load_priority, the others after it
others=$(sed -n 's/^load_priority=//p' "$vendors/config.ini" 2>/dev/null | tr ',' '\\n' | grep -vx "$vendor" | paste -sd, -)
echo "load_priority=$vendor${{others:+,$others}}" > "$vendors/config.ini"
echo "SUCCESS: custom operator package $vendor installed in $target"
if [ -n "$install_path" ]; then
  echo "To use it: source $target/bin/set_env.bash (sets ASCEND_CUSTOM_OPP_PATH)"
fi
exit 0
__OPKIT_PAYLOAD__
"""

_SET_ENV = """# The environment of custom operator package {vendor} (as CANN's installer writes it).
_vendor_dir="$(cd "$(dirname "${{BASH_SOURCE[0]}}")/.." && pwd)"
export ASCEND_CUSTOM_OPP_PATH="${{_vendor_dir}}${{ASCEND_CUSTOM_OPP_PATH:+:${{ASCEND_CUSTOM_OPP_PATH}}}}"
export LD_LIBRARY_PATH="${{_vendor_dir}}/op_api/lib${{LD_LIBRARY_PATH:+:${{LD_LIBRARY_PATH}}}}"
unset _vendor_dir
"""

_CONFIG = """# {vendor}-config.cmake: the libraries of custom operator package {vendor} (made by opkit {version})
include(CMakeFindDependencyMacro)
include("${{CMAKE_CURRENT_LIST_DIR}}/{vendor}-targets.cmake")
set({vendor}_VERSION 1.0.0)
set({vendor}_VERSION_COMPATIBLE 1.0.0)
"""

# The package's root (op_api/) is three folders above this file (op_api/lib/cmake/<vendor>/). The archive's
# dependencies are the CANN stand-in's libraries, from $ASCEND_HOME_PATH (set by its setenv.bash) as CANN's file has.
_TARGETS = """# {vendor}-targets.cmake: the targets {vendor}::static and {vendor}::shared (made by opkit {version})
if(TARGET {vendor}::static)
  return()
endif()
get_filename_component(_{vendor}_prefix "${{CMAKE_CURRENT_LIST_DIR}}/../../.." ABSOLUTE)
if(NOT DEFINED ENV{{ASCEND_HOME_PATH}})
  message(FATAL_ERROR "{vendor}: ASCEND_HOME_PATH is not set: source $(opkit cann-root)/bin/setenv.bash first")
endif()
set(_{vendor}_cann "$ENV{{ASCEND_HOME_PATH}}")
find_package(Threads REQUIRED)
add_library(_asc_{vendor}_base_deps INTERFACE IMPORTED)
set_target_properties(_asc_{vendor}_base_deps PROPERTIES
  INTERFACE_LINK_LIBRARIES "${{_{vendor}_cann}}/lib64/libnnopbase.so;${{_{vendor}_cann}}/lib64/libascendcl.so;Threads::Threads;${{CMAKE_DL_LIBS}}")
add_library(_asc_intf_{vendor}_static INTERFACE IMPORTED)
set_target_properties(_asc_intf_{vendor}_static PROPERTIES
  INTERFACE_INCLUDE_DIRECTORIES "${{_{vendor}_prefix}}/include"
  INTERFACE_LINK_LIBRARIES "-Wl,--push-state,--whole-archive;${{_{vendor}_prefix}}/lib/lib{vendor}.a;-Wl,--pop-state;_asc_{vendor}_base_deps")
add_library({vendor}::static ALIAS _asc_intf_{vendor}_static)
add_library({vendor}::shared SHARED IMPORTED)
set_target_properties({vendor}::shared PROPERTIES
  IMPORTED_LOCATION "${{_{vendor}_prefix}}/lib/libcust_opapi.so"
  INTERFACE_INCLUDE_DIRECTORIES "${{_{vendor}_prefix}}/include")
unset(_{vendor}_prefix)
unset(_{vendor}_cann)
"""


def package_file_name() -> str:
    """custom_opp_<os>_<arch>.run, as CANN's build names it (<os>: the ID of /etc/os-release)."""
    os_id = "linux"
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("ID="):
                os_id = line[3:].strip().strip('"') or os_id
    except OSError:
        pass
    return f"custom_opp_{os_id}_{platform.machine()}.run"


def write_installer(op_api: Path, out_dir: Path, vendor: str) -> Path:
    """build_out/custom_opp_<os>_<arch>.run holding `op_api` (include/, lib/) and bin/set_env.bash."""
    name = package_file_name()
    payload = io.BytesIO()
    with tarfile.open(fileobj=payload, mode="w:gz") as tar:
        tar.add(op_api, arcname="op_api")
        script = _SET_ENV.format(vendor=vendor).encode()
        info = tarfile.TarInfo("bin/set_env.bash")
        info.size, info.mode = len(script), 0o755
        tar.addfile(info, io.BytesIO(script))
    target = out_dir / name
    try:
        target.write_bytes(_INSTALLER.format(name=name, vendor=vendor, version=__version__).encode()
                           + payload.getvalue())
        target.chmod(0o755)
    except OSError as exc:
        raise BuildError(f"{target}: cannot write the package installer: {exc.strerror or exc}") from exc
    return target


def _run(command: Sequence[str]) -> None:
    proc = subprocess.run(list(command), capture_output=True, text=True, errors="replace")
    if proc.returncode != 0:
        raise BuildError(f"{Path(command[0]).name} failed making the static op package:\n{proc.stderr[-2000:]}",
                         command=list(command), returncode=proc.returncode, output=proc.stderr)


def make_static_package(objects: Sequence[Path], op_api: Path, vendor: str) -> Path:
    """op_api/lib/lib<vendor>.a of `objects` (libcust_opapi.so's), and its CMake package; returns the archive."""
    missing = [str(o) for o in objects if not Path(o).is_file()]
    if not objects or missing:
        raise BuildError(f"cannot make lib{vendor}.a: missing objects {', '.join(missing[:3]) or '(none listed)'}")
    archive = op_api / "lib" / f"lib{vendor}.a"
    with tempfile.TemporaryDirectory(prefix="opkit-static-") as tmp:
        merged = Path(tmp) / f"{vendor}_opapi.o"
        _run(["ld", "-r", "--force-group-allocation", "-z", "muldefs", "-o", str(merged), *map(str, objects)])
        # objcopy localises a unique symbol (function-local statics of inline functions) only once it is weak.
        unique = Path(tmp) / "unique.txt"
        unique.write_text("".join(f"{s.name}\n" for s in read_symbols(merged) if s.unique))
        _run(["objcopy", f"--weaken-symbols={unique}", str(merged)])
        _run(["objcopy", "--wildcard", "--keep-global-symbol=aclnn*", str(merged)])
        archive.unlink(missing_ok=True)
        _run(["ar", "rcs", str(archive), str(merged)])
    cmake = op_api / "lib" / "cmake" / vendor
    cmake.mkdir(parents=True, exist_ok=True)
    (cmake / f"{vendor}-config.cmake").write_text(_CONFIG.format(vendor=vendor, version=__version__))
    (cmake / f"{vendor}-targets.cmake").write_text(_TARGETS.format(vendor=vendor, version=__version__))
    return archive

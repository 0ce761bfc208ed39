"""`opkit cann-root`: the per-user CANN stand-in tree that programs written for CANN build and run against.

CANN's samples take one directory as ASCEND_INSTALL_PATH / ASCEND_HOME_PATH / DDK_PATH and expect in it
`bin/setenv.bash`, `include/` (acl/, aclnn/), `lib64/` (libascendcl.so, libnnopbase.so, libopapi.so,
libacl_op_compiler.so: real shared libraries, since their CMakeLists link them by name), `<arch>-linux/{lib64,include}`
(NPU_HOST_LIB) and `opp/vendors/<vendor>/` (custom operator packages, which they link as `cust_opapi`). opkit's package
is read-only (site-packages), so the tree lives in the user's cache: links to opkit's own files plus the libraries
compiled once from `opkit/runtime/src/`, rebuilt when those sources (or opkit's version) change. A real CANN named by
the environment is never shadowed: the command refuses, saying where it is.
"""
from __future__ import annotations

import fcntl
import hashlib
import os
import platform
import shutil
import subprocess
import tempfile
from pathlib import Path

from opkit import __version__, cann_dir, include_dir
from opkit.errors import BuildError, PathError

__all__ = ["DEFAULT_VENDOR", "cann_root", "ensure_cann_root", "real_cann", "vendor_dir"]

DEFAULT_VENDOR = "customize"   # CANN's vendor name for custom operator packages (ASCEND_CUSTOM_OPP_PATH)
_MADE_BY = "made by opkit"
_SRC = include_dir().parent / "src"
# lib -> (source, extra flags, libraries it links): nnopbase uses libascendcl.so's shared state.
_LIBS: dict[str, tuple[str, list[str], list[str]]] = {
    "ascendcl": ("ascendcl.cpp", [], []),
    "nnopbase": ("nnopbase.cpp", ["-DOPKIT_ACL_DECLARE_ONLY", "-DOPKIT_ACL_SHARED_STATE"], ["ascendcl"]),
    "opapi": ("opapi.cpp", ["-DOPKIT_ACL_DECLARE_ONLY"], ["nnopbase", "ascendcl"]),
    "acl_op_compiler": ("acl_op_compiler.cpp", ["-DOPKIT_ACL_DECLARE_ONLY"], ["ascendcl"]),
    "hccl": ("hccl.cpp", [], ["ascendcl"]),
    # Libraries the MC2 samples link besides (logging, graph): their API is in opkit's headers.
    "ascendalog": ("empty_host_lib.cpp", [], []),
    "graph": ("empty_host_lib.cpp", [], []),
}
# The headers whose code the libraries compile (a change rebuilds them).
_LIB_HEADERS = ("acl", "aclnn", "hccl", "opkit/acl", "opkit/host/aclnn_types.h", "opkit/sim/device_memory.h",
                "opkit/sim/hccl_abi.h", "opkit/sim/hccl_collective.h")
_LINKED = ("bin", "set_env.sh", "compiler", "tools")   # from opkit/cann/


def cann_root() -> Path:
    """Where the tree lives: $OPKIT_CANN_ROOT, else ${XDG_CACHE_HOME:-~/.cache}/opkit/cann-<version>."""
    env = os.environ.get("OPKIT_CANN_ROOT")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "opkit" / f"cann-{__version__}"


def vendor_dir(vendor: str = DEFAULT_VENDOR) -> Path:
    return cann_root() / "opp" / "vendors" / vendor


def real_cann() -> tuple[str, Path] | None:
    """(variable, directory) of a CANN install not made by opkit that the environment points at, or None."""
    for var in ("ASCEND_HOME_PATH", "ASCEND_INSTALL_PATH", "ASCEND_TOOLKIT_HOME", "ASCEND_OPP_PATH"):
        value = os.environ.get(var)
        if not value:
            continue
        root = Path(value)
        for candidate in (root, root.parent):
            for marker in ("version.info", "ascend_toolkit_install.info"):
                info = candidate / marker
                try:
                    text = info.read_text(errors="replace") if info.is_file() else None
                except OSError:
                    text = None
                if text is not None and _MADE_BY not in text:
                    return var, candidate
    return None


def _arch_dir() -> str:
    return f"{platform.machine()}-linux"


def _compiler() -> str:
    return os.environ.get("OPKIT_CXX") or os.environ.get("CXX") or "g++"


def _stamp() -> str:
    # The opkit install the links point at is part of it: another venv's opkit lays the tree out again.
    digest = hashlib.sha256(f"{__version__}\n{include_dir()}\n{_compiler()}\n{sorted(_LIBS.items())}".encode())
    files = [Path(__file__), *sorted(_SRC.glob("*.cpp"))]   # this file lays the tree out
    for name in _LIB_HEADERS:
        path = include_dir() / name
        files += sorted(path.rglob("*.h")) if path.is_dir() else [path]
    for path in files:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def _link_command(name: str, out: Path) -> list[str]:
    source, flags, libs = _LIBS[name]
    rpath = "-Wl,-rpath,$ORIGIN"
    no_as_needed = ["-Wl,--no-as-needed"] if libs else []
    return [_compiler(), "-std=c++17", "-O2", "-fPIC", "-shared", "-pthread", *flags, f"-I{include_dir()}",
            str(_SRC / source), "-o", str(out / f"lib{name}.so"), f"-L{out}", rpath, *no_as_needed,
            *[f"-l{lib}" for lib in libs]]


def _build_libs(lib64: Path) -> None:
    for name in _LIBS:   # dict order: each library after the ones it links
        command = _link_command(name, lib64)
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            raise BuildError(f"cannot build lib{name}.so of the CANN stand-in:\n{result.stderr[-3000:]}",
                             command=command, returncode=result.returncode, output=result.stderr)


def _relink(link: Path, target: Path) -> None:
    if link.is_symlink() or link.is_file():
        link.unlink()
    elif link.is_dir():
        shutil.rmtree(link)
    link.symlink_to(target)


def _lay_out(root: Path, stamp: str) -> None:
    """(Re)create everything but opp/ (the user's installed packages stay)."""
    for name in _LINKED:
        _relink(root / name, cann_dir() / name)
    _relink(root / "include", include_dir())
    with tempfile.TemporaryDirectory(prefix=".lib64-", dir=root) as tmp:
        _build_libs(Path(tmp))
        old = root / "lib64"
        if old.exists():
            shutil.rmtree(old)
        Path(tmp).chmod(0o755)
        Path(tmp).rename(old)
        Path(tmp).mkdir()   # for TemporaryDirectory's cleanup
    # <arch>-linux/ (NPU_HOST_LIB of the samples), and runtime/ and atc/, which the examples of CANN's operator
    # repository put on their include path (`${INC_PATH}/runtime/include`, `${INC_PATH}/atc/include`).
    for name in (_arch_dir(), "runtime", "atc"):
        (root / name).mkdir(exist_ok=True)
        _relink(root / name / "lib64", Path("..") / "lib64")
        _relink(root / name / "include", Path("..") / "include")
    (root / "opp" / "vendors").mkdir(parents=True, exist_ok=True)
    (root / "version.info").write_text(f"Version={__version__}\n# {_MADE_BY}: a stand-in for CANN on the CPU\n")
    (root / ".opkit-stamp").write_text(stamp + "\n")


def ensure_cann_root() -> Path:
    """The laid-out tree (built on first use, rebuilt when opkit changed). Raises PathError where a real CANN is
    set up in the environment, or the tree cannot be written; BuildError when a library does not compile."""
    found = real_cann()
    if found is not None:
        var, where = found
        raise PathError(where, f"is a real CANN install (${var} points at it): opkit's stand-in would shadow it",
                        f"unset {var} to use opkit's CPU stand-in, or use the real CANN directly")
    root = cann_root()
    stamp = _stamp()
    try:
        root.mkdir(parents=True, exist_ok=True)
        with open(root / ".opkit-lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)   # two builds at once lay the tree out once
            stamp_file = root / ".opkit-stamp"
            current = stamp_file.read_text().strip() if stamp_file.is_file() else ""
            if current != stamp or not (root / "lib64" / "libascendcl.so").is_file():
                _lay_out(root, stamp)
    except OSError as exc:
        raise PathError.from_os_error(root, "cannot lay out the CANN stand-in there", exc,
                                      "set OPKIT_CANN_ROOT to a writable directory") from exc
    return root

"""The compiled part of the stand-in (the `npu` device, `libtorch_npu.so`), built against the installed torch on
first use and cached per torch version, and the package tree laid out as torch_npu's wheel is (`include/`, `lib/`)
for programs that take paths from `os.path.dirname(torch_npu.__file__)`."""
from __future__ import annotations

import hashlib
import os
import shutil
import sys
from contextlib import contextmanager
from pathlib import Path

__all__ = ["cache_root", "compiler", "include_dir", "lib_dir", "load_device_library", "layout_site"]

_HERE = Path(__file__).resolve().parent
_OPKIT = _HERE.parents[2]          # opkit/cann/python/torch_npu -> opkit/
_SOURCES = ("npu_device.cpp", "fallback.cpp", "inline_registry.cpp")


def include_dir() -> Path:
    """opkit's headers by CANN's and torch_npu's include names (`torch_npu/csrc/...`, `acl/`, `aclnn/`)."""
    return _OPKIT / "runtime" / "include"


def cache_root() -> Path:
    """Per torch version and Python: the build of the device library and the laid-out package tree."""
    import torch

    base = os.environ.get("OPKIT_TORCH_NPU_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "opkit", "torch_npu")
    # Keyed by the CANN stand-in too: the device library links (and rpaths) that tree's libascendcl.so.
    root = hashlib.sha256(str(cann_root().resolve()).encode()).hexdigest()[:8]
    tag = f"torch-{torch.__version__}-py{sys.version_info[0]}{sys.version_info[1]}-{root}"
    return Path(base) / tag


def cann_root() -> Path:
    """The CANN stand-in tree whose lib64/libascendcl.so holds the simulated device memory (aclrtMalloc's
    registry, which aclnn and kernel launches check): $OPKIT_CANN_ROOT, else `opkit cann-root`'s tree."""
    env = os.environ.get("OPKIT_CANN_ROOT")
    if env and (Path(env) / "lib64" / "libascendcl.so").is_file():
        return Path(env)
    global _ensured
    if _ensured is not None:
        return _ensured
    try:
        from opkit.build.cann_root import ensure_cann_root
    except ImportError as exc:
        raise ImportError("opkit's torch_npu stand-in needs opkit's CANN stand-in: run the program with "
                          "`opkit run -- ...` (or set OPKIT_CANN_ROOT to `opkit cann-root`)") from exc
    _ensured = ensure_cann_root()
    return _ensured


_ensured: Path | None = None


def lib_dir() -> Path:
    """Holds `libtorch_npu.so` (the device library under its torch_npu name), for `-ltorch_npu`."""
    return cache_root() / "lib"


def load_device_library() -> Path:
    """Build (once, then cached: cpp_extension rebuilds only when a source changes) and load the device library."""
    import torch
    from torch.utils import cpp_extension

    lib64 = cann_root() / "lib64"
    build = cache_root() / "build"
    build.mkdir(parents=True, exist_ok=True)
    verbose = os.environ.get("OPKIT_VERBOSE") == "1"
    if not (build / "opkit_torch_npu.so").exists():
        print("opkit: building the npu device for torch", torch.__version__, "(once, about a minute)",
              file=sys.stderr)
    with _one_compiler_spelling():
        _load(cpp_extension, build, lib64, verbose)
    lib = build / "opkit_torch_npu.so"
    _link(lib_dir() / "libtorch_npu.so", lib)
    return lib


def compiler() -> str:
    """The C++ compiler the device library is built with: $CXX (else c++) as one real path, so a CMake or make
    context that spells it `/bin/c++` does not rebuild the cached library (ninja compares command lines) while
    programs that use it wait on the build lock."""
    name = os.environ.get("CXX") or "c++"
    found = shutil.which(name)
    return os.path.realpath(found) if found else name


@contextmanager
def _one_compiler_spelling():
    old = os.environ.get("CXX")
    os.environ["CXX"] = compiler()
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("CXX", None)
        else:
            os.environ["CXX"] = old


def _load(cpp_extension, build: Path, lib64: Path, verbose: bool) -> None:
    cpp_extension.load(
        name="opkit_torch_npu",
        sources=[str(_HERE / "_csrc" / s) for s in _SOURCES],
        extra_include_paths=[str(include_dir())],
        # One device-memory registry per process: the one in libascendcl.so, shared with aclnn's libraries.
        extra_cflags=["-O1", "-DOPKIT_ACL_DECLARE_ONLY", "-DOPKIT_ACL_SHARED_STATE"],
        # torch_python as torch_npu's library has it: extensions that link only torch_npu get pybind's tensor casters.
        extra_ldflags=["-Wl,-soname,libtorch_npu.so", "-Wl,--no-as-needed", "-ltorch_python", "-Wl,--as-needed",
                       f"-L{lib64}", "-lascendcl",
                       f"-Wl,-rpath,{lib64}"],
        build_directory=str(build),
        is_python_module=False,
        verbose=verbose,
    )


def layout_site() -> Path:
    """A directory for PYTHONPATH whose `torch_npu/` looks like the installed wheel: the stand-in's modules
    (linked, so edits show), `include/` (opkit's headers) and `lib/libtorch_npu.so`; `torchair/` beside it."""
    site = cache_root() / "site"
    pkg = site / "torch_npu"
    pkg.mkdir(parents=True, exist_ok=True)
    for entry in _HERE.iterdir():
        if entry.name in {"__pycache__", "include", "lib"}:
            continue
        _link(pkg / entry.name, entry)
    _link(pkg / "include", include_dir())
    _link(pkg / "lib", lib_dir())
    _link(site / "torchair", _HERE.parent / "torchair")
    return site


def _link(path: Path, target: Path) -> None:
    if path.is_symlink() and os.readlink(path) == str(target):
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}")
    if tmp.is_symlink() or tmp.exists():
        tmp.unlink()
    tmp.symlink_to(target)
    os.replace(tmp, path)

"""`opkit run -- CMD`: CMD runs with opkit's stand-ins active. The CANN stand-in's environment (its
`bin/setenv.bash`: ASCEND_HOME_PATH, ASCEND_OPP_PATH, the custom package of vendor customize, lib64 on the loader
path) and the torch_npu/torchair stand-ins first on PYTHONPATH, laid out as torch_npu's wheel is (`include/`,
`lib/libtorch_npu.so`). A real torch_npu or torchair importable without opkit is never shadowed: `run` refuses."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from opkit import cann_dir
from opkit.build.cann_root import ensure_cann_root
from opkit.errors import BuildError, PathError, ShadowingError

__all__ = ["STANDINS", "python_of", "real_packages", "run_command", "standin_environment"]

STANDINS = ("torch_npu", "torchair")
_PYTHON_DIR = (cann_dir() / "python").resolve()
_FIND = ("import importlib.util, sys\n"
         "for name in sys.argv[1:]:\n"
         "    spec = importlib.util.find_spec(name)\n"
         "    print(name, spec.origin if spec and spec.origin else (list(spec.submodule_search_locations or [''])[0]"
         " if spec else ''))\n")


def python_of(command: Sequence[str]) -> str:
    """The interpreter CMD runs (its first word when that is a Python), else python3 on PATH, else opkit's own."""
    if command and Path(command[0]).name.startswith("python"):
        found = shutil.which(command[0])
        if found:
            return found
    return shutil.which("python3") or sys.executable


def real_packages(python: str, env: dict[str, str]) -> dict[str, str]:
    """{name: where} of the stand-ins' names that `python` imports without opkit's path (a real install)."""
    clean = dict(env)
    parts = [p for p in clean.get("PYTHONPATH", "").split(os.pathsep) if p and not _is_ours(p)]
    clean["PYTHONPATH"] = os.pathsep.join(parts)
    result = subprocess.run([python, "-c", _FIND, *STANDINS], capture_output=True, text=True, env=clean)
    if result.returncode != 0:
        raise BuildError(f"cannot ask {python} which packages it imports:\n{result.stderr[-2000:]}",
                         command=[python, "-c", "..."], returncode=result.returncode, output=result.stderr)
    found = {}
    for line in result.stdout.splitlines():
        name, _, where = line.partition(" ")
        if where:
            found[name] = where
    return found


def _is_ours(path: str) -> bool:
    """opkit's stand-in directory, or a tree laid out from it (its torch_npu/__init__.py links to ours)."""
    try:
        return (Path(path) / "torch_npu" / "__init__.py").resolve() == (_PYTHON_DIR / "torch_npu" / "__init__.py")
    except OSError:
        return False


def standin_environment(command: Sequence[str], op_plugins: Sequence[Path] = ()) -> dict[str, str]:
    """The environment CMD runs in. Refuses (ShadowingError) where a real torch_npu/torchair is importable."""
    env = dict(os.environ)
    python = python_of(command)
    real = real_packages(python, env)
    if real:
        listed = ", ".join(f"{name} at {where}" for name, where in sorted(real.items()))
        raise ShadowingError(f"{python} already imports a real {listed}: opkit's stand-ins would shadow it; run "
                             "the program with that install, or in an environment without it")
    for plugin in op_plugins:
        if not plugin.is_dir():
            raise PathError(plugin, "is not a directory of op_plugin_functions.yaml and *KernelNpuApi.cpp files")
    root = ensure_cann_root()
    env["OPKIT_CANN_ROOT"] = str(root)
    if op_plugins:
        old = [p for p in env.get("OPKIT_OP_PLUGIN", "").split(os.pathsep) if p]
        env["OPKIT_OP_PLUGIN"] = os.pathsep.join([*(str(p.resolve()) for p in op_plugins), *old])
    site, torch_include, torch_abi = _lay_out_site(python, env)
    env["PYTHONPATH"] = _joined(str(site), env.get("PYTHONPATH", ""))
    _add_build_paths(env, site, torch_include, torch_abi)
    return env


def _joined(first: str, rest: str) -> str:
    return os.pathsep.join([first, *[p for p in rest.split(os.pathsep) if p and p != first]])


def _add_build_paths(env: dict[str, str], site: Path, torch_include: str, torch_abi: str) -> None:
    """The stand-in as an installed torch_npu for compilers (after the user's own paths) and CMake's launcher."""
    include, lib = str(site / "torch_npu" / "include"), str(site / "torch_npu" / "lib")
    for name, value in (("CPATH", include), ("LIBRARY_PATH", lib), ("LD_LIBRARY_PATH", lib)):
        old = [p for p in env.get(name, "").split(os.pathsep) if p and p != value]
        env[name] = os.pathsep.join([*old, value])
    env["OPKIT_TORCH_CXX11_ABI"] = torch_abi
    env["OPKIT_TORCH_INCLUDE"] = os.pathsep.join([torch_include, include, str(_PYTHON_DIR.parent.parent / "runtime"
                                                                                  / "include")])
    launcher = ";".join([sys.executable, "-S", str(Path(__file__).with_name("abi_launcher.py"))])
    old = env.get("CMAKE_CXX_COMPILER_LAUNCHER", "")
    if launcher not in old:   # a user's launcher (ccache) runs after ours
        env["CMAKE_CXX_COMPILER_LAUNCHER"] = f"{launcher};{old}" if old else launcher


def _lay_out_site(python: str, env: dict[str, str]) -> tuple[Path, str, str]:
    """Build the device library against CMD's torch (once) and lay out the package tree; returns its directory,
    torch's include directory and its C++ string ABI ('1' new, '0' old)."""
    probe = dict(env)
    probe["PYTHONPATH"] = os.pathsep.join([str(_PYTHON_DIR), env.get("PYTHONPATH", "")])
    probe.pop("OPKIT_OP_PLUGIN", None)
    code = ("import os, torch, torch_npu, torch_npu._build as b; print(b.layout_site()); "
            "print(os.path.join(os.path.dirname(torch.__file__), 'include')); "
            "print(int(torch._C._GLIBCXX_USE_CXX11_ABI))")
    result = subprocess.run([python, "-c", code], capture_output=True, text=True, env=probe)
    if result.returncode != 0:
        raise BuildError(f"cannot set up the torch_npu stand-in with {python}:\n{result.stderr[-3000:]}",
                         command=[python, "-c", code], returncode=result.returncode, output=result.stderr)
    site, torch_include, abi = result.stdout.strip().splitlines()[-3:]
    return Path(site), torch_include, abi


def run_command(command: Sequence[str], op_plugins: Sequence[Path] = ()) -> int:
    """Run CMD (through bash, after sourcing the CANN stand-in's setenv.bash) and return its exit status."""
    if not command:
        raise PathError("-", "no command to run", "usage: opkit run -- python test_ops_custom.py")
    env = standin_environment(command, op_plugins)
    setenv = Path(env["OPKIT_CANN_ROOT"]) / "bin" / "setenv.bash"
    script = f'source "{setenv}" && exec "$@"'
    return subprocess.run(["bash", "-c", script, "opkit-run", *command], env=env).returncode

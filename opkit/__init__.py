"""opkit: Ascend C operators for PyTorch, generated, built and simulated on any Linux machine."""
from __future__ import annotations

from pathlib import Path

__all__ = ["__version__", "cann_dir", "cmake_dir", "include_dir"]

__version__ = "0.1.0"

_HERE = Path(__file__).resolve().parent


def include_dir() -> Path:
    """Directory holding `kernel_operator.h` and the host-side headers of the CPU simulator."""
    return _HERE / "runtime" / "include"


def cmake_dir() -> Path:
    """Directory holding `opkitConfig.cmake`, for `-Dopkit_DIR=...` or CMAKE_PREFIX_PATH."""
    return _HERE / "cmake"


def cann_dir() -> Path:
    """The stand-in CANN install, laid out as CANN's toolkit is (`bin/setenv.bash`, `set_env.sh`, `compiler/`,
    `tools/tikicpulib`): what CANN's samples take as ASCEND_CANN_PACKAGE_PATH or ASCEND_HOME_PATH."""
    return _HERE / "cann"

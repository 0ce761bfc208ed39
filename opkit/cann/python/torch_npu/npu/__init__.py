"""`torch.npu` / `torch_npu.npu` on the CPU: devices, streams and events that run nothing asynchronously (a launch
has finished when it returns, as in opkit's ACL), and the configuration switches torch_npu scripts set."""
from __future__ import annotations

import contextlib
import os
from typing import Any, Iterator

import torch

from . import config  # noqa: F401
from .streams import Event, Stream, current_stream, default_stream, set_stream, stream  # noqa: F401

__all__ = [
    "Event", "Stream", "config", "current_device", "current_stream", "default_stream", "device", "device_count",
    "get_device_name", "init", "is_available", "is_initialized", "manual_seed", "manual_seed_all", "set_compile_mode",
    "set_device", "set_stream", "stream", "synchronize", "empty_cache", "memory_allocated", "utils",
    "get_rng_state", "set_rng_state", "seed", "initial_seed",
]


def is_available() -> bool:
    return True


def is_initialized() -> bool:
    return True


def init() -> None:
    """Nothing to initialise on the CPU."""


def device_count() -> int:
    n = int(os.environ.get("OPKIT_ACL_DEVICE_COUNT", "8") or 8)   # as ACL's: eight devices unless set
    return n if 1 <= n <= 64 else 8


_current = [0]


def current_device() -> int:
    return _current[0]


def _index(dev: Any) -> int:
    if isinstance(dev, torch.device):
        return dev.index or 0
    if isinstance(dev, str):
        d = torch.device(dev)
        return d.index or 0
    return int(dev)


def set_device(dev: Any) -> None:
    index = _index(dev)
    if not 0 <= index < device_count():
        raise RuntimeError(f"npu: device {index} does not exist ({device_count()} device(s); "
                           "OPKIT_ACL_DEVICE_COUNT sets more)")
    _current[0] = index


@contextlib.contextmanager
def device(dev: Any) -> Iterator[None]:
    old = _current[0]
    set_device(dev)
    try:
        yield
    finally:
        _current[0] = old


def get_device_name(dev: Any = None) -> str:
    return "Ascend910B (opkit CPU simulator)"


def synchronize(dev: Any = None) -> None:
    """Every launch has finished when it returns."""


def set_compile_mode(jit_compile: bool = False) -> None:
    """torch_npu chooses between online compilation and binary kernels; the simulator always runs the source."""
    config._compile_mode["jit_compile"] = bool(jit_compile)


def empty_cache() -> None:
    """No caching allocator: freed tensors return their memory at once."""


def memory_allocated(dev: Any = None) -> int:
    return 0


def manual_seed(seed: int) -> None:
    torch.manual_seed(seed)


def manual_seed_all(seed: int) -> None:
    torch.manual_seed(seed)


def seed() -> None:
    torch.seed()


def initial_seed() -> int:
    return torch.initial_seed()


def get_rng_state(dev: Any = "npu") -> torch.Tensor:
    return torch.get_rng_state()


def set_rng_state(state: torch.Tensor, dev: Any = "npu") -> None:
    torch.set_rng_state(state)


def _is_in_bad_fork() -> bool:
    return False


from . import utils  # noqa: E402,F401

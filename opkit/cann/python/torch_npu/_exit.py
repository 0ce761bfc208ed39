"""Drain torch's autograd device threads of the npu device before Python finalizes.

A backward over npu tensors runs on torch's autograd thread of that device ("pt_autograd_N"). That thread drops its
last reference to the finished GraphTask after it has woken the thread that called backward(); the GraphTask's
captured thread-local state holds Python objects, so the drop takes the GIL. When the program exits right after
backward(), the drop can come after Python started finalizing: taking the GIL then ends the thread with
pthread_exit, whose unwind through a noexcept destructor calls std::terminate ("terminate called without an active
exception", rc 134) after the program printed its results. On an NPU the device is slow enough that this window is
rarely hit; here the device finishes at once.

At exit (before finalization), each device thread runs one more tiny backward whose captured state holds a sentinel
Python object; the device threads take tasks in order, so once that GraphTask is gone (the sentinel's weakref dies,
with the GIL free for the device thread meanwhile) every earlier GraphTask is gone too."""
from __future__ import annotations

import atexit
import time
import weakref

import torch

_WAIT_S = 10.0


class _Sentinel:
    def __call__(self, x):
        return x


def _drain_device(index: int) -> None:
    sentinel = _Sentinel()
    gone = weakref.ref(sentinel)
    with torch.autograd.graph.saved_tensors_hooks(sentinel, sentinel):
        leaf = torch.zeros(1, device=torch.device("npu", index), requires_grad=True)
        (leaf * 1).sum().backward()
    del sentinel, leaf
    deadline = time.monotonic() + _WAIT_S
    while gone() is not None and time.monotonic() < deadline:
        time.sleep(0.001)  # releases the GIL: the device thread can drop the GraphTask


def drain_autograd_device_threads() -> None:
    """Wait until the npu autograd threads hold no GraphTask (see the module docstring)."""
    if not torch.autograd.is_multithreading_enabled():
        return
    for index in range(torch.npu.device_count()):
        try:
            _drain_device(index)
        except Exception:  # noqa: BLE001 - at exit, a failed drain must not mask the program's own outcome
            return


atexit.register(drain_autograd_device_threads)

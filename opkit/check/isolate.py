"""Run a call into the user's host code (TilingFunc, InferShape) in a forked child process, so that a crash there
(SIGSEGV, abort) becomes a HostCrash naming what was called, not the death of the test process that asked.

For the generated tests' probes at import/collection time (example_shapes.case_shapes): a crash there would take
pytest down with every other test of the run. The real calls in the tests stay in-process (fast path).
"""
from __future__ import annotations

import os
import pickle
import signal
import sys
import time
from collections.abc import Callable
from typing import Any

__all__ = ["HostCrash", "run_isolated"]


class HostCrash(RuntimeError):
    """The child running `what` died (a signal, or an exit without an answer) or outlived the timeout."""

    def __init__(self, what: str, how: str) -> None:
        super().__init__(f"{what} crashed the process ({how})")
        self.what = what
        self.how = how


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def run_isolated(func: Callable[[], Any], what: str, timeout: float = 120.0) -> Any:
    """func()'s value, computed in a forked child; an exception func raises is raised here again (when it pickles;
    otherwise a RuntimeError with its text). A crash of the child raises HostCrash(what, ...). Without os.fork
    (not POSIX), func() runs in-process."""
    if not hasattr(os, "fork"):
        return func()
    read_end, write_end = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:   # child: answer through the pipe, then leave without running the parent's atexit/pytest teardown
        os.close(read_end)
        try:
            import faulthandler

            faulthandler.disable()   # the parent reports the crash; pytest's "Fatal Python error" dump would read as its own
            try:
                payload = pickle.dumps((True, func()))
            except BaseException as exc:   # noqa: BLE001 - everything goes back to the parent
                try:
                    payload = pickle.dumps((False, exc))
                except Exception:   # noqa: BLE001
                    payload = pickle.dumps((False, RuntimeError(f"{type(exc).__name__}: {exc}")))
            with os.fdopen(write_end, "wb") as pipe:
                pipe.write(payload)
        finally:
            os._exit(0)
    os.close(write_end)
    chunks = []
    deadline = time.monotonic() + timeout
    with os.fdopen(read_end, "rb") as pipe:
        import selectors

        with selectors.DefaultSelector() as sel:
            sel.register(pipe, selectors.EVENT_READ)
            while True:
                if not sel.select(max(0.0, deadline - time.monotonic())):
                    os.kill(pid, signal.SIGKILL)
                    os.waitpid(pid, 0)
                    raise HostCrash(what, f"no answer within {timeout:g} s; killed")
                chunk = os.read(pipe.fileno(), 1 << 16)
                if not chunk:
                    break
                chunks.append(chunk)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        raise HostCrash(what, _signal_name(os.WTERMSIG(status)))
    if not chunks:
        raise HostCrash(what, f"exit status {os.waitstatus_to_exitcode(status)} without an answer")
    ok, value = pickle.loads(b"".join(chunks))
    if ok:
        return value
    raise value

"""NPU streams and events on the CPU: every launch has finished when it returns, so waiting is immediate."""
from __future__ import annotations

import contextlib
import time
from typing import Any, Iterator

import torch

__all__ = ["Event", "Stream", "current_stream", "default_stream", "set_stream", "stream"]


class Stream:
    def __init__(self, device: Any = None, priority: int = 0, **kwargs: Any) -> None:
        index = device if isinstance(device, int) else (torch.device(device).index if device is not None else 0)
        self.device = torch.device("npu", index or 0)
        self.priority = priority
        self.npu_stream = 0

    def synchronize(self) -> None:
        pass

    def query(self) -> bool:
        return True

    def wait_stream(self, other: "Stream") -> None:
        pass

    def wait_event(self, event: "Event") -> None:
        pass

    def record_event(self, event: "Event | None" = None) -> "Event":
        event = event or Event()
        event.record(self)
        return event

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Stream) and other.device == self.device

    def __hash__(self) -> int:
        return hash(self.device)

    def __repr__(self) -> str:
        return f"<torch_npu.npu.Stream device={self.device} npu_stream=0x0>"


class Event:
    def __init__(self, enable_timing: bool = False, blocking: bool = False, interprocess: bool = False) -> None:
        self._time: float | None = None

    def record(self, stream: Stream | None = None) -> None:
        self._time = time.perf_counter()

    def wait(self, stream: Stream | None = None) -> None:
        pass

    def query(self) -> bool:
        return True

    def synchronize(self) -> None:
        pass

    def elapsed_time(self, end: "Event") -> float:
        if self._time is None or end._time is None:
            raise RuntimeError("npu Event: both events must be recorded before elapsed_time")
        return (end._time - self._time) * 1000.0


_streams: dict[int, Stream] = {}
_current: list[Stream | None] = [None]


def default_stream(device: Any = None) -> Stream:
    return _streams.setdefault(0, Stream(0))


def current_stream(device: Any = None) -> Stream:
    return _current[0] or default_stream(device)


def set_stream(s: Stream) -> None:
    _current[0] = s


@contextlib.contextmanager
def stream(s: Stream | None) -> Iterator[None]:
    old = _current[0]
    if s is not None:
        _current[0] = s
    try:
        yield
    finally:
        _current[0] = old

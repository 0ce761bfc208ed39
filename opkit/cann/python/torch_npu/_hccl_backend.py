"""torch.distributed's "hccl" backend on the CPU: `dist.init_process_group(backend="hccl")` in the processes of a
torch_npu script (one per device, as torch_npu's multi-device tests start them). The ranks are processes, so the
collectives travel through gloo over the process group's store; npu tensors hold host memory, and each collective
copies them to the CPU, runs gloo's, and copies the result back. Float16 and bfloat16 are reduced in float32 (HCCL
accumulates in the device's precision; the results differ in the last bits at most)."""
from __future__ import annotations

from datetime import timedelta
from typing import Any

import torch
import torch.distributed as dist

__all__ = ["register"]

_NARROW = (torch.float16, torch.bfloat16)


class _Done(dist._Work):
    """A collective that has finished (they run synchronously, as opkit's npu streams do)."""

    def __init__(self, result: list[torch.Tensor]) -> None:
        super().__init__()
        self._result = result

    def wait(self, timeout: timedelta = timedelta(0)) -> bool:  # noqa: ARG002 - nothing left to wait for
        return True

    def is_completed(self) -> bool:
        return True

    def is_success(self) -> bool:
        return True

    def result(self) -> list[torch.Tensor]:
        return self._result


def _host(t: torch.Tensor) -> torch.Tensor:
    c = t.detach().to("cpu", copy=True)
    return c.float() if c.dtype in _NARROW else c


class HcclProcessGroup(dist.ProcessGroup):
    def __init__(self, store: Any, rank: int, size: int, timeout: timedelta) -> None:
        super().__init__(rank, size)
        self._gloo = dist.ProcessGroupGloo(store, rank, size, timeout)

    def getBackendName(self) -> str:  # noqa: N802 - torch's name
        return "hccl"

    def _allreduce(self, tensors: list[torch.Tensor], op: Any) -> None:
        opts = dist.AllreduceOptions()
        opts.reduceOp = op
        self._gloo.allreduce(tensors, opts).wait()

    def allreduce(self, tensors: list[torch.Tensor], opts: Any) -> _Done:
        host = [_host(t) for t in tensors]
        self._allreduce(host, opts.reduceOp)
        for t, h in zip(tensors, host):
            t.copy_(h)
        return _Done(tensors)

    def reduce_scatter_single(self, output: torch.Tensor, input: torch.Tensor, opts: Any) -> _Done:  # noqa: A002
        full = _host(input).reshape(self.size(), -1)
        self._allreduce([full], opts.reduceOp)
        output.copy_(full[self.rank()].reshape(output.shape))
        return _Done([output])

    _reduce_scatter_base = reduce_scatter_single

    def reduce_scatter(self, outputs: list[torch.Tensor], inputs: list[list[torch.Tensor]], opts: Any) -> _Done:
        for out, parts in zip(outputs, inputs):
            stacked = torch.stack([_host(p) for p in parts])
            self._allreduce([stacked], opts.reduceOp)
            out.copy_(stacked[self.rank()])
        return _Done(outputs)

    def all_gather_single(self, output: torch.Tensor, input: torch.Tensor, opts: Any = None) -> _Done:  # noqa: A002
        host = _host(input)
        parts = [torch.empty_like(host) for _ in range(self.size())]
        self._gloo.allgather([parts], [host]).wait()
        output.copy_(torch.cat([p.reshape(-1) for p in parts]).reshape(output.shape))
        return _Done([output])

    _allgather_base = all_gather_single

    def allgather(self, outputs: list[list[torch.Tensor]], inputs: list[torch.Tensor], opts: Any = None) -> _Done:
        for outs, inp in zip(outputs, inputs):
            parts = [torch.empty_like(_host(inp)) for _ in outs]
            self._gloo.allgather([parts], [_host(inp)]).wait()
            for o, p in zip(outs, parts):
                o.copy_(p)
        return _Done([t for outs in outputs for t in outs])

    def broadcast(self, tensors: list[torch.Tensor], opts: Any) -> _Done:
        host = [t.detach().to("cpu", copy=True) for t in tensors]
        bopts = dist.BroadcastOptions()
        bopts.rootRank, bopts.rootTensor = opts.rootRank, opts.rootTensor
        self._gloo.broadcast(host, bopts).wait()
        for t, h in zip(tensors, host):
            t.copy_(h)
        return _Done(tensors)

    def barrier(self, opts: Any = None) -> _Done:  # noqa: ARG002
        self._gloo.barrier().wait()
        return _Done([])


def _create(store: Any, rank: int, size: int, timeout: timedelta) -> HcclProcessGroup:
    return HcclProcessGroup(store, rank, size, timeout)


def register() -> None:
    """Make "hccl" a backend of torch.distributed for npu tensors (once)."""
    if dist.is_available() and "hccl" not in dist.Backend.backend_list:
        dist.Backend.register_backend("hccl", _create, devices=["npu"])

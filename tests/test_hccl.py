"""HCCL on the CPU: the host API of libhccl.so in `opkit cann-root` (tests/hccl/collectives.cpp: one thread per device,
a communicator from root info, AllReduce/AllGather/ReduceScatter/Broadcast/Barrier on aclrtMalloc'd memory, checked
against numpy here), and the calls it refuses with HCCL's status and a message saying why.
"""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

from opkit.build.cann_root import ensure_cann_root

pytestmark = pytest.mark.compile

PROGRAM = Path(__file__).resolve().parent / "hccl" / "collectives.cpp"
RANKS, COUNT = 4, 1000


@pytest.fixture(scope="module")
def collectives(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = ensure_cann_root()
    out = tmp_path_factory.mktemp("hccl")
    (out / "out").mkdir()
    subprocess.run(["g++", "-std=c++11", f"-I{root}/include", str(PROGRAM), "-o", str(out / "collectives"),
                    f"-L{root}/lib64", f"-Wl,-rpath,{root}/lib64", "-lhccl", "-lascendcl", "-pthread"],
                   check=True, capture_output=True, text=True)
    return out


def _run(program: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "OPKIT_ACL_DEVICE_COUNT"}
    return subprocess.run([str(program / "collectives"), *args], cwd=program, env=env, capture_output=True, text=True,
                          timeout=120)


def _inputs(rank: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    i = np.arange(COUNT)
    f32 = ((rank + 1) * 0.5 + i * 0.25).astype(np.float32)
    f16 = (((np.arange(COUNT * RANKS) + rank * 7) % 13) - 6.0).astype(np.float16)
    return f32, f16, (rank * 100000 + i).astype(np.int32)


def test_collectives_give_numpys_results(collectives: Path) -> None:
    result = _run(collectives)
    assert result.returncode == 0 and "failed" not in result.stdout, result.stdout + result.stderr
    assert sorted(result.stdout.split("\n")[:RANKS]) == [f"rank {r} of {RANKS}" for r in range(RANKS)]
    f32, f16, i32 = zip(*(_inputs(r) for r in range(RANKS)))
    expected = {
        "allreduce_sum": (np.float32, np.sum(f32, axis=0)),
        "allreduce_max": (np.float16, np.max(f16, axis=0)),
        "allgather": (np.int32, np.concatenate(i32)),
        "broadcast": (np.int32, i32[2]),
    }
    for rank in range(RANKS):
        for name, (dtype, want) in expected.items():
            got = np.fromfile(collectives / "out" / f"{name}_{rank}.bin", dtype=dtype)
            np.testing.assert_allclose(got, want, rtol=1e-6, err_msg=f"{name} of rank {rank}")
        got = np.fromfile(collectives / "out" / f"reducescatter_{rank}.bin", dtype=np.float16)
        want = np.sum([x[rank * COUNT:(rank + 1) * COUNT].astype(np.float32) for x in f16], axis=0)
        np.testing.assert_allclose(got, want.astype(np.float16), err_msg=f"reducescatter of rank {rank}")


def test_wrong_calls_give_hccls_status_and_say_why(collectives: Path) -> None:
    result = _run(collectives, "errors")
    assert result.returncode == 0, result.stderr
    assert sorted(result.stdout.splitlines()) == [
        "cluster: 5", "foreign: 5", "mismatch rank 0: 4", "mismatch rank 1: 4", "twice: 1"]
    assert ("rank 0 prepared AllReduce (count 64, data type 4, op 0, stride 0, repeat 1), rank 1 AllReduce (count 32"
            in result.stderr)
    assert "HcclCommInitClusterInfo: rank 0: a rank table file (ranktable.json)" in result.stderr
    assert "the root info 'from-another-process' was not made by HcclGetRootInfo in this process" in result.stderr
    assert "HcclCommInitAll: device 0 is listed twice" in result.stderr


_DISTRIBUTED = r'''
import sys
import torch, torch_npu, torch.distributed as dist
import torch.multiprocessing as mp

def rank_main(rank, port):
    torch.npu.set_device(rank)
    dist.init_process_group(backend="hccl", rank=rank, world_size=2, init_method=f"tcp://127.0.0.1:{port}")
    x = (torch.arange(6, dtype=torch.float16) + rank * 10).npu()
    dist.all_reduce(x, op=dist.ReduceOp.SUM)
    out = torch.zeros(3, dtype=torch.float32).npu()
    dist.reduce_scatter_tensor(out, (torch.arange(6, dtype=torch.float32) * (rank + 1)).npu(), op=dist.ReduceOp.SUM)
    gathered = torch.zeros(4, dtype=torch.int32).npu()
    dist.all_gather_into_tensor(gathered, torch.full((2,), rank + 5, dtype=torch.int32).npu())
    b = torch.full((2,), float(rank), dtype=torch.float32).npu()
    dist.broadcast(b, src=1)
    dist.barrier()
    with open(f"rank{rank}.txt", "w") as f:   # a file each: two processes' prints on one stdout interleave
        print(rank, x.device.type, x.cpu().tolist(), out.cpu().tolist(), gathered.cpu().tolist(), b.cpu().tolist(),
              file=f)
    dist.destroy_process_group()

if __name__ == "__main__":
    mp.set_start_method("forkserver", force=True)
    procs = [mp.Process(target=rank_main, args=(r, int(sys.argv[1]))) for r in range(2)]
    for p in procs:
        p.start()
    for p in procs:
        p.join()
    sys.exit(max(p.exitcode for p in procs))
'''


def test_torch_distributed_hccl_backend_of_the_standin(tmp_path: Path) -> None:
    """`dist.init_process_group(backend="hccl")` in torch_npu-style multi-process scripts (as the MC2 samples'
    gen_data.py), under `opkit run`: the collectives on npu tensors give numpy's results."""
    import socket
    import sys

    script = tmp_path / "two_ranks.py"
    script.write_text(_DISTRIBUTED)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    result = subprocess.run([sys.executable, "-m", "opkit", "run", "--", sys.executable, str(script), str(port)],
                            cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = [(tmp_path / f"rank{rank}.txt").read_text().strip() for rank in (0, 1)]
    summed = (np.arange(6) * 2 + 10).tolist()
    assert lines == [
        f"0 npu {[float(v) for v in summed]} [0.0, 3.0, 6.0] [5, 5, 6, 6] [1.0, 1.0]",
        f"1 npu {[float(v) for v in summed]} [9.0, 12.0, 15.0] [5, 5, 6, 6] [1.0, 1.0]",
    ]

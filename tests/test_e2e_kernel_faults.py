"""Kernels that go wrong in the ways a GM bounds check per allocation or a blocking call cannot catch, run from an
installed package: a read past the end into the view next door (two views of one numpy array), a kernel that never
returns (cancelled by the watchdog, or by Ctrl-C), and the interpreter carrying on after each."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import textwrap
import time
from pathlib import Path

import pytest

from tests.test_e2e_build import ADD_CUSTOM, Venv, _must, _opkit

pytestmark = [pytest.mark.e2e, pytest.mark.compile]

# The add_custom skeleton (z = x) with three bugs that only inputs of a chosen length trigger, so one build serves all
# tests and every other length still runs correctly: 64 elements read x one whole input further on (past its end),
# 999 elements read the last tile rounded up to 8 elements (into the padding the NPU's allocator adds behind x),
# 4097 elements make block 0 spin forever without calling any Ascend C API, and 0 elements read (and write) one
# whole tile, as kernels that never expect an empty input do.
BUGS = [
    ("const uint64_t tiles = (blockLength_ + tile - 1) / tile;",
     "const uint64_t tiles = tiling_.totalLength == 0 ? 1 : (blockLength_ + tile - 1) / tile;"),
    ("const uint32_t count = left < tile ? static_cast<uint32_t>(left) : tile;",
     "const uint32_t count = tiling_.totalLength == 0 ? tile : left < tile ? static_cast<uint32_t>(left) : tile;"),
    ("CopyGmToUb(xLocal, xGm_[offset], count);",
     "CopyGmToUb(xLocal, xGm_[offset + (tiling_.totalLength == 64 ? 64 : 0)],\n"
     "                   tiling_.totalLength == 999 ? (count + 7) / 8 * 8 : count);"),
    ("        const uint32_t tile = tiling_.tileLength;\n",
     "        const uint32_t tile = tiling_.tileLength;\n"
     "        if (tiling_.totalLength == 4097 && GetBlockIdx() == 0) {\n"
     "            volatile uint64_t spins = 0;\n"
     "            for (;;) spins = spins + 1;\n"
     "        }\n"),
]


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Venv:
    return Venv(tmp_path_factory.mktemp("venv") / "env")


@pytest.fixture(scope="module")
def faulty(venv: Venv, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Generated, given its bugs, then built and installed once (the clean skeleton's build is test_e2e_build's)."""
    root = tmp_path_factory.mktemp("faulty")
    project = root / ADD_CUSTOM.stem
    _must(_opkit("gen", "-i", str(ADD_CUSTOM), "-o", str(project), cwd=root))
    kernel = project / "op_kernel" / "add_custom.cpp"
    text = kernel.read_text()
    for good, bad in BUGS:
        assert good in text
        text = text.replace(good, bad)
    kernel.write_text(text)
    _must(_opkit("build", str(project), "-j", "2", cwd=project.parent))
    venv.pip("install", "-q", "--force-reinstall", "--no-deps", str(next((project / "dist").glob("*.whl"))))
    return project


OVERRUN = """
import json, warnings
import numpy as np
import add_custom

both = np.arange(128, dtype=np.float32)
x, y = both[:64], both[64:]          # two views of one array, next to each other
rows = []
for a, b in [(x, y), (x.copy(), y.copy())]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        z = add_custom.add_custom(a, b)
    rows.append([bool(np.isnan(z).all()), [str(w.message) for w in caught]])
z = add_custom.add_custom(np.arange(65, dtype=np.float32), np.ones(65, np.float32))
rows.append(z.tolist() == list(range(65)))
rows.append(both.tolist() == list(range(128)))
print(json.dumps(rows))
"""


def test_a_read_past_the_end_is_a_warning_and_its_values_fail_the_numbers(venv: Venv, faulty: Path) -> None:
    """x read one whole input further on: the NPU reads whatever follows x (here y's data, as the views lie), which is
    no memory corruption, so the kernel runs with a warning; opkit reads 0xFF there, so z is NaN and a numbers check
    fails where the device's z = y might have passed unnoticed."""
    as_views, as_copies, next_ok, inputs_kept = venv.results(OVERRUN, cwd=faulty.parent)
    for all_nan, caught in (as_views, as_copies):
        assert all_nan, "the values past x's end were not read as NaN"
        assert len(caught) == 1, caught
        assert caught[0].startswith("[AddCustom][Block_0][add_custom.cpp:"), caught
        assert ("GM read of 256 bytes at bytes [256, 512) of 'x' (256 bytes + 32 bytes of allocator padding) runs 224 "
                "bytes past the end of its padding") in caught[0]
        assert "on the NPU it reads whatever memory follows the allocation" in caught[0]
    assert "(here the memory of 'y')" in as_views[1][0] and "here the memory" not in as_copies[1][0]
    assert next_ok is True and inputs_kept is True


EMPTY = """
import json
import numpy as np
import add_custom

z = add_custom.add_custom(np.ones(0, np.float32), np.ones(0, np.float32))
w = add_custom.add_custom(np.ones((3, 0), np.float16), np.ones((3, 0), np.float16))
print(json.dumps([z.shape, str(z.dtype), w.shape, str(w.dtype)]))
"""


def test_a_call_whose_outputs_are_all_empty_does_not_run_the_kernel(venv: Venv, faulty: Path) -> None:
    # CANN's nnopbase launches nothing when every output has 0 elements (launch_op.h, SkipsLaunch): the kernel
    # above would read a whole tile of the empty x, and is not run.
    assert venv.results(EMPTY, cwd=faulty.parent) == [[0], "float32", [3, 0], "float16"]


PADDING = """
import json, warnings
import numpy as np
import add_custom

x = np.arange(999, dtype=np.float32)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    z = add_custom.add_custom(x, x.copy())
print(json.dumps([z.tolist() == x.tolist(), [(w.category.__name__, str(w.message)) for w in caught]]))
"""


def test_a_read_into_the_allocator_padding_is_a_warning_not_a_fault(venv: Venv, faulty: Path) -> None:
    right, caught = venv.results(PADDING, cwd=faulty.parent)
    assert right is True
    assert len(caught) == 1, caught
    category, message = caught[0]
    assert category == "RuntimeWarning"
    assert message.startswith("[AddCustom][Block_0][add_custom.cpp:"), message
    assert ("[DataCopyPad] GM read of 4000 bytes at bytes [0, 4000) of 'x' (3996 bytes) reaches 4 bytes into the 36 "
            "bytes of padding the NPU's allocator adds behind it") in message


HANG = """
import json, sys, time
import numpy as np
import add_custom

{setup}
x = np.ones(4097, np.float32)
start = time.monotonic()
try:
    add_custom.add_custom(x, x)
    outcome = "returned"
except add_custom.KernelError as e:
    outcome = str(e)
seconds = time.monotonic() - start
z = add_custom.add_custom(np.arange(65, dtype=np.float32), np.ones(65, np.float32))
print(json.dumps([outcome, seconds, z.tolist() == list(range(65))]))
"""


@pytest.mark.parametrize("how", ["environment", "call"])
def test_kernel_that_never_returns_is_cancelled_by_the_watchdog(venv: Venv, faulty: Path, how: str) -> None:
    setup = "previous = add_custom.set_kernel_timeout(0.5)\nassert previous == 60, previous"
    script = HANG.format(setup="" if how == "environment" else setup)
    env = {**os.environ, "OPKIT_KERNEL_TIMEOUT": "0.5"} if how == "environment" else None
    proc = subprocess.run([str(venv.python), "-c", textwrap.dedent(script)], cwd=faulty.parent, capture_output=True,
                          text=True, env=env, timeout=120)
    _must(proc)
    outcome, seconds, next_ok = json.loads(proc.stdout.strip().splitlines()[-1])
    assert outcome.startswith("[AddCustom][watchdog] the launch ran longer than its limit of 0.5 s"), outcome
    assert "blocks still running: 0 (last API TPipe::InitBuffer at add_custom.cpp:" in outcome, outcome
    assert 0.5 <= seconds < 10, seconds
    assert next_ok is True


CTRL_C = """
import sys, time
import numpy as np
import add_custom

x = np.ones(4097, np.float32)
print("started", flush=True)
try:
    add_custom.add_custom(x, x)
    print("returned", flush=True)
except KeyboardInterrupt:
    print("KeyboardInterrupt", flush=True)
z = add_custom.add_custom(np.arange(65, dtype=np.float32), np.ones(65, np.float32))
print("next call ok" if z.tolist() == list(range(65)) else "next call WRONG", flush=True)
"""


def test_ctrl_c_stops_a_running_kernel_with_keyboard_interrupt(venv: Venv, faulty: Path) -> None:
    proc = subprocess.Popen([str(venv.python), "-c", textwrap.dedent(CTRL_C)], cwd=faulty.parent,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "started"
        time.sleep(1.0)  # the kernel is spinning by now
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
        waited = time.monotonic() - sent
    finally:
        proc.kill()
    assert out.split() == ["KeyboardInterrupt", "next", "call", "ok"], out + err
    assert waited < 5, waited
    assert proc.returncode == 0, err

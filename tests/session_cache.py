"""What several test files need and none changes (a venv with torch, a built project), made once per test session
and shared by the xdist workers: one directory per key under the session's temporary directory, made under a file
lock by whichever worker asks first; the others wait for it and reuse it."""
from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Callable

import pytest

REPO = Path(__file__).resolve().parents[1]


def session_root(factory: pytest.TempPathFactory) -> Path:
    """The directory of this session: under xdist each worker's basetemp is <session>/popen-gwN, their common parent;
    without xdist the basetemp itself."""
    base = factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def shared(factory: pytest.TempPathFactory, key: str, make: Callable[[Path], None],
           use: Callable[[Path], None] | None = None) -> Path:
    """<session>/shared/<key>, made by `make(path)` the first time any worker asks; then `use(path)` if given, still
    under the lock (no other worker makes or uses it meanwhile). A `make` that raises leaves nothing behind, so the
    next caller tries again (and fails with its own error)."""
    root = session_root(factory) / "shared"
    root.mkdir(exist_ok=True)
    target, done = root / key, root / f"{key}.done"
    with open(root / f"{key}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)   # released when the file closes, also if this process dies
        if not done.exists():
            shutil.rmtree(target, ignore_errors=True)
            make(target)
            done.touch()
        if use is not None:
            use(target)
    return target


def _make_torch_venv(root: Path) -> None:
    python = root / "bin" / "python"
    pip = f"{python} -m pip install -q --disable-pip-version-check"
    script = (f"{sys.executable} -m venv {root} && {pip} torch==2.13.0 numpy pytest click jinja2 pyyaml jsonschema "
              f"&& {pip} --no-deps {REPO}")
    proc = subprocess.run(["bash", "-c", script], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert proc.returncode == 0, proc.stdout[-4000:]


def torch_venv(factory: pytest.TempPathFactory) -> Future[Path]:
    """The python of a fresh venv with torch, pytest and opkit itself (generated tests import opkit.testing), one per
    session: the files that install their wheels there use different package names. Made in a thread, so the caller
    builds its project meanwhile; `.result()` waits for it."""
    pool = ThreadPoolExecutor(max_workers=1)
    future = pool.submit(lambda: shared(factory, "torch-venv", _make_torch_venv) / "bin" / "python")
    pool.shutdown(wait=False)
    return future


def example_with_aclnn(factory: pytest.TempPathFactory, name: str, use: Callable[[Path], None]) -> Path:
    """examples/<name> generated (`opkit gen -i examples/<name>/<name>.json`) and built with its aclnn package, which
    the build installs in the suite's cann-root, once per session. A file of the same vendor installed since replaces
    it there (aclnn_package.py), so `use` (run under the lock) builds again before relying on it: a quick no-op build
    that installs the package again."""
    from opkit.build.project import build_project
    from opkit.generate import generate_project
    from opkit.spec import load_spec

    def make(target: Path) -> None:
        with pytest.MonkeyPatch.context() as mp:
            mp.setenv("OPKIT_ACLNN", "1")
            generate_project(load_spec(REPO / "examples" / name / f"{name}.json"), target)
            build_project(target, jobs=2)
    return shared(factory, f"example-{name}-aclnn", make, use)


def own_cann_root(factory: pytest.TempPathFactory, name: str) -> Path:
    """A cann-root for one test module: its own opp/ (so the aclnn package its builds install in the `customize`
    vendor stays there while its tests run: another xdist worker's build would replace it in a shared tree), the rest
    linked to the suite's tree ($OPKIT_CANN_ROOT of conftest, laid out once): no library is built again. The module
    sets OPKIT_CANN_ROOT to it while it builds and runs."""
    from opkit.build.cann_root import ensure_cann_root

    shared_root = ensure_cann_root()
    root = factory.mktemp(f"cann-root-{name}")
    for entry in shared_root.iterdir():
        if entry.name not in ("opp", ".opkit-lock"):
            (root / entry.name).symlink_to(entry)
    (root / "opp" / "vendors").mkdir(parents=True)
    return root

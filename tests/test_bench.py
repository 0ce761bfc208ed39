"""`opkit bench`: the table, bench.json and bench.png from known rows, and the CLI on the add_custom example."""
from __future__ import annotations

import functools
import json
import shutil
import struct
import sys
from pathlib import Path

import pytest

from opkit.build.project import wheel_is_stale
from opkit.check import bench
from opkit.cli import main
from tests.session_cache import example_with_aclnn

_ROWS = [bench.BenchRow("add_custom", "float32,float32->float32", n, 12 * n, 1e-9 * n, 2e-9 * n, None)
         for n in (1024, 4096)] + [bench.BenchRow("gelu", "float16->float16", 1024, 4096, 1e-5, None, 2e-6)]


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", "not a PNG"
    return struct.unpack(">II", data[16:24])


def test_json_holds_every_row_with_throughput(tmp_path: Path) -> None:
    data = json.loads(bench.write_json(_ROWS, tmp_path / "b.json").read_text())
    assert data["unit"] == {"time": "s", "throughput": "GB/s"}
    first = data["rows"][0]
    assert (first["op"], first["size"], first["bytes"]) == ("add_custom", 1024, 12288)
    assert first["sim_gbps"] == pytest.approx(12 / 1.0) and first["numpy_gbps"] == pytest.approx(6.0)
    assert first["torch_gbps"] is None and data["rows"][2]["numpy_s"] is None


def test_table_has_a_line_per_row_and_dashes_for_missing_references() -> None:
    lines = bench.render_table(_ROWS).splitlines()
    assert len(lines) == 2 + len(_ROWS) and lines[0].split()[:3] == ["op", "dtypes", "size"]
    assert lines[2].split()[:5] == ["add_custom", "float32,float32->float32", "1024", "0.001", "12.00"]
    assert lines[2].rstrip().endswith("-")


def test_plot_is_a_png_with_a_panel_per_op(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    width, height = _png_size(bench.write_plot(_ROWS, tmp_path / "b.png", title="t"))
    assert width > 2 * height > 0   # two panels side by side


def test_without_matplotlib_the_plot_says_which_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(bench.PlotUnavailableError, match=r"opkit\[plot\]"):
        bench.write_plot(_ROWS, tmp_path / "b.png")


@pytest.mark.e2e
def test_cli_benchmarks_the_add_custom_example(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               tmp_path_factory: pytest.TempPathFactory,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """On a copy of the session's build of the example (tests/session_cache.py): its wheel is fresh (copy2 keeps the
    times), so the bench installs it without building again (the build-if-stale path is `opkit test`'s, the same
    code, which tests/test_examples.py runs on a project it generates)."""
    project = tmp_path / "add_custom"
    example_with_aclnn(tmp_path_factory, "add_custom", lambda built: shutil.copytree(
        built, project, ignore=shutil.ignore_patterns("build", "npu_examples")))
    assert not wheel_is_stale(project)
    monkeypatch.setattr(bench, "bench_project", functools.partial(bench.bench_project, target=tmp_path / "site"))
    with pytest.raises(SystemExit) as exited:
        main(["bench", str(project), "--sizes", "1024,65536", "-o", str(tmp_path / "out")])
    assert exited.value.code == 0
    out = capsys.readouterr().out
    assert "json: " in out and "png: " in out
    rows = json.loads((tmp_path / "out" / "bench.json").read_text())["rows"]
    assert {(r["dtypes"], r["size"]) for r in rows} == {(c, n) for c in ("float16,float16->float16",
                                                                        "float32,float32->float32",
                                                                        "int32,int32->int32") for n in (1024, 65536)}
    for r in rows:
        assert r["bytes"] == 3 * r["size"] * (2 if r["dtypes"].startswith("float16") else 4)
        assert r["sim_s"] > 0 and r["numpy_s"] > 0 and r["sim_gbps"] > 0
        assert (r["torch_s"] is not None) == _has_torch()
    width, height = _png_size(tmp_path / "out" / "bench.png")
    assert width > 0 and height > 0
    assert "add_custom       float32,float32->float32" in out


def _has_torch() -> bool:
    try:
        import torch  # noqa: F401
    except ImportError:
        return False
    return True

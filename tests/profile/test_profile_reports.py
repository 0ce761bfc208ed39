"""`opkit profile` on a kernel-launch program: the CLI's table, the trace JSON, the PNG, the dict; recording is off
unless asked for."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from opkit.cli import main
from opkit.profile import profile_program, write_reports
from tests.runtime.cxx import Program, compile_program, run_program

pytestmark = pytest.mark.compile

_ARGS = ["1048576", "4", "4096", "2"]


@pytest.fixture(scope="module")
def add_bench() -> Path:
    return compile_program(Path(__file__).parent / "add_bench.cpp", opt="-O2").path


def test_nothing_is_recorded_without_opkit_profile(add_bench: Path, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPKIT_PROFILE", raising=False)
    monkeypatch.chdir(tmp_path)
    proc = run_program(Program(add_bench), *_ARGS)
    assert proc.returncode == 0
    assert list(tmp_path.iterdir()) == []


def test_reports_trace_png_and_dict(add_bench: Path, tmp_path: Path) -> None:
    (e,) = profile_program([str(add_bench), *_ARGS])
    numbers = e.to_dict()
    assert numbers["estimate"] is True and numbers["block_dim"] == 4 and numbers["bound"] == "MTE2"
    assert numbers["counts"]["mte2_copies"] == 2 * 256 and numbers["counts"]["vec_instructions"] == 256
    paths = write_reports(e, tmp_path, "add")
    trace = json.loads(paths["trace"].read_text())
    spans = [ev for ev in trace["traceEvents"] if ev["ph"] == "X"]
    assert {ev["pid"] for ev in spans} == {0, 1, 2, 3}
    assert {ev["name"] for ev in spans} == {"DataCopy", "Add"}
    # a span is the time its pipe is occupied; the last copy's data lands one DMA latency (0.107 us) later
    last = max(ev["ts"] + ev["dur"] for ev in spans)
    assert last < e.metrics["Task Duration(us)"] <= last + 0.108
    png = paths["png"].read_bytes()   # matplotlib comes with the test extra
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and png[12:16] == b"IHDR"
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert width >= 600 and height >= 200, (width, height)
    assert json.loads(paths["json"].read_text())["Task Duration(us)"] == e.metrics["Task Duration(us)"]


def test_cli_prints_msprof_table(add_bench: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["profile", str(add_bench), "-o", str(tmp_path), "--", *_ARGS])
    assert done.value.code == 0
    out = capsys.readouterr()
    for key in ("Task Duration(us)", "aiv_vec_time(us)", "aiv_scalar_time(us)", "aiv_mte2_ratio", "bound"):
        assert key in out.out
    assert "ESTIMATE" in out.out
    assert (tmp_path / "add_bench.trace.json").is_file()


def test_cli_project_needs_op_and_shape(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["profile", str(tmp_path)])
    assert done.value.code == 2
    assert "--op NAME --shape" in capsys.readouterr().err


def test_cli_no_trace_no_png(add_bench: Path, tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as done:
        main(["profile", str(add_bench), "-o", str(tmp_path), "--no-trace", "--no-png", "--", *_ARGS])
    assert done.value.code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["add_bench.json"]


def test_cli_compare_two_programs(add_bench: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the same program twice is a tie; the table still has both columns and each pipe's difference
    with pytest.raises(SystemExit) as done:
        main(["profile", "--compare", str(add_bench), str(add_bench), "-o", str(tmp_path), "--no-png", "--",
              *_ARGS])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "B - A" in out and "aiv_mte2_time(us)" in out and "winner: neither" in out
    assert (tmp_path / "A-add_bench.json").is_file() and (tmp_path / "B-add_bench.json").is_file()


def test_compare_names_the_faster_variant(add_bench: Path) -> None:
    from opkit.profile import format_compare

    (slow,) = profile_program([str(add_bench), "1048576", "4", "1024", "1"])   # small tiles, single buffer
    (fast,) = profile_program([str(add_bench), *_ARGS])
    text = format_compare(slow, fast, "small", "big")
    assert "winner: big" in text
    row = next(line for line in text.splitlines() if line.strip().startswith("Task Duration"))
    assert row.rstrip().endswith("B")


def test_project_defaults_name_the_only_op(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from opkit.profile import project_ops

    spec = Path(__file__).parents[2] / "examples" / "add_custom" / "add_custom.json"
    (tmp_path / "add_custom.json").write_text(spec.read_text())
    assert project_ops(tmp_path) == ["add_custom"]
    two = json.loads(spec.read_text())
    ops = two if isinstance(two, list) else [two]
    renamed = json.loads(json.dumps(ops[0]).replace("AddCustom", "SubCustom"))
    (tmp_path / "add_custom.json").write_text(json.dumps([*ops, renamed]))
    with pytest.raises(SystemExit) as done:
        main(["profile", str(tmp_path)])
    assert done.value.code == 2
    assert "its ops: add_custom, sub_custom" in capsys.readouterr().err

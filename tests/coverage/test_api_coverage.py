"""The coverage table cannot lie: every vector API name CANN declares has a documented call in vector_api_calls.tsv,
every `ok` call compiles against the simulator, every `missing` one does not, and every named numeric test exists.

The calls are only parsed (-fsyntax-only) after a precompiled prelude, like test_api_fidelity.py.
"""
from __future__ import annotations

import os
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import opkit
from tests.coverage.api_table import (HOST_PRELUDE, KERNEL_PRELUDE, Parse, Row, inventory_names, load_rows,
                                      numeric_test_exists, parse_unit)
from tests.runtime.cxx import CXX

ROWS = load_rows()
_PRELUDES = {"kernel": KERNEL_PRELUDE, "host": HOST_PRELUDE}


def _flags(soc: str = "") -> list[str]:
    arch = [f"-DOPKIT_SOC_ARCH={soc}"] if soc else []
    return ["-std=c++17", "-Wall", "-Wextra", "-Werror", "-Wno-unused-variable", *arch, f"-I{opkit.include_dir()}"]


def _unit(r: Row) -> tuple[str, str]:
    """The precompiled prelude a row parses after: its side and its SoC."""
    return (r.side, r.soc)


def test_every_inventory_name_in_scope_has_a_row() -> None:
    have = {(r.family, r.name) for r in ROWS}
    absent = sorted(inventory_names() - have)
    assert not absent, f"no row in vector_api_calls.tsv for {absent}"


def test_rows_are_unique() -> None:
    seen: dict[str, int] = {}
    dupes = [f"line {r.line}: {r.key} repeats line {seen[r.key]}" for r in ROWS if seen.setdefault(r.key, r.line) != r.line]
    assert not dupes, "\n".join(dupes)


def test_named_numeric_tests_exist_and_only_for_compiling_rows() -> None:
    bad = [f"line {r.line}: {r.name}: numeric test {r.numeric!r} is not a test function of this repository"
           for r in ROWS if r.numeric and not numeric_test_exists(r)]
    bad += [f"line {r.line}: {r.name} is missing but names a numeric test" for r in ROWS
            if r.numeric and r.status == "missing"]
    assert not bad, "\n".join(bad)


@pytest.fixture(scope="module")
def preludes(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    dirs: dict[tuple[str, str], Path] = {}
    for side, soc in sorted({_unit(r) for r in ROWS}):
        d = tmp_path_factory.mktemp(f"coverage-{side}{soc}")
        (d / "prelude.h").write_text(_PRELUDES[side])
        proc = subprocess.run([CXX, *_flags(soc), "-x", "c++-header", str(d / "prelude.h"), "-o",
                               str(d / "prelude.h.gch")], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr[-4000:]
        dirs[(side, soc)] = d
    return dirs


def _parse_each(preludes: dict[tuple[str, str], Path], rows: list[Row], tag: str) -> list[Parse]:
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        return list(pool.map(lambda r: parse_unit(CXX, _flags(r.soc), preludes[_unit(r)], f"{tag}_{r.line}", [r]),
                             rows))


def _compiling(preludes: dict[tuple[str, str], Path], rows: list[Row], tag: str) -> set[int]:
    """Table lines of the rows whose call compiles: one unit per side and SoC, then each row no error pointed at
    alone."""
    ok: set[int] = set()
    for side, soc in sorted({_unit(r) for r in rows}):
        batch = [r for r in rows if _unit(r) == (side, soc)]
        whole = parse_unit(CXX, _flags(soc), preludes[(side, soc)], f"{tag}_{side}{soc}", batch)
        if whole.returncode == 0:
            ok |= {r.line for r in batch}
            continue
        unsure = [r for r in batch if r.line not in whole.failed]
        ok |= {r.line for r, p in zip(unsure, _parse_each(preludes, unsure, tag)) if p.returncode == 0}
    return ok


@pytest.mark.compile
def test_ok_rows_compile(preludes: dict[tuple[str, str], Path]) -> None:
    rows = [r for r in ROWS if r.status == "ok"]
    ok = _compiling(preludes, rows, "ok")
    broken = [r for r in rows if r.line not in ok]
    report = [f"line {r.line}: {r.family} {r.name}: `{r.call}`\n{p.stderr[-1500:]}"
              for r, p in zip(broken, _parse_each(preludes, broken, "why"))]
    assert not report, "rows marked ok do not compile:\n" + "\n".join(report)


@pytest.mark.compile
def test_missing_rows_do_not_compile(preludes: dict[tuple[str, str], Path]) -> None:
    rows = [r for r in ROWS if r.status == "missing" and r.call]
    ok = _compiling(preludes, rows, "missing")
    compiled = [f"line {r.line}: {r.family} {r.name}: `{r.call}` compiles now: mark it ok (and name its numeric test)"
                for r in rows if r.line in ok]
    assert not compiled, "\n".join(compiled)

"""The vector API coverage table (vector_api_calls.tsv): one documented call per Ascend C name, and how to compile it.

Both the coverage test (test_api_coverage.py) and the report (benchmarks/api_coverage.py) read the table through
this module, so the numbers the report prints are the ones the test holds the simulator to.

Columns (tab-separated, `#` starts a comment line):
  family   inventory family (basic/vec_binary, adv/math, ...) or an extra family for names outside the inventory
  side     kernel | host
  name     the API name as CANN spells it
  status   ok (the call compiles) | missing (it does not yet: `note` says why)
  numeric  the test that checks the API's values, `tests/...py::test_name`, or empty
  call     one or more C++ statements in CANN's documented form, over the operands of KERNEL_PRELUDE/HOST_PRELUDE;
           empty only for a `missing` row whose call is not written yet
  include  extra headers the call needs (space-separated), or empty; a `dav-NNNN` token compiles the row for that
           SoC (-DOPKIT_SOC_ARCH=NNNN, e.g. dav-3510 for Ascend 950's own APIs) instead of the default 910B;
           `deprecated` lets the call use a name CANN declares [[deprecated]] (the warning, an error under -Werror,
           is silenced for that call only)
  note     why a row is missing, or anything else worth a line
"""
from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

__all__ = ["TABLE", "INVENTORY", "KERNEL_PRELUDE", "HOST_PRELUDE", "Row", "load_rows", "inventory_names",
           "in_scope", "unit_source", "Parse", "parse_unit", "numeric_test_exists"]

HERE = Path(__file__).resolve().parent
TABLE = HERE / "vector_api_calls.tsv"
INVENTORY = HERE / "ascendc-api-inventory.tsv"
REPO = HERE.parents[1]
_COLUMNS = ("family", "side", "name", "status", "numeric", "call", "include", "note")

# Families of the inventory in scope: the vector core's APIs (matrix/cube and communication ones are out).
_OUT_OF_SCOPE = ("basic/mm", "basic/cube_group", "adv/matmul", "adv/hccl", "adv/hcomm", "adv/conv")

# Operands a kernel-side call may use: tensors named by element type, GM pointers, parameter structs.
KERNEL_PRELUDE = """\
#include "kernel_operator.h"
using namespace AscendC;
extern LocalTensor<half> h, h2, h3;
extern LocalTensor<float> f, f2, f3;
extern LocalTensor<bfloat16_t> bf;
extern LocalTensor<int32_t> i32, i32b;
extern LocalTensor<uint32_t> u32;
extern LocalTensor<int16_t> i16;
extern LocalTensor<uint16_t> u16;
extern LocalTensor<int8_t> i8;
extern LocalTensor<uint8_t> u8;
extern LocalTensor<int64_t> i64;
extern LocalTensor<uint64_t> u64;
extern GlobalTensor<half> gh;
extern GlobalTensor<float> gf;
extern GlobalTensor<int32_t> gi32;
extern GlobalTensor<uint64_t> gu64;
extern __gm__ int32_t* gp;
extern __gm__ float* gpf;
extern GM_ADDR gm;
extern uint64_t mask[2];
extern const uint64_t cmask[2];
extern UnaryRepeatParams up;
extern BinaryRepeatParams bp;
extern DataCopyParams cp;
extern DataCopyExtParams ext;
extern DataCopyPadParams pad;
extern float x;
extern uint32_t n;
extern LocalTensor<float> dst, src, src1;
extern LocalTensor<half> srcH;
extern LocalTensor<int16_t> dstI16, srcI16, src1I16;
extern LocalTensor<uint8_t> tmp;
"""

HOST_PRELUDE = """\
#include "tiling/tiling_api.h"
#include "tiling/platform/platform_ascendc.h"
using namespace AscendC;
extern ge::Shape shape, shape2;
extern uint32_t n, maxSize, minSize, a, b;
"""

Status = Literal["ok", "missing"]
_DEPRECATED = "deprecated"


@dataclass(frozen=True)
class Row:
    line: int
    family: str
    side: Literal["kernel", "host"]
    name: str
    status: Status
    numeric: str
    call: str
    include: tuple[str, ...]
    note: str

    @property
    def key(self) -> str:
        return f"{self.family}:{self.name}"

    @property
    def headers(self) -> tuple[str, ...]:
        return tuple(h for h in self.include if not h.startswith("dav-") and h != _DEPRECATED)

    @property
    def body(self) -> str:
        """The call as the row's function body: a `deprecated` row's call with the deprecation warning silenced."""
        if _DEPRECATED not in self.include:
            return f"{self.call};"
        return ('_Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \\"-Wdeprecated-declarations\\"") '
                f'{self.call}; _Pragma("GCC diagnostic pop")')

    @property
    def soc(self) -> str:
        """The __NPU_ARCH__ the row compiles for ("" = the default, Ascend910B)."""
        return next((h[4:] for h in self.include if h.startswith("dav-")), "")


def load_rows(path: Path = TABLE) -> list[Row]:
    """Rows of the table; a malformed line is a ValueError naming its line."""
    rows: list[Row] = []
    for number, text in enumerate(path.read_text().splitlines(), 1):
        if not text.strip() or text.startswith("#"):
            continue
        cells = text.split("\t")
        if len(cells) != len(_COLUMNS):
            raise ValueError(f"{path.name}:{number}: {len(cells)} columns, expected {len(_COLUMNS)} {_COLUMNS}")
        family, side, name, status, numeric, call, include, note = cells
        if side not in ("kernel", "host") or status not in ("ok", "missing"):
            raise ValueError(f"{path.name}:{number}: side must be kernel|host and status ok|missing")
        if not call and status == "ok":
            raise ValueError(f"{path.name}:{number}: {name} is ok but has no call")
        if status == "missing" and not note:
            raise ValueError(f"{path.name}:{number}: {name} is missing without a note saying why")
        rows.append(Row(number, family, side, name, status, numeric, call, tuple(include.split()), note))  # type: ignore[arg-type]
    return rows


def in_scope(family: str) -> bool:
    return not family.startswith(_OUT_OF_SCOPE)


def inventory_names(path: Path = INVENTORY) -> set[tuple[str, str]]:
    """(family, name) of every inventory entry in scope."""
    out = set()
    for text in path.read_text().splitlines():
        if text.startswith("#") or not text.strip():
            continue
        family, _side, name, _decl = text.split("\t")
        if in_scope(family):
            out.add((family, name))
    return out


def unit_source(rows: list[Row]) -> tuple[str, int]:
    """A translation unit holding each row's call in its own function, one row per line after the precompiled
    prelude and the rows' includes; and the line number of the first row."""
    includes = sorted({h for r in rows for h in r.headers})
    head = '#include "prelude.h"\n' + "".join(f'#include "{h}"\n' for h in includes)
    body = "".join(f"void row_{r.line}() {{ {r.body} }}\n" for r in rows)
    return head + body, 2 + len(includes)


@dataclass(frozen=True)
class Parse:
    returncode: int
    stderr: str
    failed: frozenset[int]  # table lines of the rows a diagnostic points at


def parse_unit(cxx: str, flags: list[str], prelude_dir: Path, name: str, rows: list[Row]) -> Parse:
    """Parse (-fsyntax-only) the rows' calls against the prelude precompiled in prelude_dir.

    `failed` holds the rows some error (or its "required from here") points at. A row it leaves out may still fail
    to compile alone (GCC reports an erroneous template instantiation once), so callers check those one by one.
    """
    src = prelude_dir / f"{name}.cpp"
    text, first = unit_source(rows)
    src.write_text(text)
    proc = subprocess.run([cxx, *flags, "-Winvalid-pch", "-fmax-errors=0", f"-I{prelude_dir}", "-fsyntax-only",
                           str(src)], capture_output=True, text=True)
    lines = {int(m) for m in re.findall(rf"{re.escape(src.name)}:(\d+):", proc.stderr)}
    failed = frozenset(r.line for i, r in enumerate(rows) if first + i in lines)
    return Parse(proc.returncode, proc.stderr, failed)


def numeric_test_exists(row: Row) -> bool:
    """The numeric column names a test file of this repository and a test function defined in it."""
    if not row.numeric:
        return False
    file, _, func = row.numeric.partition("::")
    path = REPO / file
    return path.is_file() and bool(func) and f"def {func}(" in path.read_text()

"""gert::TilingData keeps CANN's field order (capacity, data size, data), so a TilingFunc that saves its struct over
the TilingData object instead of its data, as CANN's group_barrier sample does
(`tiling.SaveToBuffer(context->GetRawTilingData(), ...)`), clobbers the capacity as on CANN, not opkit's records."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.runtime.cxx import compile_program, run_program

pytestmark = pytest.mark.compile

_PROGRAM = """
#include <cstdio>
#include <cstring>
#include "register/tilingdata_base.h"
#include "exe_graph/runtime/tiling_data.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(OneFieldTiling)
TILING_DATA_FIELD_DEF(uint32_t, size);
END_TILING_DATA_DEF;
}

int main() {
  alignas(8) unsigned char buffer[64] = {};
  gert::TilingData raw(buffer, sizeof(buffer));
  optiling::OneFieldTiling tiling;
  tiling.set_size(16384);
  tiling.SaveToBuffer(&raw, raw.GetCapacity());   // the sample's slip: the object, not raw.GetData()
  raw.SetDataSize(tiling.GetDataSize());
  std::printf("data %d size %zu overflow %zu capacity %zu\\n", raw.GetData() == buffer, raw.GetDataSize(),
              raw.opkit_overflow_, raw.GetCapacity());
  return 0;
}
"""


def test_struct_saved_over_the_object_clobbers_the_capacity_as_on_cann(tmp_path: Path) -> None:
    source = tmp_path / "slip.cpp"
    source.write_text(_PROGRAM)
    proc = run_program(compile_program(source))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    # On CANN the first 4 bytes of the object are the capacity's low half: 16384 lands there; data and size hold.
    assert proc.stdout.strip() == "data 1 size 4 overflow 0 capacity 16384", proc.stdout

"""opkit::host: op_host files in CANN >= 9 and classic style register; infer and tile give the op's answers."""
from __future__ import annotations

import math
import struct

import pytest

from tests.runtime.cxx import Program
from tests.runtime.test_host_programs import build_host, host_args, run_json

pytestmark = pytest.mark.compile

UB_910B = 192 * 1024
LIB_API_WORKSPACE = 16 * 1024 * 1024
CORES = {"Ascend910B2": 48, "Ascend910B4": 40, "Ascend910_9391": 48}


@pytest.fixture(scope="module")
def host() -> Program:
    return build_host()


def test_every_op_of_the_program_is_registered(host: Program) -> None:
    out = run_json(host, ["list"])
    assert out["ops"] == ["AddCustom", "AttrsCustom", "ClassicCustom", "FaultyCustom", "ImplStyleCustom"]
    assert out["add_inputs"] == 2
    assert out["add_configs"] == 2


@pytest.mark.parametrize("dtype", ["float16", "float32"])
@pytest.mark.parametrize("shape", [[8, 2048], [1], [3, 5, 7], [48 * 1024]])
def test_infer_new_style_op(host: Program, dtype: str, shape: list[int]) -> None:
    spec = f"{dtype}:{','.join(map(str, shape))}"
    out = run_json(host, host_args("infer", "AddCustom", [spec, spec]))
    assert out["outputs"] == [[{"shape": shape, "dtype": dtype}]]


@pytest.mark.parametrize("soc", ["Ascend910B2", "Ascend910B4", "Ascend910_9391"])
@pytest.mark.parametrize("dtype,item,key", [("float16", 2, 2), ("float32", 4, 1)])
@pytest.mark.parametrize("total", [1, 100, 8 * 2048, 1 << 20])
def test_tile_new_style_op_uses_platform_cores_and_ub(host: Program, soc: str, dtype: str, item: int, key: int,
                                                      total: int) -> None:
    spec = f"{dtype}:{total}"
    out = run_json(host, host_args("tile", "AddCustom", [spec, spec], soc=soc))
    align = 32 // item
    blocks = math.ceil(total / align)
    cores = CORES[soc]
    block_dim = min(blocks, cores)
    assert out["block_dim"] == block_dim
    assert out["tiling_key"] == key
    assert out["soc"] == soc
    assert out["workspaces"] == [LIB_API_WORKSPACE]
    assert out["echo"] == {"totalLength": total, "tileLength": UB_910B // item // 6 // align * align,
                           "blockLength": math.ceil(blocks / block_dim) * align, "coreNum": cores,
                           "ubSize": UB_910B}
    assert len(out["tiling_hex"]) == 2 * 24  # sizeof(AddCustomTilingData)


CLASSIC_LAYOUT = struct.Struct("<IIf4IB3xqH6x")  # BEGIN_TILING_DATA_DEF class = plain struct, natural alignment


@pytest.mark.parametrize("shape", [[4, 300], [2048], [2, 3, 4, 5]])
@pytest.mark.parametrize("scale", [None, "2.5"])
def test_tile_classic_style_op(host: Program, shape: list[int], scale: str | None) -> None:
    attrs = {"scale": f"float:{scale}"} if scale else {}
    out = run_json(host, host_args("tile", "ClassicCustom", [f"float32:{','.join(map(str, shape))}"], attrs))
    total = math.prod(shape)
    fields = CLASSIC_LAYOUT.unpack(bytes.fromhex(out["tiling_hex"]))
    dims = (shape + [0, 0, 0, 0])[:4]
    assert fields == (total, 8, float(scale or 0.5), *dims, len(shape), -total, 0xBEEF)
    assert out["block_dim"] == len(shape)
    assert out["tiling_key"] == (10 if total > 1024 else 20)
    assert out["workspaces"] == [0, total * 4]


@pytest.mark.parametrize("dtype", ["float16", "float32", "bfloat16"])
def test_op_without_infer_datatype_takes_the_matching_combination(host: Program, dtype: str) -> None:
    out = run_json(host, host_args("infer", "ClassicCustom", [f"{dtype}:4,6"]))
    assert out["outputs"] == [[{"shape": [4, 6], "dtype": dtype}]]


def test_no_matching_dtype_combination_lists_the_supported_ones(host: Program) -> None:
    out = run_json(host, host_args("infer", "ImplStyleCustom", ["int8:3,5"]), expect_error=True)
    assert out["error"] == ("ImplStyleCustom: InferDataType: no dtype combination matches the inputs "
                            "(x: int8[3, 5]); supported input dtypes: (float16, int32); (float32, int32)")


@pytest.mark.parametrize("idx", ["-", "int32:2"])
def test_ops_nn_style_impl_registration(host: Program, idx: str) -> None:
    infer = run_json(host, host_args("infer", "ImplStyleCustom", ["float32:3,5", idx]))
    assert infer["outputs"] == [[{"shape": [15], "dtype": "float32"}]]
    tile = run_json(host, host_args("tile", "ImplStyleCustom", ["float16:3,5", idx]))
    assert (tile["block_dim"], tile["tiling_key"]) == (1, 77)
    # the TilingFunc read the compile info its TilingParse filled from the platform (cores, UB)
    assert struct.unpack("<qqq", bytes.fromhex(tile["tiling_hex"])) == (15, 48, UB_910B)
    on_b4 = run_json(host, host_args("tile", "ImplStyleCustom", ["float16:3,5", idx], soc="Ascend910B4"))
    assert struct.unpack("<qqq", bytes.fromhex(on_b4["tiling_hex"]))[1] == 40


def test_tiling_data_append(host: Program) -> None:
    out = run_json(host, host_args("tile", "FaultyCustom", ["float32:4"], {"mode": "string:append"}))
    assert struct.unpack("<IIIQ", bytes.fromhex(out["tiling_hex"])) == (7, 8, 9, 10)


@pytest.mark.parametrize("soc,cores", [("Ascend910B2", 48), ("Ascend910B4", 40), ("ascend910b", 48)])
def test_platform_manager_follows_the_soc_of_the_call(host: Program, soc: str, cores: int) -> None:
    out = run_json(host, host_args("tile", "FaultyCustom", ["float32:4"], {"mode": "string:manager"}, soc=soc))
    assert out["block_dim"] == cores


@pytest.mark.parametrize("soc,expected", [
    ("Ascend910B2", {"core_num": 48, "aiv": 48, "aic": 24, "ub": 196608, "l1": 524288, "l0c": 131072,
                     "soc_version": 1, "short": "Ascend910B"}),
    ("Ascend910B4", {"core_num": 40, "aiv": 40, "aic": 20, "ub": 196608, "l1": 524288, "l0c": 131072,
                     "soc_version": 1, "short": "Ascend910B"}),
    ("Ascend310P3", {"core_num": 8, "aiv": 8, "aic": 8, "ub": 262144, "l1": 1048576, "l0c": 262144,
                     "soc_version": 2, "short": "Ascend310P"}),
    # coupled cube+vector: every count is ai_core_cnt
    ("Ascend910A", {"core_num": 32, "aiv": 32, "aic": 32, "ub": 262144, "l1": 1048576, "l0c": 262144,
                    "soc_version": 0, "short": "Ascend910"}),
    ("Ascend310B1", {"core_num": 1, "aiv": 1, "aic": 1, "ub": 253952, "l1": 1048576, "l0c": 131072,
                     "soc_version": 3, "short": "Ascend310B"}),
    ("Ascend950PR_9599", {"core_num": 72, "aiv": 72, "aic": 36, "ub": 253952, "l1": 524288, "l0c": 262144,
                          "soc_version": 19, "short": "Ascend950"}),
])
def test_platform_ascendc_reports_the_soc_profile(host: Program, soc: str, expected: dict[str, object]) -> None:
    out = run_json(host, ["platform", soc])
    assert {k: out[k] for k in expected} == expected
    assert out["lib_ws"] == LIB_API_WORKSPACE
    assert out["tsch_mix"] == 24  # 48 slices over groups of 2 vector cores per cube core
    assert out["tsch_vec"] == 40  # vector-only: one block per slice
    assert out["manager_aiv"] == 48  # outside a tile() call: the default SoC


def test_family_name_selects_a_profile_of_that_family(host: Program) -> None:
    out = run_json(host, host_args("tile", "ClassicCustom", ["float16:8"], soc="ascend310p"))
    assert out["soc"] == "Ascend310P3"   # the family's default SoC (CANN's SOC_MAP_EXT), its first row in soc.h


@pytest.mark.parametrize(("op", "shape", "skips"), [
    ("AddCustom", [0], True), ("AddCustom", [3, 0], True), ("AddCustom", [1], False),
    ("ClassicCustom", [0, 6], False),   # its OpDef sets AICore().LaunchWithZeroEleOutputTensors(true)
])
def test_a_launch_whose_outputs_are_all_empty_is_skipped_unless_the_opdef_asks(host: Program, op: str,
                                                                              shape: list[int], skips: bool) -> None:
    spec = f"float32:{','.join(map(str, shape))}"
    inputs = [spec, spec] if op == "AddCustom" else [spec]
    assert run_json(host, host_args("skips", op, inputs)) == {"skips": skips}


"""opkit::host failures: misbehaving TilingFunc/InferShape, unknown or unconfigured ops and SoCs, double OP_ADD."""
from __future__ import annotations

import pytest

from tests.runtime.cxx import Program
from tests.runtime.test_host_programs import build_host, host_args, run_json

pytestmark = pytest.mark.compile

CALL = " (inputs x: float32[4])"


@pytest.fixture(scope="module")
def host() -> Program:
    return build_host()


@pytest.mark.parametrize("mode,stage,message", [
    ("fail", "TilingFunc", "returned GRAPH_FAILED" + CALL),
    ("throw", "TilingFunc", "threw: tiling exploded" + CALL),
    ("zero_block", "TilingFunc", "set no block dim; call context->SetBlockDim(n) with 1 <= n <= 65535" + CALL),
    ("huge_block", "TilingFunc", "set block dim 70000; the most is 65535" + CALL),
    ("big_struct", "TilingFunc", "GetTilingData<T>() needs 70000 bytes but the tiling buffer holds 65536"),
    ("overflow", "TilingFunc", "tiling data of 65544 bytes is larger than the tiling buffer (65536 bytes)"),
    ("infer_fail", "InferShape", "returned GRAPH_FAILED" + CALL),
])
def test_misbehaving_op_functions_become_host_errors(host: Program, mode: str, stage: str, message: str) -> None:
    out = run_json(host, host_args("tile", "FaultyCustom", ["float32:4"], {"mode": f"string:{mode}"}),
                   expect_error=True)
    assert out["error"] == f"FaultyCustom: {stage}: {message}"
    assert (out["op"], out["stage"]) == ("FaultyCustom", stage)


def test_unknown_op_lists_the_registered_ones(host: Program) -> None:
    out = run_json(host, host_args("tile", "MulCustom", ["float32:4"]), expect_error=True)
    assert out["error"] == ("MulCustom: registry: no op of this type is registered (registered: AddCustom, "
                            "AttrsCustom, ClassicCustom, FaultyCustom, ImplStyleCustom)")


def test_op_registered_twice_is_reported_on_use(host: Program) -> None:
    out = run_json(host, ["dup"], expect_error=True)
    assert out["error"] == "AddCustom: registry: registered 2 times (OP_ADD in more than one translation unit?)"


def test_unknown_soc_lists_the_known_ones(host: Program) -> None:
    out = run_json(host, host_args("tile", "AddCustom", ["float16:8", "float16:8"], soc="Ascend999"),
                   expect_error=True)
    assert out["stage"] == "platform"
    assert out["error"].startswith("platform: unknown SoC 'Ascend999' (known: Ascend910B1, Ascend910B2, ")


def test_soc_without_addconfig_is_refused(host: Program) -> None:
    out = run_json(host, host_args("tile", "AddCustom", ["float16:8", "float16:8"], soc="Ascend310P3"),
                   expect_error=True)
    assert out["error"] == ("AddCustom: platform: the op has no AddConfig for Ascend310P3 (family ascend310p); "
                            "AddConfig lists: ascend910_93, ascend910b")

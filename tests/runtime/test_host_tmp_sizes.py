"""The advanced APIs' host size helpers against figures worked out by hand from CANN's formulas (asc-devkit
impl/adv_api/tiling): cpp/host_tmp_sizes*.cpp prints one line per call, "<label>: <values>" or "<label>: error: ...".
Each expected value below carries its arithmetic; f = 4 bytes a float, blk = elements of a 32 B block."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.runtime.cxx import compile_program, run_program

CPP = Path(__file__).parent / "cpp"

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def printed() -> dict[str, str]:
    program = compile_program([CPP / "host_tmp_sizes.cpp", CPP / "host_tmp_sizes2.cpp"], opt="-O0")
    proc = run_program(program)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out: dict[str, str] = {}
    for row in proc.stdout.splitlines():
        label, _, values = row.partition(": ")
        out[label] = values
    out["_stderr"] = proc.stderr
    return out


def _check(printed: dict[str, str], want: dict[str, str]) -> None:
    got = {k: printed.get(k, "<missing>") for k in want}
    assert got == want


def test_logic_and_math_helpers(printed: dict[str, str]) -> None:
    zero = ("BitwiseAnd", "BitwiseOr", "BitwiseXor", "BitwiseNot", "LogicalAnd", "LogicalAnds", "LogicalOr",
            "LogicalOrs", "LogicalXor", "LogicalNot", "Where", "Fma", "IsInf", "IsNan")
    want = {name: "0 0" for name in zero} | {f"{name} factor": "0 0" for name in zero}  # Ascend 950: no temporaries
    want |= {
        "SinCos 100 half": "1056 1056",  # 100 -> 128 elements x f x 2 buffers + 32
        "SinCos factor half": "4 0", "SinCos factor float": "2 32",
        "Hypot": "0 0", "Hypot factor": "0 0",
        # [20, 32] half along the last axis: outer 20 -> 32; min 32*16*2 + 16*32*2*2, max 32*32*2 + 32*32*2*2
        "CumSum half last": "6144 3072",
        "CumSum float last": "4096 2048",  # [20, 16]: 32*16*4*2 and 16*16*4*2
        "CumSum half first": "2560 2560",  # a float copy: 20*32*f
        "CumSum float first": "0 0",
        # Ascend 950's Digamma: half 4 x max(100*2, 256), float none
        "Digamma 950 half": "1024 1024", "Digamma 950 float": "0 0",
        "Digamma 950 factor half": "4 0", "Digamma 950 factor float": "0 0",
    }
    _check(printed, want)
    assert printed["Fma typeSize 8"] == "error: TilingFunc: GetFmaMaxMinTmpSize: typeSize 8 is not 2 or 4"
    # another platform: CANN logs "Unsupported NpuArch" and goes on; opkit logs it too and answers the 950's figures
    assert printed["BitwiseAnd on 910B"] == "0 0"
    assert ("GetBitwiseAndMaxMinTmpSize: this API exists on Ascend 950 (NpuArch 3510) only; the platform is "
            "Ascend910B2") in printed["_stderr"]
    assert "40 bytes is not a multiple of 32 bytes" in printed["CumSum unaligned"]


def test_softmax_family_sizes_910b(printed: dict[str, str]) -> None:
    # [2, 4, 64]: m = 8 rows, k = 64. SoftMax's row: blk + k + 64 floats (half 144, float 136).
    at = " Ascend910B2"
    want = {
        "SoftMax half": "4608 576",  # 8*144*f, 144*f
        "LogSoftMax half": "4608 576", "LogSoftMax float": "4352 544",
        "SoftMaxGrad half": "9216 1152",  # 2*16 + 3*64 + 64 = 288 floats a row
        "SoftMaxGrad float front": "4352 544",  # 8 + 64 + 64
        "SoftMaxGrad float": "4608 576",  # 2*8 + 64 + 64
        "SoftMaxFlash half update": "6144 768",  # 4*16 + 2*64 = 192
        "SoftMaxFlash float": "4352 544",
        "SoftMaxFlash float update": "5120 640",  # 4*8 + 2*64 = 160
        "FlashV2 half/float": "4608 576",  # blk of the float statistics: 2*8 + 64 + 64 = 144
        "FlashV2 half/float update": "4608 576",
        "FlashV2 float/float": "2304 288",  # 8 + 64
        "FlashV2 half basic": "4608 4608",  # 16 + 64 + 64 for all 8 rows; min one 8-row tile
        "FlashV2 float 2 rows update": "576 288",
        # [16, 1024] half basic block: 16 rows halve to 8 (16*1024 >= 64*256); srcK 1024 keeps 128: 16+1024+128
        "FlashV2 half basic 1024": "37376 37376",
        "FlashV2 half basic 1024 brc": "0 74752",  # 1168 x min(16, 16) rows
        "FlashV2 float brc": "0 2304",  # 72 x min(8, 8)
        "FlashV3 update": "36096 4512",  # [8, 512]: 5*8 + 2*512 + 64 = 1128 floats a row
    }
    _check(printed, {k + at: v for k, v in want.items()})
    assert "must be 2 (half) and 4 (float)" in printed["FlashV3 bad types" + at]


def test_softmax_family_sizes_950(printed: dict[str, str]) -> None:
    # Ascend 950 keeps all rows: n1 = m*(8 + k) + 4*64 + ceil8(m) = 8*72 + 256 + 8 = 840 floats.
    at = " Ascend950PR_9599"
    want = {
        "SoftMax half": "4608 3360",  # max(840, 8*144), max(840, 8*(16+64))
        "LogSoftMax half": "4608 3360", "LogSoftMax float": "4352 3360",
        "SoftMaxGrad half": "9216 512",  # min: 2m = 16 rounded to 128
        "SoftMaxGrad float front": "4352 256",  # min: m = 8 rounded to 64
        "SoftMaxGrad float": "4608 512",
        "SoftMaxFlash half update": "4608 2560",  # 8*(16+64+64), 8*(16+64)
        "SoftMaxFlash float": "4352 3360",
        "SoftMaxFlash float update": "4352 2304",
        "FlashV2 half/float": "4352 3360",  # blk 8: max(840, 8*136), max(840, 8*72)
        "FlashV2 half/float update": "4608 3328",  # 8*(16+64+64); 128 + 8*(16+64+8)
        "FlashV2 float/float": "4352 3360",
        "FlashV2 half basic": "4608 3232",  # min with 4 floats a row: 8*68 + 256 + 8 = 808
        "FlashV2 float 2 rows update": "384 384",  # 64 + 2*2*8
        "FlashV2 half basic 1024": "70656 66880",  # 16*(16+1024+64); 16*1028 + 256 + 16
        "FlashV2 half basic 1024 brc": "0 66880",
        "FlashV2 float brc": "0 3360",
        "FlashV3 update": "18688 18688",  # 8*64 + 8*512 + 8*8
    }
    _check(printed, {k + at: v for k, v in want.items()})


def test_softmax_family_tiling(printed: dict[str, str]) -> None:
    # splitM rangeM tailM reduceK outMaxK
    want = {
        # [64, 512] float, room for all rows: the basic-block split halves 64 -> 16 (16*512 < 64*256)
        "SoftMaxTilingFunc basic block": "16 4 0 8 8",
        "SoftMaxTilingFunc partial": "16 3 2 16 16",  # room for 20 rows of 128 floats -> 16
        "SoftMaxGradTilingFunc half": "8 3 6 16 16",  # room for 12 rows of 288 -> 8
        "SoftMaxFlashTilingFunc update": "8 3 0 8 8",  # 10 rows of 160 -> 8
        "SoftMaxFlashV2TilingFunc brc half": "16 2 8 16 16",  # 20 rows -> whole 16-row blocks
        "LogSoftMaxTilingFunc": "8 2 0 8 8",
        "kernel FlashV2TilingFunc": "4 2 0 8 8",  # 1152 B = 288 floats / 72 a row
        "kernel FlashV2TilingFunc basic": "16 4 0 8 8",
        "kernel FlashV2TilingFunc nz": "16 2 8 16 16",  # 1280 floats / (48 + 16) = 20 -> 16
    }
    _check(printed, want)
    assert "reduceM 5 must be a multiple of 8" in printed["SoftMaxFlashV2TilingFunc brc bad split"]


def test_reduce_helpers(printed: dict[str, str]) -> None:
    want = {
        "ReduceMax half AR 4x100": "128 128",  # 16 < 100 < 128: a block a row, 4*32
        "ReduceMax float AR 4x300": "1024 1024",  # a repeat a row, 4*256
        "ReduceMin float AR 4x6": "0 0",
        "ReduceMax float RA 6x100": "1664 1664",  # k = 4 rows of 400 B -> 416
        "ReduceMin half RA 8x10": "128 128",  # k = 8 halved to 4, rows of 20 B -> 32
        "ReduceMin half RA reuse": "0 0",
        "ReduceSum AR 4x100": "1024 1024",  # k = 64: 4*64*f
        "ReduceSum AR 4x64": "0 0",
        "ReduceSum AR 4x128": "1024 1024",  # k = 128 halved (4 rows)
        "ReduceSum AR 1x128": "512 512",  # one row: not halved
        "ReduceMean RA 8x10": "256 256",  # k = 4, 10 -> 16 floats
        "ReduceMean RA 5x3": "128 128",  # k = 4, 3 -> 8 floats
        "ReduceAny u8 AR 4x50": "256 256",  # 64*2 + 4*32, reuse or not
        "ReduceAny u8 RA 6x50": "256 256",  # k = 4 rows of 64
        "ReduceAll u8 RA reuse": "0 0",
        "ReduceAll float AR 4x100": "1024 1024",
        "ReduceProd AR 4x100": "640 640",  # (64 + 4*8)*f + 256
        "ReduceProd AR 4x4": "416 416",  # k = 2 -> a block of 8: (8 + 32)*f + 256
        "ReduceProd AR reuse": "256 256",
        "ReduceProd RA 6x100": "1664 1664",
        "ReduceSum int32 unpadded 950": "1024 1024",
        "ReduceMax bf16 950": "128 128",  # CANN counts bf16 as 1 byte here: 32 < 100 < 256 -> 4*32
        "ReduceXorSum 100": "768 768",  # 3 * max(200, 256)
        "ReduceXorSum 100 reuse": "512 512",
        "ReduceXorSum 1000": "6000 6000",
        "Sum 100 half": "32 32",  # 1 repeat -> one block of 16 halves
        "Sum 1000 float": "64 64",  # 16 repeats -> 16 floats
        "Sum 5000 half": "96 96",  # 40 repeats -> 48 halves
        "Mean 1000 half": "32 32",  # 8 repeats rounded to 32
        "Mean 100 float": "32 32",
        "Mean 100 half acc float": "480 480",  # 2 repeats -> 32, + 112 padded halves as floats
        "Mean factor": "1 0",
    }
    _check(printed, want)
    assert "dataType 1 is not supported on this platform (float)" in printed["ReduceSum half"]
    # CANN only logs an unpadded source on the 910B, and goes on
    assert printed["ReduceMax unpadded"] == "1024 1024"
    assert "GetReduceMaxMaxMinTmpSize: isSrcInnerPad must be true on this platform" in printed["_stderr"]


def test_quant_select_dropout_helpers(printed: dict[str, str]) -> None:
    want = {
        "AscendQuant 1024 half": "2048 512",  # max(1024*2, 2*256); 2*256
        "AscendQuant 64 float": "512 512",
        "AscendQuant 7 float": "512 512",  # 28 B: CANN logs that it is not whole blocks and goes on
        "AscendQuant factor": "2 0",
        "AscendDequant 4x64": "1568 800",  # (64 + 4*64 + 72)*f, (64 + 64 + 72)*f; scales 64 + 8
        "AscendDequant 100": "1088 1088",  # (64 + 100 + 108)*f
        "AscendDequant factor 4x64": "1 136", "AscendDequant factor 100": "2 72",
        "AntiQuant per channel": "16640 16640",  # [64, 32], 32 scales: 32*2*f + 64*64*f
        "AntiQuant per tensor": "8192 1024",  # a float copy of 2048; 1 KiB
        "AntiQuant to half": "0 0",
        "AntiQuant transposed": "10240 10240",  # (8 + 8 + 64)*32*f
        "AntiQuant fp4 transposed": "128 128",  # 40 scales -> 64 x 2
        "AntiQuant 1-D per tensor": "4096 1024",  # [1024] int8 -> float copy; 1 KiB
        "AntiQuant factor per channel": "0 16640", "AntiQuant factor per tensor": "1 0",
        "AntiQuant factor transposed": "0 10240",
        "Select small": "1024 1024",  # max(1024, 256*2 + 512)
        "Select scalar first": "1024 1024",
        "Select big wide mask": "25088 16896",  # 8192*2 + 512 (min: 4096*2 + 512) + the 8192 B mask copy
        "Select big reused mask": "16896 8704",
        "DropOut 4x64": "2048 512",  # 2*256*f; 2*256
        "DropOut 2x8": "512 512",
    }
    _check(printed, want)


def test_sort_and_broadcast_helpers(printed: dict[str, str]) -> None:
    want = {
        "Sort 910B": "1024 1024 0",  # 128 x 2 float lanes x 4; 128 x 4 half lanes x 2; Concat none
        "Sort 310P": "4096 2048 2048",  # 128 x 8 x typeSize
        # Ascend 950, 100 -> 128 elements: 7*128 + 512 = 1408 plus the copies
        "Sort radix float": "1920 1920",  # + 128*4
        "Sort radix float dst index": "2432 2432",  # + 128*(4 + 4)
        "Sort radix float both int64": "2944 2944",  # + 128*(4 + 8)
        "Sort radix u8 dst index": "1152 1152",  # - 2*128
        "Sort radix float both reuse": "1408 1408",
        "Sort merge": "800 800",  # 8*100
        "BroadCast rows float": "256 256",  # 8*8*f; 8 rows*8*f
        "BroadCast rows unaligned": "2048 768",  # 256 + 8*16*f; 24*8*f + 20*16*f
        "BroadCast columns half": "32 32",
        "BroadCast rows int8": "544 800",  # widened to half: (16 + 128)*2 = 288; + 8*16*2, + 16*16*2
        "BroadCast copy float": "0 0",
        "BroadCast fill int8": "192 192",  # (16 + 64)*2 + 32
        "BroadCast rows 310P": "672 96",  # 32 + 16*10*f; 32 + 8*2*f
        "BroadCast rows 950": "0 0",
    }
    _check(printed, want)
    assert printed["Sort radix on 910B"] == "1920 1920"
    assert "GetSortMaxMinTmpSize: this API exists on Ascend 950 (NpuArch 3510) only" in printed["_stderr"]
    assert "srcShape dim 0 (3) cannot broadcast to 4" in printed["BroadCast bad shape"]


def test_norm_tilings(printed: dict[str, str]) -> None:
    want = {
        # RmsNorm, mainBsLength mainBsLengthAlign loopRound tailBsLength inputTailPos: the most rows r with
        # r*H*(2 for half) + ceil8(r) floats in the buffer; 0 = false
        "RmsNorm float 40 rows": "31 32 1 9 1984",  # 2048 floats: 31*64 + 32 fits, 32*64 + 32 does not
        "RmsNorm half 16 rows": "7 8 2 2 896",  # 1024 floats: 7*128 + 8
        "RmsNorm half basic": "8 8 2 0 1024",  # 15 rows fit, whole tiles of 8
        "RmsNorm basic H 32": "0",
        # LayerNorm ND, oneTmpSize bsCurLength loopRound inputTailSize firstTmpStartPos meanVarTailPos (16 rows)
        "LayerNormND half": "320 5 3 64 32 15",  # (1024 - 2*16) / 3 -> 5 rows of 64 after mean/variance
        "LayerNormND float reuse": "512 8 2 0 0 16",  # 1024 / 2 buffers
        "LayerNormND misspelt": "320 5 3 64 32 15",  # GetLayerNormNDTillingInfo, deprecated: as "LayerNormND half"
        # DeepNorm, oneTmpSize bsCurLength loopRound inputTailSize originalHLength
        "DeepNorm half": "320 5 3 64 60",
        "DeepNorm float basic": "512 8 2 0 64",  # 2048 / 3 -> 10 rows -> one 8-row tile
        "DeepNorm basic short H": "0",  # the basic block needs originalH = H
        "DeepNorm below min": "0",  # 512 B < 3*256 + 2*64
    }
    _check(printed, want)

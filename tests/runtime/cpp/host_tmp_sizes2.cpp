// host_tmp_sizes.cpp's second half: the SoftMax family's TilingFuncs, and the reduce, quantization, select,
// dropout, sort and broadcast helpers.
#include "host_tmp_sizes.h"

using namespace AscendC;
using platform_ascendc::PlatformAscendC;

namespace {

std::vector<uint64_t> split(const tiling::SoftMaxTiling& t) {
  return {t.splitM, t.rangeM, t.tailM, t.reduceK, t.outMaxK};
}

}  // namespace

void softmax_tilings() {
  run("SoftMaxTilingFunc basic block", [] {
    tiling::SoftMaxTiling t;
    SoftMaxTilingFunc(TensorShape({64, 512}), 4, 64 * (8 + 512 + 64) * 4, t);
    return split(t);
  });
  run("SoftMaxTilingFunc partial", [] {
    tiling::SoftMaxTiling t;
    SoftMaxTilingFunc(TensorShape({50, 48}), 2, 20 * (16 + 48 + 64) * 4, t);
    return split(t);
  });
  run("SoftMaxGradTilingFunc half", [] {
    tiling::SoftMaxTiling t;
    SoftMaxGradTilingFunc(TensorShape({30, 64}), 2, 12 * (32 + 192 + 64) * 4, t, false);
    return split(t);
  });
  run("SoftMaxFlashTilingFunc update", [] {
    tiling::SoftMaxTiling t;
    SoftMaxFlashTilingFunc(TensorShape({24, 64}), 4, 10 * (32 + 128) * 4, t, true);
    return split(t);
  });
  run("SoftMaxFlashV2TilingFunc brc half", [] {
    tiling::SoftMaxTiling t;
    SoftMaxFlashV2TilingFunc(TensorShape({40, 64}), 2, 2, 20 * 160 * 4, t, false, false, true);
    return split(t);
  });
  run("SoftMaxFlashV2TilingFunc brc bad split", [] {
    tiling::SoftMaxTiling t;
    SoftMaxFlashV2TilingFunc(TensorShape({40, 64}), 4, 4, 5 * 72 * 4, t, false, false, true);
    return split(t);
  });
  run("LogSoftMaxTilingFunc", [] {
    tiling::LogSoftMaxTiling t;
    LogSoftMaxTilingFunc(TensorShape({16, 64}), 4, 12 * 136 * 4, t);
    return split(t);
  });
  run("kernel FlashV2TilingFunc", [] {
    const SoftMaxTiling t = SoftMaxFlashV2TilingFunc(SoftMaxShapeInfo{8, 64, 8, 64}, 4, 4, 1152);
    return std::vector<uint64_t>{t.splitM, t.rangeM, t.tailM, t.reduceK, t.outMaxK};
  });
  run("kernel FlashV2TilingFunc basic", [] {
    const SoftMaxTiling t = SoftMaxFlashV2TilingFunc(SoftMaxShapeInfo{64, 512, 64, 512}, 2, 4, 1 << 20, false, true);
    return std::vector<uint64_t>{t.splitM, t.rangeM, t.tailM, t.reduceK, t.outMaxK};
  });
  run("kernel FlashV2TilingFunc nz", [] {
    const SoftMaxTiling t = SoftMaxFlashV2TilingFunc(SoftMaxShapeInfo{40, 16, 40, 16}, 2, 2, 4 * 64 * 20, false, false, true);
    return std::vector<uint64_t>{t.splitM, t.rangeM, t.tailM, t.reduceK, t.outMaxK};
  });
}

void reduce_quant_select() {
  const auto AR = ReducePattern::AR, RA = ReducePattern::RA;
  run("ReduceMax half AR 4x100", MAXMIN(GetReduceMaxMaxMinTmpSize, TensorShape({4, 100}), ge::DT_FLOAT16, AR, true, false));
  run("ReduceMax float AR 4x300", MAXMIN(GetReduceMaxMaxMinTmpSize, TensorShape({4, 300}), ge::DT_FLOAT, AR, true, false));
  run("ReduceMin float AR 4x6", MAXMIN(GetReduceMinMaxMinTmpSize, TensorShape({4, 6}), ge::DT_FLOAT, AR, true, false));
  run("ReduceMax float RA 6x100", MAXMIN(GetReduceMaxMaxMinTmpSize, TensorShape({6, 100}), ge::DT_FLOAT, RA, true, false));
  run("ReduceMin half RA 8x10", MAXMIN(GetReduceMinMaxMinTmpSize, TensorShape({8, 10}), ge::DT_FLOAT16, RA, true, false));
  run("ReduceMin half RA reuse", MAXMIN(GetReduceMinMaxMinTmpSize, TensorShape({8, 10}), ge::DT_FLOAT16, RA, true, true));
  run("ReduceSum AR 4x100", MAXMIN(GetReduceSumMaxMinTmpSize, TensorShape({4, 100}), ge::DT_FLOAT, AR, true, false));
  run("ReduceSum AR 4x64", MAXMIN(GetReduceSumMaxMinTmpSize, TensorShape({4, 64}), ge::DT_FLOAT, AR, true, false));
  run("ReduceSum AR 4x128", MAXMIN(GetReduceSumMaxMinTmpSize, TensorShape({4, 128}), ge::DT_FLOAT, AR, true, false));
  run("ReduceSum AR 1x128", MAXMIN(GetReduceSumMaxMinTmpSize, TensorShape({1, 128}), ge::DT_FLOAT, AR, true, false));
  run("ReduceMean RA 8x10", MAXMIN(GetReduceMeanMaxMinTmpSize, TensorShape({8, 10}), ge::DT_FLOAT, RA, true, false));
  run("ReduceMean RA 5x3", MAXMIN(GetReduceMeanMaxMinTmpSize, TensorShape({5, 3}), ge::DT_FLOAT, RA, true, false));
  run("ReduceAny u8 AR 4x50", MAXMIN(GetReduceAnyMaxMinTmpSize, TensorShape({4, 50}), ge::DT_UINT8, AR, true, true));
  run("ReduceAny u8 RA 6x50", MAXMIN(GetReduceAnyMaxMinTmpSize, TensorShape({6, 50}), ge::DT_UINT8, RA, true, false));
  run("ReduceAll u8 RA reuse", MAXMIN(GetReduceAllMaxMinTmpSize, TensorShape({6, 50}), ge::DT_UINT8, RA, true, true));
  run("ReduceAll float AR 4x100", MAXMIN(GetReduceAllMaxMinTmpSize, TensorShape({4, 100}), ge::DT_FLOAT, AR, true, false));
  run("ReduceProd AR 4x100", MAXMIN(GetReduceProdMaxMinTmpSize, TensorShape({4, 100}), ge::DT_FLOAT, AR, true, false));
  run("ReduceProd AR 4x4", MAXMIN(GetReduceProdMaxMinTmpSize, TensorShape({4, 4}), ge::DT_FLOAT, AR, true, false));
  run("ReduceProd AR reuse", MAXMIN(GetReduceProdMaxMinTmpSize, TensorShape({4, 4}), ge::DT_FLOAT, AR, true, true));
  run("ReduceProd RA 6x100", MAXMIN(GetReduceProdMaxMinTmpSize, TensorShape({6, 100}), ge::DT_FLOAT, RA, true, false));
  run("ReduceSum half", MAXMIN(GetReduceSumMaxMinTmpSize, TensorShape({4, 100}), ge::DT_FLOAT16, AR, true, false));
  run("ReduceMax unpadded", MAXMIN(GetReduceMaxMaxMinTmpSize, TensorShape({4, 100}), ge::DT_FLOAT, AR, false, false));
  use_soc("Ascend950PR_9599");
  run("ReduceSum int32 unpadded 950", MAXMIN(GetReduceSumMaxMinTmpSize, TensorShape({4, 100}), ge::DT_INT32, AR, false, false));
  run("ReduceMax bf16 950", MAXMIN(GetReduceMaxMaxMinTmpSize, TensorShape({4, 100}), ge::DT_BF16, AR, true, false));
  use_soc("Ascend910B2");
  run("ReduceXorSum 100", MAXMIN(GetReduceXorSumMaxMinTmpSize, TensorShape({100}), 2, false));
  run("ReduceXorSum 100 reuse", MAXMIN(GetReduceXorSumMaxMinTmpSize, TensorShape({100}), 2, true));
  run("ReduceXorSum 1000", MAXMIN(GetReduceXorSumMaxMinTmpSize, TensorShape({10, 100}), 2, false));
  run("Sum 100 half", MAXMIN(GetSumMaxMinTmpSize, 100, 2, false));
  run("Sum 1000 float", MAXMIN(GetSumMaxMinTmpSize, 1000, 4, false));
  run("Sum 5000 half", MAXMIN(GetSumMaxMinTmpSize, 5000, 2, false));
  run("Mean 1000 half", MAXMIN(GetMeanMaxMinTmpSize, 1000, 2, 2, false));
  run("Mean 100 float", MAXMIN(GetMeanMaxMinTmpSize, 100, 4, 4, false));
  run("Mean 100 half acc float", MAXMIN(GetMeanMaxMinTmpSize, 100, 2, 4, false));
  run("Mean factor", FACTOR(GetMeanTmpBufferFactorSize, 2));

  run("AscendQuant 1024 half", MAXMIN(GetAscendQuantMaxMinTmpSize, TensorShape({1024}), 2));
  run("AscendQuant 64 float", MAXMIN(GetAscendQuantMaxMinTmpSize, TensorShape({64}), 4));
  run("AscendQuant 7 float", MAXMIN(GetAscendQuantMaxMinTmpSize, TensorShape({7}), 4));
  run("AscendQuant factor", [] { uint32_t a = 7, b = 7; GetAscendQuantTmpBufferFactorSize(a, b); return std::vector<uint64_t>{a, b}; });
  run("AscendDequant 4x64", MAXMIN(GetAscendDequantMaxMinTmpSize, TensorShape({4, 64}), 4));
  run("AscendDequant 100", MAXMIN(GetAscendDequantMaxMinTmpSize, TensorShape({100}), 4));
  run("AscendDequant factor 4x64", FACTOR(GetAscendDequantTmpBufferFactorSize, TensorShape({4, 64})));
  run("AscendDequant factor 100", FACTOR(GetAscendDequantTmpBufferFactorSize, TensorShape({100})));
  const TensorShape kn({64, 32}), nk({32, 64}), per_channel({32}), per_tensor({1});
  run("AntiQuant per channel", MAXMIN(GetAscendAntiQuantMaxMinTmpSize, kn, per_channel, false, ge::DT_INT8, ge::DT_BF16));
  run("AntiQuant per tensor", MAXMIN(GetAscendAntiQuantMaxMinTmpSize, kn, per_tensor, false, ge::DT_INT8, ge::DT_BF16));
  run("AntiQuant to half", MAXMIN(GetAscendAntiQuantMaxMinTmpSize, kn, per_channel, false, ge::DT_INT8, ge::DT_FLOAT16));
  run("AntiQuant transposed", [&] {
    return std::vector<uint64_t>{GetAscendAntiQuantMaxTmpSize(nk, per_channel, true, ge::DT_INT8, ge::DT_BF16),
                                 GetAscendAntiQuantMinTmpSize(nk, per_channel, true, ge::DT_INT8, ge::DT_BF16)};
  });
  run("AntiQuant fp4 transposed", MAXMIN(GetAscendAntiQuantMaxMinTmpSize, nk, TensorShape({40}), true, ge::DT_FLOAT4_E2M1, ge::DT_BF16));
  run("AntiQuant 1-D per tensor", MAXMIN(GetAscendAntiQuantMaxMinTmpSize, TensorShape({1024}), per_tensor, false,
                                          ge::DT_INT8, ge::DT_BF16));
  run("AntiQuant factor per channel", FACTOR(GetAscendAntiQuantTmpBufferFactorSize, kn, per_channel, false, ge::DT_INT8, ge::DT_BF16));
  run("AntiQuant factor per tensor", FACTOR(GetAscendAntiQuantTmpBufferFactorSize, kn, per_tensor, false, ge::DT_INT8, ge::DT_BF16));
  run("AntiQuant factor transposed", FACTOR(GetAscendAntiQuantTmpBufferFactorSize, nk, per_channel, true, ge::DT_INT8, ge::DT_BF16));

  const TensorShape scalar({1}), small({4, 64}), big({64, 128}), wide_mask({64, 256});
  run("Select small", MAXMIN(GetSelectMaxMinTmpSize, small, scalar, 2, small, 1, false));
  run("Select scalar first", MAXMIN(GetSelectWithBytesMaskMaxMinTmpSize, scalar, small, 4, small, 1, false));
  run("Select big wide mask", [&] {
    return std::vector<uint64_t>{GetSelectMaxTmpSize(big, scalar, 2, wide_mask, 1, false),
                                 GetSelectMinTmpSize(big, scalar, 2, wide_mask, 1, false)};
  });
  run("Select big reused mask", [&] {
    return std::vector<uint64_t>{GetSelectWithBytesMaskMaxTmpSize(big, scalar, 2, wide_mask, 1, true),
                                 GetSelectWithBytesMaskMinTmpSize(big, scalar, 2, wide_mask, 1, true)};
  });
  run("DropOut 4x64", MAXMIN(GetDropOutMaxMinTmpSize, small, 2, false));
  run("DropOut 2x8", [] {
    const TensorShape s({2, 8});
    return std::vector<uint64_t>{GetDropOutMaxTmpSize(s, 4, false), GetDropOutMinTmpSize(s, 4, false)};
  });

  const PlatformAscendC b910 = soc("Ascend910B2"), p310 = soc("Ascend310P3");
  run("Sort 910B", [&] { return std::vector<uint64_t>{GetSortTmpSize(b910, 128, 4), GetSortTmpSize(b910, 128, 2), GetConcatTmpSize(b910, 128, 2)}; });
  run("Sort 310P", [&] { return std::vector<uint64_t>{GetSortTmpSize(p310, 128, 4), GetSortTmpSize(p310, 128, 2), GetConcatTmpSize(p310, 128, 2)}; });
  SortConfig radix;
  SortConfig dst_index;
  dst_index.hasDstIndex = true;
  SortConfig both = dst_index;
  both.hasSrcIndex = true;
  SortConfig merge;
  merge.type = SortType::MERGE_SORT;
  const TensorShape hundred({100});
  run("Sort radix on 910B", MAXMIN(GetSortMaxMinTmpSize, hundred, ge::DT_FLOAT, ge::DT_UINT32, false, radix));
  use_soc("Ascend950PR_9599");
  run("Sort radix float", MAXMIN(GetSortMaxMinTmpSize, hundred, ge::DT_FLOAT, ge::DT_UINT32, false, radix));
  run("Sort radix float dst index", MAXMIN(GetSortMaxMinTmpSize, hundred, ge::DT_FLOAT, ge::DT_UINT32, false, dst_index));
  run("Sort radix float both int64", MAXMIN(GetSortMaxMinTmpSize, hundred, ge::DT_FLOAT, ge::DT_INT64, false, both));
  run("Sort radix u8 dst index", MAXMIN(GetSortMaxMinTmpSize, hundred, ge::DT_UINT8, ge::DT_UINT32, false, dst_index));
  run("Sort radix float both reuse", MAXMIN(GetSortMaxMinTmpSize, hundred, ge::DT_FLOAT, ge::DT_INT32, true, both));
  run("Sort merge", MAXMIN(GetSortMaxMinTmpSize, hundred, ge::DT_FLOAT, ge::DT_UINT32, false, merge));
  use_soc("Ascend910B2");

  const PlatformAscendC b950 = soc("Ascend950PR_9599");
  run("BroadCast rows float", MAXMIN(GetBroadCastMaxMinTmpSize, b910, TensorShape({4, 1}), TensorShape({4, 8}), 4, false));
  run("BroadCast rows unaligned", MAXMIN(GetBroadCastMaxMinTmpSize, b910, TensorShape({20, 1}), TensorShape({20, 10}), 4, false));
  run("BroadCast columns half", MAXMIN(GetBroadCastMaxMinTmpSize, b910, TensorShape({1, 16}), TensorShape({4, 16}), 2, false));
  run("BroadCast rows int8", MAXMIN(GetBroadCastMaxMinTmpSize, b910, TensorShape({4, 1}), TensorShape({4, 32}), 1, false));
  run("BroadCast copy float", MAXMIN(GetBroadCastMaxMinTmpSize, b910, TensorShape({4, 8}), TensorShape({4, 8}), 4, false));
  run("BroadCast fill int8", MAXMIN(GetBroadCastMaxMinTmpSize, b910, TensorShape({1}), TensorShape({64}), 1, false));
  run("BroadCast rows 310P", MAXMIN(GetBroadCastMaxMinTmpSize, p310, TensorShape({16, 1}), TensorShape({16, 10}), 4, false));
  run("BroadCast rows 950", MAXMIN(GetBroadCastMaxMinTmpSize, b950, TensorShape({4, 1}), TensorShape({4, 8}), 4, false));
  run("BroadCast bad shape", MAXMIN(GetBroadCastMaxMinTmpSize, b910, TensorShape({3, 1}), TensorShape({4, 8}), 4, false));
}

void norm_tilings() {
  auto rms = [](std::vector<int64_t> shape, uint32_t stack, uint32_t ts, bool basic) {
    RmsNormTiling t;
    std::vector<int64_t> origin = shape;
    origin[2] -= 4;
    if (basic) origin[2] = shape[2];
    if (!GetRmsNormTilingInfo(TensorShape(shape), TensorShape(origin), stack, ts, t, basic)) return std::vector<uint64_t>{0};
    return std::vector<uint64_t>{t.mainBsLength, t.mainBsLengthAlign, t.loopRound, t.tailBsLength, t.inputTailPos};
  };
  run("RmsNorm float 40 rows", [&] { return rms({1, 40, 64}, 8192, 4, false); });
  run("RmsNorm half 16 rows", [&] { return rms({2, 8, 64}, 4096, 2, false); });
  run("RmsNorm half basic", [&] { return rms({2, 8, 64}, 8192, 2, true); });
  run("RmsNorm basic H 32", [&] { return rms({1, 8, 32}, 8192, 4, true); });
  auto ln = [](uint32_t ts, uint32_t stack, bool reuse) {
    LayerNormTiling t;
    GetLayerNormNDTilingInfo(TensorShape({2, 8, 64}), stack, ts, reuse, t);
    return std::vector<uint64_t>{t.oneTmpSize, t.bsCurLength, t.loopRound, t.inputTailSize, t.firstTmpStartPos,
                                 t.meanVarTailPos};
  };
  run("LayerNormND half", [&] { return ln(2, 4096, false); });
  run("LayerNormND float reuse", [&] { return ln(4, 4096, true); });
  run("LayerNormND misspelt", [&] {  // CANN's deprecated GetLayerNormNDTillingInfo: the same tiling, with a warning
    LayerNormTiling t;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    GetLayerNormNDTillingInfo(TensorShape({2, 8, 64}), 4096, 2, false, t);
#pragma GCC diagnostic pop
    return std::vector<uint64_t>{t.oneTmpSize, t.bsCurLength, t.loopRound, t.inputTailSize, t.firstTmpStartPos,
                                 t.meanVarTailPos};
  });
  auto dn = [](uint32_t ts, uint32_t stack, int64_t ori_h, bool basic) {
    DeepNormTiling t;
    if (!GetDeepNormTilingInfo(TensorShape({2, 8, 64}), TensorShape({2, 8, ori_h}), stack, ts, false, basic, t)) {
      return std::vector<uint64_t>{0};
    }
    return std::vector<uint64_t>{t.oneTmpSize, t.bsCurLength, t.loopRound, t.inputTailSize, t.originalHLength};
  };
  run("DeepNorm half", [&] { return dn(2, 4096, 60, false); });
  run("DeepNorm float basic", [&] { return dn(4, 8192, 64, true); });
  run("DeepNorm basic short H", [&] { return dn(4, 8192, 60, true); });
  run("DeepNorm below min", [&] { return dn(2, 512, 60, false); });
}

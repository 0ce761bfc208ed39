// Prints what the advanced APIs' host helpers (Get<Api>MaxMinTmpSize, Get<Api>TmpBufferFactorSize, the SoftMax
// family's sizes and TilingFuncs) answer for a few shapes, one line each: "<label>: <value>...". The test holds the
// lines to figures worked out by hand from CANN's formulas. A helper that refuses its arguments prints
// "<label>: error: <message>" and the program goes on.
#include "host_tmp_sizes.h"

using namespace AscendC;
using platform_ascendc::PlatformAscendC;

namespace {

void math_950() {
  const PlatformAscendC p = soc("Ascend950PR_9599");
  run("BitwiseAnd", MAXMIN(GetBitwiseAndMaxMinTmpSize, p, TensorShape({64}), 8, false));
  run("BitwiseOr", MAXMIN(GetBitwiseOrMaxMinTmpSize, p, TensorShape({64}), 1, false));
  run("BitwiseXor", MAXMIN(GetBitwiseXorMaxMinTmpSize, p, TensorShape({64}), 2, false));
  run("BitwiseNot", MAXMIN(GetBitwiseNotMaxMinTmpSize, p, TensorShape({64}), 4, false));
  run("LogicalAnd", MAXMIN(GetLogicalAndMaxMinTmpSize, p, TensorShape({64}), 1, false));
  run("LogicalAnds", MAXMIN(GetLogicalAndsMaxMinTmpSize, p, TensorShape({64}), 2, false));
  run("LogicalOr", MAXMIN(GetLogicalOrMaxMinTmpSize, p, TensorShape({64}), 4, false));
  run("LogicalOrs", MAXMIN(GetLogicalOrsMaxMinTmpSize, p, TensorShape({64}), 8, false));
  run("LogicalXor", MAXMIN(GetLogicalXorMaxMinTmpSize, p, TensorShape({64}), 1, false));
  run("LogicalNot", MAXMIN(GetLogicalNotMaxMinTmpSize, p, TensorShape({64}), 2, false));
  run("Where", MAXMIN(GetWhereMaxMinTmpSize, p, TensorShape({64}), 4, false));
  run("Fma", MAXMIN(GetFmaMaxMinTmpSize, p, TensorShape({64}), 2, false));
  run("IsInf", MAXMIN(GetIsInfMaxMinTmpSize, p, TensorShape({64}), 4, false));
  run("IsNan", MAXMIN(GetIsNanMaxMinTmpSize, p, TensorShape({64}), 2, false));
  run("BitwiseAnd factor", FACTOR(GetBitwiseAndTmpBufferFactorSize, p, 8));
  run("BitwiseOr factor", FACTOR(GetBitwiseOrTmpBufferFactorSize, p, 1));
  run("BitwiseXor factor", FACTOR(GetBitwiseXorTmpBufferFactorSize, p, 2));
  run("BitwiseNot factor", FACTOR(GetBitwiseNotTmpBufferFactorSize, p, 4));
  run("LogicalAnd factor", FACTOR(GetLogicalAndTmpBufferFactorSize, p, 1));
  run("LogicalAnds factor", FACTOR(GetLogicalAndsTmpBufferFactorSize, p, 2));
  run("LogicalOr factor", FACTOR(GetLogicalOrTmpBufferFactorSize, p, 4));
  run("LogicalOrs factor", FACTOR(GetLogicalOrsTmpBufferFactorSize, p, 8));
  run("LogicalXor factor", FACTOR(GetLogicalXorTmpBufferFactorSize, p, 1));
  run("LogicalNot factor", FACTOR(GetLogicalNotTmpBufferFactorSize, p, 2));
  run("Where factor", FACTOR(GetWhereTmpBufferFactorSize, p, 4));
  run("Fma factor", FACTOR(GetFmaTmpBufferFactorSize, p, 4));
  run("IsInf factor", FACTOR(GetIsInfTmpBufferFactorSize, p, 2));
  run("IsNan factor", FACTOR(GetIsNanTmpBufferFactorSize, p, 4));
  run("SinCos 100 half", MAXMIN(GetSinCosMaxMinTmpSize, p, TensorShape({100}), 2, false));
  run("SinCos factor half", FACTOR(GetSinCosTmpBufferFactorSize, p, 2));
  run("SinCos factor float", FACTOR(GetSinCosTmpBufferFactorSize, p, 4));
  run("Fma typeSize 8", MAXMIN(GetFmaMaxMinTmpSize, p, TensorShape({64}), 8, false));
  run("BitwiseAnd on 910B", MAXMIN(GetBitwiseAndMaxMinTmpSize, soc("Ascend910B2"), TensorShape({64}), 4, false));
  run("Hypot", MAXMIN(GetHypotMaxMinTmpSize, TensorShape({64}), 4, false));
  run("Hypot factor", FACTOR(GetHypotTmpBufferFactorSize, 4));
  run("CumSum half last", MAXMIN(GetCumSumMaxMinTmpSize, TensorShape({20, 32}), 2, true, false));
  run("CumSum float last", MAXMIN(GetCumSumMaxMinTmpSize, TensorShape({20, 16}), 4, true, false));
  run("CumSum half first", MAXMIN(GetCumSumMaxMinTmpSize, TensorShape({20, 32}), 2, false, false));
  run("CumSum float first", MAXMIN(GetCumSumMaxMinTmpSize, TensorShape({20, 16}), 4, false, false));
  run("CumSum unaligned", MAXMIN(GetCumSumMaxMinTmpSize, TensorShape({20, 10}), 4, true, false));
  use_soc("Ascend950PR_9599");
  run("Digamma 950 half", MAXMIN(GetDigammaMaxMinTmpSize, TensorShape({100}), 2, false));
  run("Digamma 950 float", MAXMIN(GetDigammaMaxMinTmpSize, TensorShape({100}), 4, false));
  run("Digamma 950 factor half", FACTOR(GetDigammaTmpBufferFactorSize, 2));
  run("Digamma 950 factor float", FACTOR(GetDigammaTmpBufferFactorSize, 4));
  use_soc("Ascend910B2");
}

void softmax(const char* soc_name) {
  use_soc(soc_name);
  const std::string at = std::string(" ") + soc_name;
  const TensorShape s({2, 4, 64});  // 8 rows of 64
  auto pair = [](uint32_t a, uint32_t b) { return std::vector<uint64_t>{a, b}; };
  run("SoftMax half" + at, [&] { return pair(GetSoftMaxMaxTmpSize(s, 2, false), GetSoftMaxMinTmpSize(s, 2, false)); });
  run("LogSoftMax half" + at, [&] { return pair(GetLogSoftMaxMaxTmpSize(s, 2, false), GetLogSoftMaxMinTmpSize(s, 2, false)); });
  run("LogSoftMax float" + at, [&] { return pair(GetLogSoftMaxMaxTmpSize(s, 4, false), GetLogSoftMaxMinTmpSize(s, 4, false)); });
  run("SoftMaxGrad half" + at, [&] { return pair(GetSoftMaxGradMaxTmpSize(s, 2, false, false), GetSoftMaxGradMinTmpSize(s, 2, false, false)); });
  run("SoftMaxGrad float front" + at, [&] { return pair(GetSoftMaxGradMaxTmpSize(s, 4, true, false), GetSoftMaxGradMinTmpSize(s, 4, true, false)); });
  run("SoftMaxGrad float" + at, [&] { return pair(GetSoftMaxGradMaxTmpSize(s, 4, false, false), GetSoftMaxGradMinTmpSize(s, 4, false, false)); });
  run("SoftMaxFlash half update" + at, [&] { return pair(GetSoftMaxFlashMaxTmpSize(s, 2, true, false), GetSoftMaxFlashMinTmpSize(s, 2, true, false)); });
  run("SoftMaxFlash float" + at, [&] { return pair(GetSoftMaxFlashMaxTmpSize(s, 4, false, false), GetSoftMaxFlashMinTmpSize(s, 4, false, false)); });
  run("SoftMaxFlash float update" + at, [&] { return pair(GetSoftMaxFlashMaxTmpSize(s, 4, true, false), GetSoftMaxFlashMinTmpSize(s, 4, true, false)); });
  run("FlashV2 half/float" + at, [&] { return pair(GetSoftMaxFlashV2MaxTmpSize(s, 2, 4, false), GetSoftMaxFlashV2MinTmpSize(s, 2, 4, false)); });
  run("FlashV2 half/float update" + at, [&] { return pair(GetSoftMaxFlashV2MaxTmpSize(s, 2, 4, true), GetSoftMaxFlashV2MinTmpSize(s, 2, 4, true)); });
  run("FlashV2 float/float" + at, [&] { return pair(GetSoftMaxFlashV2MaxTmpSize(s, 4, 4, false), GetSoftMaxFlashV2MinTmpSize(s, 4, 4, false)); });
  run("FlashV2 half basic" + at, [&] { return pair(GetSoftMaxFlashV2MaxTmpSize(s, 2, 2, false, true), GetSoftMaxFlashV2MinTmpSize(s, 2, 2, false, true)); });
  const TensorShape two({2, 64});
  run("FlashV2 float 2 rows update" + at, [&] { return pair(GetSoftMaxFlashV2MaxTmpSize(two, 4, 4, true), GetSoftMaxFlashV2MinTmpSize(two, 4, 4, true)); });
  const TensorShape wide({16, 1024});
  run("FlashV2 half basic 1024" + at, [&] { return pair(GetSoftMaxFlashV2MaxTmpSize(wide, 2, 2, false, true), GetSoftMaxFlashV2MinTmpSize(wide, 2, 2, false, true)); });
  run("FlashV2 half basic 1024 brc" + at, [&] { return pair(0, GetSoftMaxFlashV2MinTmpSize(wide, 2, 2, false, true, true)); });
  run("FlashV2 float brc" + at, [&] { return pair(0, GetSoftMaxFlashV2MinTmpSize(TensorShape({8, 64}), 4, 4, false, false, true)); });
  auto v3 = [](uint32_t size1) {
    uint32_t mx = 7, mn = 7;
    GetSoftMaxFlashV3MaxMinTmpSize(TensorShape({8, 512}), size1, 4, mx, mn, true, false);
    return std::vector<uint64_t>{mx, mn};
  };
  run("FlashV3 update" + at, [&] { return v3(2); });
  run("FlashV3 bad types" + at, [&] { return v3(4); });
  use_soc("Ascend910B2");
}

}  // namespace

void softmax_tilings();
void reduce_quant_select();
void norm_tilings();

int main() {
  math_950();
  softmax("Ascend910B2");
  softmax("Ascend950PR_9599");
  softmax_tilings();
  reduce_quant_select();
  norm_tilings();
  return 0;
}

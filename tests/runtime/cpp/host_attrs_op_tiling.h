// Tiling struct of AttrsCustom: echoes every attr kind and the input layout so tests can read them back.
#pragma once

#include <cstdint>

struct AttrsTilingData {
  int64_t count;          // attr "count" (int, required)
  float alpha;            // attr "alpha" (float, optional 0.25)
  uint32_t flag;          // attr "flag" (bool, optional true)
  int32_t outDtype;       // attr "out_dtype" (type, optional float32)
  char mode[16];          // attr "mode" (string, optional "sum")
  int64_t axesN;          // attr "axes" (list_int, optional [0, 1])
  int64_t axes[4];
  int64_t weightsN;       // attr "weights" (list_float, optional [])
  float weights[4];
  int64_t masksN;         // attr "masks" (list_bool, optional [true, false, true])
  uint32_t masks[4];
  int64_t tagsN;          // attr "tags" (list_string, optional ["a", "bc"])
  char tag0[8];
  int64_t groupsN;        // attr "groups" (list_list_int, optional [[1, 2], [3]])
  int64_t groupSizes[4];
  int64_t groupSum;
  uint32_t attrNum;
  uint32_t inputNum;      // instances (absent optional skipped, dynamic expanded)
  uint32_t hasBias;
  uint32_t xsNum;
  int64_t xsLastDims[4];
  int64_t biasFirst;      // bias data[0] read through GetOptionalInputTensor, -1 when absent
  int64_t mixedTypeNull;  // GetInt on a float attr is nullptr: 1
};

// CANN's aclnn/aclnn_base.h on the CPU: aclnnStatus and its codes, the opaque aclnn types, executor calls.
// Plain C/C++11 declarations: user programs include it as CANN's samples do; the definitions are compiled into
// lib64/libnnopbase.so (opkit/runtime/src/nnopbase.cpp) and each op's libcust_opapi.so.
#pragma once

#include <stdint.h>

#include "acl/acl_base.h"

typedef int32_t aclnnStatus;

typedef struct aclOpExecutor aclOpExecutor;
typedef struct aclTensor aclTensor;
typedef struct aclScalar aclScalar;
typedef struct aclIntArray aclIntArray;
typedef struct aclFloatArray aclFloatArray;
typedef struct aclBoolArray aclBoolArray;
typedef struct aclTensorList aclTensorList;
typedef struct aclScalarList aclScalarList;

// The codes of CANN's aclnn status table.
static const aclnnStatus ACLNN_SUCCESS = 0;
static const aclnnStatus ACLNN_ERR_PARAM_NULLPTR = 161001;
static const aclnnStatus ACLNN_ERR_PARAM_INVALID = 161002;
static const aclnnStatus ACLNN_ERR_RUNTIME_ERROR = 361001;
static const aclnnStatus ACLNN_ERR_INNER = 561000;
static const aclnnStatus ACLNN_ERR_INNER_INFERSHAPE_ERROR = 561001;
static const aclnnStatus ACLNN_ERR_INNER_TILING_ERROR = 561002;
static const aclnnStatus ACLNN_ERR_INNER_FIND_KERNEL_ERROR = 561003;
static const aclnnStatus ACLNN_ERR_INNER_CREATE_EXECUTOR = 561101;
static const aclnnStatus ACLNN_ERR_INNER_NOT_TRANS_EXECUTOR = 561102;
static const aclnnStatus ACLNN_ERR_INNER_NULLPTR = 561103;
static const aclnnStatus ACLNN_ERR_INNER_WRONG_ATTR_INFO_SIZE = 561104;
static const aclnnStatus ACLNN_ERR_INNER_KEY_CONFLICT = 561105;
static const aclnnStatus ACLNN_ERR_INNER_KEY_CONFILICT = 561105;  // CANN's older (deprecated) spelling
static const aclnnStatus ACLNN_ERR_INNER_INVALID_IMPL_MODE = 561106;
static const aclnnStatus ACLNN_ERR_INNER_OPP_PATH_NOT_FOUND = 561107;
static const aclnnStatus ACLNN_ERR_INNER_LOAD_JSON_FAILED = 561108;
static const aclnnStatus ACLNN_ERR_INNER_JSON_VALUE_NOT_FOUND = 561109;
static const aclnnStatus ACLNN_ERR_INNER_JSON_FORMAT_INVALID = 561110;

#ifdef __cplusplus
extern "C" {
#endif

// Nothing to set up on the CPU; kept so that programs calling them link.
ACL_FUNC_VISIBILITY aclnnStatus aclnnInit(const char* configPath);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFinalize();
// An executor runs once and is freed by its aclnnXxx call, unless made repeatable; then
// aclDestroyAclOpExecutor frees it.
ACL_FUNC_VISIBILITY aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor* executor);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor* executor);

#ifdef __cplusplus
}
#endif

// As CANN's aclnn_base.h: the tensor calls come with it (an op's header including only aclnn_base.h is enough for
// its example's aclCreateTensor).
#include "aclnn/acl_meta.h"

// aclnnScaleTwice: out = self * value * value (opkit's test code, a hand-written l2 API in the form of CANN's
// op_api/aclnn_<op>.h). self may be a strided view; out may have another float dtype and be a strided view.
#ifndef ACLNN_SCALE_TWICE_H_
#define ACLNN_SCALE_TWICE_H_

#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnScaleTwiceGetWorkspaceSize(const aclTensor *self, const aclScalar *value, aclTensor *out,
                                                      uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnScaleTwice(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                      aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif

// CANN's aclnnop/aclnn_util.h: ACLNN_API, the export mark of aclnn declarations.
#pragma once

#include "aclnn/aclnn_base.h"

#ifndef ACLNN_API
#define ACLNN_API __attribute__((visibility("default")))
#endif

// CANN's include name for ListTensorDesc/TensorDesc (opkit/sim/list_tensor.h).
#pragma once

#include "kernel_operator.h"

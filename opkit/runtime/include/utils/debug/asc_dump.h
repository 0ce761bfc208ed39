// CANN 9's raw-pointer dumps (utils/debug/asc_dump.h): asc_dump_gm, asc_dump_ubuf, asc_dump_l1buf, asc_dump_cbuf and
// the overloads of asc_dump print dump_size elements at the pointer as DumpTensor does, headed "desc=<desc>" and the
// memory. A GM pointer is checked against the launch's GM buffers; a UB pointer against the block's UB; the
// cube-side pointers (L1, L0C) are printed as they are.
#pragma once

#include <cinttypes>
#include <cstdio>

#include "kernel_operator.h"
#include "opkit/sim/asc_dump_impl.h"

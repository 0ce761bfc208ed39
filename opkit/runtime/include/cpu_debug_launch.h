// CANN's header for `<<<>>>` launches in CPU-debug builds of .asc files; `opkit cc` rewrites the launches.
#pragma once
#include "opkit/sim/chevron.h"

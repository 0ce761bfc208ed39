// CANN's platform/platform_info_def.h: the definitions platform_info.h and platform_infos_def.h share. CANN's copy
// brings std::map, std::string and std::vector into the global namespace, and host code relies on it (an op_host
// file using plain `vector` after including platform/platform_info.h compiles with CANN): opkit does the same.
#pragma once

#include <map>
#include <string>
#include <vector>

using std::map;
using std::string;
using std::vector;

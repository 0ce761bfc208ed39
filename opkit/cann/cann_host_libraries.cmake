# The CANN host libraries that kernel-launch samples link besides ascendcl (tiling_api, register, platform,
# ascendalog, c_sec, msprofiler, ...): their API lives in opkit's headers, so each is an empty target over opkit::runtime.
# Included by both stand-ins (ascendc.cmake for RUN_MODE npu/sim, tikicpulibConfig.cmake for cpu).
include_guard(GLOBAL)
foreach(_lib tiling_api register platform ascendalog c_sec runtime graph graph_base unified_dlog error_manager
        nnopbase opapi acl_op_compiler msprofiler)
  if(NOT TARGET ${_lib})
    add_library(${_lib} INTERFACE IMPORTED GLOBAL)
    set_target_properties(${_lib} PROPERTIES INTERFACE_LINK_LIBRARIES opkit::runtime)
  endif()
endforeach()

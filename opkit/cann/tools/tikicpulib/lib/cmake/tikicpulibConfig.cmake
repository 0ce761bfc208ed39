# opkit's stand-in for CANN's tikicpulib (the CPU path of the kernel-launch samples): tikicpulib::<SOC_VERSION> is
# opkit::sim (ASCENDC_CPU_DEBUG defined, so the samples' mains take their ICPU_RUN_KF branch) for that SoC.
get_filename_component(_opkit_here "${CMAKE_CURRENT_LIST_DIR}" REALPATH)  # also through cann-root's links
get_filename_component(_opkit_cann_root "${_opkit_here}/../../../.." ABSOLUTE)
get_filename_component(_opkit_cmake_dir "${_opkit_cann_root}/../cmake" ABSOLUTE)
find_package(opkit REQUIRED CONFIG PATHS "${_opkit_cmake_dir}" NO_DEFAULT_PATH)

set(_opkit_socs Ascend910B1 Ascend910B2 Ascend910B3 Ascend910B4 Ascend910B2C Ascend910_9391 Ascend910_9392
    Ascend910_9381 Ascend910_9382 Ascend910_9372 Ascend910_9362 Ascend310P1 Ascend310P3 Ascend910A Ascend310B1
    Ascend950PR_9599 ascend910b ascend310p ascend910 ascend310b ascend950)
if(SOC_VERSION AND NOT SOC_VERSION IN_LIST _opkit_socs)
  list(APPEND _opkit_socs "${SOC_VERSION}")
endif()
foreach(_soc IN LISTS _opkit_socs)
  if(NOT TARGET tikicpulib::${_soc})
    add_library(tikicpulib::${_soc} INTERFACE IMPORTED GLOBAL)
    opkit_soc_definitions("${_soc}" _defs)
    list(APPEND _defs "_GLIBCXX_USE_CXX11_ABI=0")
    set_target_properties(tikicpulib::${_soc} PROPERTIES INTERFACE_LINK_LIBRARIES opkit::sim
                          INTERFACE_COMPILE_DEFINITIONS "${_defs}")
  endif()
endforeach()
# CANN's CPU-mode mains link only `ascendcl` and the kernel library (which links tikicpulib PRIVATE), yet take their
# ASCENDC_CPU_DEBUG branch: in CPU mode ascendcl carries the CPU-debug markers, so it is opkit::sim here.
if(NOT TARGET ascendcl)
  add_library(ascendcl INTERFACE IMPORTED GLOBAL)
  set_target_properties(ascendcl PROPERTIES INTERFACE_LINK_LIBRARIES opkit::sim
                        INTERFACE_COMPILE_DEFINITIONS "_GLIBCXX_USE_CXX11_ABI=0")
endif()
include("${_opkit_cann_root}/cann_host_libraries.cmake")
set(tikicpulib_FOUND TRUE)

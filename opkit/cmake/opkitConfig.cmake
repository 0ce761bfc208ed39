# find_package(opkit) -> opkit::sim, the header-only CPU simulator of the Ascend C kernel API.
# Found from `opkit.cmake_dir()` (-Dopkit_DIR=...) or from the opkit package directory on CMAKE_PREFIX_PATH
# (scikit-build-core adds it through opkit's `cmake.root` entry point).
include(CMakeFindDependencyMacro)
find_dependency(Threads)

get_filename_component(_opkit_root "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
set(opkit_INCLUDE_DIR "${_opkit_root}/runtime/include")
unset(_opkit_root)

if(NOT EXISTS "${opkit_INCLUDE_DIR}/kernel_operator.h")
  set(opkit_FOUND FALSE)
  set(opkit_NOT_FOUND_MESSAGE "opkit: ${opkit_INCLUDE_DIR}/kernel_operator.h is missing")
  return()
endif()

# opkit::runtime: the headers (kernel API, acl/acl.h, securec.h) and threads. opkit::sim adds CANN's CPU-debug
# markers (ASCENDC_CPU_DEBUG, __CCE_KT_TEST__), which kernels and CANN's sample mains test to pick their CPU branch.
if(NOT TARGET opkit::runtime)
  add_library(opkit::runtime INTERFACE IMPORTED GLOBAL)
  set_target_properties(opkit::runtime PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${opkit_INCLUDE_DIR}"
    INTERFACE_COMPILE_FEATURES cxx_std_17
    INTERFACE_LINK_LIBRARIES Threads::Threads)
endif()
if(NOT TARGET opkit::sim)
  add_library(opkit::sim INTERFACE IMPORTED GLOBAL)
  set_target_properties(opkit::sim PROPERTIES
    INTERFACE_COMPILE_DEFINITIONS "ASCENDC_CPU_DEBUG=1;__CCE_KT_TEST__=1"
    INTERFACE_LINK_LIBRARIES opkit::runtime)
endif()

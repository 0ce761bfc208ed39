if(EXISTS ${ASCEND_CANN_PACKAGE_PATH}/compiler/tikcpp/ascendc_kernel_cmake)
  set(ASCENDC_CMAKE_DIR ${ASCEND_CANN_PACKAGE_PATH}/compiler/tikcpp/ascendc_kernel_cmake)
else()
  message(FATAL_ERROR "no ascendc_kernel_cmake under ${ASCEND_CANN_PACKAGE_PATH}")
endif()
include(${ASCENDC_CMAKE_DIR}/ascendc.cmake)
# The kernel's include directory is not added: the launch stub must find scale_tiling.h by itself.
ascendc_library(ascendc_kernels_${RUN_MODE} SHARED ${KERNEL_FILES})

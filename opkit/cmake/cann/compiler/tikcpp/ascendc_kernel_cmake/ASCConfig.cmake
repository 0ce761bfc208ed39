# find_package(ASC HINTS ${ASCEND_CANN_PACKAGE_PATH}/compiler/tikcpp/ascendc_kernel_cmake) finds opkit's ASC language.
include("${CMAKE_CURRENT_LIST_DIR}/../../../../ASCConfig.cmake")

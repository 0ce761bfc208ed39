# find_package(ASC) -> the ASC language (.asc files: Ascend C kernel and host in one file, `<<<>>>` launches)
# compiled by opkit's driver against the CPU simulator, as CANN's asc-devkit examples expect:
#   find_package(ASC REQUIRED)
#   project(demo LANGUAGES ASC CXX)
# Found with -DASC_DIR=<this directory> (`opkit cmake-args` prints it), with ASC_ROOT (opkit's setenv.bash sets it),
# or as CANN's samples find it: find_package(ASC HINTS ${ASCEND_CANN_PACKAGE_PATH}/compiler/tikcpp/ascendc_kernel_cmake).
# CMAKE_ASC_RUN_MODE (cpu | sim | npu) chooses whether ASCENDC_CPU_DEBUG is defined; every mode runs on the
# simulator. CMAKE_ASC_ARCHITECTURES (dav-2201, dav-2002, ...) chooses the SoC the kernel compiles for.
if(NOT "${CMAKE_CURRENT_LIST_DIR}" IN_LIST CMAKE_MODULE_PATH)
  list(APPEND CMAKE_MODULE_PATH "${CMAKE_CURRENT_LIST_DIR}")
endif()
set(ASC_CMAKE_DIR "${CMAKE_CURRENT_LIST_DIR}")
set(ASC_FOUND TRUE)

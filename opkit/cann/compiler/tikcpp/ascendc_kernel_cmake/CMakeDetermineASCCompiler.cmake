# The ASC "compiler" is opkit's driver (opkit/build/cc.py) run by Python: it rewrites `<<<>>>` launches and calls g++.
get_filename_component(_opkit_asc_dir "${CMAKE_CURRENT_LIST_DIR}" REALPATH)  # also through cann-root's links
include("${_opkit_asc_dir}/../../../../cmake/opkit_cc.cmake")
set(CMAKE_ASC_COMPILER "${OPKIT_PYTHON}")
set(CMAKE_ASC_COMPILER_ID "opkit")
set(CMAKE_ASC_COMPILER_ENV_VAR "")
configure_file("${CMAKE_CURRENT_LIST_DIR}/CMakeASCCompiler.cmake.in"
               "${CMAKE_PLATFORM_INFO_DIR}/CMakeASCCompiler.cmake" @ONLY)

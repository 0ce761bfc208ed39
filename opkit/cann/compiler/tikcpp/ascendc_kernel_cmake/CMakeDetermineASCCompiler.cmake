# The ASC "compiler" is opkit's driver (opkit/build/cc.py) run by Python: it rewrites `<<<>>>` launches and calls g++.
include("${CMAKE_CURRENT_LIST_DIR}/../../../../cmake/opkit_cc.cmake")
set(CMAKE_ASC_COMPILER "${OPKIT_PYTHON}")
set(CMAKE_ASC_COMPILER_ID "opkit")
set(CMAKE_ASC_COMPILER_ENV_VAR "")
configure_file("${CMAKE_CURRENT_LIST_DIR}/CMakeASCCompiler.cmake.in"
               "${CMAKE_PLATFORM_INFO_DIR}/CMakeASCCompiler.cmake" @ONLY)

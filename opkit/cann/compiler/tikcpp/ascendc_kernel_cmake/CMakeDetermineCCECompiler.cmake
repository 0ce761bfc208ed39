# The CCE language (`project(x LANGUAGES CCE CXX)`, the older kernel-launch samples): its compiler is `ccec`, opkit's
# stand-in under compiler/ccec_compiler/bin (on PATH after sourcing bin/setenv.bash), which runs opkit's driver.
find_program(CMAKE_CCE_COMPILER NAMES ccec
             HINTS "${CMAKE_CURRENT_LIST_DIR}/../../ccec_compiler/bin" ENV PATH DOC "CCE compiler (opkit's ccec)")
if(NOT CMAKE_CCE_COMPILER)
  message(FATAL_ERROR "LANGUAGES CCE: no ccec found; source opkit's bin/setenv.bash (`opkit cann-root`) first")
endif()
mark_as_advanced(CMAKE_CCE_COMPILER)
set(CMAKE_CCE_SOURCE_FILE_EXTENSIONS cce;cpp)
set(CMAKE_CCE_COMPILER_ENV_VAR "CCEC")
configure_file("${CMAKE_CURRENT_LIST_DIR}/CMakeCCECompiler.cmake.in"
               "${CMAKE_PLATFORM_INFO_DIR}/CMakeCCECompiler.cmake" @ONLY)

# opkit's stand-in for CANN's ascendc.cmake (the NPU path of the kernel-launch samples): ascendc_library() builds
# the kernels for the simulator, in the NPU branch (ASCENDC_CPU_DEBUG undefined), and generates for every
# `extern "C" __global__` kernel an aclrtlaunch_<kernel>.h with its launch function (ACLRT_LAUNCH_KERNEL).
include_guard(GLOBAL)
get_filename_component(_opkit_here "${CMAKE_CURRENT_LIST_DIR}" REALPATH)  # also through cann-root's links
get_filename_component(_opkit_cann_root "${_opkit_here}/../../.." ABSOLUTE)
get_filename_component(_opkit_cmake_dir "${_opkit_cann_root}/../cmake" ABSOLUTE)
find_package(opkit REQUIRED CONFIG PATHS "${_opkit_cmake_dir}" NO_DEFAULT_PATH)
include("${_opkit_cmake_dir}/opkit_cc.cmake")
include("${_opkit_cann_root}/cann_host_libraries.cmake")

# What the samples' mains link for the acl API. CANN's libraries use the pre-C++11 string ABI; so do the
# samples (-D_GLIBCXX_USE_CXX11_ABI=0), and the kernels must match because they share opkit's inline state.
foreach(_lib host_intf_pub ascendcl)
  if(NOT TARGET ${_lib})
    add_library(${_lib} INTERFACE IMPORTED GLOBAL)
    set_target_properties(${_lib} PROPERTIES INTERFACE_LINK_LIBRARIES opkit::runtime)
  endif()
endforeach()

function(ascendc_library target kind)
  set(_sources)
  foreach(_src IN LISTS ARGN)
    get_filename_component(_abs "${_src}" ABSOLUTE)
    list(APPEND _sources "${_abs}")
  endforeach()
  set(_gen "${CMAKE_CURRENT_BINARY_DIR}/${target}_launch")
  execute_process(COMMAND ${OPKIT_CC} --gen-launch "${_gen}" "${_gen}/include/${target}" ${_sources}
                  OUTPUT_VARIABLE _stubs RESULT_VARIABLE _rc ERROR_VARIABLE _err
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "ascendc_library(${target}): generating aclrtlaunch headers failed: ${_err}")
  endif()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${_sources})
  add_library(${target} ${kind} ${_sources} ${_stubs})
  set_target_properties(${target} PROPERTIES CXX_COMPILER_LAUNCHER "${OPKIT_CC};--mode=npu"
                        POSITION_INDEPENDENT_CODE ON)
  target_link_libraries(${target} PUBLIC opkit::runtime)
  target_compile_definitions(${target} PUBLIC _GLIBCXX_USE_CXX11_ABI=0 PRIVATE OPKIT_NPU_MODE=1)
  # The samples' run.sh passes the board as SOC_VERSION: the kernels get that SoC's profile (UB size, cores), as
  # tikicpulib::<SOC_VERSION> gives the CPU branch. A SoC without a profile (and the 910B) keeps the default.
  opkit_soc_definitions("${SOC_VERSION}" _defs)
  if(_defs)
    target_compile_definitions(${target} PUBLIC ${_defs})
  endif()
  target_include_directories(${target} PUBLIC "$<BUILD_INTERFACE:${_gen}/include/${target}>")
  # CANN's ascendc_library installs the library itself (the samples' npu_lib.cmake has no install of its own;
  # run.sh then runs out/bin/ascendc_kernels_bbit with out/lib on LD_LIBRARY_PATH).
  include(GNUInstallDirs)
  install(TARGETS ${target} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
endfunction()

# A kernel binary for aclrtBinaryLoadFromFile (opkit/acl/binary.h): the kernels as a shared library, installed where
# CANN's ascendc_fatbin_library puts its binary (<prefix>/fatbin/<target>/<target>.o). The program that loads it
# exports its symbols (-rdynamic through host_intf_pub/ascendcl), so the binary's kernels share the program's simulator state.
function(ascendc_fatbin_library target)
  ascendc_library(${target} SHARED ${ARGN})
  set_target_properties(host_intf_pub ascendcl PROPERTIES INTERFACE_LINK_OPTIONS "-rdynamic")
  install(FILES "$<TARGET_FILE:${target}>" DESTINATION "fatbin/${target}" RENAME "${target}.o")
endfunction()

# CANN's spellings of the target_* commands for kernel libraries; `-DNAME` items are accepted as `NAME`.
function(ascendc_compile_definitions target scope)
  set(_defs)
  foreach(_d IN LISTS ARGN)
    string(REGEX REPLACE "^-D" "" _d "${_d}")
    list(APPEND _defs "${_d}")
  endforeach()
  target_compile_definitions(${target} ${scope} ${_defs})
endfunction()

function(ascendc_compile_options target scope)
  target_compile_options(${target} ${scope} ${ARGN})
endfunction()

function(ascendc_include_directories target scope)
  target_include_directories(${target} ${scope} ${ARGN})
endfunction()

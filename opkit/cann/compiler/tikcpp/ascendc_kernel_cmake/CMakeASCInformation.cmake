# Rules of the ASC language: compile with opkit's driver, link with it (it adds -pthread and calls g++).
get_filename_component(_opkit_asc_dir "${CMAKE_CURRENT_LIST_DIR}" REALPATH)  # also through cann-root's links
include("${_opkit_asc_dir}/../../../../cmake/opkit_cc.cmake")

if(NOT CMAKE_ASC_RUN_MODE)
  set(CMAKE_ASC_RUN_MODE "cpu")
endif()
set(_opkit_asc "\"${OPKIT_CC_SCRIPT}\" --mode=${CMAKE_ASC_RUN_MODE}")
if(CMAKE_ASC_ARCHITECTURES)
  string(APPEND _opkit_asc " --npu-arch=${CMAKE_ASC_ARCHITECTURES}")
endif()

set(CMAKE_ASC_SOURCE_FILE_EXTENSIONS asc)
set(CMAKE_ASC_OUTPUT_EXTENSION .o)
set(CMAKE_ASC_LINKER_PREFERENCE 40)
set(CMAKE_ASC_LINKER_PREFERENCE_PROPAGATES 1)
set(CMAKE_ASC_COMPILE_OPTIONS_PIC "-fPIC")
set(CMAKE_SHARED_LIBRARY_ASC_FLAGS "-fPIC")
set(CMAKE_SHARED_LIBRARY_CREATE_ASC_FLAGS "-shared")
set(CMAKE_SHARED_LIBRARY_SONAME_ASC_FLAG "-Wl,-soname,")
# -Wl,-rpath to the build tree's shared libraries, so that executables and libraries linking them run in place
# (and `install` rewrites it) as with CMake's C and CXX; asc-devkit takes these from the C language too.
foreach(_flag SHARED_LIBRARY_RUNTIME_@_FLAG SHARED_LIBRARY_RUNTIME_@_FLAG_SEP SHARED_LIBRARY_RPATH_LINK_@_FLAG)
  string(REPLACE "@" "ASC" _asc_var "CMAKE_${_flag}")
  string(REPLACE "@" "C" _c_var "CMAKE_${_flag}")
  if(NOT DEFINED ${_asc_var})
    set(${_asc_var} "${${_c_var}}")
  endif()
endforeach()
foreach(_flag RUNTIME_@_FLAG RUNTIME_@_FLAG_SEP RPATH_LINK_@_FLAG)
  string(REPLACE "@" "ASC" _asc_var "${_flag}")
  if(NOT DEFINED CMAKE_EXECUTABLE_${_asc_var})
    set(CMAKE_EXECUTABLE_${_asc_var} "${CMAKE_SHARED_LIBRARY_${_asc_var}}")
  endif()
endforeach()
set(CMAKE_INCLUDE_FLAG_ASC "-I")
set(CMAKE_INCLUDE_SYSTEM_FLAG_ASC "-isystem ")
set(CMAKE_DEPFILE_FLAGS_ASC "-MD -MT <DEP_TARGET> -MF <DEP_FILE>")
set(CMAKE_ASC_DEPFILE_FORMAT gcc)
set(CMAKE_ASC_DEPENDS_USE_COMPILER TRUE)
set(CMAKE_ASC_FLAGS_DEBUG_INIT "-g")
set(CMAKE_ASC_FLAGS_RELEASE_INIT "-O2 -DNDEBUG")
foreach(_config "" _DEBUG _RELEASE _RELWITHDEBINFO _MINSIZEREL)
  if(NOT DEFINED CMAKE_ASC_FLAGS${_config})
    set(CMAKE_ASC_FLAGS${_config} "${CMAKE_ASC_FLAGS${_config}_INIT}" CACHE STRING "Flags of the ASC language")
  endif()
endforeach()

set(CMAKE_ASC_COMPILE_OBJECT
    "<CMAKE_ASC_COMPILER> ${_opkit_asc} <DEFINES> <INCLUDES> <FLAGS> -o <OBJECT> -c <SOURCE>")
set(CMAKE_ASC_LINK_EXECUTABLE
    "<CMAKE_ASC_COMPILER> ${_opkit_asc} <FLAGS> <CMAKE_ASC_LINK_FLAGS> <LINK_FLAGS> <OBJECTS> -o <TARGET> <LINK_LIBRARIES>")
set(CMAKE_ASC_CREATE_SHARED_LIBRARY
    "<CMAKE_ASC_COMPILER> ${_opkit_asc} <CMAKE_SHARED_LIBRARY_ASC_FLAGS> <LANGUAGE_COMPILE_FLAGS> <LINK_FLAGS> <CMAKE_SHARED_LIBRARY_CREATE_ASC_FLAGS> <SONAME_FLAG><TARGET_SONAME> -o <TARGET> <OBJECTS> <LINK_LIBRARIES>")
set(CMAKE_ASC_CREATE_SHARED_MODULE "${CMAKE_ASC_CREATE_SHARED_LIBRARY}")
set(CMAKE_ASC_ARCHIVE_CREATE "<CMAKE_AR> qc <TARGET> <LINK_FLAGS> <OBJECTS>")
set(CMAKE_ASC_ARCHIVE_APPEND "<CMAKE_AR> q <TARGET> <LINK_FLAGS> <OBJECTS>")
set(CMAKE_ASC_ARCHIVE_FINISH "<CMAKE_RANLIB> <TARGET>")

# The host libraries asc-devkit examples link (tiling_api, register, platform, ascendcl, ...): on the CPU
# their API is in opkit's headers, which the driver puts on the include path, so they are empty targets.
foreach(_lib tiling_api register platform ascendalog ascendcl runtime graph_base c_sec unified_dlog nnopbase msprofiler)
  if(NOT TARGET ${_lib})
    add_library(${_lib} INTERFACE IMPORTED GLOBAL)
  endif()
endforeach()
set(CMAKE_ASC_INFORMATION_LOADED 1)

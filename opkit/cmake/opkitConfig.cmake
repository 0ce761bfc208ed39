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

# opkit_soc_arch(<SoC or AddConfig family> <out var>): the __NPU_ARCH__ of an opkit SoC profile ("Ascend310B1" ->
# 3002; a family gives its first profile's), read from the simulator's table (opkit/sim/soc.h) so that the table stays
# the one place saying it; "" for a name opkit does not model. Case-insensitive, as CANN's SoC names are.
function(opkit_soc_arch soc out)
  file(STRINGS "${opkit_INCLUDE_DIR}/opkit/sim/soc.h" rows REGEX "^ *[{]\"[^\"]+\", \"[a-z0-9_]+\", [0-9]+,")
  string(TOLOWER "${soc}" want)
  set(found "")
  foreach(row IN LISTS rows)
    string(REGEX MATCH "[{]\"([^\"]+)\", \"([a-z0-9_]+)\", ([0-9]+)," _ "${row}")
    string(TOLOWER "${CMAKE_MATCH_1}" name)
    if(want STREQUAL name OR (found STREQUAL "" AND want STREQUAL CMAKE_MATCH_2))
      set(found "${CMAKE_MATCH_3}")
      if(want STREQUAL name)
        break()
      endif()
    endif()
  endforeach()
  set(${out} "${found}" PARENT_SCOPE)
endfunction()

# The compile definitions that make kernels compile for `soc`: none for the default arch (2201, the 910B, also for a
# SoC without a profile), else OPKIT_SOC_ARCH=<arch>.
function(opkit_soc_definitions soc out)
  opkit_soc_arch("${soc}" arch)
  set(defs "")
  if(NOT arch STREQUAL "" AND NOT arch STREQUAL "2201")
    set(defs "OPKIT_SOC_ARCH=${arch}")
  endif()
  set(${out} "${defs}" PARENT_SCOPE)
endfunction()

# A project that names its SoC before finding opkit (a generated project's OPKIT_SOC, which `opkit build --soc`
# sets) compiles its kernels for that SoC's arch: `#if __NPU_ARCH__` branches, dtypes and APIs follow the SoC.
if(DEFINED OPKIT_SOC AND NOT OPKIT_SOC STREQUAL "")
  opkit_soc_arch("${OPKIT_SOC}" _opkit_arch)
  if(_opkit_arch STREQUAL "")
    message(WARNING "opkit: OPKIT_SOC=${OPKIT_SOC} is not a SoC opkit models; kernels compile for Ascend910B (2201)")
  endif()
  opkit_soc_definitions("${OPKIT_SOC}" _opkit_defs)
  set_property(TARGET opkit::sim APPEND PROPERTY INTERFACE_COMPILE_DEFINITIONS ${_opkit_defs})
  unset(_opkit_arch)
  unset(_opkit_defs)
endif()

# Where the `opkit` Python package lives: `python -m opkit.build.isolation` runs from here, whatever the build's interpreter.
get_filename_component(_opkit_python_path "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
set(OPKIT_PYTHONPATH "${_opkit_python_path}" CACHE INTERNAL "directory holding the opkit package")
unset(_opkit_python_path)
# OFF is for diagnosis: kernel objects link as compiled and the check lists what they would share (even opkit's own
# skeletons share the tiling struct's template instances).
option(OPKIT_ISOLATE_KERNELS "Keep each dtype combination's kernel code from being shared with the others" ON)

# The compiler launcher that compiles against opkit's shared precompiled headers (opkit_shared_pch).
set(OPKIT_PCH_LAUNCHER "${CMAKE_CURRENT_LIST_DIR}/opkit_pch.py" CACHE INTERNAL "opkit's precompiled-header launcher")

# _opkit_python(<var>): the build's interpreter (the one pybind11 or the project found, else python3).
function(_opkit_python var)
  if(DEFINED Python_EXECUTABLE)
    set(python "${Python_EXECUTABLE}")
  elseif(DEFINED Python3_EXECUTABLE)
    set(python "${Python3_EXECUTABLE}")
  elseif(DEFINED PYTHON_EXECUTABLE)
    set(python "${PYTHON_EXECUTABLE}")
  else()
    find_package(Python3 COMPONENTS Interpreter REQUIRED)
    set(python "${Python3_EXECUTABLE}")
  endif()
  set(${var} "${python}" PARENT_SCOPE)
endfunction()

# _opkit_run_module(<var> <module>): the command running `python -m <module>` from this opkit, whatever the build's
# interpreter.
function(_opkit_run_module var module)
  _opkit_python(python)
  set(${var} "${CMAKE_COMMAND}" -E env "PYTHONPATH=${OPKIT_PYTHONPATH}" "${python}" -m ${module} PARENT_SCOPE)
endfunction()

# opkit_add_kernel(<target> <kernel source> <kernel name>): an object library compiling <kernel source> with its entry
# `<kernel name>` named opkit_entry_<kernel name>, in a copy of the source (opkit/build/entry.py). Never by a macro,
# which would rename everything of that name the kernel sees: an op called exp, div or fill shares its name with the
# C and C++ libraries. `#line` keeps diagnostics and __FILE__ in the user's file, -iquote finds its `#include "x.h"`;
# opkit_link_kernels gives each combination's entry its own name in its object (OPKIT_KERNEL_ENTRY lists the names
# the object may define it under: a source whose entry is made by a macro is compiled as written).
function(opkit_add_kernel target source name)
  get_filename_component(source "${source}" ABSOLUTE)
  get_filename_component(source_dir "${source}" DIRECTORY)
  get_filename_component(file "${source}" NAME)
  set(copy "${CMAKE_CURRENT_BINARY_DIR}/opkit_entries/${name}/${file}")
  get_property(made DIRECTORY PROPERTY "OPKIT_ENTRY_SOURCE ${copy}")
  if(NOT made)   # one copy for all of the op's combinations
    set_property(DIRECTORY PROPERTY "OPKIT_ENTRY_SOURCE ${copy}" TRUE)
    _opkit_run_module(run_opkit opkit.build.entry)
    add_custom_command(OUTPUT "${copy}"
      COMMAND ${run_opkit} "${source}" -o "${copy}" --entry "${name}"
      DEPENDS "${source}"
      COMMENT "Naming the kernel entry of ${file}"
      VERBATIM)
  endif()
  add_library(${target} OBJECT "${copy}")
  target_compile_options(${target} PRIVATE "-iquote${source_dir}")
  target_link_libraries(${target} PRIVATE opkit::sim)
  set_target_properties(${target} PROPERTIES OPKIT_KERNEL_ENTRY "opkit_entry_${name};${name}")
endfunction()

# opkit_link_kernels(<module> <kernel object library> <entry symbol> [<kernel object library> <entry symbol>]...)
# Links each kernel object library (one dtype combination of one op) into <module>, its entry renamed to <entry symbol>
# (from the names its OPKIT_KERNEL_ENTRY property lists; without one, the object defines <entry symbol>) and isolated
# from the others: a partial link with every symbol but the entry and the simulator's shared state made local (see
# opkit/build/isolation.py), so same-named inline functions, statics and templates of two combinations never merge. Then
# checks that no symbol but the simulator's is defined by two of them; a clash fails the build, naming the symbol.
# With -DOPKIT_ISOLATE_KERNELS=OFF the objects are linked with only their entries renamed, and the check still runs
# (and fails).
function(opkit_link_kernels module)
  set(pairs ${ARGN})
  list(LENGTH pairs count)
  math(EXPR odd "${count} % 2")
  if(count EQUAL 0 OR odd)
    message(FATAL_ERROR "opkit_link_kernels(${module} ...): expected <kernel target> <entry symbol> pairs")
  endif()
  _opkit_run_module(run_opkit opkit.build.isolation)
  set(dir "${CMAKE_CURRENT_BINARY_DIR}/opkit_kernels")
  set(objects "")
  set(kernels "")
  set(check_args "")
  math(EXPR last "${count} - 1")
  foreach(i RANGE 0 ${last} 2)
    math(EXPR j "${i} + 1")
    list(GET pairs ${i} kernel)
    list(GET pairs ${j} entry)
    get_target_property(compiled ${kernel} OPKIT_KERNEL_ENTRY)
    set(compiled_as "")
    if(compiled)
      foreach(name IN LISTS compiled)
        list(APPEND compiled_as --compiled-as "${name}")
      endforeach()
    endif()
    set(object "${dir}/${kernel}.o")
    if(OPKIT_ISOLATE_KERNELS)
      set(step isolate)
      set(comment "Isolating kernel ${kernel}")
    else()
      set(step rename)
      set(comment "Renaming the entry of kernel ${kernel}")
    endif()
    add_custom_command(OUTPUT "${object}"
      COMMAND ${run_opkit} ${step} "$<TARGET_OBJECTS:${kernel}>" -o "${object}" --entry "${entry}" ${compiled_as}
              --ld "${CMAKE_LINKER}" --objcopy "${CMAKE_OBJCOPY}" --nm "${CMAKE_NM}"
      DEPENDS ${kernel} "$<TARGET_OBJECTS:${kernel}>"
      COMMENT "${comment}"
      VERBATIM)
    list(APPEND objects "${object}")
    list(APPEND kernels ${kernel})
    set(dtypes "$<FILTER:$<TARGET_PROPERTY:${kernel},COMPILE_DEFINITIONS>,INCLUDE,^DTYPE_>")
    set(label "${kernel} ($<JOIN:${dtypes},$<COMMA> >)")
    list(APPEND check_args --kernel "${label}" "${entry}" "${object}")
  endforeach()
  set(stamp "${dir}/${module}.isolation-checked")
  add_custom_command(OUTPUT "${stamp}"
    COMMAND ${run_opkit} check --nm "${CMAKE_NM}" --stamp "${stamp}" ${check_args}
    DEPENDS ${kernels} ${objects}
    COMMENT "Checking kernel isolation of ${module}"
    VERBATIM)
  # Not sources of the module: CMake would hold back every compile of it (bindings.cpp, the longest) until the
  # custom commands ran. Only the link waits for them: a file dependency in Ninja's single graph; other generators
  # need the target-level one.
  add_custom_target(${module}_kernels DEPENDS ${objects} "${stamp}")
  set_target_properties(${module} PROPERTIES OPKIT_KERNEL_OBJECTS "${objects}" OPKIT_KERNEL_STAMP "${stamp}")
  target_link_libraries(${module} PRIVATE ${objects})
  set_property(TARGET ${module} APPEND PROPERTY LINK_DEPENDS ${objects} "${stamp}")
  if(NOT CMAKE_GENERATOR MATCHES "Ninja")
    add_dependencies(${module} ${module}_kernels)
  endif()
endfunction()

# opkit_shared_pch(<header> <target>...): the targets' C++ sources that include <header> (a name under opkit's include
# directory; kernel_operator.h anywhere in the source, any other header as its first #include) compile against a
# precompiled <header> from opkit's cache (opkit/build/pch.py: OPKIT_PCH_DIR, else ~/.cache/opkit/pch), built once
# per compiler, option set and header and shared by every project and build on the machine: a compiler launcher
# finds or builds it (under a lock: concurrent builds build it once) and adds `-include` to the compile. Macros only
# kernels or one project read (DTYPE_*, OPKIT_PROJECT_SOC) are left out of the key. GCC only; a PCH that does not fit
# costs time, never correctness (GCC then parses the headers). Returns FALSE in <target>'s OPKIT_SHARED_PCH when it
# cannot (another compiler, or a compiler launcher such as ccache already set).
option(OPKIT_PCH "Compile kernels and the generated glue against precompiled headers" ON)
function(opkit_shared_pch header)
  set(usable FALSE)
  if(OPKIT_PCH AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
    set(usable TRUE)
    _opkit_python(python)
  endif()
  foreach(target IN ITEMS ${ARGN})
    get_target_property(launcher ${target} CXX_COMPILER_LAUNCHER)
    if(usable AND NOT launcher)
      set_target_properties(${target} PROPERTIES
        CXX_COMPILER_LAUNCHER "${python};${OPKIT_PCH_LAUNCHER};--header;${header};--" OPKIT_SHARED_PCH TRUE)
    else()
      set_target_properties(${target} PROPERTIES OPKIT_SHARED_PCH FALSE)
    endif()
  endforeach()
endfunction()

# opkit_precompile_headers(<kernel target> [<kernel target>...]): the targets compile against one precompiled
# kernel_operator.h, which saves the ~1 s of parsing the simulator's headers in every kernel translation unit: opkit's
# shared one (opkit_shared_pch) with GCC, else a CMake PCH of their own, built by a small holder target with the
# first target's compile options but none of its own defines: GCC rejects a PCH when a macro is defined differently
# at build and use, so the per-combination defines (DTYPE_*) must be absent from it; absent macros that the headers do
# not use are fine. A PCH that does not fit costs time, never correctness (GCC then parses the headers).
# -DOPKIT_PCH=OFF turns it off.
function(opkit_precompile_headers first)
  if(NOT OPKIT_PCH)
    return()
  endif()
  opkit_shared_pch(kernel_operator.h ${first} ${ARGN})
  get_target_property(shared ${first} OPKIT_SHARED_PCH)
  if(shared)
    return()
  endif()
  set(holder "${first}_opkit_pch")
  set(source "${CMAKE_CURRENT_BINARY_DIR}/${holder}.cpp")
  if(NOT EXISTS "${source}")
    file(WRITE "${source}" "// generated by opkit: holds the precompiled kernel_operator.h of ${first} and the like\n")
  endif()
  add_library(${holder} OBJECT EXCLUDE_FROM_ALL "${source}")
  target_link_libraries(${holder} PRIVATE opkit::sim)
  get_target_property(options ${first} COMPILE_OPTIONS)
  if(options)
    target_compile_options(${holder} PRIVATE ${options})
  endif()
  get_target_property(pic ${first} POSITION_INDEPENDENT_CODE)
  if(NOT pic STREQUAL "pic-NOTFOUND")
    set_target_properties(${holder} PROPERTIES POSITION_INDEPENDENT_CODE "${pic}")
  endif()
  target_precompile_headers(${holder} PRIVATE "${opkit_INCLUDE_DIR}/kernel_operator.h")
  foreach(target IN ITEMS ${first} ${ARGN})
    target_precompile_headers(${target} REUSE_FROM ${holder})
  endforeach()
endfunction()

# opkit_add_aclnn_library(<module> <source>...): libcust_opapi.so, the aclnn library CANN's build makes of an operator
# project, from <sources> (the generated csrc/aclnn.cpp and the host objects) and the isolated kernel objects
# opkit_link_kernels made for <module> (compiled once, linked into both). Only when OPKIT_CANN_ROOT names the tree of
# `opkit cann-root`: the library links its libnnopbase.so and libascendcl.so (one device memory and error state with
# the program) and exports only the aclnn* functions.
function(opkit_add_aclnn_library module)
  if(NOT OPKIT_CANN_ROOT)
    return()
  endif()
  get_target_property(objects ${module} OPKIT_KERNEL_OBJECTS)
  get_target_property(stamp ${module} OPKIT_KERNEL_STAMP)
  set(exports "${CMAKE_CURRENT_BINARY_DIR}/cust_opapi.map")
  file(WRITE "${exports}" "{\n  global: aclnn*;\n  local: *;\n};\n")
  add_library(cust_opapi SHARED ${ARGN})
  opkit_shared_pch(opkit/host/aclnn_prelude.h cust_opapi)  # csrc/aclnn.cpp: only a source including it first
  target_compile_definitions(cust_opapi PRIVATE OPKIT_ACL_DECLARE_ONLY OPKIT_ACL_SHARED_STATE
                             OPKIT_PROJECT_SOC="${OPKIT_SOC}")
  target_link_libraries(cust_opapi PRIVATE ${objects} opkit::sim "${OPKIT_CANN_ROOT}/lib64/libnnopbase.so"
                        "${OPKIT_CANN_ROOT}/lib64/libascendcl.so" "-Wl,--version-script=${exports}")
  set_property(TARGET cust_opapi APPEND PROPERTY LINK_DEPENDS ${objects} "${stamp}" "${exports}")
  add_dependencies(cust_opapi ${module}_kernels)
  # Its objects, listed for the static library CANN's build makes of an op package on request
  # (ASCEND_PACK_SHARED_LIBRARY; opkit/build/aclnn_package.py links them into lib<vendor>.a).
  set(listed "")
  foreach(item IN LISTS ARGN)
    if(item MATCHES "^\\$<TARGET_OBJECTS:")
      list(APPEND listed "${item}")
    endif()
  endforeach()
  file(GENERATE OUTPUT "${CMAKE_CURRENT_BINARY_DIR}/cust_opapi.objects"
       CONTENT "$<JOIN:$<TARGET_OBJECTS:cust_opapi>;${listed};${objects},\n>\n")
  # Installed in <root>/opp/vendors/<vendor>/op_api/lib: the root's lib64 is five levels up.
  set_target_properties(cust_opapi PROPERTIES BUILD_RPATH "${OPKIT_CANN_ROOT}/lib64"
                        INSTALL_RPATH "$ORIGIN/../../../../../lib64")
endfunction()

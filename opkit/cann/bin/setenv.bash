# opkit's stand-in for CANN's setenv.bash: the sample scripts source it; the simulator needs no environment.
_opkit_cann="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export ASCEND_HOME_PATH="${ASCEND_HOME_PATH:-$_opkit_cann}"
# asc-devkit examples configure with a plain `cmake ..` after sourcing CANN's environment: find_package(ASC) then
# finds opkit's ASC language through ASC_ROOT (the same ASCConfig.cmake as ASCEND_CANN_PACKAGE_PATH's).
export ASC_ROOT="${ASC_ROOT:-$_opkit_cann/compiler/tikcpp/ascendc_kernel_cmake}"
# CANN puts its compiler on PATH: the older kernel-launch samples (`project(x LANGUAGES CCE CXX)`) find `ccec` there.
case ":$PATH:" in
  *":$_opkit_cann/compiler/ccec_compiler/bin:"*) ;;
  *) export PATH="$_opkit_cann/compiler/ccec_compiler/bin:$PATH" ;;
esac
# and its tools: the samples' install.sh runs `msopgen gen ...` (opkit's stand-in, bin/msopgen).
case ":$PATH:" in
  *":$_opkit_cann/bin:"*) ;;
  *) export PATH="$_opkit_cann/bin:$PATH" ;;
esac
# and its profiler: samples run `msprof op ./program` (opkit profile's estimate, tools/profiler/bin/msprof).
case ":$PATH:" in
  *":$_opkit_cann/tools/profiler/bin:"*) ;;
  *) export PATH="$_opkit_cann/tools/profiler/bin:$PATH" ;;
esac
# In the tree `opkit cann-root` lays out (lib64/ holds libascendcl.so & co.): the libraries on the loader path, the
# operator packages' root (ASCEND_OPP_PATH) and, once `opkit build` installed one, the custom package of vendor
# customize (ASCEND_CUSTOM_OPP_PATH and its op_api/lib), as CANN's setenv.bash and the package's set_env.bash do.
if [ -d "${_opkit_cann}/lib64" ]; then
  export LD_LIBRARY_PATH="${_opkit_cann}/lib64:${_opkit_cann}/$(uname -m)-linux/lib64${LD_LIBRARY_PATH:+:${LD_LIBRARY_PATH}}"
  export ASCEND_OPP_PATH="${_opkit_cann}/opp"
  if [ -d "${_opkit_cann}/opp/vendors/customize/op_api" ]; then
    case ":${ASCEND_CUSTOM_OPP_PATH:-}:" in
      *":${_opkit_cann}/opp/vendors/customize:"*) ;;
      *) export ASCEND_CUSTOM_OPP_PATH="${_opkit_cann}/opp/vendors/customize${ASCEND_CUSTOM_OPP_PATH:+:${ASCEND_CUSTOM_OPP_PATH}}"
         export LD_LIBRARY_PATH="${_opkit_cann}/opp/vendors/customize/op_api/lib:${LD_LIBRARY_PATH}" ;;
    esac
  fi
fi
unset _opkit_cann

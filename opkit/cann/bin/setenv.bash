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
unset _opkit_cann

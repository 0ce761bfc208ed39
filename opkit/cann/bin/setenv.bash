# opkit's stand-in for CANN's setenv.bash: the sample scripts source it; the simulator needs no environment.
export ASCEND_HOME_PATH="${ASCEND_HOME_PATH:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
# asc-devkit examples configure with a plain `cmake ..` after sourcing CANN's environment: find_package(ASC) then
# finds opkit's ASC language through ASC_ROOT (the same ASCConfig.cmake as ASCEND_CANN_PACKAGE_PATH's).
export ASC_ROOT="${ASC_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/compiler/tikcpp/ascendc_kernel_cmake}"

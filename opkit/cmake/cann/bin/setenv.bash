# opkit's stand-in for CANN's setenv.bash: the sample scripts source it; the simulator needs no environment.
export ASCEND_HOME_PATH="${ASCEND_HOME_PATH:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"

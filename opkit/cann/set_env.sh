# opkit's stand-in for CANN's set_env.sh (`source ${install_path}/cann/set_env.sh` in asc-devkit's READMEs).
source "$(dirname "${BASH_SOURCE[0]}")/bin/setenv.bash"

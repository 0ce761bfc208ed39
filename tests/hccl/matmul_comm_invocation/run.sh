#!/bin/bash
# As CANN's MC2 AclNNInvocation run.sh: generate data, build against $ASCEND_INSTALL_PATH, run the op on 4 devices,
# verify. `bash run.sh mismatch`: rank 1 calls the op with half the rows (the collectives disagree).
CURRENT_DIR=$(cd "$(dirname "${BASH_SOURCE:-$0}")" && pwd)
_ASCEND_INSTALL_PATH=${ASCEND_INSTALL_PATH:-$ASCEND_HOME_PATH}
source "$_ASCEND_INSTALL_PATH/bin/setenv.bash"
export DDK_PATH=$_ASCEND_INSTALL_PATH
export NPU_HOST_LIB=$_ASCEND_INSTALL_PATH/$(arch)-$(uname -s | tr '[:upper:]' '[:lower:]')/lib64
set -e
cd "$CURRENT_DIR"
python3 scripts/gen_data.py
rm -rf build && mkdir -p build && cd build
cmake ../src -DCMAKE_SKIP_RPATH=TRUE > /dev/null
make > /dev/null
export LD_LIBRARY_PATH=$_ASCEND_INSTALL_PATH/opp/vendors/customize/op_api/lib:$LD_LIBRARY_PATH
cd "$CURRENT_DIR/output"
./execute_matmul_comm "$@"
cd "$CURRENT_DIR"
python3 scripts/verify_result.py output

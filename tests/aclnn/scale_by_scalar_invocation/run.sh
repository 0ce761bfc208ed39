#!/bin/bash
# As CANN's AclNNInvocation run.sh: generate data, build against $ASCEND_INSTALL_PATH, run, verify.
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
./execute_scale_by_scalar
cd "$CURRENT_DIR"
python3 scripts/verify_result.py output/output_y.bin output/golden.bin float32
python3 scripts/verify_result.py output/output_y16.bin output/golden16.bin float16
python3 scripts/verify_result.py output/output_twice.bin output/golden_twice.bin float16
python3 scripts/verify_result.py output/output_twice_row.bin output/golden_twice_row.bin float16

#!/bin/bash
# build.sh of an operator project made by opkit's msopgen stand-in. CANN's build (CMake with CMakePresets.json, opbuild,
# the kernel compiler, CPack) is `opkit build` here: the kernels are compiled for the CPU simulator and the aclnn
# package goes into opkit's CANN stand-in tree. Then, as CANN's build leaves them in build_out/: the installer
# custom_opp_<os>_<arch>.run (`./custom_opp_*.run [--install-path=DIR]`), or, with ASCEND_PACK_SHARED_LIBRARY=True in
# CMakePresets.json, op_api/ with lib<vendor_name>.a and its CMake package (find_package(<vendor_name>)).
# OPKIT_PYTHON chooses the interpreter (the one opkit is installed in).
script_path=$(cd "$(dirname "$0")" && pwd)
python=${OPKIT_PYTHON:-python3}
mkdir -p "$script_path/build_out"
rm -rf "$script_path"/build_out/*
"$python" -m opkit build "$script_path" || exit 1
exec "$python" -m opkit.build.aclnn_package "$script_path"

#!/bin/bash
# Builds the custom-op package with CANN (needs ASCEND_HOME_PATH); opkit never runs it.
set -e
cmake --preset=default
cmake --build build_out --target binary package -j$(nproc)

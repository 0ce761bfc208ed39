#!/usr/bin/env bash
# Set up (once) and run the whole test suite: creates .venv, installs opkit with its test extras and torch, runs pytest.
# Usage: bash scripts/test.sh [pytest args...]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".[test]"
# torch is optional for opkit's users but its integration is tested: the CPU build, pinned to the one tested.
.venv/bin/python -c "import torch" 2>/dev/null || .venv/bin/python -m pip install -q --disable-pip-version-check "torch==2.13.0"
# Two workers (one per core of the CI machine; OPKIT_TEST_WORKERS changes it, 0 runs in this process), one test file
# per worker at a time: files share their compiled programs and built wheels through module fixtures. Files are taken
# in collection order, the end-to-end ones first (tests/conftest.py), not xdist's most-tests-first.
exec .venv/bin/python -m pytest -n "${OPKIT_TEST_WORKERS:-2}" --dist loadfile --no-loadscope-reorder "$@"

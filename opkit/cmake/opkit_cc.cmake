# Where opkit's compiler driver is: OPKIT_CC (a list: Python interpreter, opkit_cc.py) for CMake rules and launchers.
include_guard(GLOBAL)
if(NOT OPKIT_PYTHON)
  # The interpreter opkit runs from (`opkit cmake-args` passes it), else the one of an active venv, else python3.
  find_program(OPKIT_PYTHON NAMES python3 python HINTS "$ENV{VIRTUAL_ENV}/bin" NO_CACHE)
  set(OPKIT_PYTHON "${OPKIT_PYTHON}" CACHE FILEPATH "Python that runs opkit's compiler driver")
endif()
if(NOT OPKIT_PYTHON)
  message(FATAL_ERROR "opkit: no Python found to run the compiler driver; pass -DOPKIT_PYTHON=/path/to/python3")
endif()
set(OPKIT_CC_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/opkit_cc.py")
set(OPKIT_CC "${OPKIT_PYTHON};${OPKIT_CC_SCRIPT}")

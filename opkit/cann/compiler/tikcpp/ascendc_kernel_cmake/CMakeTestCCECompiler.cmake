# ccec is opkit's driver over g++, which the CXX language checks: nothing to try-compile here.
set(CMAKE_CCE_COMPILER_WORKS 1 CACHE INTERNAL "")

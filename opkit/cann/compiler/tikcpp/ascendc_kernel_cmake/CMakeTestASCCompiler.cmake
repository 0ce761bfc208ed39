# The driver is opkit's own and g++ is checked by the CXX language: nothing to try-compile here.
set(CMAKE_ASC_COMPILER_WORKS 1 CACHE INTERNAL "")

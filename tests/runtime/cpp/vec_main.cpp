// Entry of the vector-instruction test program: runs the registered cases of the groups named on the command line.
#include "vec_harness.h"

int main(int argc, char** argv) { return vt::run_all(argc, argv); }

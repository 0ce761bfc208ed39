// lib64/libascendalog.so and libgraph.so of `opkit cann-root`: programs link them by name; what they would use of
// them is in opkit's headers, so the libraries hold nothing but their provider's name.
extern "C" __attribute__((visibility("default"))) const char* opkit_empty_host_lib_provider() { return "opkit"; }

// What the core_*.cpp and sync_test.cpp case files share with their driver (core_harness.cpp):
//   CASE(name) { ... }   defines a case that `prog name` runs.
#pragma once

void register_case(const char* name, void (*fn)());

#define CASE(name)                                                                          \
  static void name();                                                                       \
  [[maybe_unused]] static const bool name##_registered = (register_case(#name, name), true); \
  static void name()

// A host program stopped by SIGTERM says so: a test script's `timeout 30 ./execute_op` (CANN's samples and the
// competition's run.sh) otherwise ends the program without a word, and the script prints only "run failed". opkit
// simulates the NPU on the CPU, so a case that takes milliseconds on the device (a 512 MB softmax) can outlast such a
// limit here. Installed by aclInit only while SIGTERM has its default action (a program's own handler stays); the
// handler writes one line and then dies of SIGTERM as before (the exit status a `timeout` reports is unchanged).
#pragma once

#include <signal.h>
#include <time.h>
#include <unistd.h>

#include <cstring>

namespace opkit::sim::detail {

inline struct timespec& term_note_start() {
  static struct timespec start {};
  return start;
}

// Async-signal-safe: clock_gettime, write, signal and raise only; the number is formatted by hand.
inline void term_note_handler(int sig) {
  struct timespec now {};
  clock_gettime(CLOCK_MONOTONIC, &now);
  const long tenths = (now.tv_sec - term_note_start().tv_sec) * 10 +
                      (now.tv_nsec - term_note_start().tv_nsec) / 100000000L;
  char digits[24];
  int n = 0;
  long v = tenths < 0 ? 0 : tenths;
  do {
    digits[n++] = static_cast<char>('0' + v % 10);
    v /= 10;
    if (n == 1) digits[n++] = '.';
  } while (v > 0 || n < 3);
  char line[400];
  size_t len = 0;
  auto put = [&](const char* s, size_t k) {
    if (len + k < sizeof line) std::memcpy(line + len, s, k), len += k;
  };
  const char head[] = "opkit: this program was stopped by SIGTERM ";
  put(head, sizeof head - 1);
  for (int i = n - 1; i >= 0; --i) put(&digits[i], 1);
  const char tail[] =
      " s after aclInit (a `timeout` in the test script or the harness stopping it). opkit runs the kernel on the "
      "CPU, far slower than the NPU: give the case more time, or a smaller shape\n";
  put(tail, sizeof tail - 1);
  ssize_t ignored = write(STDERR_FILENO, line, len);
  (void)ignored;
  signal(sig, SIG_DFL);
  raise(sig);
}

inline void install_term_note() {
  struct sigaction current {};
  if (sigaction(SIGTERM, nullptr, &current) != 0) return;
  if ((current.sa_flags & SA_SIGINFO) != 0 || current.sa_handler != SIG_DFL) return;  // the program's own, or ignored
  clock_gettime(CLOCK_MONOTONIC, &term_note_start());
  struct sigaction ours {};
  ours.sa_handler = term_note_handler;
  sigemptyset(&ours.sa_mask);
  ours.sa_flags = SA_RESETHAND;
  sigaction(SIGTERM, &ours, nullptr);
}

}  // namespace opkit::sim::detail

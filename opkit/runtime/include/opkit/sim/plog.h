// CANN's process log on the CPU: every error an ACL or aclnn call returns (acl_fail) is appended to the file CANN's
// log would hold it in, $ASCEND_PROCESS_LOG_PATH (default $HOME/ascend/log)/debug/plog/plog-<pid>_<start>.log, so a
// program that prints only a status (`aclnnXxx failed. ERROR: 361001`) leaves the reason where CANN leaves it.
// ASCEND_GLOBAL_LOG_LEVEL=4 (null) turns it off, as on CANN.
#pragma once

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <mutex>
#include <string>

namespace opkit::sim::detail {

// The wall-clock second the process started (/proc: boot time + start ticks), so every library of one process names
// the same file; now when /proc cannot tell.
inline std::time_t process_start_time() {
  long long boot = 0, ticks = 0;
  if (std::FILE* f = std::fopen("/proc/stat", "r")) {
    char line[256];
    while (std::fgets(line, sizeof line, f) != nullptr) {
      if (std::sscanf(line, "btime %lld", &boot) == 1) break;
    }
    std::fclose(f);
  }
  if (std::FILE* f = std::fopen("/proc/self/stat", "r")) {
    char buf[1024] = {0};
    const size_t n = std::fread(buf, 1, sizeof buf - 1, f);
    std::fclose(f);
    buf[n] = '\0';
    // Fields after the command's closing parenthesis: state is field 3, starttime field 22.
    if (const char* p = std::strrchr(buf, ')')) {
      int field = 2;
      for (const char* c = p + 1; *c != '\0' && field < 22; ++c) {
        if (*c == ' ') {
          ++field;
          if (field == 22) ticks = std::atoll(c + 1);
        }
      }
    }
  }
  const long hz = sysconf(_SC_CLK_TCK);
  return boot > 0 && hz > 0 ? static_cast<std::time_t>(boot + ticks / hz) : std::time(nullptr);
}

// The plog file of this process; "" when neither ASCEND_PROCESS_LOG_PATH nor HOME names a folder.
inline std::string plog_path() {
  // C++11: programs of CANN's samples include this through acl/acl.h and build with -std=c++11.
  const char* env = std::getenv("ASCEND_PROCESS_LOG_PATH");
  const char* home = std::getenv("HOME");
  std::string root;
  if (env != nullptr && *env != '\0') {
    root = env;
  } else if (home != nullptr && *home != '\0') {
    root = std::string(home) + "/ascend/log";
  } else {
    return "";
  }
  const std::time_t start = process_start_time();
  std::tm tm{};
  localtime_r(&start, &tm);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d%H%M%S", &tm);
  return root + "/debug/plog/plog-" + std::to_string(getpid()) + "_" + stamp + ".log";
}

// Appends `[ERROR] ASCENDCL(<pid>,<program>):<time> <text> (status <code>)`, creating the folders as CANN's log does.
inline void plog_error(const char* text, int code) {
  const char* level = std::getenv("ASCEND_GLOBAL_LOG_LEVEL");
  if (level != nullptr && std::strcmp(level, "4") == 0) return;
  static std::mutex m;
  std::lock_guard<std::mutex> lock(m);
  const std::string path = plog_path();
  if (path.empty()) return;
  for (size_t slash = path.find('/', 1); slash != std::string::npos; slash = path.find('/', slash + 1)) {
    if (mkdir(path.substr(0, slash).c_str(), 0750) != 0 && errno != EEXIST) return;
  }
  std::FILE* f = std::fopen(path.c_str(), "a");
  if (f == nullptr) return;
  timespec now{};
  clock_gettime(CLOCK_REALTIME, &now);
  std::tm tm{};
  localtime_r(&now.tv_sec, &tm);
  char stamp[40];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%d-%H:%M:%S", &tm);
  std::fprintf(f, "[ERROR] ASCENDCL(%d,%s):%s.%03ld %s (status %d)\n", static_cast<int>(getpid()),
               program_invocation_short_name, stamp, now.tv_nsec / 1000000, text, code);
  std::fclose(f);
}

}  // namespace opkit::sim::detail

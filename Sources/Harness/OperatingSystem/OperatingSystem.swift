/// What the bench asks of the operating system, in one place: the readings only a kernel gives, and
/// the ways a process starts itself again.
///
/// Everything else of the harness is plain POSIX (`clock_gettime`, `getrusage`, `uname`, `execve`,
/// `dlsym`) or Foundation. What a system gives its own way lives in a file of its own beside this one:
/// `OperatingSystem+Linux.swift` for Linux, the system of every figure of record, and
/// `OperatingSystem+Elsewhere.swift` for any other, where each reading answers "not read" (nil), so
/// the package builds and its reports say "unknown" rather than guess. Two more pieces are Linux's by
/// nature and named here so a port finds them: the parent-death signal, in the C shim
/// `CProcessControl` (`prctl(PR_SET_PDEATHSIG)`, a no-op elsewhere), and the two tools the bench
/// drives, valgrind's callgrind (`CallgrindLaunch`) and perf (`PerfLaunch`).
///
/// A macOS port fills in, in an `OperatingSystem+Darwin.swift`:
///
/// | member | Linux | on macOS |
/// |---|---|---|
/// | `ownImage` | `/proc/self/exe` | `_NSGetExecutablePath` (the image may be replaced by a rebuild; copy it first) |
/// | `preloadVariable`, `jemallocLibrary` | `LD_PRELOAD`, `libjemalloc.so.2` | `DYLD_INSERT_LIBRARIES`, `libjemalloc.2.dylib` |
/// | `cpuModel()` | `/proc/cpuinfo` | `sysctlbyname("machdep.cpu.brand_string")` |
/// | `allowedCores()` | `/proc/self/status` | none (no affinity): nil |
/// | `distribution()` | `/etc/os-release` | `sw_vers`' product name and version |
/// | `threadSchedstats()` | `/proc/self/task/*/schedstat` | `thread_info(THREAD_BASIC_INFO)` gives time on a CPU; no run-queue wait |
/// | `cpuPressureSomeMicroseconds()`, `cpuTicks()` | `/proc/pressure/cpu`, `/proc/stat` | none: nil (a Mac has no steal) |
/// | `loadAverage()` | `/proc/loadavg` | `getloadavg` |
/// | `library(containing:)` | `/proc/self/maps` | `dladdr` |
///
/// A reading a system does not give stays nil, and the report leaves it out; nothing is made up.
public enum OperatingSystem {}

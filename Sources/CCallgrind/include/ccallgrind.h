// Callgrind's client requests as plain C functions Swift can call.
//
// The requests are macros of inline assembly in <valgrind/callgrind.h>, which Swift cannot import; these
// wrappers compile them once. Outside valgrind each is a few instructions that do nothing, so the bench
// links them always. Without valgrind's headers (a machine with no valgrind) they compile to no-ops
// and ccg_running_on_valgrind() answers 0.

#ifndef CCALLGRIND_H
#define CCALLGRIND_H

/// Whether valgrind's headers were present when this target was compiled: 1 if so, 0 if every
/// request is a no-op.
int ccg_available(void);

/// The number of valgrind layers the process runs under: 0 natively, 1 under valgrind.
unsigned ccg_running_on_valgrind(void);

/// Sets callgrind's event counters to zero.
void ccg_zero(void);

/// Turns instrumentation on (if it was off) and then starts collecting events.
void ccg_start(void);

/// Stops collecting events and turns instrumentation off.
void ccg_stop(void);

/// Writes a dump of the counters since the last zero or dump, naming it `name`, and zeroes them.
void ccg_dump(const char *name);

#endif

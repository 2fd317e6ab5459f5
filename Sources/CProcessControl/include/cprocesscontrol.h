// Process control Swift cannot call itself: prctl(2) is variadic, and Swift imports no variadic C function.

#ifndef CPROCESSCONTROL_H
#define CPROCESSCONTROL_H

/// Asks the kernel to send this process `signal` when the thread that started it ends (PR_SET_PDEATHSIG).
/// Returns 0 when set, -1 with errno set when it cannot be, and -1 with errno ENOSYS off Linux.
int cpc_set_parent_death_signal(int signal);

#endif

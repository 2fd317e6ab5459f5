#include "ccallgrind.h"

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define CCG_HAVE_VALGRIND 1
#else
#define CCG_HAVE_VALGRIND 0
#endif

#if CCG_HAVE_VALGRIND

// Callgrind only offers a toggle for collection; this flag keeps start and stop idempotent, so a
// stray stop (an error path, say) never turns collection on.
static int collecting = 0;

int ccg_available(void) { return 1; }

unsigned ccg_running_on_valgrind(void) { return RUNNING_ON_VALGRIND; }

void ccg_zero(void) { CALLGRIND_ZERO_STATS; }

void ccg_start(void) {
    CALLGRIND_START_INSTRUMENTATION;
    if (!collecting) {
        collecting = 1;
        CALLGRIND_TOGGLE_COLLECT;
    }
}

void ccg_stop(void) {
    if (collecting) {
        CALLGRIND_TOGGLE_COLLECT;
        collecting = 0;
    }
    CALLGRIND_STOP_INSTRUMENTATION;
}

void ccg_dump(const char *name) { CALLGRIND_DUMP_STATS_AT(name); }

#else

int ccg_available(void) { return 0; }
unsigned ccg_running_on_valgrind(void) { return 0; }
void ccg_zero(void) {}
void ccg_start(void) {}
void ccg_stop(void) {}
void ccg_dump(const char *name) { (void)name; }

#endif

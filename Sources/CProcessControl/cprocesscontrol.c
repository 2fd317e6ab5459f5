#include "cprocesscontrol.h"

#include <errno.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

int cpc_set_parent_death_signal(int signal) {
#ifdef __linux__
    return prctl(PR_SET_PDEATHSIG, signal, 0, 0, 0);
#else
    (void)signal;
    errno = ENOSYS;
    return -1;
#endif
}

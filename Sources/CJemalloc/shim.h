#ifndef CJEMALLOC_SHIM_H
#define CJEMALLOC_SHIM_H
// Debian's libjemalloc-dev builds jemalloc without a symbol prefix: linking it replaces malloc for the
// whole process, and `mallctl` reads the allocator's own counters.
#include <jemalloc/jemalloc.h>
#endif

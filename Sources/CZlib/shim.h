// zlib, for gzip: results files and profiles are written compressed. Debian's zlib1g-dev.
#include <zlib.h>

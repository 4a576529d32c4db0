// The C library's allocator controls (mallopt), which the Glibc module does not export.
#include <malloc.h>

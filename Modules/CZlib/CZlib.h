// zlib for Swift: deflate and CRC-32 for the PNG encoder.
#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H

#include <zlib.h>

#endif

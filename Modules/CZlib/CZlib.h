// zlib for Swift: deflate and CRC-32 for TrellisPNG, its encoder and its checks of every chunk.
#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H

#include <zlib.h>

#endif

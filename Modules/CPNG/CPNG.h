// Shim over libpng's simplified API for TrellisPNG's decoder: read a PNG in memory as 8-bit
// straight-alpha RGBA into a buffer the caller owns. The macros that take arguments are wrapped
// in functions. libpng's errors never unwind past these functions: the simplified API catches
// them and returns 0, with the message in `image->message`.
#ifndef CPNG_SHIM_H
#define CPNG_SHIM_H

#include <png.h>
#include <stddef.h>
#include <string.h>

// Reads the header of the PNG at `data`, which must stay valid until `cpng_finish_read` or
// `cpng_free`. Returns 0 on success and sets the output format to 8-bit RGBA; else returns -1
// with libpng's message in `image->message` (libpng has then freed what it allocated).
static inline int cpng_begin_read(png_image *image, const void *data, size_t size) {
    memset(image, 0, sizeof *image);
    image->version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(image, data, size)) {
        return -1;
    }
    image->format = PNG_FORMAT_RGBA;
    return 0;
}

// Decodes the pixels into `pixels`, `image->width * image->height * 4` bytes, rows packed.
// Returns 0 on success, else -1 with libpng's message in `image->message`. Either way libpng
// has freed what it allocated.
static inline int cpng_finish_read(png_image *image, void *pixels) {
    return png_image_finish_read(image, NULL, pixels, 0, NULL) ? 0 : -1;
}

// Frees what a successful `cpng_begin_read` allocated, when the pixels are not read after all.
static inline void cpng_free(png_image *image) {
    png_image_free(image);
}

#endif

// Shim over libpng's simplified API: decode a PNG in memory to 8-bit straight-alpha RGBA, and
// encode RGBA to PNG in memory. The macros that take arguments are wrapped in functions.
#ifndef CPNG_SHIM_H
#define CPNG_SHIM_H

#include <png.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// Decodes `data` into a malloc'd RGBA buffer (free with free()). Returns 0 on success, else
// writes libpng's message (at most 63 bytes) into `message` and returns -1. Images larger than
// `max_pixels` are refused before any pixel memory is allocated.
static inline int cpng_decode_rgba(const void *data, size_t size, uint64_t max_pixels,
                                   uint32_t *width, uint32_t *height, unsigned char **pixels,
                                   char message[64]) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    *pixels = NULL;
    if (!png_image_begin_read_from_memory(&image, data, size)) {
        strncpy(message, image.message, 63);
        message[63] = 0;
        return -1;
    }
    if ((uint64_t)image.width * image.height > max_pixels) {
        png_image_free(&image);
        strncpy(message, "image too large", 63);
        return -1;
    }
    image.format = PNG_FORMAT_RGBA;
    size_t bytes = PNG_IMAGE_SIZE(image);
    unsigned char *buffer = malloc(bytes ? bytes : 1);
    if (buffer == NULL) {
        png_image_free(&image);
        strncpy(message, "out of memory", 63);
        return -1;
    }
    if (!png_image_finish_read(&image, NULL, buffer, 0, NULL)) {
        free(buffer);
        strncpy(message, image.message, 63);
        message[63] = 0;
        return -1;
    }
    *width = image.width;
    *height = image.height;
    *pixels = buffer;
    return 0;
}

// Encodes RGBA pixels as PNG into a malloc'd buffer (free with free()). Returns 0 on success.
static inline int cpng_encode_rgba(const unsigned char *pixels, uint32_t width, uint32_t height,
                                   unsigned char **out, size_t *out_size, char message[64]) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = width;
    image.height = height;
    image.format = PNG_FORMAT_RGBA;
    size_t size = 0;
    if (!png_image_write_to_memory(&image, NULL, &size, 0, pixels, 0, NULL)) {
        strncpy(message, image.message, 63);
        message[63] = 0;
        return -1;
    }
    unsigned char *buffer = malloc(size ? size : 1);
    if (buffer == NULL) {
        strncpy(message, "out of memory", 63);
        return -1;
    }
    if (!png_image_write_to_memory(&image, buffer, &size, 0, pixels, 0, NULL)) {
        free(buffer);
        strncpy(message, image.message, 63);
        message[63] = 0;
        return -1;
    }
    *out = buffer;
    *out_size = size;
    return 0;
}

#endif

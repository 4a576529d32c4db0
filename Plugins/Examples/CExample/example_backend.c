// A Trellis backend written in C, to show that the plugin ABI is language-neutral.
//
// It renders a display list to a one-line summary ("example: 3 commands, 1 image, 320x480"),
// after validating the header and walking every command's length prefix, and it exports
// "echo_*" and "sum_all" entries that exercise every type of the signature language. Its
// "output" entry describes its files (".summary") and its preview, each with a configuration
// whose "label" starts the summary, so a host that knows nothing of this backend still writes
// its files and shows its preview.

#include "trellis_example_backend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct example_instance {
    char error[256];
    char output[256];
    char label[32];
} example_instance;

static char open_error[256] = "";

static void set_error(char *buffer, const char *message) {
    snprintf(buffer, 256, "%s", message);
}

// The display-list header's size and the format versions this backend reads: version 2 adds
// semantic hints and version 3 buttons' laid-out title and image frames in them, which are
// commands like any other to a backend that only counts them.
enum { EXAMPLE_HEADER_SIZE = 40, EXAMPLE_OLDEST_VERSION = 1, EXAMPLE_NEWEST_VERSION = 3 };

static uint16_t read_u16(const uint8_t *p) {
    return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t read_u32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t read_u64(const uint8_t *p) {
    return (uint64_t)read_u32(p) | (uint64_t)read_u32(p + 4) << 32;
}

static double read_f64(const uint8_t *p) {
    uint64_t bits = read_u64(p);
    double value;
    memcpy(&value, &bits, sizeof value);
    return value;
}

// Reads "label": "<letters>" from the configuration into `label` (at most 31 lowercase
// letters); the label stays "example" when the configuration has none. The configuration is
// JSON, but a backend this small looks for the one member it knows.
static int read_label(const uint8_t *config, uint64_t length, char label[32]) {
    snprintf(label, 32, "example");
    static const char key[] = "\"label\"";
    const size_t key_length = sizeof key - 1;
    if (config == NULL || length < key_length) return 1;
    for (uint64_t start = 0; start + key_length <= length; start++) {
        if (memcmp(config + start, key, key_length) != 0) continue;
        uint64_t i = start + key_length;
        while (i < length && (config[i] == ' ' || config[i] == ':')) i++;
        if (i >= length || config[i] != '"') return 0;
        i++;
        size_t count = 0;
        while (i < length && config[i] >= 'a' && config[i] <= 'z' && count < 31) {
            label[count++] = (char)config[i++];
        }
        label[count] = 0;
        return count > 0 && i < length && config[i] == '"';
    }
    return 1;
}

static int32_t example_open(const trellis_host *host, const uint8_t *config, uint64_t length,
                            void **out_instance) {
    if (out_instance == NULL) {
        set_error(open_error, "open: out_instance is NULL");
        return TRELLIS_ERROR_INVALID_INPUT;
    }
    if (length == 4 && memcmp(config, "fail", 4) == 0) {
        set_error(open_error, "the configuration asked the example backend to fail");
        return TRELLIS_ERROR_INVALID_INPUT;
    }
    char label[32];
    if (!read_label(config, length, label)) {
        set_error(open_error, "configuration \"label\" must be 1 to 31 letters a-z");
        return TRELLIS_ERROR_INVALID_INPUT;
    }
    example_instance *instance = calloc(1, sizeof *instance);
    if (instance == NULL) {
        set_error(open_error, "out of memory");
        return TRELLIS_ERROR_RESOURCE;
    }
    memcpy(instance->label, label, sizeof label);
    if (host != NULL && host->struct_size >= sizeof(trellis_host) && host->log != NULL) {
        host->log(host->context, 1, "example backend opened");
    }
    *out_instance = instance;
    return TRELLIS_OK;
}

static int32_t example_close(void *instance) {
    free(instance);
    return TRELLIS_OK;
}

static const char *example_last_error(void *instance) {
    if (instance == NULL) return open_error;
    return ((example_instance *)instance)->error;
}

static int32_t example_render(void *opaque, const uint8_t *list, uint64_t length,
                              const uint8_t **out_bytes, uint64_t *out_length) {
    example_instance *instance = opaque;
    if (instance == NULL || out_bytes == NULL || out_length == NULL) {
        return TRELLIS_ERROR_INVALID_INPUT;
    }
    // The header: "TRDL", u16 version, u16 0, f64 width, f64 height, f64 scale, u32 image
    // count, u32 command count. A list with no images and no commands is the header alone.
    if (list == NULL || length < 4 || memcmp(list, "TRDL", 4) != 0) {
        set_error(instance->error, "not a Trellis display list");
        return TRELLIS_ERROR_INVALID_INPUT;
    }
    if (length < EXAMPLE_HEADER_SIZE) {
        set_error(instance->error, "truncated header: a display list starts with 40 bytes");
        return TRELLIS_ERROR_INVALID_INPUT;
    }
    uint16_t version = read_u16(list + 4);
    if (version < EXAMPLE_OLDEST_VERSION || version > EXAMPLE_NEWEST_VERSION) {
        snprintf(instance->error, sizeof instance->error,
                 "display list format version %u is not supported (expected %u to %u)",
                 (unsigned)version, (unsigned)EXAMPLE_OLDEST_VERSION,
                 (unsigned)EXAMPLE_NEWEST_VERSION);
        return TRELLIS_ERROR_INVALID_INPUT;
    }
    if (read_u16(list + 6) != 0) {
        set_error(instance->error, "the header's reserved field is not 0");
        return TRELLIS_ERROR_INVALID_INPUT;
    }
    double width = read_f64(list + 8);
    double height = read_f64(list + 16);
    uint32_t images = read_u32(list + 32);
    uint32_t commands = read_u32(list + 36);
    uint64_t offset = EXAMPLE_HEADER_SIZE;
    for (uint32_t i = 0; i < images; i++) {
        if (length - offset < 24) {
            set_error(instance->error, "truncated image header");
            return TRELLIS_ERROR_INVALID_INPUT;
        }
        uint64_t bytes = read_u64(list + offset + 16);
        offset += 24;
        if (length - offset < bytes) {
            set_error(instance->error, "truncated image pixels");
            return TRELLIS_ERROR_INVALID_INPUT;
        }
        offset += bytes;
    }
    for (uint32_t i = 0; i < commands; i++) {
        if (length - offset < 8) {
            set_error(instance->error, "truncated command header");
            return TRELLIS_ERROR_INVALID_INPUT;
        }
        uint32_t payload = read_u32(list + offset + 4);
        offset += 8;
        if (length - offset < payload) {
            set_error(instance->error, "truncated command payload");
            return TRELLIS_ERROR_INVALID_INPUT;
        }
        offset += payload;
    }
    if (offset != length) {
        set_error(instance->error, "unexpected bytes after the last command");
        return TRELLIS_ERROR_INVALID_INPUT;
    }
    int written = snprintf(instance->output, sizeof instance->output,
                           "%s: %u commands, %u images, %gx%g", instance->label, commands, images,
                           width, height);
    *out_bytes = (const uint8_t *)instance->output;
    *out_length = (uint64_t)written;
    return TRELLIS_OK;
}

// What the output is: a host opens the backend with the "file" configuration to write a file
// named *.summary, and with the "preview" configuration to show a person the summary.
static const char *example_output(void) {
    return "{\"file\": {\"configuration\": {\"label\": \"file\"}, \"extension\": \"summary\", "
           "\"binary\": false}, \"preview\": {\"configuration\": {\"label\": \"preview\"}}}";
}

// One entry per type: each returns its argument, so the host checks arguments and returns of
// every width and kind.
static int8_t echo_b(int8_t v) { return v; }
static uint8_t echo_B(uint8_t v) { return v; }
static int16_t echo_h(int16_t v) { return v; }
static uint16_t echo_H(uint16_t v) { return v; }
static int32_t echo_i(int32_t v) { return v; }
static uint32_t echo_I(uint32_t v) { return v; }
static int64_t echo_l(int64_t v) { return v; }
static uint64_t echo_L(uint64_t v) { return v; }
static float echo_f(float v) { return v; }
static double echo_d(double v) { return v; }
static void *echo_p(void *v) { return v; }
static void store_v(int32_t *target, int32_t value) { *target = value; }

// Sums one argument of every type, the pointer dereferenced as an int32.
static double sum_all(int8_t b, uint8_t B, int16_t h, uint16_t H, int32_t i, uint32_t I,
                      int64_t l, uint64_t L, float f, double d, const int32_t *p) {
    return (double)b + B + h + H + i + I + (double)l + (double)L + f + d + (p ? *p : 0);
}

static const trellis_entry entries[] = {
    {"open", "i(ppLp)", (void *)example_open},
    {"close", "i(p)", (void *)example_close},
    {"last_error", "p(p)", (void *)example_last_error},
    {"render", "i(ppLpp)", (void *)example_render},
    {"output", "p()", (void *)example_output},
    {"echo_b", "b(b)", (void *)echo_b},
    {"echo_B", "B(B)", (void *)echo_B},
    {"echo_h", "h(h)", (void *)echo_h},
    {"echo_H", "H(H)", (void *)echo_H},
    {"echo_i", "i(i)", (void *)echo_i},
    {"echo_I", "I(I)", (void *)echo_I},
    {"echo_l", "l(l)", (void *)echo_l},
    {"echo_L", "L(L)", (void *)echo_L},
    {"echo_f", "f(f)", (void *)echo_f},
    {"echo_d", "d(d)", (void *)echo_d},
    {"echo_p", "p(p)", (void *)echo_p},
    {"store_v", "v(pi)", (void *)store_v},
    {"sum_all", "d(bBhHiIlLfdp)", (void *)sum_all},
};

static const trellis_manifest manifest = {
    .abi_version = TRELLIS_PLUGIN_ABI_VERSION,
    .struct_size = sizeof(trellis_manifest),
    .name = "example-c",
    .version = "1.0.0",
    .capabilities = TRELLIS_CAP_RENDER_TEXT,
    .entry_size = sizeof(trellis_entry),
    .entry_count = sizeof entries / sizeof entries[0],
    .entries = entries,
};

const trellis_manifest *trellis_plugin_manifest(void) {
    return &manifest;
}

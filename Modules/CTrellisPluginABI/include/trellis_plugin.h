/*
 * trellis_plugin.h — the Trellis rendering-plugin ABI, version 1.
 *
 * A Trellis backend is a shared library that exports exactly one well-known symbol:
 *
 *     const trellis_manifest *trellis_plugin_manifest(void);
 *
 * and nothing else: link it with a version script such as Plugins/plugin-exports.map
 * ("global: trellis_plugin_manifest; local: *;"), so that the code it links stays its own.
 *
 * The manifest names the backend, states the ABI version and the size of the structures it was
 * compiled against, announces capabilities, and lists the backend's entry points. Each entry
 * point has a name, a signature string in the mini-language below, and a function pointer. The
 * host prepares one libffi call interface per entry from its signature and calls every entry
 * through libffi, after checking that the signature is the one the host expects for that name.
 *
 * Only bytes and C scalars cross the boundary. One frame is one call: the host encodes a whole
 * display list into one buffer ("Trellis display list", documented with the host), and text
 * measurement requests are batched into one buffer per layout pass.
 *
 * SIGNATURE MINI-LANGUAGE
 *     A signature is the return type, then the argument types in parentheses: "i(ppL)" returns
 *     int32_t and takes two pointers and a uint64_t. Type codes:
 *         v  void (return type only)
 *         b  int8_t      B  uint8_t
 *         h  int16_t     H  uint16_t
 *         i  int32_t     I  uint32_t
 *         l  int64_t     L  uint64_t
 *         f  float       d  double
 *         p  any pointer (void *, const char *, uint8_t *, a pointer to a pointer, ...)
 *     No spaces; at most 16 arguments.
 *
 * ENTRY POINTS (names and the signatures the host expects)
 *     "open"        i(ppLp)  int32_t open(const trellis_host *host, const uint8_t *config,
 *                                         uint64_t config_length, void **out_instance)
 *                            Creates an instance. `config` is UTF-8 JSON (may be empty).
 *     "close"       i(p)     int32_t close(void *instance)
 *     "last_error"  p(p)     const char *last_error(void *instance)
 *                            The message of the last failed call on the instance (NULL
 *                            instance: the last failed "open"). Never NULL; "" when none.
 *     "render"      i(ppLpp) int32_t render(void *instance, const uint8_t *list,
 *                                           uint64_t list_length, const uint8_t **out_bytes,
 *                                           uint64_t *out_length)
 *                            Renders one frame; required with any TRELLIS_CAP_RENDER_* bit.
 *     "measure"     i(ppLpp) int32_t measure(void *instance, const uint8_t *request,
 *                                            uint64_t request_length,
 *                                            const uint8_t **out_bytes, uint64_t *out_length)
 *                            Measures a batch of text runs; required with
 *                            TRELLIS_CAP_MEASURE_TEXT.
 *     "input"       i(ppLpp) int32_t input(void *instance, const uint8_t *bytes,
 *                                          uint64_t length, const uint8_t **out_events,
 *                                          uint64_t *out_length)
 *                            Decodes raw input bytes into events; required with
 *                            TRELLIS_CAP_INPUT.
 *     "control"     i(ppLpp) Optional: requests about the instance's state between frames, in
 *                            the backend's own format (the terminal backend takes a JSON object
 *                            of settings and "full": true, and answers with the statistics of its
 *                            last frame).
 *     "output"      p()      Optional: const char *output(void) returns UTF-8 JSON that lives as
 *                            long as the process, describing the backend's output, so that a
 *                            host chooses by description and never by the backend's name:
 *                              {"file": {"configuration": {"format": "png"},
 *                                        "extension": "png", "binary": true},
 *                               "preview": {"configuration": {"preview": true}}}
 *                            "file" (required): the configuration to open the backend with for
 *                            output written to a file (an object; {} or absent for the
 *                            defaults), the file's extension ([a-z0-9], 1 to 16 characters),
 *                            and whether the bytes are binary (never written to a terminal).
 *                            "preview" (optional): the configuration for a picture a person
 *                            reads on a text stream. At most 64 KiB. A backend without this
 *                            entry is described by its capabilities: "bin" and binary for
 *                            pixels, "ans" for terminal frames, "txt" for text.
 *     Other entries may be listed; the host ignores those it does not know.
 *
 * ERRORS
 *     Every call returns a status: TRELLIS_OK (0) on success, a TRELLIS_ERROR_* code otherwise,
 *     after which "last_error" returns a message. A backend validates every buffer it is given:
 *     a malformed display list or an unknown opcode is TRELLIS_ERROR_INVALID_INPUT with a
 *     message, never a crash.
 *
 * OWNERSHIP
 *     - Buffers passed in by the host (config, list, request, bytes) belong to the host and are
 *       valid only during the call; the plugin copies what it keeps.
 *     - Buffers returned through out-parameters belong to the instance and stay valid until the
 *       next call on the same instance or its "close"; the host copies what it keeps, or reads
 *       them in place before its next call (a borrowing render does, to hand a frame of pixels
 *       on without a copy), so a plugin must not change or free them any earlier.
 *     - Strings in the manifest and from "last_error" belong to the plugin; manifest strings
 *       live as long as the process, "last_error" strings until the next call on the instance.
 *     - The host never unloads a plugin (no dlclose): code in it stays mapped for the life of
 *       the process.
 *     - The host calls an instance from one thread at a time.
 */
#ifndef TRELLIS_PLUGIN_H
#define TRELLIS_PLUGIN_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI version this header describes. */
#define TRELLIS_PLUGIN_ABI_VERSION 1u

/* The exported symbol's name. */
#define TRELLIS_PLUGIN_MANIFEST_SYMBOL "trellis_plugin_manifest"

/* Capability bits. */
#define TRELLIS_CAP_RENDER_TEXT     (UINT64_C(1) << 0) /* render to deterministic text */
#define TRELLIS_CAP_RENDER_PIXELS   (UINT64_C(1) << 1) /* render to pixels (PNG or RGBA) */
#define TRELLIS_CAP_RENDER_TERMINAL (UINT64_C(1) << 2) /* render to terminal escape sequences */
#define TRELLIS_CAP_MEASURE_TEXT    (UINT64_C(1) << 3) /* measure text runs */
#define TRELLIS_CAP_INPUT           (UINT64_C(1) << 4) /* decode input */
#define TRELLIS_CAP_RETAINED_FRAMES (UINT64_C(1) << 5) /* render retained frames (TRRF) too */

/* Status codes. */
#define TRELLIS_OK                      0
#define TRELLIS_ERROR_INVALID_INPUT     1 /* a malformed buffer or argument */
#define TRELLIS_ERROR_UNSUPPORTED       2 /* a request outside the backend's abilities */
#define TRELLIS_ERROR_RESOURCE          3 /* out of memory, a file or font not found, ... */
#define TRELLIS_ERROR_INTERNAL          4 /* anything else */

/* One entry point: a name, a signature in the mini-language, and the function. */
typedef struct trellis_entry {
    const char *name;
    const char *signature;
    void *function;
} trellis_entry;

/* The manifest a plugin returns from trellis_plugin_manifest(). */
typedef struct trellis_manifest {
    uint32_t abi_version;          /* TRELLIS_PLUGIN_ABI_VERSION */
    uint32_t struct_size;          /* sizeof(trellis_manifest) */
    const char *name;              /* the backend's name, such as "text"; [a-z0-9-]+ */
    const char *version;           /* the backend's own version, such as "1.0.0" */
    uint64_t capabilities;         /* TRELLIS_CAP_* bits */
    uint32_t entry_size;           /* sizeof(trellis_entry) */
    uint32_t entry_count;          /* the number of entries */
    const trellis_entry *entries;  /* entry_count entries */
} trellis_manifest;

/* Services the host offers a plugin instance, passed to "open". */
typedef struct trellis_host {
    uint32_t abi_version;          /* TRELLIS_PLUGIN_ABI_VERSION */
    uint32_t struct_size;          /* sizeof(trellis_host) */
    void *context;                 /* passed back to every service */
    /* Writes a diagnostic line; level 0 debug, 1 info, 2 warning, 3 error. May be NULL. */
    void (*log)(void *context, int32_t level, const char *message);
} trellis_host;

/* The one symbol a plugin exports. */
typedef const trellis_manifest *(*trellis_plugin_manifest_fn)(void);

#if defined(__LP64__) || defined(_WIN64)
_Static_assert(sizeof(trellis_entry) == 24, "trellis_entry layout");
_Static_assert(sizeof(trellis_manifest) == 48, "trellis_manifest layout");
_Static_assert(sizeof(trellis_host) == 24, "trellis_host layout");
_Static_assert(__builtin_offsetof(trellis_manifest, capabilities) == 24, "capabilities offset");
_Static_assert(__builtin_offsetof(trellis_manifest, entries) == 40, "entries offset");
_Static_assert(__builtin_offsetof(trellis_host, log) == 16, "log offset");
#endif

#ifdef __cplusplus
}
#endif

#endif /* TRELLIS_PLUGIN_H */

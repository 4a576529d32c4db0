// CICUBench: ICU's line break iterator behind plain C types, for trellis-bench's text suite.
//
// The iteration runs in C, so that a benchmark times ICU and not Swift calling into it.
#ifndef CICUBENCH_H
#define CICUBENCH_H

#include <stdint.h>

/// An ICU line break iterator for the root locale, opened once and reused.
typedef struct cicubench_breaker cicubench_breaker;

/// Opens a line break iterator; returns NULL when ICU fails.
cicubench_breaker *cicubench_open(void);

/// Counts the line break opportunities of UTF-8 text (its end included), reading the bytes in
/// place through a UText. Returns the count, or -1 on an ICU error.
int64_t cicubench_count_utf8(cicubench_breaker *breaker, const char *utf8, int64_t length);

/// Counts the line break opportunities of UTF-16 text, ICU's native encoding. Returns the
/// count, or -1 on an ICU error.
int64_t cicubench_count_utf16(cicubench_breaker *breaker, const uint16_t *utf16, int32_t length);

/// Closes the iterator.
void cicubench_close(cicubench_breaker *breaker);

/// ICU's version, such as "72.1".
const char *cicubench_icu_version(void);

#endif

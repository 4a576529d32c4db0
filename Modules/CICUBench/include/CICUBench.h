// CICUBench: ICU's line break iterator and bidirectional algorithm behind plain C types, for
// trellis-bench's text suite.
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

/// ICU's bidirectional algorithm (ubidi): one object, opened once and reused.
typedef struct cicubench_bidi cicubench_bidi;

/// Opens the bidi object; returns NULL when ICU fails.
cicubench_bidi *cicubench_bidi_open(void);

/// Resolves and reorders UTF-16 text paragraph by paragraph (each ends after a character of
/// bidi class B, as rule P1 splits text): ubidi_setPara on the paragraph, its direction from
/// its first strong character (left to right without one), then ubidi_getVisualMap of the
/// paragraph as one line. Returns the number of code units that the visual maps move
/// (map[i] != i), a checksum of the work, and adds the paragraphs' run counts to *runs; -1 on
/// an ICU error.
///
/// Paragraphs are given to ICU one at a time because ubidi_setPara on a text of several
/// paragraphs (ICU 72) resolves the paired brackets of a later left-to-right paragraph in the
/// direction of an earlier right-to-left one, where UAX #9 resolves each paragraph on its own.
int64_t cicubench_bidi_reorder(
    cicubench_bidi *bidi, const uint16_t *utf16, int32_t length, int64_t *runs);

/// Closes the bidi object.
void cicubench_bidi_close(cicubench_bidi *bidi);

#endif

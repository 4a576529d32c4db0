#include "CICUBench.h"

#include <stdlib.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/utext.h>
#include <unicode/uvernum.h>

_Static_assert(sizeof(UChar) == sizeof(uint16_t), "UChar is a 16-bit code unit");

struct cicubench_breaker {
    UBreakIterator *iterator;
    UText *text;
};

cicubench_breaker *cicubench_open(void) {
    cicubench_breaker *breaker = calloc(1, sizeof(cicubench_breaker));
    if (breaker == NULL) return NULL;
    UErrorCode status = U_ZERO_ERROR;
    breaker->iterator = ubrk_open(UBRK_LINE, "", NULL, 0, &status);
    if (U_FAILURE(status)) {
        free(breaker);
        return NULL;
    }
    return breaker;
}

static int64_t cicubench_count(cicubench_breaker *breaker) {
    int64_t count = 0;
    ubrk_first(breaker->iterator);
    while (ubrk_next(breaker->iterator) != UBRK_DONE) count++;
    return count;
}

int64_t cicubench_count_utf8(cicubench_breaker *breaker, const char *utf8, int64_t length) {
    UErrorCode status = U_ZERO_ERROR;
    breaker->text = utext_openUTF8(breaker->text, utf8, length, &status);
    if (U_FAILURE(status)) return -1;
    ubrk_setUText(breaker->iterator, breaker->text, &status);
    if (U_FAILURE(status)) return -1;
    return cicubench_count(breaker);
}

int64_t cicubench_count_utf16(cicubench_breaker *breaker, const uint16_t *utf16, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(breaker->iterator, (const UChar *)utf16, length, &status);
    if (U_FAILURE(status)) return -1;
    return cicubench_count(breaker);
}

void cicubench_close(cicubench_breaker *breaker) {
    if (breaker == NULL) return;
    if (breaker->iterator != NULL) ubrk_close(breaker->iterator);
    if (breaker->text != NULL) utext_close(breaker->text);
    free(breaker);
}

const char *cicubench_icu_version(void) { return U_ICU_VERSION; }

struct cicubench_bidi {
    UBiDi *paragraph;
    int32_t *map;
    int32_t capacity;
};

cicubench_bidi *cicubench_bidi_open(void) {
    cicubench_bidi *bidi = calloc(1, sizeof(cicubench_bidi));
    if (bidi == NULL) return NULL;
    bidi->paragraph = ubidi_open();
    if (bidi->paragraph == NULL) {
        cicubench_bidi_close(bidi);
        return NULL;
    }
    return bidi;
}

/// The end of the paragraph that starts at `start`: after its separator (a character of bidi
/// class B; CR LF counts as one), or the end of the text.
static int32_t cicubench_paragraph_end(const uint16_t *utf16, int32_t start, int32_t length) {
    int32_t end = start;
    while (end < length) {
        uint16_t unit = utf16[end++];
        if (unit == 0x0D) {
            if (end < length && utf16[end] == 0x0A) end++;
            return end;
        }
        if (unit == 0x0A || (unit >= 0x1C && unit <= 0x1E) || unit == 0x85 || unit == 0x2029) {
            return end;
        }
    }
    return end;
}

int64_t cicubench_bidi_reorder(
    cicubench_bidi *bidi, const uint16_t *utf16, int32_t length, int64_t *runs) {
    int64_t moved = 0;
    int32_t start = 0;
    while (start < length) {
        int32_t end = cicubench_paragraph_end(utf16, start, length);
        int32_t size = end - start;
        UErrorCode status = U_ZERO_ERROR;
        ubidi_setPara(
            bidi->paragraph, (const UChar *)utf16 + start, size, UBIDI_DEFAULT_LTR, NULL, &status);
        if (U_FAILURE(status)) return -1;
        if (size > bidi->capacity) {
            int32_t *grown = realloc(bidi->map, sizeof(int32_t) * (size_t)size);
            if (grown == NULL) return -1;
            bidi->map = grown;
            bidi->capacity = size;
        }
        ubidi_getVisualMap(bidi->paragraph, bidi->map, &status);
        if (U_FAILURE(status)) return -1;
        *runs += ubidi_countRuns(bidi->paragraph, &status);
        if (U_FAILURE(status)) return -1;
        for (int32_t i = 0; i < size; i++) moved += bidi->map[i] != i;
        start = end;
    }
    return moved;
}

void cicubench_bidi_close(cicubench_bidi *bidi) {
    if (bidi == NULL) return;
    if (bidi->paragraph != NULL) ubidi_close(bidi->paragraph);
    free(bidi->map);
    free(bidi);
}

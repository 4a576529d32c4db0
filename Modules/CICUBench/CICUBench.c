#include "CICUBench.h"

#include <stdlib.h>
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

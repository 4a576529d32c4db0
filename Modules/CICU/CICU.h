// CICU: links ICU's common library (pkg-config icu-uc) for the C target CICUBench.
//
// The header includes no ICU header on purpose: Foundation on Linux carries its own copy of
// ICU's headers, and a Swift module that imported both would see two definitions of ICU's
// types. Only C code (CICUBench) includes <unicode/...>.
#ifndef CICU_H
#define CICU_H
#include <stdint.h>
#endif

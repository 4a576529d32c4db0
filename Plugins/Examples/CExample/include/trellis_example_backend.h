// The example backend written in C: its only export is the plugin manifest.
#ifndef TRELLIS_EXAMPLE_BACKEND_H
#define TRELLIS_EXAMPLE_BACKEND_H

#include "trellis_plugin.h"

const trellis_manifest *trellis_plugin_manifest(void);

#endif

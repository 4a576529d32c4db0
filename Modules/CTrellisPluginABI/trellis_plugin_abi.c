// Compiles the ABI header once so that its layout assertions are checked on every build.
#include "trellis_plugin.h"

const uint32_t trellis_plugin_abi_version = TRELLIS_PLUGIN_ABI_VERSION;

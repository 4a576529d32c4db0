// Cairo for Swift: the core API and the FreeType font backend (cairo_ft_*).
#ifndef CCAIRO_SHIM_H
#define CCAIRO_SHIM_H

#include <cairo.h>
#include <cairo-ft.h>

#endif

# Trellis — build, test, documentation and benchmarks.
#
#   make demo            build and run the demo
#   make test            install what is missing, build, and run every test suite
#   make test-<module>   run one module's suite (test-geometry, test-events, ...)
#   make lint | format   swift-format, strict
#   make check-graph     the module graph against docs/ARCHITECTURE.md and every import
#   make docs            DocC documentation for every module into docs-out/
#   make bench           benchmarks against peer engines (release build)
#   make conformance     regenerate the Chromium flexbox fixtures (Tools/flex-conformance: random
#                        trees, and rows of labels aligned by baseline) and print Trellis's,
#                        Taffy's and Yoga's agreement with Chromium
#   make linebreak-conformance  regenerate the Chromium line-break fixture
#                        (Tools/linebreak-conformance) and print Trellis's agreement
#   make fuzz-displaylist, make fuzz-markup, make fuzz-raster, make fuzz-scene, make fuzz-png
#                        libFuzzer runs (SECONDS=300 by default)
#   make unicode-tables  regenerate TrellisText's Unicode tables from /usr/share/unicode
#   make install         install trellis into PREFIX/bin and its backends into
#                        PREFIX/lib/trellis/plugins (PREFIX=/usr/local, DESTDIR for staging)
#   make uninstall       remove exactly what make install installed
#   make check-install   install into a temporary prefix, render every example scene with the
#                        build folder moved away, and uninstall

SWIFT        ?= swift
PREFIX       ?= /usr/local
DESTDIR      ?=
# The build make install installs.
CONFIGURATION ?= release
SWIFT_FLAGS  ?= -Xswiftc -warnings-as-errors
# Debian packages the build, the tests and the tools need (Chromium loads the HTML snapshot
# report in the snapshot suite, and is the browser peer of the end-to-end flex benchmarks;
# libsixel-bin's sixel2png decodes the terminal backend's sixel images in its tests;
# dbus-daemon, at-spi2-core and python3-pyatspi run the live demo on a private accessibility bus and
# read it as a screen reader does; g++ brings the C++ library's and libgcc's archives, which the
# release command and backends link in, as the Swift toolchain's own dependencies also do).
DEBIAN_PACKAGES := libffi-dev libicu-dev libpng-dev pkg-config tmux unicode-data libcairo2-dev \
	libharfbuzz-dev libfreetype-dev libfontconfig-dev fonts-dejavu-core fonts-wqy-microhei zlib1g-dev \
	chromium libsixel-bin dbus-daemon at-spi2-core python3-pyatspi g++
# Debian packages only `make bench` needs: Python with venv for the peer engines, g++ for
# the native Kiwi peer and gcc for the launcher that measures each child process.
BENCH_PACKAGES := python3 python3-venv g++ gcc
# Test suites: <make suffix>:<test target prefix>, run by `make test-<suffix>`.
MODULES := geometry:Geometry core:Core events:Events layout:Layout text:Text richtext:RichText \
	png:PNG snapshots:Snapshots render:Render raster:Raster terminal:Terminal tool:Tool views:Views grid:Grid trellis:Trellis testing:Testing terminalapp:TerminalApp \
	accessibilitybus:AccessibilityBus
# Documented library products: <module>:<directory holding its .docc catalog>.
DOC_MODULES := TrellisGeometry:Modules/Geometry TrellisCore:Modules/Core TrellisEvents:Modules/Events \
	TrellisLayout:Modules/Layout TrellisText:Modules/Text TrellisRichText:Modules/RichText \
	TrellisPNG:Modules/PNG TrellisSnapshots:Modules/Snapshots TrellisPluginKit:Plugins/PluginKit \
	TrellisTextRenderer:Plugins/TextBackend/Renderer \
	TrellisRender:Modules/Render TrellisRasterRenderer:Plugins/RasterBackend/Renderer \
	TrellisTerminalRenderer:Plugins/TerminalBackend/Renderer \
	TrellisViews:Modules/Views TrellisGrid:Modules/Grid TrellisAccessibilityBus:Modules/AccessibilityBus \
	TrellisTerminal:Modules/Terminal \
	Trellis:Modules/Trellis \
	TrellisTesting:Modules/Testing

.PHONY: all deps build test test-example demo lint format check-graph install uninstall check-install docs bench conformance linebreak-conformance clean fuzz-displaylist fuzz-markup fuzz-raster fuzz-scene fuzz-png unicode-tables $(addprefix test-,$(foreach m,$(MODULES),$(firstword $(subst :, ,$(m)))))

all: build

deps:
	@bash scripts/install-deps.sh $(DEBIAN_PACKAGES)

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

test: deps build
	$(SWIFT) test $(SWIFT_FLAGS)
	$(MAKE) test-example

# The example app packages, as a user meets them: copied outside the repository, pointed at this
# checkout, and built and run in a clean environment; they get their backends from Trellis's
# backend products, with no variable set. The snapshot example runs its tests; the terminal
# app runs live in tmux, takes a click and quits on q.
test-example: deps
	SWIFT=$(SWIFT) bash scripts/check-example.sh snapshot
	SWIFT=$(SWIFT) bash scripts/check-example.sh terminal-app

define module_test
test-$(1): build
	$(SWIFT) test $(SWIFT_FLAGS) --filter '^$(2)Tests\.'
endef
$(foreach m,$(MODULES),$(eval $(call module_test,$(firstword $(subst :, ,$(m))),$(lastword $(subst :, ,$(m))))))

# The whole build: the command finds its backends, which are plugins, beside itself.
demo: build
	@$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)/trellis demo

lint:
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Modules Plugins Tests Tools \
		Examples

format:
	$(SWIFT) format format --in-place --recursive --parallel Package.swift Modules Plugins Tests \
		Tools Examples

# Every declared dependency and every import against the graph documented in
# docs/ARCHITECTURE.md (Python 3 and `swift package dump-package`; nothing is built).
check-graph:
	@command -v python3 >/dev/null 2>&1 || bash scripts/install-deps.sh python3
	python3 scripts/check-module-graph.py --swift $(SWIFT)

docs: deps
	@bash scripts/build-docs.sh $(DOC_MODULES)

bench: deps
	@bash scripts/install-deps.sh $(BENCH_PACKAGES)
	@bash scripts/bench-venv.sh
	$(SWIFT) build -c release
	TRELLIS_BENCH_PYTHON=$(CURDIR)/.bench-venv/bin/python \
		TRELLIS_BENCH_KIWI_NATIVE=$(CURDIR)/.bench-venv/bin/kiwi-native \
		TRELLIS_BENCH_LAUNCHER=$(CURDIR)/.bench-venv/bin/run-measured \
		$$($(SWIFT) build -c release --show-bin-path)/trellis-bench $(SUITES)

# Random flex trees laid out by headless Chromium, recorded as committed fixtures
# (Tests/LayoutTests/__Fixtures__/flex-chromium); `make test` reads them and needs neither
# Chromium nor Python. COUNT trees per set (2000 by default).
conformance: deps
	@bash scripts/install-deps.sh $(BENCH_PACKAGES)
	@bash scripts/bench-venv.sh
	$(CURDIR)/.bench-venv/bin/python Tools/flex-conformance/conformance.py generate \
		--count $(or $(COUNT),2000)
	python3 Tools/flex-conformance/baseline.py
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build --filter 'LayoutTests.ChromiumConformanceTests' 2>&1 \
		| grep -E 'flex-chromium|DIFF|passed|failed'
	$(SWIFT) test --skip-build --filter 'RasterTests.ChromiumFlexBaselineTests' 2>&1 \
		| grep -E 'labels differ|row |passed|failed'

# Random mixed paragraphs wrapped by headless Chromium, recorded as a committed fixture
# (Tests/RasterTests/__Fixtures__/linebreak-chromium); `make test` reads it and needs neither
# Chromium nor Python. COUNT paragraphs (600 by default), SEED (2026 by default).
linebreak-conformance: deps
	@bash scripts/install-deps.sh python3
	python3 Tools/linebreak-conformance/conformance.py generate \
		--count $(or $(COUNT),600) --seed $(or $(SEED),2026)
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build --filter 'RasterTests.ChromiumLineBreakTests' 2>&1 \
		| grep -E 'linebreak-chromium|DIFF|trellis |chromium |passed|failed'

# The generated sources are committed; this regenerates them from the unicode-data package.
UNICODE_DATA ?= /usr/share/unicode
unicode-tables: deps
	$(SWIFT) build $(SWIFT_FLAGS) --product gen-unicode-tables
	$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)/gen-unicode-tables $(UNICODE_DATA) \
		Modules/Text/Unicode/Generated

fuzz-displaylist:
	bash scripts/fuzz.sh displaylist $(or $(SECONDS),300)

fuzz-markup:
	bash scripts/fuzz.sh markup $(or $(SECONDS),300)

fuzz-raster:
	bash scripts/fuzz.sh raster $(or $(SECONDS),300)

fuzz-scene:
	bash scripts/fuzz.sh scene $(or $(SECONDS),300)

fuzz-png:
	bash scripts/fuzz.sh png $(or $(SECONDS),300)

install: deps
	$(SWIFT) build $(SWIFT_FLAGS) -c $(CONFIGURATION)
	@bash scripts/install.sh install "$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path)" \
		"$(PREFIX)" "$(DESTDIR)"

uninstall:
	@bash scripts/install.sh uninstall "$(PREFIX)" "$(DESTDIR)"

check-install: build
	@bash scripts/check-install.sh

clean:
	rm -rf .build docs-out fuzz-out

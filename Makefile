# Orbit: `make run` installs what is missing, builds release and opens the Earth;
# `make test` runs every test (unit, golden, end-to-end in tmux).

SWIFT   ?= swift
PREFIX  ?= /usr/local
DEBS    := libncurses-dev libjpeg-dev libturbojpeg0-dev libpng-dev zlib1g-dev libcurl4-openssl-dev libmeshoptimizer-dev libdraco-dev libwebp-dev libassimp-dev libgif-dev
# Only for `make test`: tmux drives the binary, OpenSSH's server carries it over SSH;
# asciinema plays the recordings back; stress keeps every core busy for `make test-load`;
# assimp-testmodels holds the real-world models of the corpus test; kitty, xterm (sixel)
# and konsole (iTerm2 inline images) show the graphics output under Xvfb, xdotool types
# into them and ImageMagick photographs them; chafa is the reference the 256- and
# 16-colour pictures are compared with.
TESTDEBS := python3 tmux openssh-server openssh-client asciinema stress assimp-testmodels kitty xterm konsole xvfb xdotool imagemagick chafa lf ranger nnn fzf ffmpeg
# Only for `make bench-peers`: the tools Orbit's graphics frames are timed against.
PEERDEBS := chafa libsixel-bin
RELEASE := .build/release/orbit
DEBUG   := .build/debug/orbit
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps test-deps install-debs build debug run test bench bench-peers gallery install uninstall clean help
.PHONY: fuzz fuzz-smoke test-load lint format

all: build

help:
	@echo "make run      install missing packages, build release, open the Earth"
	@echo "make test     every test (unit, golden frames, end-to-end in tmux and over SSH), then 5 s of fuzzing per reader"
	@echo "make test-load  the whole suite LOAD_RUNS times (default 5) in a row under stress --cpu $$(nproc)"
	@echo "make lint     swift-format (.swift-format) finds nothing to change; Package.swift declares what each target imports"
	@echo "make format   format every Swift file in place with swift-format"
	@echo "make bench    benchmark table (release)"
	@echo "make bench-peers  kitty and sixel frames beside chafa and img2sixel (RUNS=5)"
	@echo "make gallery  regenerate docs/GALLERY.md pictures"
	@echo "make install  install orbit and its resources under PREFIX=$(PREFIX)"

# Install the Debian packages that are missing (apt-get; sudo when not root).
deps:
	@$(MAKE) --no-print-directory install-debs PKGS="$(DEBS)"

test-deps:
	@$(MAKE) --no-print-directory install-debs PKGS="$(DEBS) $(TESTDEBS)"

install-debs:
	@missing=""; for p in $(PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build -c release --product orbit
	$(SWIFT) build -c release --product orbit-assimp

debug: deps
	$(SWIFT) build --product orbit
	$(SWIFT) build --product orbit-assimp

run: build
	$(RELEASE)

# Every test, then a short bounded fuzz run of every reader (FUZZ_SMOKE_SECONDS each,
# default 5; 0 skips it for a quick local run: make test FUZZ_SMOKE_SECONDS=0).
FUZZ_SMOKE_SECONDS ?= 5
test: test-deps
	$(SWIFT) build --build-tests
	ORBIT_BIN=$(CURDIR)/$(DEBUG) $(SWIFT) test --skip-build
	@if [ "$(FUZZ_SMOKE_SECONDS)" != 0 ]; then FUZZ_SECONDS=$(FUZZ_SMOKE_SECONDS) scripts/fuzz.sh; fi

# The suite must hold on a busy machine: run it LOAD_RUNS times in a row while `stress`
# keeps every core busy; stops at the first failure (logs in .build/test-under-load/).
LOAD_RUNS ?= 5
test-load: test-deps
	$(SWIFT) build --build-tests
	scripts/test-under-load.sh $(LOAD_RUNS)

# Formatting is swift-format's (in the toolchain) with the repository's .swift-format (4
# spaces, 120 columns); check-deps compares Package.swift with the imports.
SWIFT_FILES := Package.swift Sources Tests Examples Tools Fuzz/Package.swift Fuzz/Sources
lint:
	@$(MAKE) --no-print-directory install-debs PKGS=python3
	swift-format lint --strict --recursive --parallel $(SWIFT_FILES)
	@# swift-format leaves long string literals and comments alone: no line over 120 columns.
	@! LC_ALL=C.UTF-8 grep -rn --include='*.swift' '.\{121,\}' $(SWIFT_FILES) || { echo "lines over 120 columns (above)"; exit 1; }
	scripts/check-deps.py

format:
	swift-format format --in-place --recursive --parallel $(SWIFT_FILES)

bench: build
	@scripts/bench.sh $(RELEASE)

# Orbit's kitty and sixel frames beside chafa and img2sixel on the same frame, one run.
bench-peers: build
	@$(MAKE) --no-print-directory install-debs PKGS="$(PEERDEBS)"
	@scripts/bench-peers.py $(RELEASE) $(or $(RUNS),5)

gallery: build
	@scripts/gallery.sh $(RELEASE)

install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/orbit
	install -m 755 $(RELEASE) $(DESTDIR)$(PREFIX)/bin/orbit
	install -m 755 $(RELEASE)-assimp $(DESTDIR)$(PREFIX)/bin/orbit-assimp
	cp -R .build/release/Orbit_OrbitResources.resources/. $(DESTDIR)$(PREFIX)/share/orbit/

# Fuzz every reader (Fuzz/, libFuzzer + AddressSanitizer): FUZZ_SECONDS (default 60) per
# target, one target at a time; findings land in Fuzz/Findings/. fuzz-smoke: 10 s each, for CI.
fuzz: deps
	FUZZ_SECONDS=$${FUZZ_SECONDS:-60} scripts/fuzz.sh

fuzz-smoke: deps
	FUZZ_SECONDS=10 scripts/fuzz.sh

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/orbit $(DESTDIR)$(PREFIX)/bin/orbit-assimp
	rm -rf $(DESTDIR)$(PREFIX)/share/orbit

clean:
	$(SWIFT) package clean

# The two commands of the README: `make demo` and `make test`. Each installs what a fresh
# Debian machine with Swift lacks, then builds.
SWIFT ?= swift
DEMO_LIBRARY ?= .build/demo/library.sqlite
SECONDS ?= 60
# Release flags (static Swift runtime on Linux), one list for every release build and bench.
RELEASE_FLAGS := $(shell bash scripts/release-flags.sh)
BIN = $(shell $(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/mixtape
PREFIX ?= /usr/local
DESTDIR ?=
# swift-argument-parser's generate-manual tool (the one its generate-manual plugin runs), built
# from the resolved checkout into its own scratch folder: the plugin would first build the
# whole package again, and neither may use .build while `swift test` holds its lock.
ARGUMENT_PARSER ?= .build/checkouts/swift-argument-parser
MANUAL_TOOL_SCRATCH ?= .build-tools
GENERATE_MANUAL = $(MANUAL_TOOL_SCRATCH)/release/generate-manual
# Where the tests make their scratch folders: a memory file system when there is a roomy one
# (scripts/test-tmpdir.sh says why).
TEST_TMPDIR = $(shell bash scripts/test-tmpdir.sh)
# The man page is dated by the last commit, so the same source gives the same page.
MANUAL_DATE = $(shell git log -1 --format=%cs 2>/dev/null || date +%F)
# What `make install` writes and `make uninstall` removes, and nothing else.
INSTALLED_BIN = $(DESTDIR)$(PREFIX)/bin/mixtape
INSTALLED_MAN = $(DESTDIR)$(PREFIX)/share/man/man1/mixtape.1
INSTALLED_BASH = $(DESTDIR)$(PREFIX)/share/bash-completion/completions/mixtape
INSTALLED_ZSH = $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_mixtape
INSTALLED_FISH = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/mixtape.fish
# The reference pages of docs/ (and the picker's picture they show), where --help and the man
# page say they are.
DOC_DIR = $(PREFIX)/share/doc/mixtape
DOC_FILES = $(sort $(wildcard docs/*.md docs/*.png))
INSTALLED_DOCS = $(addprefix $(DESTDIR)$(DOC_DIR)/,$(notdir $(DOC_FILES)))

.PHONY: demo test test-alone build deps test-deps bench fuzz clean stress install uninstall screenshot

## What building needs (`make demo`, `make install`), and what testing needs besides.
deps:
	@bash scripts/install-deps.sh build

test-deps:
	@bash scripts/install-deps.sh test

## The release binary. The static link prints one linker warning that is not ours: Foundation's
## own archive calls mktemp(3) to name a temporary file, which it then opens with O_EXCL
## (safe), and GNU ld warns about every use of that symbol. That one line is left out; every
## other line, and the exit status, pass through.
build: deps
	@bash -o pipefail -c '$(SWIFT) build $(RELEASE_FLAGS) --product mixtape 2>&1 | { grep -v "libFoundationEssentials.a.*the use of .mktemp. is dangerous" || true; }'

## Index the bundled samples into a throwaway index and show what Mixtape sees.
demo: build
	@rm -f $(DEMO_LIBRARY) $(DEMO_LIBRARY)-wal $(DEMO_LIBRARY)-shm
	@echo '$$ mixtape index samples/Library.xml samples/Library-windows.xml samples/Music'
	@MIXTAPE_LIBRARY=$(DEMO_LIBRARY) $(BIN) index samples/Library.xml samples/Library-windows.xml samples/Music
	@echo; echo '$$ mixtape search beyonce    # fzf ranking; accents fold both ways'
	@MIXTAPE_LIBRARY=$(DEMO_LIBRARY) $(BIN) search beyonce
	@echo; echo '$$ mixtape search "lantern year:2015.." --format "{year}  {artist} - {title}"'
	@MIXTAPE_LIBRARY=$(DEMO_LIBRARY) $(BIN) search 'lantern year:2015..' --format '{year}  {artist} - {title}'
	@echo; echo '$$ mixtape search --sort year- --limit 5 --format "{year}  {artist} - {title}"'
	@MIXTAPE_LIBRARY=$(DEMO_LIBRARY) $(BIN) search --sort year- --limit 5 --format '{year}  {artist} - {title}'
	@echo; echo '$$ mixtape playlists'
	@MIXTAPE_LIBRARY=$(DEMO_LIBRARY) $(BIN) playlists
	@echo; echo '$$ mixtape search "playlist:Sunday Morning" --format "{artist} - {title} {start_ms}..{end_ms}"    # a playlist file; a cue-split image'
	@MIXTAPE_LIBRARY=$(DEMO_LIBRARY) $(BIN) search 'playlist:"Sunday Morning"' --format '{artist} - {title} {start_ms}..{end_ms}'
	@echo; echo '$$ mixtape export-playlist --playlist "Sunday Morning" -o - --format m3u8'
	@MIXTAPE_LIBRARY=$(DEMO_LIBRARY) $(BIN) export-playlist --playlist 'Sunday Morning' -o - --format m3u8
	@echo; echo '$$ mixtape index samples/dj/rekordbox.xml samples/dj/collection.nml samples/dj/rhythmbox/rhythmdb.xml    # DJ and Rhythmbox libraries'
	@MIXTAPE_LIBRARY=$(DEMO_LIBRARY) $(BIN) index samples/dj/rekordbox.xml samples/dj/collection.nml samples/dj/rhythmbox/rhythmdb.xml
	@echo; echo '$$ mixtape playlists | grep smart:    # smart playlists, translated and evaluated on the index'
	@MIXTAPE_LIBRARY=$(DEMO_LIBRARY) $(BIN) playlists | grep 'smart:\|not translated' 
	@echo; echo '$$ mixtape export-playlist --query "bpm:120..130" --format rekordbox -o -    # a crate for rekordbox'
	@MIXTAPE_LIBRARY=$(DEMO_LIBRARY) $(BIN) export-playlist --query 'bpm:120..130' --format rekordbox -o - | head -8
	@echo; echo '$$ mixtape sources'
	@MIXTAPE_LIBRARY=$(DEMO_LIBRARY) $(BIN) sources
	@echo; echo '$$ mixtape index    # again: nothing changed, nothing re-read'
	@MIXTAPE_LIBRARY=$(DEMO_LIBRARY) $(BIN) index

## The release binary, its man page (with every exit code: scripts/man-sections.py), bash/zsh/fish
## completions and the reference pages of docs/ (share/doc/mixtape) under $(DESTDIR)$(PREFIX)
## (default /usr/local; `make install PREFIX=~/.local` needs no root). BIN=path installs a
## binary built already instead of building one.
install: $(if $(filter file,$(origin BIN)),build) $(GENERATE_MANUAL)
	@test -x "$(BIN)" || { echo "no mixtape binary at $(BIN)" >&2; exit 1; }
	install -d $(DESTDIR)$(PREFIX)/bin $(dir $(INSTALLED_MAN)) $(dir $(INSTALLED_BASH)) $(dir $(INSTALLED_ZSH)) $(dir $(INSTALLED_FISH)) $(DESTDIR)$(DOC_DIR)
	install -m 755 "$(BIN)" $(INSTALLED_BIN)
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	  $(GENERATE_MANUAL) "$(BIN)" --output-directory "$$tmp" --date $(MANUAL_DATE) && \
	  python3 scripts/man-sections.py "$$tmp/mixtape.1" docs/exit-codes.md "$(DOC_DIR)" && \
	  install -m 644 "$$tmp/mixtape.1" $(INSTALLED_MAN) && echo "installed $(INSTALLED_MAN)"
	install -m 644 $(DOC_FILES) $(DESTDIR)$(DOC_DIR)
	"$(BIN)" --generate-completion-script bash > $(INSTALLED_BASH)
	"$(BIN)" --generate-completion-script zsh > $(INSTALLED_ZSH)
	"$(BIN)" --generate-completion-script fish > $(INSTALLED_FISH)

uninstall:
	rm -f $(INSTALLED_BIN) $(INSTALLED_MAN) $(INSTALLED_BASH) $(INSTALLED_ZSH) $(INSTALLED_FISH) $(INSTALLED_DOCS)
	rmdir $(DESTDIR)$(DOC_DIR) 2>/dev/null || true

## The generate-manual tool, built once per argument-parser checkout: a checkout of another
## version rewrites its Package.swift, which rebuilds it; otherwise SwiftPM is not run at all.
$(GENERATE_MANUAL): $(ARGUMENT_PARSER)/Package.swift
	$(SWIFT) build --quiet -c release --package-path $(ARGUMENT_PARSER) --scratch-path $(MANUAL_TOOL_SCRATCH) --product generate-manual
	@touch $@

$(ARGUMENT_PARSER)/Package.swift:
	$(SWIFT) package resolve

## The picture of the picker in the README and docs/picker.md, from a real run: samples/ indexed
## into a scratch index, `mixtape pick` in a 100x30 tmux session, a query typed, two items
## selected, the pane captured with its colours and drawn to docs/picker.png. BIN=path uses a
## binary built already.
screenshot: $(if $(filter file,$(origin BIN)),build)
	@bash scripts/install-deps.sh screenshot
	@test -x "$(BIN)" || { echo "no mixtape binary at $(BIN)" >&2; exit 1; }
	bash scripts/screenshot.sh "$(BIN)" docs/picker.png

## Unit tests of every target, then end-to-end tests that run the built binary. Tests that read
## real files kept beside the repository (not part of it) skip, naming what, when they are absent.
test: test-deps
	$(SWIFT) build
	TMPDIR=$(TEST_TMPDIR) $(SWIFT) test

## The tests that read those real files, run as a clone with nothing beside it runs them
## (MIXTAPE_TEST_SHARED=none): each must skip or pass, never fail. CI runs it after `make test`.
test-alone: test-deps
	$(SWIFT) build --build-tests
	TMPDIR=$(TEST_TMPDIR) bash scripts/test-alone.sh

## The reliability suites at full size (MIXTAPE_STRESS=1): every export and sidecar truncated and bit-flipped at 100 offsets each, 100 MB strings, 1,000,000-level nesting, crash safety and concurrency, and the export round trip of a 100,000-track library.
stress: test-deps
	$(SWIFT) build
	TMPDIR=$(TEST_TMPDIR) MIXTAPE_STRESS=1 $(SWIFT) test --filter 'MalformedCorpusTests|ReliabilityTests|roundTripGeneratedLibrary'

## Speed and memory against xmllint, plistlib and fzf, side by side, export speed, picker latency, folder indexing, watching, and the everyday costs (config file, saved exports, doctor, Tab), rekordbox, Traktor and Rhythmbox collections, relocation of a Windows iTunes export, `mixtape sync` (60 FLACs transcoded to MP3 V0 against ffmpeg alone, a no-change re-run of 10,000 tracks), and the scale table and plot from 10k to 1M tracks (bench/scale.md, bench/scale.png); results in bench/out/.
bench:
	@bash scripts/install-deps.sh bench
	bash bench/run.sh
	bash bench/search.sh | tee bench/out/search.md
	bash bench/querykinds.sh | tee bench/out/querykinds.md
	bash bench/export.sh | tee bench/out/export.md
	bash bench/pick.sh | tee bench/out/pick.md
	bash bench/folders.sh | tee bench/out/folders.md
	bash bench/watch.sh | tee bench/out/watch.md
	bash bench/playlists.sh | tee bench/out/playlists.md
	bash bench/everyday.sh | tee bench/out/everyday.md
	bash bench/djlibraries.sh | tee bench/out/djlibraries.md
	bash bench/relocation.sh | tee bench/out/relocation.md
	bash bench/sync.sh | tee bench/out/sync.md
	bash bench/scale.sh | tee bench/out/scale.md

## Every fuzz target (libFuzzer + ASan) for SECONDS each, one after another; fails on any crash, leak, timeout or OOM (fuzz/README.md).
fuzz:
	SWIFT=$(SWIFT) bash fuzz/run.sh $(SECONDS)

clean:
	rm -rf .build $(MANUAL_TOOL_SCRATCH) bench/out

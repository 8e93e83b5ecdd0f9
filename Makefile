# The two commands of the README: `make demo` and `make test`. Each installs what a fresh
# Debian machine with Swift lacks, then builds.
SWIFT ?= swift
DEMO_LIBRARY ?= .build/demo/library.sqlite
SECONDS ?= 60
BIN = $(shell $(SWIFT) build -c release --show-bin-path)/mixtape

.PHONY: demo test build deps bench fuzz clean stress

deps:
	@bash scripts/install-deps.sh build

build: deps
	$(SWIFT) build -c release

## Index the bundled samples into a throwaway index and show what Mixtape sees.
demo: build
	@rm -f $(DEMO_LIBRARY) $(DEMO_LIBRARY)-wal $(DEMO_LIBRARY)-shm
	@echo '$$ mixtape index samples/Library.xml samples/Library-windows.xml'
	@MIXTAPE_LIBRARY=$(DEMO_LIBRARY) $(BIN) index samples/Library.xml samples/Library-windows.xml
	@echo; echo '$$ mixtape search beyonce    # fzf ranking; accents fold both ways'
	@MIXTAPE_LIBRARY=$(DEMO_LIBRARY) $(BIN) search beyonce
	@echo; echo '$$ mixtape search "lantern year:2015.." --format "{year}  {artist} - {title}"'
	@MIXTAPE_LIBRARY=$(DEMO_LIBRARY) $(BIN) search 'lantern year:2015..' --format '{year}  {artist} - {title}'
	@echo; echo '$$ mixtape search --sort year- --limit 5 --format "{year}  {artist} - {title}"'
	@MIXTAPE_LIBRARY=$(DEMO_LIBRARY) $(BIN) search --sort year- --limit 5 --format '{year}  {artist} - {title}'
	@echo; echo '$$ mixtape playlists'
	@MIXTAPE_LIBRARY=$(DEMO_LIBRARY) $(BIN) playlists
	@echo; echo '$$ mixtape sources'
	@MIXTAPE_LIBRARY=$(DEMO_LIBRARY) $(BIN) sources
	@echo; echo '$$ mixtape index    # again: nothing changed, nothing re-read'
	@MIXTAPE_LIBRARY=$(DEMO_LIBRARY) $(BIN) index

## Unit tests of every target, then end-to-end tests that run the built binary.
test: deps
	$(SWIFT) build
	$(SWIFT) test

## The reliability suites at full size (MIXTAPE_STRESS=1): every export and sidecar truncated and bit-flipped at 100 offsets each, 100 MB strings, 1,000,000-level nesting, crash safety and concurrency.
stress: deps
	$(SWIFT) build
	MIXTAPE_STRESS=1 $(SWIFT) test --filter 'MalformedCorpusTests|ReliabilityTests'

## Speed and memory against xmllint, plistlib and fzf, side by side, export speed, picker latency, folder indexing and watching; results in bench/out/.
bench:
	@bash scripts/install-deps.sh bench
	bash bench/run.sh
	bash bench/search.sh | tee bench/out/search.md
	bash bench/export.sh | tee bench/out/export.md
	bash bench/pick.sh | tee bench/out/pick.md
	bash bench/folders.sh | tee bench/out/folders.md
	bash bench/watch.sh | tee bench/out/watch.md

## Every fuzz target (libFuzzer + ASan) for SECONDS each, one after another; fails on any crash, leak, timeout or OOM (fuzz/README.md).
fuzz:
	SWIFT=$(SWIFT) bash fuzz/run.sh $(SECONDS)

clean:
	rm -rf .build bench/out

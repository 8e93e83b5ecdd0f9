#!/usr/bin/env bash
# The `swift build` flags of every release binary: `make build`, `make demo`, `make install`
# and each `make bench` script print these, so all of them build (and measure) one binary.
#
# On Linux the Swift runtime and Foundation are linked in (`--static-swift-stdlib`). The
# binary then starts without resolving some fifteen shared libraries' symbols: `--version`
# takes 5.6 ms instead of 10.6, a 100,000-item `search` 8-13 ms less, which is a tenth of a
# scripted search. It also runs on a machine without the Swift toolchain. macOS ships the
# runtime with the system, so there the flag is not given.
#
# Changing these flags rebuilds the whole package: everything that builds for release asks
# this script rather than writing its own.
set -euo pipefail
if [ "$(uname -s)" = Linux ]; then
	echo "-c release --static-swift-stdlib"
else
	echo "-c release"
fi

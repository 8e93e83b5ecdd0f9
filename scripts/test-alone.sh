#!/usr/bin/env bash
# `make test-alone`: runs the tests that read the real files kept beside the repository (which
# a clone does not have) with MIXTAPE_TEST_SHARED=none, as a clone with nothing beside it
# would: each must skip with a message or pass, never fail. They are found by what they use to
# find them (`MixtapeProcess.shared`, `RealData`, `SidecarRealData`), in their traits or
# bodies, so a new one is included by itself; the tests that never look are not run again.
# Expects the tests built (swift build --build-tests).
set -euo pipefail
cd "$(dirname "$0")/.."
pattern=$(python3 - <<'PY'
import pathlib, re
marker = re.compile(r"MixtapeProcess\.shared|RealData\.|SidecarRealData\.")
container = re.compile(r"^(?:@\w+.*\n)*(?:final class|struct|extension|enum) (\w+)", re.M)
names = set()
for path in sorted(pathlib.Path("Tests").rglob("*.swift")):
    text = path.read_text(encoding="utf-8")
    if not marker.search(text):
        continue
    # A static of the file defined from them (`static let real = MixtapeProcess.shared.map…`,
    # a list of real files) marks the tests that use it too.
    lines = text.split("\n")
    derived = set()
    for number, line in enumerate(lines):
        defined = re.match(r"\s*(?:private )?static (?:let|var) (\w+)", line)
        if defined and marker.search("\n".join(lines[number:number + 12]).split("}()")[0]):
            derived.add(defined.group(1))
    uses = re.compile(marker.pattern + "".join(r"|\b%s\b" % name for name in sorted(derived)))
    # Each test runs from its @Test to the next one (or the end of its file); its suite is the
    # last type or extension opened at the start of a line before it.
    starts = [m.start() for m in re.finditer(r"^\s*@Test\b", text, re.M)]
    for index, start in enumerate(starts):
        end = starts[index + 1] if index + 1 < len(starts) else len(text)
        chunk = text[start:end]
        function = re.search(r"\bfunc (\w+)", chunk)
        suites = [m.group(1) for m in container.finditer(text[:start])]
        if function and suites and uses.search(chunk):
            names.add("%s/%s\\(" % (suites[-1], function.group(1)))
print("|".join(sorted(names)))
PY
)
[[ -n $pattern ]] || { echo "test-alone.sh: no test reads the real files?" >&2; exit 1; }
echo "test-alone.sh: $(tr '|' '\n' <<<"$pattern" | wc -l) tests that read the real files, with MIXTAPE_TEST_SHARED=none" >&2
MIXTAPE_TEST_SHARED=none swift test --skip-build --filter "$pattern"

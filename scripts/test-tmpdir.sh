#!/usr/bin/env bash
# Prints the folder the tests make their scratch folders in (`make test` sets TMPDIR to it):
# /dev/shm when it is a writable memory file system with 4 GB free, else $TMPDIR or /tmp.
# The end-to-end tests create thousands of small files and indexes that SQLite syncs to disk;
# on a disk-backed /tmp the kernel's time for that was most of the relocation suite's. A small
# /dev/shm (a container's 64 MB) is passed over: the tests must not run out of room.
set -euo pipefail
fallback=${TMPDIR:-/tmp}
shm=/dev/shm
if [ -d "$shm" ] && [ -w "$shm" ] && [ "$(stat -f -c %T "$shm" 2>/dev/null)" = tmpfs ]; then
	free_kb=$(df -Pk "$shm" | awk 'NR == 2 { print $4 }')
	if [ "${free_kb:-0}" -ge $((4 * 1024 * 1024)) ]; then
		echo "$shm"
		exit 0
	fi
fi
echo "$fallback"

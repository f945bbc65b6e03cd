#!/bin/sh
# invoke-rc.d --quiet --query NAME start: 104 when start links exist, else 101 (no policy)
. "$(dirname "$0")/_log"
name=$3
if ls "$KUPPET_ROOT"/etc/rc2.d/S??"$name" >/dev/null 2>&1; then exit 104; fi
exit 101

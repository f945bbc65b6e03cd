echo 1 > "$SANDBOX/stale.pid"; touch -d '2 hours ago' "$SANDBOX/stale.pid"
mkdir -p "$SANDBOX/all/deeper"; echo a > "$SANDBOX/all/a"; echo b > "$SANDBOX/all/deeper/b"

mkdir -p "$SANDBOX/tree"
echo stale > "$SANDBOX/tree/stale"

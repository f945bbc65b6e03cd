mkdir -p "$SANDBOX/dir"

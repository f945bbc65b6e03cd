mkdir -p "$SANDBOX/etc"

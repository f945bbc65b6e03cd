mkdir -p "$SANDBOX/a" "$SANDBOX/b"
echo 1 > "$SANDBOX/a/f1"; echo 2 > "$SANDBOX/b/f2"

mkdir -p "$SANDBOX/dir" "$SANDBOX/blocked"
echo 1 > "$SANDBOX/dir/a.tmp"; echo 2 > "$SANDBOX/dir/b.keep"; echo 3 > "$SANDBOX/blocked/c"

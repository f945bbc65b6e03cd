mkdir -p "$SANDBOX/src/sub" "$SANDBOX/dst" "$SANDBOX/dst2/extra-dir"
echo one > "$SANDBOX/src/one"; echo two > "$SANDBOX/src/sub/two"
echo local > "$SANDBOX/dst/extra"; echo stale > "$SANDBOX/dst/one"
echo local > "$SANDBOX/dst2/extra"; echo z > "$SANDBOX/dst2/extra-dir/z"

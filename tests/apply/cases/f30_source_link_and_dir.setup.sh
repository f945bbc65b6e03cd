mkdir -p "$SANDBOX/src/dir"
printf 'target\n' > "$SANDBOX/src/target"
ln -s target "$SANDBOX/src/link"
printf 'in dir\n' > "$SANDBOX/src/dir/f"

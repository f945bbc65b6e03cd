mkdir -p "$SANDBOX/tmp" "$SANDBOX/empty"
echo a > "$SANDBOX/tmp/a.old"; echo b > "$SANDBOX/tmp/b.new"

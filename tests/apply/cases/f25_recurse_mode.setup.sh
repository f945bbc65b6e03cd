mkdir -p "$SANDBOX/tree/sub"
printf 'a' > "$SANDBOX/tree/a"; chmod 0666 "$SANDBOX/tree/a"
printf 'b' > "$SANDBOX/tree/sub/b"; chmod 0664 "$SANDBOX/tree/sub/b"
chmod 0777 "$SANDBOX/tree/sub"

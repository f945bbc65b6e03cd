printf 'a' > "$SANDBOX/a"

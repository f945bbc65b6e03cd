printf 'old\n' > "$SANDBOX/secret-changed"; chmod 0644 "$SANDBOX/secret-changed"

printf 'old\n' > "$SANDBOX/all"; chmod 0644 "$SANDBOX/all"

printf 'old\n' > "$SANDBOX/f"; chmod 0644 "$SANDBOX/f"

mkdir -p "$SANDBOX/d"; echo x > "$SANDBOX/d/f"

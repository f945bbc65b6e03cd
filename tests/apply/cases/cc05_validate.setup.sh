printf 'old\n' > "$SANDBOX/bad"

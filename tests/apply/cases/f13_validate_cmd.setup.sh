printf 'valid=1\n' > "$SANDBOX/bad"

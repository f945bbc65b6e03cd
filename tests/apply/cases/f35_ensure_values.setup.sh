printf 'x' > "$SANDBOX/false-ensure"
printf 'y' > "$SANDBOX/mode-only-existing"

printf 'line1\nline2\n' > "$SANDBOX/shown"
printf 'secret old\n' > "$SANDBOX/hidden"

printf 'e\n' > "$SANDBOX/existing"
printf 'a\n' > "$SANDBOX/already"

printf 'a = 1\na = 2\n' > "$SANDBOX/conf"
printf 'a = 1\nb\na = 2\n' > "$SANDBOX/multi"

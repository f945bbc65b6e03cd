printf 'caf\351 = 1\nname = old\n' > "$SANDBOX/latin1"
printf 'caf\351 = 1\nname = old\n' > "$SANDBOX/latin1b"
printf 'caf\351 = 1\n' > "$SANDBOX/latin1c"

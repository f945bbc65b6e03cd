printf 'a' > "$SANDBOX/to-number"
printf 'b' > "$SANDBOX/from-number"; chown 54321:54322 "$SANDBOX/from-number"

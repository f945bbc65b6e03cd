mkdir -p "$SANDBOX/src/sub"
printf 'one\n' > "$SANDBOX/src/one"
printf 'two\n' > "$SANDBOX/src/sub/two"

printf 'k = v\nx\nk = old\nk=older\n' > "$SANDBOX/a"
printf 'parent 1\nparent 2\n' > "$SANDBOX/b"

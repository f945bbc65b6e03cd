printf 'from source' > "$SANDBOX/part.txt"
printf 'existing\n' > "$SANDBOX/kept"
printf 'to remove\n' > "$SANDBOX/old"

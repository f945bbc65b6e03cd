printf 'x' > "$SANDBOX/to-nobody"
printf 'y' > "$SANDBOX/to-ids"
printf 'z' > "$SANDBOX/keep-root"
mkdir "$SANDBOX/dir-owner"

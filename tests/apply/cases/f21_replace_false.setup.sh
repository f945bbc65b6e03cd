printf 'mine\n' > "$SANDBOX/kept"; chmod 0644 "$SANDBOX/kept"
ln -s mine "$SANDBOX/link-kept"
printf 'from source\n' > "$SANDBOX/src"
printf 'local edit\n' > "$SANDBOX/source-kept"

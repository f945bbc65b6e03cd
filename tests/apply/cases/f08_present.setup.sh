mkdir "$SANDBOX/a-dir"
printf 'old' > "$SANDBOX/a-file"
ln -s a-file "$SANDBOX/a-link"

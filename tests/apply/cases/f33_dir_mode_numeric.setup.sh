mkdir "$SANDBOX/d640-existing"; chmod 0700 "$SANDBOX/d640-existing"
printf 'x' > "$SANDBOX/f755"; chmod 0600 "$SANDBOX/f755"

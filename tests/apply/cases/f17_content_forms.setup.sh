printf 'old\n' > "$SANDBOX/changed"; chmod 0600 "$SANDBOX/changed"
printf 'before\n' > "$SANDBOX/no-ensure-existing"
printf 'same\n' > "$SANDBOX/same"

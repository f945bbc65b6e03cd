printf 'm' > "$SANDBOX/m"; chmod 0644 "$SANDBOX/m"
printf 's' > "$SANDBOX/same"

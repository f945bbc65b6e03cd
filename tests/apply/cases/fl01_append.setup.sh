printf '127.0.0.1 localhost\n# comment\n' > "$SANDBOX/hosts"
chmod 0640 "$SANDBOX/hosts"
printf 'no newline at end' > "$SANDBOX/nonl"

printf 'old\nend\n' > "$SANDBOX/bad.conf"

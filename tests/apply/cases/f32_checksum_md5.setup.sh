printf 'old\n' > "$SANDBOX/md5-change"

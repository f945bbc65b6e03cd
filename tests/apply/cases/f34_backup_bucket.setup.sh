printf 'old\n' > "$SANDBOX/bucketed"
ln -s /etc/hostname "$SANDBOX/link-backup"

cat > "$SANDBOX/fstab" <<'TAB'
# /etc/fstab of the sandbox
UUID=1234	/	ext4	errors=remount-ro	0	1
/dev/sdg1	/mnt/kuppet-gone	ext4	defaults	0	0
/dev/sdy1	/mnt/kuppet-unmount	ext4	defaults	0	0
/dev/sdz1	/mnt/kuppet-change	ext4	rw	0	0
TAB
mkdir -p "$SANDBOX/fake"
printf 'fake /mnt/kuppet-unmount fake\nfake /mnt/kuppet-change fake\nfake /mnt/kuppet-gone fake\n' > "$SANDBOX/fake/mounts"

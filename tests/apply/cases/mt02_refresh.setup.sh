printf '/dev/r1\t/mnt/kuppet-r1\text4\tdefaults\t0\t0\n/dev/r2\t/mnt/kuppet-r2\text4\tdefaults\t0\t0\n/dev/r3\t/mnt/kuppet-r3\text4\tdefaults\t0\t0\n' > "$SANDBOX/fstab"
mkdir -p "$SANDBOX/fake"
printf 'fake /mnt/kuppet-r1 fake\nfake /mnt/kuppet-r2 fake\n' > "$SANDBOX/fake/mounts"

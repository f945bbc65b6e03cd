mkdir -p "$SANDBOX/fake"
printf 'fake /mnt/ghost-a fake\nfake /mnt/keep fake\nfake /mnt/ghost-b fake\n' > "$SANDBOX/fake/mounts"

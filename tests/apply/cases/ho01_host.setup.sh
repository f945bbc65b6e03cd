printf '# local hosts\n10.1.0.2\tkuppet-db\tdb\n10.1.0.4\tkuppet-cache\tcache\tmemcache\t# old\n10.1.0.6 kuppet-old\n10.1.0.5\tkuppet-same\n\nnot a host line\n' > "$SANDBOX/hosts"
chmod 0644 "$SANDBOX/hosts"

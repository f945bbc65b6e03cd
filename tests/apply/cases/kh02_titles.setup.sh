printf 'kuppet-old ssh-rsa OLDRSA\nkuppet-old ssh-ed25519 OLDED\nkuppet-alias,a0 ssh-rsa SAME\n' > "$SANDBOX/known_hosts"
